package main

import (
	"strings"
	"testing"
)

// TestHelpListsEveryFlag: every flag is in --help, with its argument and default, and every output
// flag is named where --help lists the outputs.
func TestHelpListsEveryFlag(t *testing.T) {
	fs, _ := newFlags()
	h := help(fs)
	listed := map[string]bool{}
	for _, n := range fs.order {
		listed[n] = true
	}
	for _, f := range fs.inOrder() {
		if !listed[f.Name] {
			t.Errorf("flag %s is not defined with fs.name, so its place in --help is arbitrary", f.Name)
		}
		prefix := "\n  --" + f.Name
		if len(f.Name) == 1 {
			prefix = "\n  -" + f.Name
		}
		if !strings.Contains(h, prefix+" ") && !strings.Contains(h, prefix+"\n") {
			t.Errorf("--help does not list %s", strings.TrimSpace(prefix))
		}
		if d := f.DefValue; d != "" && d != "false" && d != "0" && !strings.Contains(strings.Join(strings.Fields(h), " "), "(default "+d+")") {
			t.Errorf("--help does not give %s's default %q", f.Name, d)
		}
	}
	outputs := h[strings.Index(h, "Outputs:"):strings.Index(h, "Problems in the input")]
	for _, out := range []string{"--openapi-output-file", "--output-file", "--openapi-json", "--crd-dir"} {
		if !strings.Contains(outputs, "("+out+")") && !strings.Contains(outputs, "with "+out+":") {
			t.Errorf("--help's list of outputs does not name %s:\n%s", out, outputs)
		}
	}
	for _, line := range strings.Split(h, "\n") {
		if len(line) > helpWidth {
			t.Errorf("--help line longer than %d characters: %q", helpWidth, line)
		}
	}
}
