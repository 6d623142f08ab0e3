package fspath

import (
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"testing"
)

// TestAsFilepath: every function answers as its path/filepath namesake.
func TestAsFilepath(t *testing.T) {
	paths := []string{"", ".", "..", "/", "a", "a/", "/a", "/a/b", "/a/b/", "a/b/../c", "/a/./b//c", "../a", "a/..", "x.go", "/a/b.tar.gz", ".hidden", "/a/b/.x"}
	for _, p := range paths {
		if got, want := Dir(p), filepath.Dir(p); got != want {
			t.Errorf("Dir(%q) = %q, want %q", p, got, want)
		}
		if got, want := Base(p), filepath.Base(p); got != want {
			t.Errorf("Base(%q) = %q, want %q", p, got, want)
		}
		if got, want := Ext(p), filepath.Ext(p); got != want {
			t.Errorf("Ext(%q) = %q, want %q", p, got, want)
		}
		if got, want := IsAbs(p), filepath.IsAbs(p); got != want {
			t.Errorf("IsAbs(%q) = %v, want %v", p, got, want)
		}
		got, gerr := Abs(p)
		want, werr := filepath.Abs(p)
		if got != want || (gerr == nil) != (werr == nil) {
			t.Errorf("Abs(%q) = %q, %v, want %q, %v", p, got, gerr, want, werr)
		}
		for _, q := range paths {
			if got, want := Join(p, q), filepath.Join(p, q); got != want {
				t.Errorf("Join(%q, %q) = %q, want %q", p, q, got, want)
			}
			got, gerr := Rel(p, q)
			want, werr := filepath.Rel(p, q)
			if got != want || (gerr == nil) != (werr == nil) {
				t.Errorf("Rel(%q, %q) = %q, %v, want %q, %v", p, q, got, gerr, want, werr)
			}
		}
	}
	for _, l := range []string{"", "a", "a:b", ":a:", "/x/y:/z"} {
		if got, want := SplitList(l), filepath.SplitList(l); !slices.Equal(got, want) {
			t.Errorf("SplitList(%q) = %q, want %q", l, got, want)
		}
	}
}

func TestWalkDirAsFilepath(t *testing.T) {
	root := t.TempDir()
	for _, d := range []string{"a/b", "a/skip/x", "c", "d/e/f"} {
		if err := os.MkdirAll(filepath.Join(root, d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	for _, f := range []string{"a/1.go", "a/b/2.go", "a/skip/x/3.go", "c/4", "z"} {
		if err := os.WriteFile(filepath.Join(root, f), nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Symlink(filepath.Join(root, "a"), filepath.Join(root, "link")); err != nil {
		t.Fatal(err)
	}
	walk := func(w func(string, fs.WalkDirFunc) error, skip string) []string {
		var out []string
		err := w(root, func(p string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			out = append(out, p+" "+d.Type().String())
			if d.Name() == skip {
				return fs.SkipDir
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		return out
	}
	for _, skip := range []string{"", "skip", "1.go"} {
		if got, want := walk(WalkDir, skip), walk(filepath.WalkDir, skip); !slices.Equal(got, want) {
			t.Errorf("skipping %q:\ngot  %q\nwant %q", skip, got, want)
		}
	}
	if got, want := WalkDir(filepath.Join(root, "absent"), func(string, fs.DirEntry, error) error { return fs.ErrNotExist }),
		filepath.WalkDir(filepath.Join(root, "absent"), func(string, fs.DirEntry, error) error { return fs.ErrNotExist }); got != want {
		t.Errorf("absent root: %v, want %v", got, want)
	}
}
