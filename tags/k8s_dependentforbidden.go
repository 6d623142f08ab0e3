package tags

func init() {
	registerDependency("k8s:dependentForbidden", true,
		"When the field is set (a non-nil pointer, a non-empty list or map, a non-zero scalar), the named sibling "+
			"field must not be set: a Forbidden error with origin dependentForbidden at the sibling (apimachinery's "+
			"validate.DependentForbidden). Repeat the tag for several siblings. On update it is checked only when "+
			"either field's presence changed.", `+k8s:dependentForbidden("hostPath")`)
}
