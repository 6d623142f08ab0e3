package output

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"sort"
	"syscall"

	"github.com/validation-gen/validation-gen/internal/fspath"
)

// Logf logs what Write did beyond the files it wrote (stale outputs removed); the command sets it
// to its logger at verbosity 1. The package logs nothing by itself: it imports only the standard
// library (and a diff), so that the command's result-cache fast path, which writes through it,
// starts without initialising the pipeline (cmd/validation-gen/internal/fastpath).
var Logf = func(format string, args ...any) {}

// rename and remove are os.Rename and os.Remove; tests replace them to fail midway through a commit.
var (
	rename = os.Rename
	remove = os.Remove
)

// A change replaces or removes one file. The old content is kept to roll back.
type change struct {
	path    string
	content []byte // nil removes the file
	tmp     string // the staged new content, beside path

	existed bool
	old     []byte
	mode    fs.FileMode
	done    bool // committed, to be undone on rollback
}

// Write makes the disk match the outputs, all or nothing: it writes every changed file and
// removes every stale one (see Stale), or, when any step fails, leaves every file as it was.
//
// Every new content is first staged in a temporary file beside its target (created, written and
// closed, with any missing directory). Only when all are staged are they renamed into place and
// the stale files removed. If a rename or removal fails, the files already replaced or removed
// are restored from their old content, and the temporary files and new directories are removed.
func (o *Outputs) Write() error {
	if err := o.Check(); err != nil {
		return err
	}
	changes, err := o.plan()
	if err != nil {
		return fmt.Errorf("%w; no output was changed", err)
	}
	var created []string // directories made for staging, removed again on failure
	fail := func(err error) error {
		var errs []error
		for i := len(changes) - 1; i >= 0; i-- {
			if rerr := changes[i].undo(); rerr != nil {
				errs = append(errs, rerr)
			}
		}
		for i := len(created) - 1; i >= 0; i-- {
			os.RemoveAll(created[i])
		}
		if len(errs) > 0 {
			return fmt.Errorf("%w; restoring the previous outputs failed too, check them: %w", err, errors.Join(errs...))
		}
		return fmt.Errorf("%w; no output was changed", err)
	}
	for _, c := range changes {
		if c.content == nil {
			continue
		}
		dir := fspath.Dir(c.path)
		top, err := mkdirAll(dir)
		if top != "" {
			created = append(created, top)
		}
		if err != nil {
			return fail(err)
		}
		if c.tmp, err = stage(dir, fspath.Base(c.path), c.content, 0o644); err != nil {
			return fail(fmt.Errorf("writing %s: %w", o.rel(c.path), err))
		}
	}
	for _, c := range changes {
		if c.content == nil {
			err = remove(c.path)
		} else {
			err = rename(c.tmp, c.path)
		}
		if err != nil {
			return fail(fmt.Errorf("writing %s: %w", o.rel(c.path), err))
		}
		c.done, c.tmp = true, ""
		if c.content == nil {
			Logf("removed stale output %s", c.path)
		}
	}
	return nil
}

// plan lists the files to replace (those whose content differs) and the stale ones to remove,
// sorted by path, with their old content.
func (o *Outputs) plan() ([]*change, error) {
	var changes []*change
	for _, f := range o.Files() {
		c := &change{path: f.Path, content: f.Content}
		if err := c.readOld(); err != nil {
			return nil, err
		}
		if c.existed && bytes.Equal(c.old, f.Content) {
			continue
		}
		changes = append(changes, c)
	}
	stale, err := o.Stale()
	if err != nil {
		return nil, err
	}
	for _, p := range stale {
		c := &change{path: p}
		if err := c.readOld(); err != nil {
			return nil, err
		}
		changes = append(changes, c)
	}
	sort.Slice(changes, func(i, j int) bool { return changes[i].path < changes[j].path })
	return changes, nil
}

func (c *change) readOld() error {
	fi, err := os.Lstat(c.path)
	if os.IsNotExist(err) || errors.Is(err, syscall.ENOTDIR) {
		return nil // staging makes the directory, or says why it cannot
	}
	if err != nil {
		return err
	}
	if !fi.Mode().IsRegular() {
		return fmt.Errorf("%s: not a regular file, refusing to replace it", c.path)
	}
	c.existed, c.mode = true, fi.Mode().Perm()
	c.old, err = os.ReadFile(c.path)
	return err
}

// undo removes the staged file and, once committed, puts back what was there before.
func (c *change) undo() error {
	if c.tmp != "" {
		os.Remove(c.tmp)
		c.tmp = ""
	}
	if !c.done {
		return nil
	}
	c.done = false
	if !c.existed {
		return remove(c.path)
	}
	tmp, err := stage(fspath.Dir(c.path), fspath.Base(c.path), c.old, c.mode)
	if err == nil {
		if err = rename(tmp, c.path); err != nil {
			os.Remove(tmp)
		}
	}
	if err != nil {
		return fmt.Errorf("restoring %s: %w", c.path, err)
	}
	return nil
}

// stage writes content to a new temporary file in dir and returns its name.
func stage(dir, base string, content []byte, mode fs.FileMode) (string, error) {
	tmp, err := os.CreateTemp(dir, "."+base+".tmp*")
	if err != nil {
		return "", err
	}
	_, err = tmp.Write(content)
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Chmod(tmp.Name(), mode)
	}
	if err != nil {
		os.Remove(tmp.Name())
		return "", err
	}
	return tmp.Name(), nil
}

// mkdirAll is os.MkdirAll that also returns the topmost directory it created, if any.
func mkdirAll(dir string) (created string, err error) {
	for d := dir; ; {
		if _, err := os.Stat(d); err == nil {
			break
		}
		created = d
		parent := fspath.Dir(d)
		if parent == d {
			break
		}
		d = parent
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		if _, serr := os.Stat(created); serr != nil {
			created = ""
		}
		return created, err
	}
	return created, nil
}
