package genruntime

import "strings"

// Byte-loop predicates for the common Kubernetes name formats. They accept exactly what
// apimachinery's regular expressions accept (fastformats_test.go checks that, and fuzzes it), so
// a valid value is recognized without running a regular expression; the messages of an invalid
// value still come from apimachinery.

func isAlnumLower(c byte) bool { return c >= 'a' && c <= 'z' || c >= '0' && c <= '9' }

func isAlnum(c byte) bool { return isAlnumLower(c) || c >= 'A' && c <= 'Z' }

// isLabelChars reports whether s matches [a-z0-9]([-a-z0-9]*[a-z0-9])? (any case when caseless).
func isLabelChars(s string, caseless bool) bool {
	if s == "" {
		return false
	}
	alnum := isAlnumLower
	if caseless {
		alnum = isAlnum
	}
	if !alnum(s[0]) || !alnum(s[len(s)-1]) {
		return false
	}
	for i := 1; i < len(s)-1; i++ {
		if c := s[i]; c != '-' && !alnum(c) {
			return false
		}
	}
	return true
}

func isDNS1123Label(s string) bool { return len(s) <= 63 && isLabelChars(s, false) }

func isDNS1123Subdomain(s string, caseless bool) bool {
	if len(s) > 253 {
		return false
	}
	for {
		i := strings.IndexByte(s, '.')
		if i < 0 {
			return isLabelChars(s, caseless)
		}
		if !isLabelChars(s[:i], caseless) {
			return false
		}
		s = s[i+1:]
	}
}

// isQualifiedNameChars matches ([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9].
func isQualifiedNameChars(s string) bool {
	if s == "" || !isAlnum(s[0]) || !isAlnum(s[len(s)-1]) {
		return false
	}
	for i := 1; i < len(s)-1; i++ {
		if c := s[i]; c != '-' && c != '_' && c != '.' && !isAlnum(c) {
			return false
		}
	}
	return true
}

func isLabelKey(s string) bool {
	name := s
	if i := strings.IndexByte(s, '/'); i >= 0 {
		prefix := s[:i]
		name = s[i+1:]
		if strings.IndexByte(name, '/') >= 0 || prefix == "" || !isDNS1123Subdomain(prefix, false) {
			return false
		}
	}
	return len(name) <= 63 && isQualifiedNameChars(name)
}

func isLabelValue(s string) bool { return s == "" || len(s) <= 63 && isQualifiedNameChars(s) }

// isCIdentifier matches [A-Za-z_][A-Za-z0-9_]*.
func isCIdentifier(s string) bool {
	if s == "" || s[0] >= '0' && s[0] <= '9' {
		return false
	}
	for i := 0; i < len(s); i++ {
		if c := s[i]; c != '_' && !isAlnum(c) {
			return false
		}
	}
	return true
}

// isResourcePoolName matches k8s-resource-pool-name: at most 253 bytes, '/'-separated segments
// that are each a DNS-1123 subdomain (validate.ResourcePoolName).
func isResourcePoolName(s string) bool {
	if len(s) > 253 {
		return false
	}
	for {
		i := strings.IndexByte(s, '/')
		if i < 0 {
			return isDNS1123Subdomain(s, false)
		}
		if !isDNS1123Subdomain(s[:i], false) {
			return false
		}
		s = s[i+1:]
	}
}

// isResourceFullyQualifiedName matches the common k8s-resource-fully-qualified-name: one '/'
// between a DNS-1123 subdomain of at most 63 bytes and a C identifier of at most 32
// (validate.ResourceFullyQualifiedName). It is false for the odd values apimachinery also accepts
// (more than one '/'), which take the slow path.
func isResourceFullyQualifiedName(s string) bool {
	i := strings.IndexByte(s, '/')
	if i < 0 {
		return false
	}
	prefix, name := s[:i], s[i+1:]
	return len(prefix) <= 63 && isDNS1123Subdomain(prefix, false) && len(name) <= 32 && isCIdentifier(name)
}

func fastOr(valid bool, slow func(string) []string, s string) []string {
	if valid {
		return nil
	}
	return slow(s)
}
