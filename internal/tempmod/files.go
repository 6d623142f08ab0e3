package tempmod

import (
	"bytes"
	"encoding/json"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// Helpers for tests that build a temporary module from modules fetched through the module proxy.
// Each fails the test on error.

// Go runs the go command in dir and returns its standard output.
func Go(t testing.TB, dir string, args ...string) []byte {
	t.Helper()
	cmd := exec.Command("go", args...)
	cmd.Dir = dir
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("go %s (in %s): %v\n%s%s", strings.Join(args, " "), dir, err, stdout.String(), stderr.String())
	}
	return stdout.Bytes()
}

// Download fetches a module through the module proxy (go mod download, run in dir) and returns its
// directory in the module cache. An empty version is the version dir's build uses.
func Download(t testing.TB, dir, path, version string) string {
	t.Helper()
	query := path
	if version != "" {
		query += "@" + version
	}
	var info struct{ Dir, Error string }
	if err := json.Unmarshal(Go(t, dir, "mod", "download", "-json", query), &info); err != nil {
		t.Fatal(err)
	}
	if info.Error != "" || info.Dir == "" {
		t.Fatalf("go mod download %s@%s: %s", path, version, info.Error)
	}
	return info.Dir
}

// CopyTree copies a file or a directory tree; copies are writable (the module cache is not).
func CopyTree(t testing.TB, from, to string) {
	t.Helper()
	CopyFiles(t, from, to, nil)
}

// CopyFiles copies the files of a tree for which keep (nil: all) returns true.
func CopyFiles(t testing.TB, from, to string, keep func(path string, d fs.DirEntry) bool) {
	t.Helper()
	err := filepath.WalkDir(from, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || keep != nil && !keep(p, d) {
			return err
		}
		rel, err := filepath.Rel(from, p)
		if err != nil {
			return err
		}
		WriteFile(t, filepath.Join(to, rel), ReadFile(t, p))
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// WriteFile writes a file, making its directory.
func WriteFile(t testing.TB, path string, data []byte) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
}

// ReadFile reads a file.
func ReadFile(t testing.TB, path string) []byte {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// Snapshot reads every file below dir, by slash path relative to dir.
func Snapshot(t testing.TB, dir string) map[string]string {
	t.Helper()
	files := map[string]string{}
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := os.ReadFile(path)
		rel, _ := filepath.Rel(dir, path)
		files[filepath.ToSlash(rel)] = string(b)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return files
}
