package apiserver

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	yaml "go.yaml.in/yaml/v3"

	"github.com/validation-gen/validation-gen/internal/tempmod"
	"github.com/validation-gen/validation-gen/manifest"
)

// maxVariantsPerDocument bounds the variants of one valid document of each sort (an unknown
// field, a duplicate field), in each of YAML and JSON: one per depth first, then the others.
const maxVariantsPerDocument = 6

// generateVariants writes, for every valid YAML document of files (a create), the document with
// an unknown field added to one of its objects, and with one of its fields given twice, at every
// depth (up to maxVariantsPerDocument objects), each in YAML and in JSON. It returns the files
// written into dir.
func generateVariants(t *testing.T, v *manifest.Validator, files []string, dir string) []string {
	t.Helper()
	var out []string
	for fi, f := range files {
		report, err := v.ValidatePaths(f)
		if err != nil {
			t.Fatal(err)
		}
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		docs, err := manifest.SplitDocuments(data)
		if err != nil {
			continue
		}
		byLine := map[int]manifest.Document{}
		for _, d := range report.Documents {
			byLine[d.Line] = d
		}
		var yamlOut, jsonOut bytes.Buffer
		for _, raw := range docs {
			d, ok := byLine[raw.Line]
			if !ok || !raw.YAML || !d.Valid || d.Operation != "create" || strings.HasSuffix(d.Kind, "List") {
				continue
			}
			var root yaml.Node
			if err := yaml.Unmarshal(raw.Data, &root); err != nil || len(root.Content) == 0 || hasAliases(&root) {
				continue
			}
			for _, m := range pickMappings(root.Content[0]) {
				for _, mut := range []struct {
					f         func(*yaml.Node)
					needsKeys bool
				}{{addUnknown, false}, {duplicateFirst, true}} {
					if mut.needsKeys && len(m.node.Content) == 0 {
						continue
					}
					var doc yaml.Node
					_ = yaml.Unmarshal(raw.Data, &doc)
					target := nodeAt(doc.Content[0], m.path)
					mut.f(target)
					y, err := yaml.Marshal(&doc)
					if err != nil {
						t.Fatal(err)
					}
					yamlOut.WriteString("---\n")
					yamlOut.Write(y)
					jsonOut.WriteString(toJSON(doc.Content[0]))
					jsonOut.WriteString("\n")
				}
			}
		}
		if yamlOut.Len() == 0 {
			continue
		}
		base := fmt.Sprintf("%03d-%s", fi, strings.TrimSuffix(filepath.Base(f), filepath.Ext(f)))
		yf, jf := filepath.Join(dir, base+".variants.yaml"), filepath.Join(dir, base+".variants.json")
		tempmod.WriteFile(t, yf, yamlOut.Bytes())
		tempmod.WriteFile(t, jf, jsonOut.Bytes())
		out = append(out, yf, jf)
	}
	return out
}

// addUnknown adds a field no schema has.
func addUnknown(m *yaml.Node) {
	m.Content = append(m.Content,
		&yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: "zzUnknownField"},
		&yaml.Node{Kind: yaml.ScalarNode, Tag: "!!int", Value: "1"})
}

// duplicateFirst gives the first field of an object a second time, with the same value.
func duplicateFirst(m *yaml.Node) {
	if len(m.Content) < 2 {
		return
	}
	m.Content = append(m.Content, m.Content[0], m.Content[1])
}

type mapping struct {
	node  *yaml.Node
	path  []int // child indexes from the root
	depth int
}

// pickMappings chooses the objects to mutate: the first at each depth, then others in document
// order, up to maxVariantsPerDocument.
func pickMappings(root *yaml.Node) []mapping {
	var all []mapping
	var walk func(n *yaml.Node, path []int, depth int)
	walk = func(n *yaml.Node, path []int, depth int) {
		if n.Kind == yaml.MappingNode {
			all = append(all, mapping{n, append([]int(nil), path...), depth})
		}
		for i, c := range n.Content {
			if n.Kind == yaml.MappingNode && i%2 == 0 {
				continue
			}
			walk(c, append(path, i), depth+1)
		}
	}
	walk(root, nil, 0)
	var out []mapping
	seenDepth := map[int]bool{}
	used := map[int]bool{}
	for i, m := range all {
		if !seenDepth[m.depth] {
			seenDepth[m.depth] = true
			used[i] = true
			out = append(out, m)
		}
	}
	for i, m := range all {
		if len(out) >= maxVariantsPerDocument {
			break
		}
		if !used[i] {
			out = append(out, m)
		}
	}
	if len(out) > maxVariantsPerDocument {
		out = out[:maxVariantsPerDocument]
	}
	sort.Slice(out, func(i, j int) bool { return out[i].depth < out[j].depth })
	return out
}

func nodeAt(n *yaml.Node, path []int) *yaml.Node {
	for _, i := range path {
		n = n.Content[i]
	}
	return n
}

func hasAliases(n *yaml.Node) bool {
	if n.Kind == yaml.AliasNode || n.Anchor != "" {
		return true
	}
	for _, c := range n.Content {
		if hasAliases(c) {
			return true
		}
	}
	return false
}

// toJSON writes a node tree as JSON text, keeping duplicate keys.
func toJSON(n *yaml.Node) string {
	switch n.Kind {
	case yaml.MappingNode:
		var parts []string
		for i := 0; i+1 < len(n.Content); i += 2 {
			k, _ := json.Marshal(n.Content[i].Value)
			parts = append(parts, string(k)+":"+toJSON(n.Content[i+1]))
		}
		return "{" + strings.Join(parts, ",") + "}"
	case yaml.SequenceNode:
		var parts []string
		for _, c := range n.Content {
			parts = append(parts, toJSON(c))
		}
		return "[" + strings.Join(parts, ",") + "]"
	}
	switch n.Tag {
	case "!!null":
		return "null"
	case "!!bool", "!!int", "!!float":
		var v interface{}
		if err := n.Decode(&v); err == nil {
			if b, err := json.Marshal(v); err == nil {
				return string(b)
			}
		}
	}
	b, _ := json.Marshal(n.Value)
	return string(b)
}
