package lint

import (
	"fmt"
	"go/token"
	"os"
	"strings"

	"go.yaml.in/yaml/v3"
)

// FileName is the exceptions file looked for next to a group: in the directory that holds the
// group's version packages.
const FileName = "validation-exceptions.yaml"

// Exceptions is one exceptions file:
//
//	exceptions:
//	- kind: WorkerPool            # the kind (group: optional, when two groups share a kind name)
//	  versions: [v1beta1, v1]     # the two served versions that differ (adjacent in priority order)
//	  path: spec.capacityWeight   # the field path, as validation-gen diff spells it
//	  what: field                 # the keyword: field, maxLength, rule, required, ... ("*": any)
//	  rule: self.x > 0            # with what: rule, the rule's text on either side (optional)
//	  reason: new in v1; v1beta1 is frozen
//	  owner: "@workloads-api-reviewers"
//	renames:
//	- kind: WorkerPool
//	  paths: {v1beta1: spec.size, v1: spec.replicas}   # the same field under two names
//	  reason: renamed in v1
//	  owner: "@workloads-api-reviewers"
//
// Every entry needs a reason and an owner; an entry that matches nothing is stale, an error.
type Exceptions struct {
	Path       string
	Exceptions []Exception
	Renames    []Rename
}

// Exception allows one difference between two versions of a kind.
type Exception struct {
	Group    string         `yaml:"group"`
	Kind     string         `yaml:"kind"`
	Versions []string       `yaml:"versions"`
	Path     string         `yaml:"path"`
	What     string         `yaml:"what"`
	Rule     string         `yaml:"rule"`
	Reason   string         `yaml:"reason"`
	Owner    string         `yaml:"owner"`
	Pos      token.Position `yaml:"-"`
	used     bool
}

// Rename says that a field has another path in another version.
type Rename struct {
	Group  string            `yaml:"group"`
	Kind   string            `yaml:"kind"`
	Paths  map[string]string `yaml:"paths"`
	Reason string            `yaml:"reason"`
	Owner  string            `yaml:"owner"`
	Pos    token.Position    `yaml:"-"`
	used   bool
}

// ReadExceptions reads and checks an exceptions file. Problems are returned positioned.
func ReadExceptions(path string) (*Exceptions, []Finding, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, nil, err
	}
	var root yaml.Node
	if err := yaml.Unmarshal(data, &root); err != nil {
		return nil, []Finding{{Pos: token.Position{Filename: path, Line: 1, Column: 1}, Msg: "not YAML: " + err.Error()}}, nil
	}
	x := &Exceptions{Path: path}
	var problems []Finding
	at := func(n *yaml.Node) token.Position {
		return token.Position{Filename: path, Line: n.Line, Column: n.Column}
	}
	if len(root.Content) == 0 {
		return x, nil, nil
	}
	doc := root.Content[0]
	if doc.Kind != yaml.MappingNode {
		return nil, []Finding{{Pos: at(doc), Msg: "want a mapping with exceptions: and renames:"}}, nil
	}
	for i := 0; i+1 < len(doc.Content); i += 2 {
		key, val := doc.Content[i], doc.Content[i+1]
		switch key.Value {
		case "exceptions", "renames":
			if val.Kind != yaml.SequenceNode {
				problems = append(problems, Finding{Pos: at(val), Msg: key.Value + ": want a list"})
				continue
			}
			for _, item := range val.Content {
				var err error
				if key.Value == "exceptions" {
					var e Exception
					if err = decodeStrict(item, &e); err == nil {
						e.Pos = at(item)
						problems = append(problems, e.check()...)
						x.Exceptions = append(x.Exceptions, e)
					}
				} else {
					var r Rename
					if err = decodeStrict(item, &r); err == nil {
						r.Pos = at(item)
						problems = append(problems, r.check()...)
						x.Renames = append(x.Renames, r)
					}
				}
				if err != nil {
					problems = append(problems, Finding{Pos: at(item), Msg: err.Error()})
				}
			}
		default:
			problems = append(problems, Finding{Pos: at(key), Msg: fmt.Sprintf("unknown key %q: want exceptions or renames", key.Value)})
		}
	}
	return x, problems, nil
}

// decodeStrict decodes a mapping into v, refusing keys v does not have (a misspelt key would
// otherwise widen or narrow an entry silently).
func decodeStrict(n *yaml.Node, v any) error {
	if n.Kind != yaml.MappingNode {
		return fmt.Errorf("want a mapping")
	}
	known := map[string]bool{}
	switch v.(type) {
	case *Exception:
		for _, k := range []string{"group", "kind", "versions", "path", "what", "rule", "reason", "owner"} {
			known[k] = true
		}
	case *Rename:
		for _, k := range []string{"group", "kind", "paths", "reason", "owner"} {
			known[k] = true
		}
	}
	for i := 0; i+1 < len(n.Content); i += 2 {
		if k := n.Content[i].Value; !known[k] {
			return fmt.Errorf("unknown key %q", k)
		}
	}
	return n.Decode(v)
}

func (e *Exception) check() []Finding {
	var missing []string
	for _, f := range []struct{ name, v string }{{"kind", e.Kind}, {"path", e.Path}, {"what", e.What}, {"reason", e.Reason}, {"owner", e.Owner}} {
		if strings.TrimSpace(f.v) == "" {
			missing = append(missing, f.name)
		}
	}
	if len(e.Versions) != 2 {
		missing = append(missing, "versions (two)")
	}
	if len(missing) > 0 {
		return []Finding{{Pos: e.Pos, Msg: "exception without " + strings.Join(missing, ", ")}}
	}
	return nil
}

func (r *Rename) check() []Finding {
	var missing []string
	for _, f := range []struct{ name, v string }{{"kind", r.Kind}, {"reason", r.Reason}, {"owner", r.Owner}} {
		if strings.TrimSpace(f.v) == "" {
			missing = append(missing, f.name)
		}
	}
	if len(r.Paths) != 2 {
		missing = append(missing, "paths (two versions)")
	}
	if len(missing) > 0 {
		return []Finding{{Pos: r.Pos, Msg: "rename without " + strings.Join(missing, ", ")}}
	}
	return nil
}

func sameVersions(a []string, v1, v2 string) bool {
	return len(a) == 2 && (a[0] == v1 && a[1] == v2 || a[0] == v2 && a[1] == v1)
}
