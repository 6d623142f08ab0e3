package tags

func init() {
	registerOneOf("kubebuilder:validation:AtMostOneOf", "<= 1", "at most one of the fields in %v may be set",
		"At most one of the listed fields may be set.")
}
