package equivalence

import "k8s.io/apimachinery/pkg/util/validation/field"

// maxBytesInvalid is the two-way normalisation max-bytes-invalid: +k8s:maxBytes is published as a
// CEL rule, which the server can only report as Invalid (x-kubernetes-validations has no Too long
// reason), while the generated validators report apimachinery's validate.MaxBytes error, TooLong
// with origin maxBytes; those are compared as Invalid. A TooLong of any other origin (maxLength,
// which the server reports as TooLong too) is left alone. The three-way harness applies it too,
// to the handwritten errors it compares with the schema backend (handwritten validation of a
// +k8s:maxBytes field gives its TooLong errors the origin maxBytes, as validate.MaxBytes does).
func maxBytesInvalid(l field.ErrorList) (field.ErrorList, bool) {
	changed := false
	out := make(field.ErrorList, 0, len(l))
	for _, e := range l {
		if e.Type == field.ErrorTypeTooLong && e.Origin == "maxBytes" {
			c := *e
			c.Type = field.ErrorTypeInvalid
			e, changed = &c, true
		}
		out = append(out, e)
	}
	return out, changed
}
