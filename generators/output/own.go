package output

import (
	"bytes"
	"go/scanner"
	"go/token"
	"os"
	"path/filepath"
)

// owned reports whether a file exists and whether validation-gen generated it.
func owned(path string) (own, exists bool, err error) {
	b, err := os.ReadFile(path)
	if os.IsNotExist(err) {
		return false, false, nil
	}
	if err != nil {
		return false, true, err
	}
	return Generated(path, b), true, nil
}

// Generated reports whether content, the file at path, carries the generated-code comment: in a
// Go file as a line comment before the package clause (the code after it may be broken), in any
// other file as its first line, after "# ".
func Generated(path string, content []byte) bool {
	if filepath.Ext(path) != ".go" {
		return bytes.HasPrefix(content, []byte("# "+GeneratedComment+"\n"))
	}
	var s scanner.Scanner
	s.Init(token.NewFileSet().AddFile(path, -1, len(content)), content, nil, scanner.ScanComments)
	for {
		_, tok, lit := s.Scan()
		if tok != token.COMMENT {
			return false
		}
		if lit == "// "+GeneratedComment {
			return true
		}
	}
}
