package corpus

import (
	"encoding/json"
	"fmt"
	"os"
	"reflect"
	"sort"
	"testing"

	"sigs.k8s.io/yaml"
)

// difference is one value that differs between two decoded CRDs; a nil side is absent.
type difference struct {
	path      string
	want, got any
}

// compare walks two decoded YAML documents. List elements that are objects with a name are
// matched by name (versions, printer columns), other lists by index.
func compare(p string, want, got any, out *[]difference) {
	wm, wok := want.(map[string]any)
	gm, gok := got.(map[string]any)
	if wok && gok {
		for _, k := range sortedKeys(wm, gm) {
			compare(p+"."+k, wm[k], gm[k], out)
		}
		return
	}
	wl, wok := want.([]any)
	gl, gok := got.([]any)
	if wok && gok && named(wl) && named(gl) {
		byName := func(l []any) (map[string]any, []string) {
			m := map[string]any{}
			var order []string
			for _, x := range l {
				n := x.(map[string]any)["name"].(string)
				m[n] = x
				order = append(order, n)
			}
			return m, order
		}
		w, worder := byName(wl)
		g, gorder := byName(gl)
		for _, n := range worder {
			compare(p+"["+n+"]", w[n], g[n], out)
		}
		for _, n := range gorder {
			if _, ok := w[n]; !ok {
				compare(p+"["+n+"]", nil, g[n], out)
			}
		}
		if len(worder) == len(gorder) && !reflect.DeepEqual(worder, gorder) {
			*out = append(*out, difference{p + "(order)", worder, gorder})
		}
		return
	}
	if wok && gok && len(wl) == len(gl) {
		for i := range wl {
			compare(fmt.Sprintf("%s[%d]", p, i), wl[i], gl[i], out)
		}
		return
	}
	if !reflect.DeepEqual(want, got) {
		*out = append(*out, difference{p, want, got})
	}
}

func sortedKeys(ms ...map[string]any) []string {
	keys := map[string]bool{}
	for _, m := range ms {
		for k := range m {
			keys[k] = true
		}
	}
	var sorted []string
	for k := range keys {
		sorted = append(sorted, k)
	}
	sort.Strings(sorted)
	return sorted
}

func named(l []any) bool {
	if len(l) == 0 {
		return false
	}
	for _, x := range l {
		m, ok := x.(map[string]any)
		if !ok {
			return false
		}
		if _, ok := m["name"].(string); !ok {
			return false
		}
	}
	return true
}

func show(v any) string {
	if v == nil {
		return "(absent)"
	}
	b, err := json.Marshal(v)
	if err != nil {
		return fmt.Sprint(v)
	}
	if len(b) > 300 {
		return string(b[:300]) + "..."
	}
	return string(b)
}

// load decodes a YAML file (nil when it does not exist).
func load(t *testing.T, file string) any {
	t.Helper()
	data, err := os.ReadFile(file)
	if os.IsNotExist(err) {
		return nil
	}
	if err != nil {
		t.Fatal(err)
	}
	var v any
	if err := yaml.Unmarshal(data, &v); err != nil {
		t.Fatalf("%s: %v", file, err)
	}
	return v
}

// withoutAnnotations drops metadata.annotations from a decoded CRD: controller-gen stamps its own
// version there (controller-gen.kubebuilder.io/version), and some projects add their own release
// (operator.prometheus.io/version) after controller-gen; validation-gen's CRDs say who generated
// them in a comment instead. Nothing a server or a client reads.
func withoutAnnotations(v any) any {
	if m, ok := v.(map[string]any); ok {
		if md, ok := m["metadata"].(map[string]any); ok {
			delete(md, "annotations")
			if len(md) == 0 {
				delete(m, "metadata")
			}
		}
	}
	return v
}

// countRules counts the x-kubernetes-validations entries of a decoded document.
func countRules(v any) int {
	n := 0
	switch x := v.(type) {
	case map[string]any:
		for k, e := range x {
			if l, ok := e.([]any); ok && k == "x-kubernetes-validations" {
				n += len(l)
				continue
			}
			n += countRules(e)
		}
	case []any:
		for _, e := range x {
			n += countRules(e)
		}
	}
	return n
}

// versionNames lists the names of a decoded CRD's versions.
func versionNames(v any) []string {
	m, _ := v.(map[string]any)
	spec, _ := m["spec"].(map[string]any)
	l, _ := spec["versions"].([]any)
	var out []string
	for _, x := range l {
		if vm, ok := x.(map[string]any); ok {
			if n, ok := vm["name"].(string); ok {
				out = append(out, n)
			}
		}
	}
	return out
}
