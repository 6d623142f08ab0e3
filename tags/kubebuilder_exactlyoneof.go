package tags

func init() {
	registerOneOf("kubebuilder:validation:ExactlyOneOf", "== 1", "exactly one of the fields in %v must be set",
		"Exactly one of the listed fields must be set.")
}
