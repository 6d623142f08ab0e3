package review

import (
	"fmt"
	"io"
	"strings"
)

// Dump writes the surface as text, one kind version then one line per field and fact: the
// representation diff and lint compare, for tests and for debugging.
func (s *Surface) Dump(w io.Writer) {
	for _, k := range s.Kinds {
		scope := "namespaced"
		if k.ClusterScoped {
			scope = "cluster"
		}
		served := "CRD"
		if k.Native {
			served = "native"
		}
		fmt.Fprintf(w, "%s (%s, %s, %s.%s)\n", k.Key(), served, scope, k.Package, k.Type)
		for _, f := range k.Fields {
			path := f.Path
			if path == "" {
				path = "(object)"
			}
			var facts []string
			for _, x := range f.Facts {
				facts = append(facts, x.String())
			}
			rec := ""
			if f.Recursive {
				rec = " (recursive)"
			}
			fmt.Fprintf(w, "  %s%s: %s\n", path, rec, strings.Join(facts, "; "))
		}
	}
}
