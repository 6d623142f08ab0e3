package gohead

import (
	"bytes"
	"unicode"
	"unicode/utf8"
)

// Comment is a comment above a Go file's package clause: its text as go/scanner gives it (with
// its markers, carriage returns removed) and where it starts (its first '/').
type Comment struct {
	Text         string
	Offset       int
	Line, Column int // 1-based; the column in bytes, as go/token counts it
}

// Leading scans the start of a Go source file as go/scanner and go/parser (PackageClauseOnly)
// do, without them: the comments before the first token, and whether that token begins a
// package clause (the keyword package, a name and the end of the clause), with the offset of the
// keyword. ok is false for a file whose package clause go/parser would not accept: another token
// first, an unterminated /* comment, a NUL byte or invalid UTF-8 in a comment, a byte order mark
// past the start. (go/parser also fails on a lexical error in the token after the clause, which it
// reads ahead; Leading reads no further than the clause.) The comments are those before the first
// token, as go/scanner reads them past such errors.
//
// It exists so that the packages of the result cache's fast path need neither go/scanner nor
// go/parser, whose package initialisation comes late (see internal/fspath).
func Leading(src []byte) (comments []Comment, pkg int, ok bool) {
	i := 0
	if bytes.HasPrefix(src, []byte("\uFEFF")) {
		i = 3
	}
	line, lineStart := 1, 0
	pos := func(off int) (int, int) { return line, off - lineStart + 1 }
	bad := false // an error go/scanner reports, after which it reads on
	for i < len(src) {
		switch c := src[i]; {
		case bytes.HasPrefix(src[i:], []byte("\uFEFF")):
			bad = true
			i += 3
		case c == '\n':
			i++
			line, lineStart = line+1, i
		case c == ' ' || c == '\t' || c == '\r':
			i++
		case c == '/' && i+1 < len(src) && src[i+1] == '/':
			end := bytes.IndexByte(src[i:], '\n')
			if end < 0 {
				end = len(src)
			} else {
				end += i
			}
			text := src[i:end]
			bad = bad || !validComment(text)
			l, col := pos(i)
			comments = append(comments, Comment{Text: string(bytes.ReplaceAll(text, []byte("\r"), nil)), Offset: i, Line: l, Column: col})
			i = end
		case c == '/' && i+1 < len(src) && src[i+1] == '*':
			end := bytes.Index(src[i+2:], []byte("*/"))
			if end < 0 { // not terminated: the comment runs to the end
				l, col := pos(i)
				comments = append(comments, Comment{Text: string(bytes.ReplaceAll(src[i:], []byte("\r"), nil)), Offset: i, Line: l, Column: col})
				return comments, -1, false
			}
			end += i + 4
			text := src[i:end]
			bad = bad || !validComment(text)
			l, col := pos(i)
			comments = append(comments, Comment{Text: string(bytes.ReplaceAll(text, []byte("\r"), nil)), Offset: i, Line: l, Column: col})
			for j := i; j < end; j++ {
				if src[j] == '\n' {
					line, lineStart = line+1, j+1
				}
			}
			i = end
		default:
			return comments, i, !bad && packageClause(src[i:])
		}
	}
	return comments, -1, false
}

// validComment reports whether go/scanner reads a comment's text without an error.
func validComment(text []byte) bool {
	return utf8.Valid(text) && bytes.IndexByte(text, 0) < 0 && !bytes.Contains(text, []byte("\uFEFF"))
}

// packageClause reports whether src starts with a package clause that go/parser accepts: package,
// a name, then the end of the statement (a newline, a semicolon, a // comment or the end).
func packageClause(src []byte) bool {
	rest, ok := bytes.CutPrefix(src, []byte("package"))
	if !ok {
		return false
	}
	if r, _ := utf8.DecodeRune(rest); len(rest) > 0 && isIdent(r) {
		return false // packagex: another identifier
	}
	// The name, after blanks, newlines and comments.
	for {
		rest = bytes.TrimLeft(rest, " \t\r\n")
		if bytes.HasPrefix(rest, []byte("//")) {
			nl := bytes.IndexByte(rest, '\n')
			if nl < 0 || !validComment(rest[:nl]) {
				return false
			}
			rest = rest[nl:]
			continue
		}
		if bytes.HasPrefix(rest, []byte("/*")) {
			end := bytes.Index(rest[2:], []byte("*/"))
			if end < 0 || !validComment(rest[:end+4]) {
				return false
			}
			rest = rest[end+4:]
			continue
		}
		break
	}
	n := 0
	for n < len(rest) {
		r, size := utf8.DecodeRune(rest[n:])
		if !isIdent(r) || n == 0 && unicode.IsDigit(r) {
			break
		}
		n += size
	}
	if n == 0 || keywords[string(rest[:n])] {
		return false
	}
	// The end of the clause: a semicolon, inserted at a newline, a // comment or the end, or a
	// closing ) or } (before which go/parser lets it be left out).
	rest = rest[n:]
	for {
		rest = bytes.TrimLeft(rest, " \t\r")
		if bytes.HasPrefix(rest, []byte("/*")) {
			end := bytes.Index(rest[2:], []byte("*/"))
			if end < 0 || !validComment(rest[:end+4]) {
				return false
			}
			if bytes.IndexByte(rest[:end+4], '\n') >= 0 {
				return true
			}
			rest = rest[end+4:]
			continue
		}
		break
	}
	if bytes.HasPrefix(rest, []byte("//")) {
		nl := bytes.IndexByte(rest, '\n')
		if nl < 0 {
			nl = len(rest)
		}
		return validComment(rest[:nl])
	}
	return len(rest) == 0 || rest[0] == '\n' || rest[0] == ';' || rest[0] == ')' || rest[0] == '}'
}

var keywords = map[string]bool{}

func init() {
	for _, k := range []string{"break", "case", "chan", "const", "continue", "default", "defer", "else", "fallthrough", "for",
		"func", "go", "goto", "if", "import", "interface", "map", "package", "range", "return", "select", "struct", "switch", "type", "var"} {
		keywords[k] = true
	}
}

func isIdent(r rune) bool {
	return r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r)
}
