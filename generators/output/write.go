package output

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
)

// Write writes every file that changed. Each file is written to a temporary file beside it and
// renamed into place, so an interrupted run never leaves a half-written output.
func (o *Outputs) Write() error {
	if err := o.Check(); err != nil {
		return err
	}
	for _, f := range o.Files() {
		old, err := os.ReadFile(f.Path)
		if err == nil && bytes.Equal(old, f.Content) {
			continue
		}
		if err := os.MkdirAll(filepath.Dir(f.Path), 0o755); err != nil {
			return err
		}
		tmp, err := os.CreateTemp(filepath.Dir(f.Path), "."+filepath.Base(f.Path)+".tmp*")
		if err != nil {
			return err
		}
		_, werr := tmp.Write(f.Content)
		cerr := tmp.Close()
		if werr == nil {
			werr = cerr
		}
		if werr == nil {
			werr = os.Chmod(tmp.Name(), 0o644)
		}
		if werr == nil {
			werr = os.Rename(tmp.Name(), f.Path)
		}
		if werr != nil {
			os.Remove(tmp.Name())
			return fmt.Errorf("writing %s: %w", f.Path, werr)
		}
	}
	return nil
}
