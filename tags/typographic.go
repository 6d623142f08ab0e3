package tags

import "strings"

// checkTypographic catches the gofmt trap: gofmt rewrites two back-quotes or two single quotes in
// the doc comment of a top-level declaration into typographic quotes, silently changing a rule
// such as self.name != ”.
func checkTypographic(c *Context, s string, off int) error {
	if i := strings.IndexAny(s, "“”‘’"); i >= 0 {
		return c.ErrorAt(off+i, "typographic quote in %q (gofmt rewrites '' and `` in doc comments); "+
			"use double quotes inside a back-quoted value, e.g. +validationRule=`self.name != \"\"`", s)
	}
	return nil
}
