package tags

func init() { Register(levelDef("k8s:beta", "Beta")) }
