// Package tempmod builds the go.mod of a temporary module that uses this repository's working
// tree, for tests that generate code and compile it: the repository's go directive and
// requirements (so that the module graph is the repository's and its go.sum covers it), plus the
// repository itself, replaced by the working tree. Tools are dropped.
package tempmod

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// Env is the environment the Go commands of such tests run with: no network, no workspace, no
// toolchain switch.
var Env = map[string]string{"GOFLAGS": "-mod=readonly", "GOWORK": "off", "GOTOOLCHAIN": "local"}

// GoMod returns the go.mod of a module called module that requires the repository at root.
func GoMod(root, module string) ([]byte, error) {
	src, err := os.ReadFile(filepath.Join(root, "go.mod"))
	if err != nil {
		return nil, err
	}
	var self string
	var b strings.Builder
	inTool := false
	sc := bufio.NewScanner(bytes.NewReader(src))
	for sc.Scan() {
		line := sc.Text()
		trimmed := strings.TrimSpace(line)
		switch {
		case inTool:
			inTool = trimmed != ")"
			continue
		case strings.HasPrefix(trimmed, "module "):
			self = strings.Trim(strings.TrimSpace(strings.TrimPrefix(trimmed, "module")), `"`)
			fmt.Fprintf(&b, "module %s\n", module)
			continue
		case trimmed == "tool (":
			inTool = true // the repository's tools are not the temporary module's
			continue
		case strings.HasPrefix(trimmed, "tool "):
			continue
		}
		// A replace to a relative directory is relative to the repository.
		if i := strings.Index(line, "=>"); i >= 0 {
			target := strings.TrimSpace(line[i+2:])
			if strings.HasPrefix(target, "./") || strings.HasPrefix(target, "../") {
				line = line[:i+2] + " " + filepath.Join(root, target)
			}
		}
		b.WriteString(line + "\n")
	}
	if self == "" {
		return nil, fmt.Errorf("%s/go.mod has no module directive", root)
	}
	fmt.Fprintf(&b, "\nrequire %s v0.0.0\n\nreplace %s => %s\n", self, self, root)
	return []byte(b.String()), nil
}

// Write writes go.mod and the repository's go.sum into dir.
func Write(root, module, dir string) error {
	mod, err := GoMod(root, module)
	if err != nil {
		return err
	}
	// A directory a test is asked to keep the module in (BEHAVIOUR_DIR, ...) may not exist yet.
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(dir, "go.mod"), mod, 0o644); err != nil {
		return err
	}
	sum, err := os.ReadFile(filepath.Join(root, "go.sum"))
	if err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(dir, "go.sum"), sum, 0o644)
}
