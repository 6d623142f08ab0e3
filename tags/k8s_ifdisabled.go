package tags

func init() { Register(optionDef("k8s:ifDisabled", false)) }
