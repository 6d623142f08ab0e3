// Package gogenerate finds the go:generate directives of a module as `go generate` reads them, so
// that a generator that one of them runs can know the runs the others will make (see
// generators.RunCached).
package gogenerate

import (
	"bufio"
	"bytes"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
)

// Directive is one go:generate line, as go generate would run it.
type Directive struct {
	// Dir is the package directory, where go generate runs the command; File is the file's base
	// name ($GOFILE), Line the directive's line ($GOLINE).
	Dir, File string
	Line      int
	// Args are the command and its arguments, after -command aliases and $NAME expansion.
	Args []string
}

// Under is the environment variable go generate sets for every command it runs; with GOLINE it
// tells a program that go generate runs it, and from which directive (Self).
const Under = "GOFILE"

// Self returns the file and line of the directive that runs this process, as go generate sets
// them ($GOFILE, $GOLINE), and whether go generate runs it at all.
func Self() (file string, line int, ok bool) {
	file = os.Getenv("GOFILE")
	line, err := strconv.Atoi(os.Getenv("GOLINE"))
	return file, line, file != "" && err == nil
}

// Module returns the directives of the module whose root is root, in the order go generate ./...
// runs them (by directory, then file, then line): every Go file of every directory go generate
// ./... would walk, not those of nested modules, testdata, vendor, or directories starting with .
// or _. Build constraints are not evaluated: a file they exclude still counts.
func Module(root string) ([]Directive, error) {
	var out []Directive
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		name := d.Name()
		if d.IsDir() {
			if path != root && (name == "testdata" || name == "vendor" || strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_") ||
				exists(filepath.Join(path, "go.mod"))) {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(name, ".go") || strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_") {
			return nil
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		if bytes.Contains(data, []byte("//go:generate")) {
			out = append(out, File(filepath.Dir(path), name, data)...)
		}
		return nil
	})
	return out, err
}

// File returns the directives of one file of the package in dir.
func File(dir, name string, src []byte) []Directive {
	var out []Directive
	aliases := map[string][]string{} // -command, for the rest of the file
	pkg := packageName(src)
	sc := bufio.NewScanner(bytes.NewReader(src))
	sc.Buffer(nil, 1<<20)
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		if !strings.HasPrefix(line, "//go:generate ") && !strings.HasPrefix(line, "//go:generate\t") {
			continue
		}
		env := map[string]string{
			"GOFILE": name, "GOLINE": strconv.Itoa(n), "GOPACKAGE": pkg, "DOLLAR": "$",
			"GOARCH": goenv("GOARCH", runtime.GOARCH), "GOOS": goenv("GOOS", runtime.GOOS), "GOROOT": goenv("GOROOT", runtime.GOROOT()),
		}
		// As go generate: aliases are substituted, then every word is expanded.
		args := split(strings.TrimRight(line[len("//go:generate"):], "\r"))
		if len(args) == 0 {
			continue
		}
		if a, ok := aliases[args[0]]; ok {
			args = append(append([]string(nil), a...), args[1:]...)
		}
		for i, w := range args {
			args[i] = expand(w, env)
		}
		if args[0] == "-command" {
			if len(args) >= 3 {
				aliases[args[1]] = args[2:]
			}
			continue
		}
		out = append(out, Directive{Dir: dir, File: name, Line: n, Args: args})
	}
	return out
}

// split breaks a directive into words as go generate does: spaces separate them, and a
// double-quoted Go string is one word.
func split(line string) []string {
	var words []string
	for line = strings.TrimSpace(line); line != ""; line = strings.TrimLeft(line, " \t") {
		if line[0] == '"' {
			end := 1
			for ; end < len(line); end++ {
				if line[end] == '\\' {
					end++
				} else if line[end] == '"' {
					break
				}
			}
			if end >= len(line) {
				return nil // unterminated: go generate stops with an error
			}
			w, err := strconv.Unquote(line[:end+1])
			if err != nil {
				return nil
			}
			words = append(words, w)
			line = line[end+1:]
			continue
		}
		i := strings.IndexAny(line, " \t")
		if i < 0 {
			i = len(line)
		}
		words = append(words, line[:i])
		line = line[i:]
	}
	return words
}

func goenv(k, def string) string {
	if v := os.Getenv(k); v != "" {
		return v
	}
	return def
}

func expand(s string, env map[string]string) string {
	return os.Expand(s, func(k string) string {
		if v, ok := env[k]; ok {
			return v
		}
		return os.Getenv(k)
	})
}

// packageName returns the name in a file's package clause ($GOPACKAGE), or "".
func packageName(src []byte) string {
	for _, line := range strings.Split(string(src), "\n") {
		if rest, ok := strings.CutPrefix(strings.TrimSpace(line), "package "); ok {
			if f := strings.Fields(rest); len(f) > 0 {
				return f[0]
			}
		}
	}
	return ""
}

func exists(path string) bool {
	_, err := os.Stat(path)
	return err == nil
}
