package celnative

import (
	"fmt"
	"strings"
	"unicode/utf8"
)

// The string extension library of cel-go (ext.Strings, version 2) as the API server has it: indexes
// count code points; an invalid UTF-8 byte counts as one code point (U+FFFD).

// runeAt returns the code point at byte offset i of s and its width in bytes.
func runeAt(s string, i int) (rune, int) { return utf8.DecodeRuneInString(s[i:]) }

// CharAt is s.charAt(i): the code point at i, "" at the end.
func CharAt(s string, i int64) (string, error) {
	n := int64(utf8.RuneCountInString(s))
	if i < 0 || i > n {
		return "", &evalError{fmt.Sprintf("index out of range: %d", i)}
	}
	if i == n {
		return "", nil
	}
	for b, k := 0, int64(0); b < len(s); k++ {
		r, w := runeAt(s, b)
		if k == i {
			return string(r), nil
		}
		b += w
	}
	return "", nil
}

// runes decodes s as []rune decodes it (invalid bytes as U+FFFD).
func runes(s string) []rune { return []rune(s) }

// IndexOf is s.indexOf(sub).
func IndexOf(s, sub string) (int64, error) { return IndexOfOffset(s, sub, 0) }

// IndexOfOffset is s.indexOf(sub, offset).
func IndexOfOffset(s, sub string, offset int64) (int64, error) {
	off := int(offset)
	if off < 0 {
		return -1, &evalError{fmt.Sprintf("index out of range: %d", off)}
	}
	if sub == "" && isASCII(s) {
		if off > len(s) {
			return int64(len(s)), nil
		}
		return offset, nil
	}
	rs := runes(s)
	if sub == "" {
		if off > len(rs) {
			return int64(len(rs)), nil
		}
		return offset, nil
	}
	subs := runes(sub)
	if off >= len(rs) {
		return -1, nil
	}
	for i := off; i < len(rs)-(len(subs)-1); i++ {
		if equalRunes(rs[i:i+len(subs)], subs) {
			return int64(i), nil
		}
	}
	return -1, nil
}

// LastIndexOf is s.lastIndexOf(sub).
func LastIndexOf(s, sub string) (int64, error) {
	n := utf8.RuneCountInString(s)
	if sub == "" {
		return int64(n), nil
	}
	if len(s) < len(sub) {
		return -1, nil
	}
	return LastIndexOfOffset(s, sub, int64(n-1))
}

// LastIndexOfOffset is s.lastIndexOf(sub, offset).
func LastIndexOfOffset(s, sub string, offset int64) (int64, error) {
	off := int(offset)
	if off < 0 {
		return -1, &evalError{fmt.Sprintf("index out of range: %d", off)}
	}
	rs := runes(s)
	if sub == "" {
		if off > len(rs) {
			return int64(len(rs)), nil
		}
		return offset, nil
	}
	subs := runes(sub)
	if off >= len(rs) {
		return -1, nil
	}
	if off > len(rs)-len(subs) {
		off = len(rs) - len(subs)
	}
	for i := off; i >= 0; i-- {
		if equalRunes(rs[i:i+len(subs)], subs) {
			return int64(i), nil
		}
	}
	return -1, nil
}

func equalRunes(a, b []rune) bool {
	for i := range b {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

// SubstringFrom is s.substring(start).
func SubstringFrom(s string, start int64) (string, error) {
	if isASCII(s) {
		if int(start) < 0 || int(start) > len(s) {
			return "", &evalError{fmt.Sprintf("index out of range: %d", start)}
		}
		return s[start:], nil
	}
	rs := runes(s)
	if int(start) < 0 || int(start) > len(rs) {
		return "", &evalError{fmt.Sprintf("index out of range: %d", start)}
	}
	return string(rs[start:]), nil
}

// Quote is strings.quote(s).
func Quote(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for _, c := range s { // an invalid byte decodes as U+FFFD, as cel-go's sanitize writes it
		switch c {
		case '\a':
			b.WriteString(`\a`)
		case '\b':
			b.WriteString(`\b`)
		case '\f':
			b.WriteString(`\f`)
		case '\n':
			b.WriteString(`\n`)
		case '\r':
			b.WriteString(`\r`)
		case '\t':
			b.WriteString(`\t`)
		case '\v':
			b.WriteString(`\v`)
		case '\\':
			b.WriteString(`\\`)
		case '"':
			b.WriteString(`\"`)
		default:
			b.WriteRune(c)
		}
	}
	b.WriteByte('"')
	return b.String()
}

// Reverse is s.reverse(): the code points in reverse order.
func Reverse(s string) string {
	rs := runes(s)
	for i, j := 0, len(rs)-1; i < j; i, j = i+1, j-1 {
		rs[i], rs[j] = rs[j], rs[i]
	}
	return string(rs)
}

// SplitN is s.split(sep, n).
func SplitN(s, sep string, n int64) []string { return strings.SplitN(s, sep, int(n)) }

// ReplaceN is s.replace(old, new, n).
func ReplaceN(s, old, new string, n int64) string { return strings.Replace(s, old, new, int(n)) }
