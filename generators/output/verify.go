package output

import (
	"bytes"
	"fmt"
	"io"
	"os"

	"github.com/pmezard/go-difflib/difflib"
)

// Verify compares every file with the disk and writes a unified diff of each stale one to w,
// with paths relative to Root. It reports whether everything was up to date.
func (o *Outputs) Verify(w io.Writer) (bool, error) {
	if err := o.Check(); err != nil {
		return false, err
	}
	ok := true
	for _, f := range o.Files() {
		old, err := os.ReadFile(f.Path)
		if err != nil && !os.IsNotExist(err) {
			return false, err
		}
		if bytes.Equal(old, f.Content) {
			continue
		}
		ok = false
		name := o.rel(f.Path)
		from := "a/" + name
		if old == nil {
			from = "/dev/null"
		}
		d, err := difflib.GetUnifiedDiffString(difflib.UnifiedDiff{
			A: difflib.SplitLines(string(old)), B: difflib.SplitLines(string(f.Content)),
			FromFile: from, ToFile: "b/" + name, Context: 3,
		})
		if err != nil {
			return false, err
		}
		fmt.Fprint(w, d)
	}
	return ok, nil
}
