package genruntime

import (
	"context"
	"net/netip"
	"strings"
	"time"

	"k8s.io/apimachinery/pkg/api/operation"
	"k8s.io/apimachinery/pkg/api/validate"
	"k8s.io/apimachinery/pkg/api/validate/content"
	"k8s.io/apimachinery/pkg/util/validation"
	"k8s.io/apimachinery/pkg/util/validation/field"
	"k8s.io/kube-openapi/pkg/validation/strfmt"
)

// The format checks generated validators call, one per row of the formats table
// (formats.Format.Go names them). Each returns nil for a valid value, else the reasons it is not
// valid; generated validators report them as one Invalid error (JoinReasons), as the API server
// reports one error for a failed format. Each
// accepts exactly the values that the format's OpenAPI spelling (the format, or its fallback
// pattern or CEL rule) accepts; formats_test.go checks that.

// StandardFormat checks one of the OpenAPI formats that the API server validates with
// kube-openapi's format registry (uri, email, ipv4, date-time, ...).
func StandardFormat(name, s string) []string {
	if validStandardFormat(name, s) || strfmt.Default.Validates(name, s) {
		return nil
	}
	return []string{"must be a valid " + name}
}

// validStandardFormat recognizes, without allocating, values that kube-openapi's registry
// accepts for the formats CEL reads as timestamps and durations (the registry's own checks
// allocate: regular expressions, string splits, its name normalizer): true only when it
// accepts them (formats_test.go checks that), false says nothing.
func validStandardFormat(name, s string) bool {
	switch name {
	case "date-time", "datetime":
		return isDateTime(s)
	case "date":
		_, err := time.Parse("2006-01-02", s) // strfmt.IsDate, exactly
		return err == nil
	case "duration":
		_, err := time.ParseDuration(s) // what strfmt.ParseDuration tries first
		return err == nil
	}
	return false
}

// isDateTime recognizes YYYY-MM-DDTHH:MM:SS[.fraction](Z|±hh:mm) with a valid date and a time of
// day, which strfmt.IsDateTime accepts.
func isDateTime(s string) bool {
	digits := func(s string) bool {
		for i := 0; i < len(s); i++ {
			if s[i] < '0' || s[i] > '9' {
				return false
			}
		}
		return s != ""
	}
	if len(s) < 20 || s[4] != '-' || s[7] != '-' || s[10] != 'T' && s[10] != 't' || s[13] != ':' || s[16] != ':' ||
		!digits(s[0:4]) || !digits(s[5:7]) || !digits(s[8:10]) || !digits(s[11:13]) || !digits(s[14:16]) || !digits(s[17:19]) ||
		s[11:13] > "23" || s[14:16] > "59" || s[17:19] > "59" {
		return false
	}
	if _, err := time.Parse("2006-01-02", s[:10]); err != nil {
		return false
	}
	rest := s[19:]
	if rest[0] == '.' {
		i := 1
		for i < len(rest) && rest[i] >= '0' && rest[i] <= '9' {
			i++
		}
		if i == 1 {
			return false
		}
		rest = rest[i:]
	}
	switch {
	case rest == "Z" || rest == "z":
		return true
	case len(rest) == 6 && (rest[0] == '+' || rest[0] == '-') && rest[3] == ':':
		return digits(rest[1:3]) && digits(rest[4:6])
	}
	return false
}

// FormatShortName checks k8s-short-name (a DNS-1123 label).
func FormatShortName(s string) []string { return fastOr(ValidShortName(s), content.IsDNS1123Label, s) }

// FormatLongName checks k8s-long-name (a DNS-1123 subdomain).
func FormatLongName(s string) []string {
	return fastOr(ValidLongName(s), content.IsDNS1123Subdomain, s)
}

// FormatDNS1035Label checks dns1035label.
func FormatDNS1035Label(s string) []string { return validation.IsDNS1035Label(s) }

// FormatLongNameCaseless checks k8s-long-name-caseless.
func FormatLongNameCaseless(s string) []string {
	return fastOr(ValidLongNameCaseless(s), content.IsDNS1123SubdomainCaseless, s)
}

// FormatLabelKey checks k8s-label-key (a qualified name).
func FormatLabelKey(s string) []string { return fastOr(ValidLabelKey(s), content.IsLabelKey, s) }

// FormatPrefixedLabelKey checks k8s-prefixed-label-key.
func FormatPrefixedLabelKey(s string) []string { return content.IsPrefixedLabelKey(s) }

// FormatLabelValue checks k8s-label-value.
func FormatLabelValue(s string) []string { return fastOr(ValidLabelValue(s), content.IsLabelValue, s) }

// FormatPathSegmentName checks k8s-path-segment-name.
func FormatPathSegmentName(s string) []string { return content.IsPathSegmentName(s) }

// FormatUUID checks k8s-uuid (lower-case, 8-4-4-4-12).
func FormatUUID(s string) []string {
	return details(validate.UUID(context.Background(), operation.Operation{}, nil, &s, nil))
}

// FormatIP checks k8s-ip the way the API server's CEL isIP() does: no zone, no IPv4-mapped IPv6.
func FormatIP(s string) []string {
	a, err := netip.ParseAddr(s)
	if err != nil || a.Zone() != "" || a.Is4In6() {
		return []string{"must be a valid IP address, (e.g. 10.9.8.7 or 2001:db8::ffff)"}
	}
	return nil
}

// FormatCIDR checks k8s-cidr the way the API server's CEL isCIDR() does.
func FormatCIDR(s string) []string {
	p, err := netip.ParsePrefix(s)
	if err != nil || p.Addr().Is4In6() {
		return []string{"must be a valid CIDR value, (e.g. 10.9.8.0/24 or 2001:db8::/64)"}
	}
	return nil
}

// FormatResourcePoolName checks k8s-resource-pool-name.
func FormatResourcePoolName(s string) []string {
	return fastOr(ValidResourcePoolName(s), resourcePoolName, s)
}

func resourcePoolName(s string) []string {
	return details(validate.ResourcePoolName(context.Background(), operation.Operation{}, nil, &s, nil))
}

// FormatExtendedResourceName checks k8s-extended-resource-name.
func FormatExtendedResourceName(s string) []string {
	return details(validate.ExtendedResourceName(context.Background(), operation.Operation{}, nil, &s, nil))
}

// FormatResourceFullyQualifiedName checks k8s-resource-fully-qualified-name.
func FormatResourceFullyQualifiedName(s string) []string {
	return fastOr(ValidResourceFullyQualifiedName(s), resourceFullyQualifiedName, s)
}

func resourceFullyQualifiedName(s string) []string {
	return details(validate.ResourceFullyQualifiedName(context.Background(), operation.Operation{}, nil, &s, nil))
}

// The fast checks of the formats that have one: each accepts only values apimachinery accepts
// (without a regular expression), so that a generated validator calls apimachinery's function
// only when it rejects a value (formats.Format.Fast names them).

// ValidShortName is the fast check of k8s-short-name.
func ValidShortName(s string) bool { return isDNS1123Label(s) }

// ValidLongName is the fast check of k8s-long-name.
func ValidLongName(s string) bool { return isDNS1123Subdomain(s, false) }

// ValidLongNameCaseless is the fast check of k8s-long-name-caseless.
func ValidLongNameCaseless(s string) bool { return isDNS1123Subdomain(s, true) }

// ValidLabelKey is the fast check of k8s-label-key.
func ValidLabelKey(s string) bool { return isLabelKey(s) }

// ValidLabelValue is the fast check of k8s-label-value.
func ValidLabelValue(s string) bool { return isLabelValue(s) }

// ValidResourcePoolName is the fast check of k8s-resource-pool-name.
func ValidResourcePoolName(s string) bool { return isResourcePoolName(s) }

// ValidResourceFullyQualifiedName is the fast check of k8s-resource-fully-qualified-name (the
// common form: a value it rejects may still be valid).
func ValidResourceFullyQualifiedName(s string) bool { return isResourceFullyQualifiedName(s) }

// FastChecks maps the fast check names of the formats table (formats.Format.Fast) to the checks.
var FastChecks = map[string]func(string) bool{
	"ValidShortName":                  ValidShortName,
	"ValidLongName":                   ValidLongName,
	"ValidLongNameCaseless":           ValidLongNameCaseless,
	"ValidLabelKey":                   ValidLabelKey,
	"ValidLabelValue":                 ValidLabelValue,
	"ValidResourcePoolName":           ValidResourcePoolName,
	"ValidResourceFullyQualifiedName": ValidResourceFullyQualifiedName,
}

// FormatChecks maps the Go names of the formats table (formats.Format.Go) to the checks.
// formats.Reasons looks formats up in it; this package does not import the table, whose
// fallback patterns and rules are generation-time data.
var FormatChecks = map[string]func(string) []string{
	"FormatShortName":                  FormatShortName,
	"FormatLongName":                   FormatLongName,
	"FormatDNS1035Label":               FormatDNS1035Label,
	"FormatLongNameCaseless":           FormatLongNameCaseless,
	"FormatLabelKey":                   FormatLabelKey,
	"FormatPrefixedLabelKey":           FormatPrefixedLabelKey,
	"FormatLabelValue":                 FormatLabelValue,
	"FormatPathSegmentName":            FormatPathSegmentName,
	"FormatUUID":                       FormatUUID,
	"FormatIP":                         FormatIP,
	"FormatCIDR":                       FormatCIDR,
	"FormatResourcePoolName":           FormatResourcePoolName,
	"FormatExtendedResourceName":       FormatExtendedResourceName,
	"FormatResourceFullyQualifiedName": FormatResourceFullyQualifiedName,
}

// JoinReasons is the detail of the one Invalid error of a value that fails a format: the reasons
// apimachinery's check gave, joined with "; ".
func JoinReasons(reasons []string) string {
	if len(reasons) == 1 {
		return reasons[0]
	}
	return strings.Join(reasons, "; ")
}

func details(errs field.ErrorList) []string {
	var out []string
	for _, e := range errs {
		d := e.Detail
		if d == "" {
			d = e.ErrorBody()
		}
		out = append(out, d)
	}
	return out
}
