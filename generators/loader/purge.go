package loader

import (
	"go/scanner"
	"go/token"
	"slices"
)

// purgeBodies returns src with the contents of top-level function bodies blanked out (every byte
// but newlines becomes a space), so that the parser does not build what parseFile would empty
// anyway: parsing bodies was the largest part of loading large packages once they were no longer
// type-checked. Offsets and lines are unchanged, so positions are those of the original source.
// The bodies of the schema methods (SchemaMethods) are kept. A function is a body's owner when
// FUNC starts a top-level declaration; braces of struct and interface types in its signature are
// not its body. On any doubt (a scan error) src is returned as it is.
func purgeBodies(src []byte) []byte {
	var s scanner.Scanner
	fset := token.NewFileSet()
	file := fset.AddFile("", fset.Base(), len(src))
	failed := false
	s.Init(file, src, func(token.Position, string) { failed = true }, 0)

	var out []byte
	prev := token.SEMICOLON // a file starts as after a declaration
	for {
		_, tok, _ := s.Scan()
		if tok == token.EOF || failed {
			break
		}
		if tok != token.FUNC || prev != token.SEMICOLON {
			prev = tok
			continue
		}
		// A top-level function declaration: find its name and the brace that opens its body.
		name, open, ok := signature(&s)
		if !ok || failed {
			break
		}
		if open < 0 { // no body (assembly)
			prev = token.SEMICOLON
			continue
		}
		close, ok := matchBrace(&s)
		if !ok || failed {
			break
		}
		if !slices.Contains(SchemaMethods, name) {
			if out == nil {
				out = slices.Clone(src)
			}
			for i := file.Offset(open) + 1; i < file.Offset(close); i++ {
				if out[i] != '\n' {
					out[i] = ' '
				}
			}
		}
		prev = token.RBRACE
	}
	if failed || out == nil {
		return src
	}
	return out
}

// signature scans a function's signature after FUNC and returns its name and the position of
// the brace that opens its body (-1 without a body: the declaration ends first).
func signature(s *scanner.Scanner) (name string, open token.Pos, ok bool) {
	depth := 0       // parentheses and brackets
	typeLit := 0     // braces of struct and interface types
	pending := false // the next brace opens a struct or interface type
	for {
		pos, tok, lit := s.Scan()
		switch tok {
		case token.EOF:
			return "", 0, false
		case token.IDENT:
			if depth == 0 && typeLit == 0 && name == "" {
				name = lit
			}
		case token.LPAREN, token.LBRACK:
			depth++
		case token.RPAREN, token.RBRACK:
			depth--
		case token.STRUCT, token.INTERFACE:
			pending = true
		case token.LBRACE:
			if pending {
				pending = false
				typeLit++
				continue
			}
			if depth == 0 && typeLit == 0 {
				return name, pos, true
			}
			return "", 0, false // a brace this scan does not understand
		case token.RBRACE:
			if typeLit == 0 {
				return "", 0, false
			}
			typeLit--
		case token.SEMICOLON:
			if depth == 0 && typeLit == 0 {
				return name, -1, true
			}
		}
	}
}

// matchBrace scans to the brace that closes the one just opened and returns its position.
func matchBrace(s *scanner.Scanner) (token.Pos, bool) {
	depth := 1
	for {
		pos, tok, _ := s.Scan()
		switch tok {
		case token.EOF:
			return 0, false
		case token.LBRACE:
			depth++
		case token.RBRACE:
			depth--
			if depth == 0 {
				return pos, true
			}
		}
	}
}
