package builder

import (
	"fmt"
	"go/token"
	"sort"
	"strings"

	"github.com/validation-gen/validation-gen/model"
	"github.com/validation-gen/validation-gen/tags"
)

// description turns doc comment text into an OpenAPI description the way openapi-gen does, so
// that published descriptions do not change when switching generators: lines after "---" are
// dropped, as are tag lines and one-line TODOs; blank lines separate paragraphs; indented lines
// keep their own line.
func description(doc string) string {
	var b strings.Builder
	dropLast := func() {
		s := b.String()
		if len(s) > 0 {
			b.Reset()
			b.WriteString(s[:len(s)-1])
		}
	}
	for _, line := range strings.Split(doc, "\n") {
		if line == "---" {
			break
		}
		line = strings.TrimRight(line, " ")
		lead := strings.TrimLeft(line, " ")
		switch {
		case line == "":
			dropLast()
			b.WriteString("\n\n")
		case strings.HasPrefix(lead, "TODO"), strings.HasPrefix(lead, "+"):
		case strings.HasPrefix(line, " ") || strings.HasPrefix(line, "\t"):
			dropLast()
			b.WriteString("\n" + line + "\n")
		default:
			b.WriteString(line + " ")
		}
	}
	return strings.TrimSpace(b.String())
}

// docText is the text of a doc comment without the lines that tags occupy, continuation lines of
// multi-line tag values included. Like go/ast's CommentGroup.Text, which openapi-gen reads, it
// trims trailing blanks and turns each run of blank lines into one.
func docText(lines []tags.Line, raws []tags.Raw) string {
	taken := map[token.Position]bool{}
	for _, r := range raws {
		for _, p := range r.ValuePos {
			p.Column, p.Offset = 0, 0
			taken[p] = true
		}
	}
	var out []string
	prevBlank := false
	for _, l := range lines {
		text := strings.TrimRight(l.Text, " \t")
		if text == "" && prevBlank {
			continue
		}
		prevBlank = text == ""
		p := l.Pos
		p.Column, p.Offset = 0, 0
		if taken[p] {
			continue
		}
		out = append(out, text)
	}
	return strings.Join(out, "\n")
}

// enumDescription lists the values of an enum, in openapi-gen's words, to append to a field's doc.
func enumDescription(vals []model.EnumValue) string {
	var lines []string
	for _, v := range vals {
		lines = append(lines, strings.TrimRight(fmt.Sprintf(" - `%q` %s", v.Value, v.Doc), " "))
	}
	sort.Strings(lines)
	return "\n\nPossible enum values:\n" + strings.Join(lines, "\n")
}
