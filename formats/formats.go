// Package formats is the table of string and number formats that +format accepts: one row per
// format with its spellings, documentation and, for formats an API server may not know, the
// equivalent inline pattern or CEL rule that rejects exactly the same values with one Invalid
// error. Tag checks, emitters and docs all read this table.
package formats

import (
	"regexp"
	"sort"
	"strings"

	"k8s.io/apiextensions-apiserver/pkg/apiserver/validation"
	"k8s.io/apimachinery/pkg/util/version"
	"k8s.io/kube-openapi/pkg/validation/spec"

	"github.com/validation-gen/validation-gen/genruntime"
)

// Format is one row of the table.
type Format struct {
	// Name is the canonical spelling, the one the API server uses where it knows the format.
	Name string
	// Aliases are other accepted spellings (the seed's dns1123label, ...).
	Aliases []string
	// Type is the OpenAPI type the format applies to: "string", "integer" or "number".
	Type string
	Doc  string
	// Pattern is an RE2 pattern equivalent to the format, length bounds included; Rule is a CEL
	// rule used where no pattern can express the format. At most one is set. Formats with
	// neither are known to every API server version.
	Pattern string
	Rule    string
	// Message is the message of the fallback rule.
	Message string
	// Go names the genruntime function generated validators call: func(string) []string for
	// Kubernetes formats; empty for the OpenAPI formats, checked by genruntime.StandardFormat.
	Go string
	// Upstream names the function of apimachinery's validate package (k8s.io/apimachinery/pkg/api/
	// validate) that Kubernetes' validation-gen calls for the format: generated validators of a
	// package written for it call the same function, after Go's fast check failed, so that their
	// errors are upstream's (one per reason, each with the bad part of the value). Empty for
	// formats upstream does not know.
	Upstream string
	// Fast names genruntime's fast check of the format (genruntime.FastChecks), when it has one:
	// func(string) bool, true only for values apimachinery accepts.
	Fast string
	// MaxLength is the length, in characters, of the longest value the format accepts (0 when
	// values of any length may have it). A CRD that publishes the format as a CEL rule publishes
	// this maxLength too (PublishedAsRule): without it the API server estimates the rule's cost
	// for a string as long as a request, which exceeds its per-rule budget as soon as the value
	// is in a list.
	MaxLength int64
}

const (
	dns1123Label     = `[a-z0-9]([-a-z0-9]*[a-z0-9])?`
	dns1123Subdomain = dns1123Label + `(\.` + dns1123Label + `)*`
	caselessLabel    = `[A-Za-z0-9]([-A-Za-z0-9]*[A-Za-z0-9])?`
	qualifiedName    = `([A-Za-z0-9][-A-Za-z0-9_.]{0,61})?[A-Za-z0-9]`
	cIdentifier      = `[A-Za-z_][A-Za-z0-9_]*`
)

// celString quotes an RE2 pattern as a CEL single-quoted string literal.
func celString(s string) string {
	return "'" + strings.NewReplacer(`\`, `\\`, `'`, `\'`).Replace(s) + "'"
}

// prefixLenOK is true when a '/'-separated prefix, if any, has at most n characters.
func prefixLenOK(n string) string {
	return "(self.indexOf('/') < 0 || self.indexOf('/') <= " + n + ")"
}

var table = []Format{
	// Formats of the OpenAPI / go-openapi registry that kube-openapi validates.
	{Name: "bsonobjectid", Type: "string", Doc: "a BSON object ID"},
	{Name: "uri", Type: "string", Doc: "a URI as parsed by Go's net/url.ParseRequestURI"},
	{Name: "email", Type: "string", Doc: "an email address as parsed by Go's net/mail.ParseAddress"},
	{Name: "hostname", Type: "string", Doc: "an Internet host name (RFC 1034, section 3.1)"},
	{Name: "ipv4", Type: "string", Doc: "an IPv4 address"},
	{Name: "ipv6", Type: "string", Doc: "an IPv6 address"},
	{Name: "cidr", Type: "string", Doc: "a CIDR as parsed by Go's net.ParseCIDR"},
	{Name: "mac", Type: "string", Doc: "a MAC address as parsed by Go's net.ParseMAC"},
	{Name: "uuid", Type: "string", Doc: "a UUID, any case, dashes optional"},
	{Name: "uuid3", Type: "string", Doc: "a version 3 UUID"},
	{Name: "uuid4", Type: "string", Doc: "a version 4 UUID"},
	{Name: "uuid5", Type: "string", Doc: "a version 5 UUID"},
	{Name: "isbn", Type: "string", Doc: "an ISBN-10 or ISBN-13"},
	{Name: "isbn10", Type: "string", Doc: "an ISBN-10"},
	{Name: "isbn13", Type: "string", Doc: "an ISBN-13"},
	{Name: "creditcard", Type: "string", Doc: "a credit card number"},
	{Name: "ssn", Type: "string", Doc: "a U.S. social security number"},
	{Name: "hexcolor", Type: "string", Doc: "a hexadecimal color such as #FFFFFF"},
	{Name: "rgbcolor", Type: "string", Doc: "an RGB color such as rgb(255,255,255)"},
	{Name: "byte", Type: "string", Doc: "base64-encoded binary data"},
	{Name: "password", Type: "string", Doc: "any string (a hint to hide it)"},
	{Name: "date", Type: "string", Doc: "a full-date as in RFC 3339"},
	{Name: "duration", Type: "string", Doc: "a duration as parsed by Go's time.ParseDuration"},
	{Name: "date-time", Aliases: []string{"datetime"}, Type: "string", Doc: "a date-time as in RFC 3339"},
	{Name: "int32", Type: "integer", Doc: "a 32-bit integer"},
	{Name: "int64", Type: "integer", Doc: "a 64-bit integer"},
	{Name: "float", Type: "number", Doc: "a single-precision number"},
	{Name: "double", Type: "number", Doc: "a double-precision number"},

	// Kubernetes name formats.
	{Name: "k8s-short-name", Go: "FormatShortName", Upstream: "ShortName", Fast: "ValidShortName", Aliases: []string{"dns1123label", "dns1123-label"}, Type: "string", MaxLength: 63,
		Doc:     "a DNS-1123 label: at most 63 lower-case alphanumerics or '-', starting and ending with an alphanumeric",
		Pattern: "^[a-z0-9]([-a-z0-9]{0,61}[a-z0-9])?$"},
	{Name: "k8s-long-name", Go: "FormatLongName", Upstream: "LongName", Fast: "ValidLongName", Aliases: []string{"dns1123subdomain", "dns1123-subdomain"}, Type: "string", MaxLength: 253,
		Doc:     "a DNS-1123 subdomain: at most 253 characters of dot-separated DNS-1123 labels",
		Rule:    "self.size() <= 253 && self.matches(" + celString("^"+dns1123Subdomain+"$") + ")",
		Message: "must be a lowercase RFC 1123 subdomain of at most 253 characters"},
	{Name: "dns1035label", Go: "FormatDNS1035Label", Aliases: []string{"k8s-dns1035-label"}, Type: "string", MaxLength: 63,
		Doc:     "a DNS-1035 label: at most 63 lower-case alphanumerics or '-', starting with a letter and ending with an alphanumeric",
		Pattern: "^[a-z]([-a-z0-9]{0,61}[a-z0-9])?$"},
	{Name: "k8s-long-name-caseless", Go: "FormatLongNameCaseless", Upstream: "LongNameCaseless", Fast: "ValidLongNameCaseless", Type: "string", MaxLength: 253,
		Doc:     "like k8s-long-name, but upper-case letters are allowed",
		Rule:    "self.size() <= 253 && self.matches(" + celString("^"+caselessLabel+`(\.`+caselessLabel+`)*$`) + ")",
		Message: "must be an RFC 1123 subdomain of at most 253 characters"},
	{Name: "k8s-label-key", Go: "FormatLabelKey", Upstream: "LabelKey", Fast: "ValidLabelKey", Aliases: []string{"qualifiedname", "k8s-qualified-name"}, Type: "string", MaxLength: 317,
		Doc:     "a label key (qualified name): an optional DNS-1123 subdomain prefix and '/', then a name of at most 63 alphanumerics, '-', '_' or '.'",
		Rule:    "self.matches(" + celString("^("+dns1123Subdomain+"/)?"+qualifiedName+"$") + ") && " + prefixLenOK("253"),
		Message: "must be a qualified name: an optional DNS subdomain prefix and '/', and a name of at most 63 characters that starts and ends with an alphanumeric"},
	{Name: "k8s-prefixed-label-key", Go: "FormatPrefixedLabelKey", Upstream: "PrefixedLabelKey", Type: "string", MaxLength: 317,
		Doc:     "a label key that must have a DNS-1123 subdomain prefix",
		Rule:    "self.matches(" + celString("^"+dns1123Subdomain+"/"+qualifiedName+"$") + ") && " + prefixLenOK("253"),
		Message: "must be a prefixed qualified name: a DNS subdomain prefix, '/', and a name of at most 63 characters"},
	{Name: "k8s-label-value", Go: "FormatLabelValue", Upstream: "LabelValue", Fast: "ValidLabelValue", Type: "string", MaxLength: 63,
		Doc:     "a label value: empty, or at most 63 alphanumerics, '-', '_' or '.', starting and ending with an alphanumeric",
		Pattern: "^(" + qualifiedName + ")?$"},
	{Name: "k8s-path-segment-name", Go: "FormatPathSegmentName", Upstream: "PathSegmentName", Type: "string",
		Doc:     "a name usable as one URL path segment: not '.' or '..', and without '/' or '%'",
		Pattern: `^([^/%.][^/%]*|\.[^/%.][^/%]*|\.\.[^/%]+)?$`},
	{Name: "k8s-uuid", Go: "FormatUUID", Upstream: "UUID", Type: "string", MaxLength: 36,
		Doc:     "a lower-case UUID in 8-4-4-4-12 form",
		Pattern: "^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$"},
	{Name: "k8s-ip", Go: "FormatIP", Type: "string",
		Doc:     "an IPv4 or IPv6 address in canonical-enough form (no leading zeros, no zone)",
		Rule:    "isIP(self)",
		Message: "must be a valid IP address"},
	{Name: "k8s-cidr", Go: "FormatCIDR", Type: "string",
		Doc:     "an IPv4 or IPv6 CIDR",
		Rule:    "isCIDR(self)",
		Message: "must be a valid CIDR value"},
	{Name: "k8s-resource-pool-name", Go: "FormatResourcePoolName", Upstream: "ResourcePoolName", Fast: "ValidResourcePoolName", Type: "string", MaxLength: 253,
		Doc:     "at most 253 characters of '/'-separated, non-empty DNS-1123 subdomains",
		Rule:    "self.size() <= 253 && self.matches(" + celString("^"+dns1123Subdomain+"(/"+dns1123Subdomain+")*$") + ")",
		Message: "must be at most 253 characters of '/'-separated DNS subdomains"},
	{Name: "k8s-extended-resource-name", Go: "FormatExtendedResourceName", Upstream: "ExtendedResourceName", Type: "string", MaxLength: 308,
		Doc: "a domain-prefixed resource name outside kubernetes.io/ that is a valid label key once prefixed with requests.",
		Rule: "self.contains('/') && !self.contains('kubernetes.io/') && !self.startsWith('requests.') && " +
			"('requests.' + self).matches(" + celString("^("+dns1123Subdomain+"/)?"+qualifiedName+"$") + ") && " +
			"('requests.' + self).indexOf('/') <= 253",
		Message: "must be a domain-prefixed name such as 'example.com/my-prop', outside kubernetes.io/"},
	{Name: "k8s-resource-fully-qualified-name", Go: "FormatResourceFullyQualifiedName", Upstream: "ResourceFullyQualifiedName", Fast: "ValidResourceFullyQualifiedName", Type: "string",
		Doc: "a DNS-1123 subdomain of at most 63 characters, '/', and a C identifier of at most 32 characters",
		// Like apimachinery's check, values with more than one '/' are not examined further.
		Rule: "self.contains('/') && (self.split('/').size() > 2 || self.matches(" + celString("^"+dns1123Subdomain+"/"+cIdentifier+"$") +
			") && self.indexOf('/') <= 63 && self.size() - self.indexOf('/') - 1 <= 32)",
		Message: "must be a domain of at most 63 characters, '/', and a C identifier of at most 32 characters"},
}

var byName = func() map[string]*Format {
	m := map[string]*Format{}
	for i := range table {
		f := &table[i]
		if f.Pattern != "" && f.Rule != "" {
			panic("formats: " + f.Name + " has both a pattern and a rule")
		}
		for _, n := range append([]string{f.Name}, f.Aliases...) {
			if _, dup := m[n]; dup {
				panic("formats: duplicate " + n)
			}
			m[n] = f
		}
	}
	return m
}()

// Lookup finds a format by any of its spellings.
func Lookup(name string) (*Format, bool) {
	f, ok := byName[name]
	return f, ok
}

// Names returns every accepted spelling, sorted, for error messages and hints.
func Names() []string {
	var out []string
	for n := range byName {
		out = append(out, n)
	}
	sort.Strings(out)
	return out
}

// All returns the table in documentation order.
func All() []Format { return append([]Format(nil), table...) }

// KnownTo reports whether the API server at compatibility version v validates the format in
// CRD schemas. It asks the API server's own list rather than keeping a copy.
func (f *Format) KnownTo(v *version.Version) bool {
	s := &spec.Schema{SchemaProps: spec.SchemaProps{Type: spec.StringOrArray{f.Type}, Format: f.Name}}
	return len(validation.GetUnrecognizedFormats(s, v)) == 0
}

// RuleMessage is the message of a rule that checks the format (CELCheck): Message, or what the
// format's documentation says a value must be.
func (f *Format) RuleMessage() string {
	if f.Message != "" {
		return f.Message
	}
	return "must be " + f.Doc
}

// HasFallback reports whether the format can be spelled without the format keyword.
func (f *Format) HasFallback() bool { return f.Pattern != "" || f.Rule != "" }

// PublishedAsRule reports whether a schema for an API server at compat publishes the format as a
// CEL rule: the server does not know it, fallbacks are on (fallback), and the format's fallback
// is a rule, or a pattern while the value has a pattern of its own (patternTaken).
func (f *Format) PublishedAsRule(compat *version.Version, fallback, patternTaken bool) bool {
	if f.KnownTo(compat) || !fallback || !f.HasFallback() {
		return false
	}
	return f.Rule != "" || patternTaken
}

var selfWord = regexp.MustCompile(`\bself\b`)

// CELCheck returns a CEL expression that is true when expr has the format, built from its fallback
// pattern or rule. Formats without a fallback are checked by the API server itself and have none.
func (f *Format) CELCheck(expr string) string {
	switch {
	case f.Pattern != "":
		return expr + ".matches(" + celQuote(f.Pattern) + ")"
	case f.Rule != "":
		return selfWord.ReplaceAllString(f.Rule, expr)
	}
	return ""
}

func celQuote(s string) string {
	return "'" + strings.NewReplacer(`\`, `\\`, `'`, `\'`).Replace(s) + "'"
}

// Reasons returns the reasons why value fails the format called name (its name or an alias), as
// generated validators report them (genruntime's check for the format), and whether the format
// is known.
func Reasons(name, value string) ([]string, bool) {
	f, ok := Lookup(name)
	if !ok {
		return nil, false
	}
	if f.Go == "" {
		return genruntime.StandardFormat(f.Name, value), true
	}
	check, ok := genruntime.FormatChecks[f.Go]
	if !ok {
		return nil, false
	}
	return check(value), true
}
