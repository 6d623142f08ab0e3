package celnative

import (
	"net/url"

	apimachineryvalidation "k8s.io/apimachinery/pkg/api/validation"
	"k8s.io/apimachinery/pkg/util/validation"
	"k8s.io/kube-openapi/pkg/validation/strfmt"
)

// The Kubernetes format library (format.named(), format.dns1123Label(), ... and validate()): each
// named format's validation, as the library runs it. A nil result means valid.

func FormatDNS1123Label(s string) []string { return apimachineryvalidation.NameIsDNSLabel(s, false) }
func FormatDNS1123Subdomain(s string) []string {
	return apimachineryvalidation.NameIsDNSSubdomain(s, false)
}
func FormatDNS1035Label(s string) []string {
	return apimachineryvalidation.NameIsDNS1035Label(s, false)
}
func FormatQualifiedName(s string) []string { return validation.IsQualifiedName(s) }
func FormatDNS1123LabelPrefix(s string) []string {
	return apimachineryvalidation.NameIsDNSLabel(s, true)
}
func FormatDNS1123SubdomainPrefix(s string) []string {
	return apimachineryvalidation.NameIsDNSSubdomain(s, true)
}
func FormatDNS1035LabelPrefix(s string) []string {
	return apimachineryvalidation.NameIsDNS1035Label(s, true)
}
func FormatLabelValue(s string) []string { return validation.IsValidLabelValue(s) }

func FormatURI(s string) []string {
	if _, err := url.ParseRequestURI(s); err != nil {
		return []string{err.Error()}
	}
	return nil
}

func FormatUUID(s string) []string {
	if !strfmt.Default.Validates("uuid", s) {
		return []string{"does not match the UUID format"}
	}
	return nil
}

func FormatByte(s string) []string {
	if !strfmt.Default.Validates("byte", s) {
		return []string{"invalid base64"}
	}
	return nil
}

// FormatNamedDate is the format library's date (FormatDate reads a string of format date).
func FormatNamedDate(s string) []string {
	if !strfmt.Default.Validates("date", s) {
		return []string{"invalid date"}
	}
	return nil
}

func FormatDatetime(s string) []string {
	if !strfmt.Default.Validates("datetime", s) {
		return []string{"invalid datetime"}
	}
	return nil
}
