//go:build !windows

package fspath

import (
	"errors"
	"io/fs"
	"os"
	"path"
	"strings"
)

// Separator is the operating system's path separator.
const Separator = '/'

func Join(elem ...string) string { return path.Join(elem...) }

func Dir(p string) string { return path.Dir(p) }

func Base(p string) string { return path.Base(p) }

func Ext(p string) string { return path.Ext(p) }

func IsAbs(p string) bool { return strings.HasPrefix(p, "/") }

func ToSlash(p string) string { return p }

func Abs(p string) (string, error) {
	if IsAbs(p) {
		return path.Clean(p), nil
	}
	wd, err := os.Getwd()
	if err != nil {
		return "", err
	}
	return path.Join(wd, p), nil
}

func SplitList(p string) []string {
	if p == "" {
		return []string{}
	}
	return strings.Split(p, ":")
}

// Rel returns a relative path that is lexically equivalent to target when joined to base.
func Rel(base, target string) (string, error) {
	b, t := path.Clean(base), path.Clean(target)
	if b == t {
		return ".", nil
	}
	if IsAbs(b) != IsAbs(t) {
		return "", errors.New("Rel: can't make " + target + " relative to " + base)
	}
	if b == "." {
		b = ""
	}
	if t == "." {
		t = ""
	}
	bs, ts := split(b), split(t)
	i := 0
	for i < len(bs) && i < len(ts) && bs[i] == ts[i] {
		i++
	}
	for _, e := range bs[i:] {
		if e == ".." {
			return "", errors.New("Rel: can't make " + target + " relative to " + base)
		}
	}
	parts := make([]string, 0, len(bs)-i+len(ts)-i)
	for range bs[i:] {
		parts = append(parts, "..")
	}
	parts = append(parts, ts[i:]...)
	if len(parts) == 0 {
		return ".", nil
	}
	return strings.Join(parts, "/"), nil
}

// split returns the elements of a clean path, without the empty one before a leading '/'.
func split(p string) []string {
	p = strings.TrimPrefix(p, "/")
	if p == "" {
		return nil
	}
	return strings.Split(p, "/")
}

// WalkDir walks the file tree rooted at root in lexical order, calling fn for each file or
// directory, root included, as path/filepath.WalkDir does (symbolic links are not followed;
// fs.SkipDir and fs.SkipAll as there).
func WalkDir(root string, fn fs.WalkDirFunc) error {
	info, err := os.Lstat(root)
	if err != nil {
		err = fn(root, nil, err)
	} else {
		err = walkDir(root, fs.FileInfoToDirEntry(info), fn)
	}
	if err == fs.SkipDir || err == fs.SkipAll {
		return nil
	}
	return err
}

func walkDir(p string, d fs.DirEntry, fn fs.WalkDirFunc) error {
	if err := fn(p, d, nil); err != nil || !d.IsDir() {
		if err == fs.SkipDir && d.IsDir() {
			err = nil
		}
		return err
	}
	entries, err := os.ReadDir(p)
	if err != nil {
		if err = fn(p, d, err); err != nil {
			if err == fs.SkipDir && d.IsDir() {
				err = nil
			}
			return err
		}
	}
	for _, e := range entries {
		if err := walkDir(path.Join(p, e.Name()), e, fn); err != nil {
			if err == fs.SkipDir {
				break
			}
			return err
		}
	}
	return nil
}
