package tags

func init() {
	registerOneOf("kubebuilder:validation:AtLeastOneOf", ">= 1", "at least one of the fields in %v must be set",
		"At least one of the listed fields must be set.")
}
