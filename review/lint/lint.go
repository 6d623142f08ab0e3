// Package lint is the version-drift lint (KEP-4153: "a linter verifies that the tags match for
// both versions of the API, unless exceptions are put in an exceptions file"): the served versions
// of one kind must carry the same validation, field by field, unless an exceptions file lists the
// difference with a reason and an owner. It compares review surfaces with review/diff's
// classification, so the three tag dialects lint alike.
package lint

import (
	"fmt"
	"go/token"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/validation-gen/validation-gen/review"
	"github.com/validation-gen/validation-gen/review/diff"
)

// Finding is one lint error: a difference between two versions that no exception lists, an
// exception or rename that matches nothing (stale), or a malformed entry.
type Finding struct {
	Pos token.Position
	Msg string
}

// Format renders the finding as file:line:col: message, the file relative to dir when below it.
func (f Finding) Format(dir string) string {
	file := f.Pos.Filename
	if dir != "" {
		if rel, err := filepath.Rel(dir, file); err == nil && !strings.HasPrefix(rel, "..") {
			file = rel
		}
	}
	return fmt.Sprintf("%s:%d:%d: %s", file, f.Pos.Line, f.Pos.Column, f.Msg)
}

// Discover returns the exceptions files next to the groups of the surface's kinds: FileName in the
// directory that holds a version package's directory, when it exists; sorted.
func Discover(s *review.Surface) []string {
	seen := map[string]bool{}
	var out []string
	for _, k := range s.Kinds {
		if k.Dir == "" {
			continue
		}
		p := filepath.Join(filepath.Dir(k.Dir), FileName)
		if seen[p] {
			continue
		}
		seen[p] = true
		if _, err := os.Stat(p); err == nil {
			out = append(out, p)
		}
	}
	sort.Strings(out)
	return out
}

// Config says which exceptions apply.
type Config struct {
	// Files are exceptions files next to groups: each applies to the kinds whose version packages
	// lie below its directory.
	Files []*Exceptions
	// Global are exceptions files named on the command line: they apply to every kind.
	Global []*Exceptions
}

// Check lints every kind of the surface: each pair of its served versions adjacent in priority
// order (v1 and v1beta2, v1beta2 and v1beta1) is compared, and each difference that is not neutral
// (a message, an equivalent rewrite) must be listed in an exceptions file that applies. Stale
// entries are findings too. Findings are sorted by position.
func Check(s *review.Surface, cfg Config) []Finding {
	var out []Finding
	byKind := map[string][]*review.KindVersion{}
	var kinds []string
	for _, k := range s.Kinds {
		key := k.Group + "/" + k.Kind
		if _, ok := byKind[key]; !ok {
			kinds = append(kinds, key)
		}
		byKind[key] = append(byKind[key], k) // in priority order: Build sorts them so
	}
	for _, key := range kinds {
		vs := byKind[key]
		for i := 0; i+1 < len(vs); i++ {
			newer, older := vs[i], vs[i+1]
			files := applicable(cfg, older, newer)
			older = renamed(older, newer, files)
			for _, c := range diff.Kinds(older, newer) {
				if c.Verdict == diff.Neutral {
					continue
				}
				if e := match(files, newer, older.Version, c); e != nil {
					e.used = true
					continue
				}
				out = append(out, finding(older, newer, c, files))
			}
		}
	}
	for _, f := range append(cfg.Files, cfg.Global...) {
		for i := range f.Exceptions {
			if e := &f.Exceptions[i]; !e.used {
				out = append(out, Finding{Pos: e.Pos, Msg: fmt.Sprintf("stale exception: %s %s: no difference of %s at %s between these versions; remove the entry",
					e.Kind, strings.Join(e.Versions, " and "), e.What, e.Path)})
			}
		}
		for i := range f.Renames {
			if r := &f.Renames[i]; !r.used {
				out = append(out, Finding{Pos: r.Pos, Msg: fmt.Sprintf("stale rename: %s: %s: the paths are not those of two served versions of the kind; remove or fix the entry",
					r.Kind, showPaths(r.Paths))})
			}
		}
	}
	sortFindings(out)
	return out
}

func sortFindings(out []Finding) {
	sort.SliceStable(out, func(i, j int) bool {
		a, b := out[i].Pos, out[j].Pos
		if a.Filename != b.Filename {
			return a.Filename < b.Filename
		}
		if a.Line != b.Line {
			return a.Line < b.Line
		}
		return a.Column < b.Column
	})
}

// applicable returns the exceptions files that apply to two versions of a kind.
func applicable(cfg Config, a, b *review.KindVersion) []*Exceptions {
	out := append([]*Exceptions(nil), cfg.Global...)
	for _, f := range cfg.Files {
		dir := filepath.Dir(f.Path)
		if within(a.Dir, dir) && within(b.Dir, dir) {
			out = append(out, f)
		}
	}
	return out
}

func within(path, dir string) bool {
	rel, err := filepath.Rel(dir, path)
	return err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator))
}

// match returns the exception that allows the change, or nil.
func match(files []*Exceptions, k *review.KindVersion, older string, c diff.Change) *Exception {
	for _, f := range files {
		for i := range f.Exceptions {
			e := &f.Exceptions[i]
			if e.Kind != k.Kind || e.Group != "" && e.Group != k.Group || !sameVersions(e.Versions, older, k.Version) {
				continue
			}
			if e.Path != c.Path || e.What != "*" && e.What != c.What {
				continue
			}
			if e.Rule != "" && !strings.Contains(flat(c.Before), flat(e.Rule)) && !strings.Contains(flat(c.After), flat(e.Rule)) {
				continue
			}
			return e
		}
	}
	return nil
}

func flat(s string) string { return strings.Join(strings.Fields(s), " ") }

// renamed returns older with the paths that renames map to newer's names.
func renamed(older, newer *review.KindVersion, files []*Exceptions) *review.KindVersion {
	var pairs [][2]string
	for _, f := range files {
		for i := range f.Renames {
			r := &f.Renames[i]
			if r.Kind != newer.Kind || r.Group != "" && r.Group != newer.Group {
				continue
			}
			from, ok1 := r.Paths[older.Version]
			to, ok2 := r.Paths[newer.Version]
			if !ok1 || !ok2 || older.Field(from) == nil || newer.Field(to) == nil {
				continue
			}
			r.used = true
			pairs = append(pairs, [2]string{from, to})
		}
	}
	if len(pairs) == 0 {
		return older
	}
	c := *older
	c.Fields = nil
	for _, f := range older.Fields {
		g := *f
		for _, p := range pairs {
			if rest, ok := strings.CutPrefix(g.Path, p[0]); ok && (rest == "" || rest[0] == '.' || rest[0] == '[') {
				g.Path = p[1] + rest
				break
			}
		}
		c.Fields = append(c.Fields, &g)
	}
	return &c
}

// finding reports an unlisted difference at the field's position in the version that has it.
func finding(older, newer *review.KindVersion, c diff.Change, files []*Exceptions) Finding {
	pos := newer.Pos
	if f := newer.Field(c.Path); f != nil && f.Pos.Filename != "" {
		pos = f.Pos
	} else if f := older.Field(c.Path); f != nil && f.Pos.Filename != "" {
		pos = f.Pos
	}
	path := c.Path
	if path == "" {
		path = "(object)"
	}
	where := FileName + " next to the group"
	if len(files) > 0 {
		where = files[0].Path
	}
	msg := fmt.Sprintf("%s %s and %s differ at %s: %s %s (%s: %s, %s: %s); list it in %s with a reason and an owner "+
		"(kind: %s, versions: [%s, %s], path: %s, what: %s)",
		newer.Kind, older.Version, newer.Version, path, c.What, c.Verdict,
		older.Version, orNone(c.Before), newer.Version, orNone(c.After), filepath.Base(where), newer.Kind, older.Version, newer.Version, path, c.What)
	return Finding{Pos: pos, Msg: msg}
}

func orNone(s string) string {
	if s == "" {
		return "none"
	}
	return flat(s)
}

func showPaths(m map[string]string) string {
	var vs []string
	for v := range m {
		vs = append(vs, v)
	}
	sort.Strings(vs)
	var parts []string
	for _, v := range vs {
		parts = append(parts, v+": "+m[v])
	}
	return strings.Join(parts, ", ")
}

// Run lints the surface with the exceptions files next to its groups and the global files named:
// the findings of malformed entries first, then those of Check.
func Run(s *review.Surface, global []string) ([]Finding, error) {
	var cfg Config
	var out []Finding
	read := func(paths []string, into *[]*Exceptions) error {
		for _, p := range paths {
			x, problems, err := ReadExceptions(p)
			if err != nil {
				return err
			}
			out = append(out, problems...)
			if x != nil {
				*into = append(*into, x)
			}
		}
		return nil
	}
	if err := read(Discover(s), &cfg.Files); err != nil {
		return nil, err
	}
	if err := read(global, &cfg.Global); err != nil {
		return nil, err
	}
	out = append(out, Check(s, cfg)...)
	sortFindings(out)
	return out, nil
}
