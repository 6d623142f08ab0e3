package diff

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"strings"
)

// Counts returns the number of changes per verdict and per effect.
func (r *Report) Counts() (verdicts, effects map[string]int) {
	verdicts, effects = map[string]int{}, map[string]int{}
	for _, c := range r.Changes {
		verdicts[string(c.Verdict)]++
		effects[string(c.Effect)]++
	}
	return verdicts, effects
}

// Summary is one line: how many changes, by verdict and by effect.
func (r *Report) Summary() string {
	v, e := r.Counts()
	return fmt.Sprintf("%d change(s): %s; effects: %s", len(r.Changes), counts(v, verdictOrder), counts(e, effectOrder))
}

var verdictOrder = []string{"tightened", "loosened", "changed", "added", "removed", "neutral"}
var effectOrder = []string{"breaking", "ratcheted", "gated", "none"}

func counts(m map[string]int, order []string) string {
	var parts []string
	for _, k := range order {
		if m[k] > 0 {
			parts = append(parts, fmt.Sprintf("%d %s", m[k], k))
		}
	}
	if len(parts) == 0 {
		return "none"
	}
	return strings.Join(parts, ", ")
}

// WriteJSON writes the report as {"changes": [...]} (see Change for the contract), indented, with a
// final newline.
func (r *Report) WriteJSON(w io.Writer) error {
	out := *r
	if out.Changes == nil {
		out.Changes = []Change{}
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(out); err != nil {
		return err
	}
	_, err := w.Write(buf.Bytes())
	return err
}

// WriteText writes the report for a terminal: one block per kind version, one line per change.
func (r *Report) WriteText(w io.Writer) {
	var last string
	for _, c := range r.Changes {
		if h := c.Group + "/" + c.Version + ", Kind=" + c.Kind; h != last {
			if last != "" {
				fmt.Fprintln(w)
			}
			fmt.Fprintln(w, h)
			last = h
		}
		path := c.Path
		if path == "" {
			path = "(kind)"
		}
		fmt.Fprintf(w, "  %s %s: %s [%s]\n", path, c.What, c.Verdict, c.Effect)
		if c.Before != "" || c.After != "" {
			fmt.Fprintf(w, "      before: %s\n      after:  %s\n", orNone(c.Before), orNone(c.After))
		}
		fmt.Fprintf(w, "      %s\n", c.Why)
	}
	if last != "" {
		fmt.Fprintln(w)
	}
	fmt.Fprintln(w, r.Summary())
}

func orNone(s string) string {
	if s == "" {
		return "(none)"
	}
	return oneLine(s)
}

// oneLine folds a multi-line value (a CEL rule) onto one line.
func oneLine(s string) string { return strings.Join(strings.Fields(s), " ") }

// WriteMarkdown writes the report for a pull-request comment: a summary, then a table per kind
// version (field, what, before, after, verdict, why), breaking changes marked.
func (r *Report) WriteMarkdown(w io.Writer) {
	fmt.Fprintf(w, "**validation-gen diff**: %s\n", r.Summary())
	groups := map[string][]Change{}
	var keys []string
	for _, c := range r.Changes {
		k := c.Group + "/" + c.Version + ", Kind=" + c.Kind
		if _, ok := groups[k]; !ok {
			keys = append(keys, k)
		}
		groups[k] = append(groups[k], c)
	}
	for _, k := range keys {
		fmt.Fprintf(w, "\n### %s\n\n", k)
		fmt.Fprintln(w, "| field | what | before | after | verdict | why |")
		fmt.Fprintln(w, "| --- | --- | --- | --- | --- | --- |")
		for _, c := range groups[k] {
			path := c.Path
			if path == "" {
				path = "(kind)"
			}
			verdict := string(c.Verdict) + ", " + string(c.Effect)
			if c.Breaks() {
				verdict = "**" + verdict + "**"
			}
			fmt.Fprintf(w, "| `%s` | %s | %s | %s | %s | %s |\n", cell(path), cell(c.What), code(c.Before), code(c.After), verdict, cell(c.Why))
		}
	}
}

func cell(s string) string { return strings.ReplaceAll(oneLine(s), "|", `\|`) }

func code(s string) string {
	if s == "" {
		return ""
	}
	s = cell(s)
	fence := "`"
	if strings.Contains(s, "`") {
		fence = "``"
		s = " " + s + " "
	}
	return fence + s + fence
}
