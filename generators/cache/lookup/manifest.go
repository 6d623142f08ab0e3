package lookup

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"slices"
	"sort"
	"strings"
	"time"

	"github.com/validation-gen/validation-gen/generators/output"
	"github.com/validation-gen/validation-gen/internal/fspath"
)

// Manifest lists what a run's result depends on beyond its first key: files (go.mod, go.sum,
// go.work, vendor/modules.txt, which may be absent), package directories, the roots of the
// trees that ... patterns walk, and the modules searched for output packages naming the run's
// packages (loader.Program.OutputSearch: what +k8s:validation-gen-input tags the module's
// packages carry). Digests are those at the time of the run, kept to say which input changed
// when a run misses (-v=2).
type Manifest struct {
	Files, Dirs, Trees, Outputs []string
	Digests                     map[string]string
}

// buildExts are the extensions of the files besides Go files that the go command builds a
// package from (cgo, assembly, SWIG, syso): any can change a package's export data.
var buildExts = []string{".c", ".cc", ".cpp", ".cxx", ".h", ".hh", ".hpp", ".hxx", ".m", ".s", ".S", ".sx",
	".f", ".F", ".for", ".f90", ".swig", ".swigcxx", ".syso"}

// Current returns the digests of the manifest's inputs as they are now. outputs digests a module
// root of Outputs (generators/cache's search for output packages); nil leaves them out.
func (m *Manifest) Current(outputs func(root string) (string, error)) (map[string]string, error) {
	out := map[string]string{}
	for _, f := range m.Files {
		d, err := FileDigest(f, time.Time{})
		if err != nil {
			return nil, err
		}
		out["file:"+f] = d
	}
	for _, dir := range m.Dirs {
		d, err := DirDigest(dir, nil, time.Time{})
		if err != nil {
			return nil, err
		}
		out["dir:"+dir] = d
	}
	for _, t := range m.Trees {
		d, err := TreeDigest(t, nil, time.Time{})
		if err != nil {
			return nil, err
		}
		out["tree:"+t] = d
	}
	for _, root := range m.Outputs {
		if outputs == nil {
			break
		}
		d, err := outputs(root)
		if err != nil {
			return nil, err
		}
		out["outputs:"+root] = d
	}
	return out, nil
}

// ResultKey is the second key: the first (keyID) with every listed input's digest, as digests
// gives them (the stored ones, Digests, or Current's).
func (m *Manifest) ResultKey(keyID string, digests map[string]string) string {
	h := sha256.New()
	fmt.Fprintf(h, "%s\n", keyID)
	for _, kind := range []struct {
		name  string
		paths []string
	}{{"file", m.Files}, {"dir", m.Dirs}, {"tree", m.Trees}, {"outputs", m.Outputs}} {
		for _, p := range kind.paths {
			fmt.Fprintf(h, "%s %q %s\n", kind.name, p, digests[kind.name+":"+p])
		}
	}
	return hex.EncodeToString(h.Sum(nil))
}

// Changed lists the inputs whose digests differ from the manifest's, for -v=2.
func (m *Manifest) Changed(outputs func(root string) (string, error)) string {
	now, err := m.Current(outputs)
	if err != nil {
		return err.Error()
	}
	var out []string
	for k, d := range m.Digests {
		if now[k] != d {
			out = append(out, "\t"+k)
		}
	}
	sort.Strings(out)
	return strings.Join(out, "\n")
}

// ReadManifest reads the manifest at path.
func ReadManifest(path string) (*Manifest, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var m Manifest
	if err := json.Unmarshal(data, &m); err != nil {
		return nil, fmt.Errorf("manifest %s: %v", path, err)
	}
	return &m, nil
}

// FileDigest is the digest of a file, or "absent". With a cutoff, a file modified after it fails.
func FileDigest(path string, cutoff time.Time) (string, error) {
	data, err := os.ReadFile(path)
	if os.IsNotExist(err) {
		return "absent", nil
	}
	if err != nil {
		return "", err
	}
	if err := CheckTime(path, cutoff); err != nil {
		return "", err
	}
	return Digest(data), nil
}

// DirDigest is the digest of a package directory: the names and contents of its Go files (tests
// aside: they are not part of the package) and its other build files, except this generator's
// outputs. With read (the digests of the files the run parsed, as it read them: loader.Program's
// SourceDigest), files the run parsed are taken as it read them; others must be older than cutoff.
func DirDigest(dir string, read func(path string) (string, bool), cutoff time.Time) (string, error) {
	entries, err := os.ReadDir(dir)
	if os.IsNotExist(err) {
		return "absent", nil
	}
	if err != nil {
		return "", err
	}
	h := sha256.New()
	for _, e := range entries {
		name := e.Name()
		if !RelevantGo(name) && !slices.Contains(buildExts, fspath.Ext(name)) || strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_") {
			continue
		}
		path := fspath.Join(dir, name)
		if fi, err := os.Stat(path); err != nil || !fi.Mode().IsRegular() {
			continue
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return "", err
		}
		if strings.HasSuffix(name, ".go") && output.Owned(path, data) {
			continue
		}
		d := Digest(data)
		if read != nil {
			if sum, ok := read(path); ok {
				d = sum // what the run parsed, even if the file has changed since
			} else if err := CheckTime(path, cutoff); err != nil {
				return "", err
			}
		}
		fmt.Fprintf(h, "%q %s\n", name, d)
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}

// TreeDigest is the digest of the directories below root that hold Go files, where the go
// command walks when it expands root/...: a new package there changes it. With roots (the run's
// input directories), a directory that is not one of them and changed after cutoff fails: it may
// be a package created during the run.
func TreeDigest(root string, roots map[string]bool, cutoff time.Time) (string, error) {
	h := sha256.New()
	err := fspath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			if os.IsNotExist(err) && path == root {
				fmt.Fprintln(h, "absent")
				return nil
			}
			return err
		}
		if !d.IsDir() {
			return nil
		}
		if path != root {
			name := d.Name()
			if name == "testdata" || name == "vendor" || strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_") || exists(fspath.Join(path, "go.mod")) {
				return fs.SkipDir
			}
		}
		names, err := GoFiles(path)
		if err != nil {
			return err
		}
		if len(names) == 0 {
			return nil
		}
		rel, _ := fspath.Rel(root, path)
		fmt.Fprintf(h, "%q\n", fspath.ToSlash(rel))
		if roots != nil && !roots[path] {
			return CheckTime(path, cutoff)
		}
		return nil
	})
	if err != nil {
		return "", err
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}

// CheckTime fails when path was modified at or after cutoff (none when zero).
func CheckTime(path string, cutoff time.Time) error {
	if cutoff.IsZero() {
		return nil
	}
	fi, err := os.Stat(path)
	if err != nil {
		return err
	}
	if !fi.ModTime().Before(cutoff) {
		return fmt.Errorf("%s was modified during the run", path)
	}
	return nil
}

// RelevantGo reports whether a file name is a Go file that can be part of a package (tests and
// the files the go command ignores aside).
func RelevantGo(name string) bool {
	return strings.HasSuffix(name, ".go") && !strings.HasSuffix(name, "_test.go") &&
		!strings.HasPrefix(name, ".") && !strings.HasPrefix(name, "_")
}

// GoFiles returns the sorted names of a directory's Go files that can be part of its package,
// except this generator's outputs.
func GoFiles(dir string) ([]string, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	var out []string
	for _, e := range entries {
		if e.IsDir() || !RelevantGo(e.Name()) {
			continue
		}
		if !ownFile(fspath.Join(dir, e.Name())) {
			out = append(out, e.Name())
		}
	}
	return out, nil
}

// ownFile reports whether a Go file on disk is this generator's output.
func ownFile(path string) bool {
	data, err := os.ReadFile(path)
	return err == nil && output.Owned(path, data)
}

// Digest is the SHA-256 of data, in hex.
func Digest(data []byte) string {
	sum := sha256.Sum256(data)
	return hex.EncodeToString(sum[:])
}
