package tags

import (
	"strings"
	"unicode/utf8"
)

// checkTypographic catches the gofmt trap: gofmt rewrites two back-quotes or two single quotes in
// the doc comment of a top-level declaration into typographic quotes, silently changing a rule
// such as self.name != ”. s is a value or parameter that starts at byte offset off of Raw.Value.
func checkTypographic(c *Context, s string, off int) error {
	if i := strings.IndexAny(s, "“”‘’"); i >= 0 {
		q, _ := utf8.DecodeRuneInString(s[i:])
		return c.ErrorAt(rawOffset(c, s, off, i), "typographic quote %c in %q: gofmt rewrites '' and `` in doc comments "+
			"into ” and “; use ASCII quotes, and write an empty string as \"\" inside a back-quoted value, "+
			"e.g. +validationRule=`self.name != \"\"`", q, s)
	}
	return nil
}

// rawOffset maps byte i of the unquoted value s, which starts at byte offset off of Raw.Value,
// back to an offset in Raw.Value. When escapes make the two differ, it returns the start of s.
func rawOffset(c *Context, s string, off, i int) int {
	if off+len(s) <= len(c.Raw.Value) && c.Raw.Value[off:off+len(s)] == s {
		return off + i
	}
	return off
}
