package manifest

import (
	"regexp"
	"strconv"
	"strings"

	yaml "go.yaml.in/yaml/v3"
)

// locator maps the server's field paths back to nodes of a document's text. It parses the text
// (YAML or JSON, both read as YAML here, for the positions only) the first time it is asked, so
// that a valid document costs nothing.
type locator struct {
	data []byte
	// line is the 1-based line of the file where data starts.
	line   int
	parsed bool
	root   *yaml.Node // the document's top node, nil if the text does not parse
}

func newLocator(data []byte, line int) *locator { return &locator{data: data, line: line} }

// sub is a locator for a node inside this one (a List's item), sharing the parse.
func (l *locator) sub(n *yaml.Node) *locator {
	return &locator{line: l.line, parsed: true, root: n}
}

func (l *locator) top() *yaml.Node {
	if !l.parsed {
		l.parsed = true
		var doc yaml.Node
		if err := yaml.Unmarshal(l.data, &doc); err == nil && len(doc.Content) > 0 {
			l.root = doc.Content[0]
		}
	}
	return l.root
}

// start is the position of the document itself.
func (l *locator) start() Position {
	if n := l.top(); n != nil {
		return l.pos(n)
	}
	return Position{Line: l.line, Column: 1}
}

func (l *locator) pos(n *yaml.Node) Position {
	return Position{Line: l.line + n.Line - 1, Column: n.Column}
}

// find returns the position of the node at the server's field path (field.Path.String(): "a.b",
// "a[0]", "a[key]"), or of the nearest enclosing node that exists (a missing or defaulted field
// is reported where its parent is). A field named in a mapping is at its key. Where a key is
// given twice, the last one is the one the server read.
func (l *locator) find(path string) Position {
	at, key := l.resolve(path)
	switch {
	case key != nil:
		return l.pos(key)
	case at != nil:
		return l.pos(at)
	}
	return Position{Line: l.line, Column: 1}
}

// resolve walks a field path as far as the document goes: the node reached and, when it is a
// mapping's value, its key.
func (l *locator) resolve(path string) (at, key *yaml.Node) {
	at = l.top()
	if at == nil {
		return nil, nil
	}
	rest := strings.TrimPrefix(path, "<nil>")
	for rest != "" {
		v := deref(at)
		if strings.HasPrefix(rest, "[") {
			end := strings.IndexByte(rest, ']')
			if end < 0 {
				break
			}
			seg := rest[1:end]
			var next, nextKey *yaml.Node
			switch v.Kind {
			case yaml.SequenceNode:
				if i, err := strconv.Atoi(seg); err == nil && i >= 0 && i < len(v.Content) {
					next = v.Content[i]
				}
			case yaml.MappingNode:
				nextKey, next = lookup(v, seg)
			}
			if next == nil {
				break
			}
			at, key, rest = next, nextKey, rest[end+1:]
			continue
		}
		rest = strings.TrimPrefix(rest, ".")
		if v.Kind != yaml.MappingNode {
			break
		}
		// The longest key that the path continues with: map keys may hold dots.
		var best, bestKey *yaml.Node
		bestLen := -1
		forEachKey(v, func(k, val *yaml.Node) {
			s := k.Value
			if len(s) < bestLen || !strings.HasPrefix(rest, s) {
				return
			}
			if len(rest) == len(s) || rest[len(s)] == '.' || rest[len(s)] == '[' {
				best, bestKey, bestLen = val, k, len(s)
			}
		})
		if best == nil {
			break
		}
		at, key, rest = best, bestKey, rest[bestLen:]
	}
	return at, key
}

// keys returns the positions of the keys named name in the mapping at parentPath (a duplicated
// field's occurrences), in document order; nil if that mapping is not in the document.
func (l *locator) keys(parentPath, name string) []Position {
	parent, _ := l.resolve(parentPath)
	if parent = deref(parent); parent == nil || parent.Kind != yaml.MappingNode {
		return nil
	}
	var out []Position
	for i := 0; i+1 < len(parent.Content); i += 2 {
		if parent.Content[i].Value == name {
			out = append(out, l.pos(parent.Content[i]))
		}
	}
	return out
}

var yamlDupLine = regexp.MustCompile(`^line (\d+): key "(.*)" already set in map$`)

// yamlDuplicate reads one line of a YAML strict decoding error ("line N: key "k" already set in
// map", N relative to the document): the duplicate key's field path and position, and the
// positions of its earlier occurrences in the same mapping.
func (l *locator) yamlDuplicate(msg string) (detail, path string, at Position, first []Position, ok bool) {
	m := yamlDupLine.FindStringSubmatch(strings.TrimSpace(msg))
	if m == nil {
		return "", "", Position{}, nil, false
	}
	line, _ := strconv.Atoi(m[1])
	name := m[2]
	detail = `key "` + name + `" already set in map`
	at = Position{Line: l.line + line - 1, Column: 1}
	top := l.top()
	if top == nil {
		return detail, name, at, nil, true
	}
	var walk func(n *yaml.Node, p string) bool
	walk = func(n *yaml.Node, p string) bool {
		switch n.Kind {
		case yaml.MappingNode:
			var seen []*yaml.Node
			for i := 0; i+1 < len(n.Content); i += 2 {
				k := n.Content[i]
				if k.Value == name {
					if k.Line == line && len(seen) > 0 {
						at, path = l.pos(k), joinPath(p, name)
						for _, s := range seen {
							first = append(first, l.pos(s))
						}
						return true
					}
					seen = append(seen, k)
				}
				if walk(n.Content[i+1], joinPath(p, k.Value)) {
					return true
				}
			}
		case yaml.SequenceNode:
			for i, c := range n.Content {
				if walk(c, p+"["+strconv.Itoa(i)+"]") {
					return true
				}
			}
		}
		return false
	}
	if !walk(top, "") {
		path = name
	}
	return detail, path, at, first, true
}

func joinPath(p, name string) string {
	if p == "" {
		return name
	}
	return p + "." + name
}

// deref follows an alias to its anchor.
func deref(n *yaml.Node) *yaml.Node {
	for n != nil && n.Kind == yaml.AliasNode {
		n = n.Alias
	}
	return n
}

// lookup finds a key of a mapping: the last one given, else one brought in by a merge key.
func lookup(m *yaml.Node, name string) (key, val *yaml.Node) {
	forEachKey(m, func(k, v *yaml.Node) {
		if k.Value == name {
			key, val = k, v
		}
	})
	return key, val
}

// forEachKey calls f for each key of a mapping as the YAML 1.1 merge rules read it: the keys that
// merge keys ("<<") bring in, then the mapping's own, so that the last call for a name wins.
func forEachKey(m *yaml.Node, f func(k, v *yaml.Node)) {
	m = deref(m)
	if m == nil || m.Kind != yaml.MappingNode {
		return
	}
	for i := 0; i+1 < len(m.Content); i += 2 {
		if k := m.Content[i]; k.Value == "<<" && k.Tag != "!!str" {
			v := deref(m.Content[i+1])
			if v.Kind == yaml.SequenceNode {
				for j := len(v.Content) - 1; j >= 0; j-- {
					forEachKey(v.Content[j], f)
				}
			} else {
				forEachKey(v, f)
			}
		}
	}
	for i := 0; i+1 < len(m.Content); i += 2 {
		if k := m.Content[i]; k.Value != "<<" || k.Tag == "!!str" {
			f(k, m.Content[i+1])
		}
	}
}
