package equivalence

import (
	"strconv"
	"strings"

	structuralschema "k8s.io/apiextensions-apiserver/pkg/apiserver/schema"
	"k8s.io/apimachinery/pkg/util/validation/field"
)

// How the server's OpenAPI value validation spells a field path, and how the harness respells it as
// handwritten validation does.

// segment is one step of a field path: a property, or a key or index in brackets.
type segment struct {
	name    string
	bracket bool
}

// segments splits a field path string ("spec.notes.door", "spec.items[0].name", "x[a.b]").
func segments(path string) []segment {
	var out []segment
	for i := 0; i < len(path); {
		switch path[i] {
		case '.':
			i++
			if i == len(path) || path[i] == '.' || path[i] == '[' {
				// An empty segment: the server spells a map's "" key so (spec.notes.).
				out = append(out, segment{})
			}
		case '[':
			j := strings.IndexByte(path[i:], ']')
			if j < 0 {
				out = append(out, segment{name: path[i:]})
				return out
			}
			out = append(out, segment{name: path[i+1 : i+j], bracket: true})
			i += j + 1
		default:
			j := strings.IndexAny(path[i:], ".[")
			if j < 0 {
				j = len(path) - i
			}
			out = append(out, segment{name: path[i : i+j]})
			i += j
		}
	}
	return out
}

func isMap(s *structuralschema.Structural) bool {
	return s != nil && len(s.Properties) == 0 && s.AdditionalProperties != nil && s.AdditionalProperties.Structural != nil
}

// respell rewrites a path as handwritten validation spells it: map keys and list indices in
// brackets. Segments the schema does not know are kept as they are.
func respell(path string, root *structuralschema.Structural) string {
	if path == "" || path == "<nil>" {
		return path
	}
	segs := segments(path)
	var p *field.Path
	s := root
	for i := 0; i < len(segs); i++ {
		seg := segs[i]
		switch {
		case s == nil:
			if seg.bracket {
				p = p.Key(seg.name)
			} else {
				p = p.Child(seg.name)
			}
		case seg.bracket && s.Items != nil:
			if n, err := strconv.Atoi(seg.name); err == nil {
				p = p.Index(n)
			} else {
				p = p.Key(seg.name)
			}
			s = s.Items
		case seg.bracket && isMap(s):
			p = p.Key(seg.name)
			s = s.AdditionalProperties.Structural
		case seg.bracket:
			p = p.Key(seg.name)
			s = nil
		case s.Properties != nil && hasProp(s, seg.name):
			prop := s.Properties[seg.name]
			p = p.Child(seg.name)
			s = &prop
		case isMap(s):
			// A key may contain dots: take the fewest segments after which the rest of the path
			// fits the value schema (a scalar value takes them all).
			val := s.AdditionalProperties.Structural
			k := i + 1
			for ; k < len(segs) && !fits(segs[k:], val); k++ {
			}
			names := make([]string, 0, k-i)
			for _, sg := range segs[i:k] {
				names = append(names, sg.name)
			}
			p = p.Key(strings.Join(names, "."))
			s = val
			i = k - 1
		case s.Items != nil:
			if n, err := strconv.Atoi(seg.name); err == nil {
				p = p.Index(n)
				s = s.Items
				continue
			}
			p = p.Child(seg.name)
			s = nil
		default:
			p = p.Child(seg.name)
			s = nil
		}
	}
	return p.String()
}

func hasProp(s *structuralschema.Structural, name string) bool {
	if s == nil {
		return false
	}
	_, ok := s.Properties[name]
	return ok
}

// fits reports whether segs can spell the rest of a path below a value of schema s: a property of
// an object, an index of a list, a key of a map (which may take several segments: a map of maps'
// keys with dots are split at the first place where the rest fits), each followed by a rest that
// fits in turn; any rest below a value whose schema is unknown or preserves unknown fields.
func fits(segs []segment, s *structuralschema.Structural) bool {
	switch {
	case len(segs) == 0 || s == nil || s.XPreserveUnknownFields:
		return true
	case s.Items != nil:
		_, err := strconv.Atoi(segs[0].name)
		return err == nil && fits(segs[1:], s.Items)
	case isMap(s):
		if segs[0].bracket {
			return fits(segs[1:], s.AdditionalProperties.Structural)
		}
		for k := 1; k <= len(segs); k++ {
			if fits(segs[k:], s.AdditionalProperties.Structural) {
				return true
			}
		}
		return false
	case !segs[0].bracket && hasProp(s, segs[0].name):
		prop := s.Properties[segs[0].name]
		return fits(segs[1:], &prop)
	}
	return false
}

// serverSpelling is a field path as the server's OpenAPI validation spells it: map keys (and list
// indexes) as segments, whatever the brackets (spec.notes[a.b].c is spec.notes.a.b.c). Two paths
// with the same spelling here are the same path to the server, whose spelling cannot tell where
// a key with dots ends.
func serverSpelling(path string) string {
	var b strings.Builder
	for i, sg := range segments(path) {
		if i > 0 {
			b.WriteByte('.')
		}
		b.WriteString(sg.name)
	}
	return b.String()
}
