package manifest

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"unicode"
)

// document is one document of an input file, before it is checked.
type document struct {
	file  string
	index int
	// data is the document's text; yaml says it is read as YAML (else JSON), as the server reads
	// a body of that content type.
	data []byte
	yaml bool
	// line is the 1-based line of File where data starts.
	line int
	// err is a problem splitting the stream at this document (the rest of the file is lost).
	err error
}

// ManifestExtensions are the file name extensions read from a directory, recursively.
var ManifestExtensions = []string{".yaml", ".yml", ".json"}

// expandPaths turns the arguments into files: a file as given, a directory's files with a
// ManifestExtensions extension, recursively, in lexical order; "-" is standard input.
func expandPaths(paths []string) ([]string, error) {
	var out []string
	for _, p := range paths {
		if p == "-" {
			out = append(out, p)
			continue
		}
		st, err := os.Stat(p)
		if err != nil {
			return nil, err
		}
		if !st.IsDir() {
			out = append(out, p)
			continue
		}
		var files []string
		err = filepath.WalkDir(p, func(path string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if d.IsDir() {
				if path != p && strings.HasPrefix(d.Name(), ".") {
					return filepath.SkipDir // .git and the like
				}
				return nil
			}
			for _, ext := range ManifestExtensions {
				if strings.EqualFold(filepath.Ext(path), ext) {
					files = append(files, path)
					break
				}
			}
			return nil
		})
		if err != nil {
			return nil, err
		}
		sort.Strings(files)
		out = append(out, files...)
	}
	return out, nil
}

// readFile reads a file, or standard input for "-".
func readFile(path string, stdin io.Reader) ([]byte, error) {
	if path == "-" {
		if stdin == nil {
			stdin = os.Stdin
		}
		return io.ReadAll(stdin)
	}
	return os.ReadFile(path)
}

// splitDocuments splits a file into its documents. A file whose first non-space byte is '{' is a
// stream of JSON objects; any other is a YAML stream, split at "---" lines as kubectl splits it
// (k8s.io/apimachinery/pkg/util/yaml.YAMLReader); in a YAML stream, a document that starts with
// '{' is JSON, as kubectl reads it. Empty documents (only spaces and comments) are skipped.
func splitDocuments(file string, data []byte) []document {
	if isJSON(data) {
		return splitJSON(file, data)
	}
	var docs []document
	add := func(text []byte, line int) {
		if isEmptyYAML(text) {
			return
		}
		docs = append(docs, document{file: file, index: len(docs), data: text, yaml: !isJSON(text), line: line})
	}
	start, startLine, line := 0, 1, 1
	for pos := 0; pos < len(data); {
		end := bytes.IndexByte(data[pos:], '\n')
		next := len(data)
		if end >= 0 {
			next = pos + end + 1
		}
		l := data[pos:next]
		if bytes.HasPrefix(l, []byte("---")) {
			rest := strings.TrimSpace(string(l[3:]))
			if rest != "" && rest[0] != '#' {
				add(data[start:pos], startLine)
				docs = append(docs, document{file: file, index: len(docs), line: line,
					err: fmt.Errorf("invalid YAML document separator: %s", rest)})
				return docs
			}
			add(data[start:pos], startLine)
			start, startLine = next, line+1
		}
		pos = next
		line++
	}
	add(data[start:], startLine)
	return docs
}

func isJSON(data []byte) bool {
	return bytes.HasPrefix(bytes.TrimLeftFunc(data, unicode.IsSpace), []byte("{"))
}

// isEmptyYAML reports whether a YAML document has nothing but spaces, comments and document
// markers.
func isEmptyYAML(data []byte) bool {
	for len(data) > 0 {
		l := data
		if i := bytes.IndexByte(data, '\n'); i >= 0 {
			l, data = data[:i], data[i+1:]
		} else {
			data = nil
		}
		l = bytes.TrimSpace(l)
		if len(l) > 0 && l[0] != '#' && string(l) != "..." {
			return false
		}
	}
	return true
}

// splitJSON splits a stream of JSON values.
func splitJSON(file string, data []byte) []document {
	var docs []document
	dec := json.NewDecoder(bytes.NewReader(data))
	for {
		var raw json.RawMessage
		before := dec.InputOffset()
		err := dec.Decode(&raw)
		if err == io.EOF {
			return docs
		}
		// The value starts at the first non-space byte after the previous one.
		start := int(before)
		for start < len(data) && unicode.IsSpace(rune(data[start])) {
			start++
		}
		line := 1 + bytes.Count(data[:start], []byte("\n"))
		if err != nil {
			// The server reads the malformed body and reports it; give it the rest of the file.
			docs = append(docs, document{file: file, index: len(docs), data: data[start:], line: line})
			return docs
		}
		docs = append(docs, document{file: file, index: len(docs), data: data[start:dec.InputOffset()], line: line})
	}
}

// RawDocument is one document of a file as Validator reads it, before it is checked: for tools
// that send the same documents elsewhere (a real API server, in this repository's tests).
type RawDocument struct {
	// Line is the 1-based line where the document starts.
	Line int
	// Data is the document's text.
	Data []byte
	// YAML says the text is read as YAML, as a body of content type application/yaml; else it
	// is JSON.
	YAML bool
}

// SplitDocuments splits a file's content into its documents as Validator does (Lists are not
// expanded). The error is a malformed stream (a bad "---" line), after the documents before it.
func SplitDocuments(data []byte) ([]RawDocument, error) {
	var out []RawDocument
	for _, d := range splitDocuments("", data) {
		if d.err != nil {
			return out, d.err
		}
		out = append(out, RawDocument{Line: d.line, Data: d.data, YAML: d.yaml})
	}
	return out, nil
}
