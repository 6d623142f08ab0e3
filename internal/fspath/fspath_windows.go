//go:build windows

package fspath

import (
	"io/fs"
	"path/filepath"
)

const Separator = filepath.Separator

func Join(elem ...string) string                   { return filepath.Join(elem...) }
func Dir(p string) string                          { return filepath.Dir(p) }
func Base(p string) string                         { return filepath.Base(p) }
func Ext(p string) string                          { return filepath.Ext(p) }
func IsAbs(p string) bool                          { return filepath.IsAbs(p) }
func Abs(p string) (string, error)                 { return filepath.Abs(p) }
func Rel(base, target string) (string, error)      { return filepath.Rel(base, target) }
func ToSlash(p string) string                      { return filepath.ToSlash(p) }
func SplitList(p string) []string                  { return filepath.SplitList(p) }
func WalkDir(root string, fn fs.WalkDirFunc) error { return filepath.WalkDir(root, fn) }
