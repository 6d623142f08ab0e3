package equivalence

import (
	"context"
	"fmt"
	"math/rand"
	"reflect"
	"slices"
	"sort"
	"strconv"
	"strings"

	structuralschema "k8s.io/apiextensions-apiserver/pkg/apiserver/schema"
	structuraldefaulting "k8s.io/apiextensions-apiserver/pkg/apiserver/schema/defaulting"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/util/validation/field"
)

// Candidates are the values MakeValid tries where a value is missing or wrong: strings for
// string fields, numbers for integer and number fields (enums are tried from the schema).
type Candidates struct {
	Strings []string
	Numbers []int64
}

// MakeValid edits obj (a typed object of a kind with a CRD, defaults applied) until the API
// server's create validation accepts it, the way a user fixes a manifest from the server's
// errors: for each error, the value at its path is removed when the schema allows (an optional
// field, a list item, a map entry), and otherwise replaced by a candidate (an enum value, a
// string, a number, an empty object) that makes the error go away. Errors reported at a value
// that must stay (a rule on a required object) remove one of its optional fields at random. It
// gives up after rounds rounds and reports whether obj ends valid. Only fields the server reports
// change, so what is valid in the random object stays as it was.
func (s *Schemas) MakeValid(ctx context.Context, obj runtime.Object, r *rand.Rand, c Candidates, rounds int) (bool, error) {
	gvk := obj.GetObjectKind().GroupVersionKind()
	k, ok := s.kinds[gvk]
	if !ok {
		return false, fmt.Errorf("no CRD for %v", gvk)
	}
	for range rounds {
		errs, err := s.Validate(ctx, gvk, obj, nil)
		if err != nil {
			return false, err
		}
		if len(errs) == 0 {
			return true, nil
		}
		u, err := s.unstructured(k, obj)
		if err != nil {
			return false, err
		}
		// Removals first, deepest and last items first so that the paths of the others hold;
		// then one search for a value, which validates the object for each candidate.
		sort.Slice(errs, func(i, j int) bool { return errs[i].Field > errs[j].Field })
		var search []*field.Error
		var removed []string
	errors:
		for _, e := range errs {
			path := parsePath(e.Field)
			if len(path) == 0 || e.Field == "<nil>" {
				continue // "some validation rules were not checked": follows from the others
			}
			if path[0] == "metadata" || path[0] == "apiVersion" || path[0] == "kind" {
				return false, nil // metadata is the harness's to get right
			}
			for _, p := range removed {
				if strings.HasPrefix(e.Field, p) {
					continue errors // gone with a value removed already
				}
			}
			switch {
			case removeAt(k, u, path, e, r):
				removed = append(removed, e.Field)
			case r.Intn(3) == 0:
				// A value that must stay, or is missing: drop what holds it, where allowed.
				if p, ok := removeAncestor(k, u, path); ok {
					removed = append(removed, p)
					continue
				}
				fallthrough
			case len(search) < 6:
				search = append(search, e)
			}
		}
		for _, e := range search {
			s.search(ctx, k, obj, u, parsePath(e.Field), e, r, c)
		}
		// What the server decodes: new values get the CRD's defaults. A value the schema allows
		// may not decode into the Go type (a string that is no metav1.Duration where the schema
		// has no pattern): the round is undone, and the next one draws other values.
		structuraldefaulting.Default(u, k.structural)
		before := obj.DeepCopyObject()
		if err := fromUnstructured(u, obj, gvk); err != nil {
			reflect.ValueOf(obj).Elem().Set(reflect.ValueOf(before).Elem())
		}
	}
	errs, err := s.Validate(ctx, gvk, obj, nil)
	return err == nil && len(errs) == 0, err
}

// fromUnstructured replaces obj's content with u's.
func fromUnstructured(u map[string]any, obj runtime.Object, gvk schema.GroupVersionKind) error {
	v := reflect.ValueOf(obj).Elem()
	v.Set(reflect.Zero(v.Type()))
	if err := runtime.DefaultUnstructuredConverter.FromUnstructured(u, obj); err != nil {
		return err
	}
	obj.GetObjectKind().SetGroupVersionKind(gvk)
	return nil
}

// removeAt fixes an error by removing the value at path when the schema allows it (an optional
// field, a list item, a map entry), or, for a rule on a value that must stay, one of that
// value's optional fields; it reports whether it removed anything.
func removeAt(k *schemaKind, u map[string]any, path []string, e *field.Error, r *rand.Rand) bool {
	parent, sc, last := walkPath(u, k.structural, path)
	if parent == nil || sc == nil {
		return false
	}
	switch p := parent.(type) {
	case []any:
		// Not the last item (a list that must not be empty would come back missing): the
		// search then completes it instead.
		i, _ := strconv.Atoi(last)
		if i < len(p) && len(p) > 1 {
			setAt(u, path[:len(path)-1], slices.Delete(slices.Clone(p), i, i+1))
			return true
		}
	case map[string]any:
		if e.Type == field.ErrorTypeRequired {
			return false
		}
		holder := holderSchema(k.structural, path)
		required := holder != nil && holder.ValueValidation != nil && slices.Contains(holder.ValueValidation.Required, last)
		v, present := p[last]
		if !present {
			return false
		}
		if !required {
			delete(p, last)
			return true
		}
		if m, ok := v.(map[string]any); ok {
			var optional []string
			for name := range m {
				if sc.ValueValidation == nil || !slices.Contains(sc.ValueValidation.Required, name) {
					optional = append(optional, name)
				}
			}
			slices.Sort(optional)
			if len(optional) > 0 {
				delete(m, optional[r.Intn(len(optional))])
				return true
			}
		}
	}
	return false
}

// removeAncestor removes the nearest value holding path that may go (a list item, an optional
// field), and returns its path.
func removeAncestor(k *schemaKind, u map[string]any, path []string) (string, bool) {
	// Not a top-level field (spec, status): they are structs in Go, which come back empty.
	for i := len(path) - 1; i >= 2; i-- {
		sub := path[:i]
		parent, _, last := walkPath(u, k.structural, sub)
		switch p := parent.(type) {
		case []any:
			// Not the last item: a list that must not be empty would come back missing.
			n, _ := strconv.Atoi(last)
			if n < len(p) && len(p) > 1 {
				setAt(u, sub[:len(sub)-1], slices.Delete(slices.Clone(p), n, n+1))
				return spell(sub), true
			}
		case map[string]any:
			holder := holderSchema(k.structural, sub)
			if _, ok := p[last]; ok && (holder == nil || holder.ValueValidation == nil || !slices.Contains(holder.ValueValidation.Required, last)) {
				delete(p, last)
				return spell(sub), true
			}
		}
	}
	return "", false
}

// spell writes steps back as a field path prefix (indexes as [i]).
func spell(steps []string) string {
	var b strings.Builder
	for i, st := range steps {
		if _, err := strconv.Atoi(st); err == nil && i > 0 {
			b.WriteString("[" + st + "]")
			continue
		}
		if i > 0 {
			b.WriteByte('.')
		}
		b.WriteString(st)
	}
	return b.String()
}

// maxTries bounds the candidates search tries for one value.
const maxTries = 8

// search sets the value at path to the first of a few candidates that makes the error at path
// go away.
func (s *Schemas) search(ctx context.Context, k *schemaKind, obj runtime.Object, u map[string]any, path []string, e *field.Error, r *rand.Rand, c Candidates) {
	parent, sc, last := walkPath(u, k.structural, path)
	if sc == nil {
		return
	}
	if l, ok := parent.([]any); ok {
		// A rule on a list item: complete the item with one of its absent fields.
		i, _ := strconv.Atoi(last)
		if m, ok := l[i].(map[string]any); ok {
			s.complete(ctx, k, obj, u, m, sc, e, r, c)
		}
		return
	}
	p, ok := parent.(map[string]any)
	if !ok {
		return
	}
	if m, ok := p[last].(map[string]any); ok && e.Type != field.ErrorTypeRequired {
		s.complete(ctx, k, obj, u, m, sc, e, r, c)
		return
	}
	cands := candidates(sc, r, c)
	if len(cands) > maxTries {
		cands = cands[:maxTries]
	}
	for _, cand := range cands {
		p[last] = cand
		errs, err := s.validateUnstructured(ctx, k, obj, u)
		if err == nil && !reportsAt(errs, e.Field) {
			return
		}
	}
}

// complete sets one absent field of the object m (schema sc) to a candidate that makes the
// error e go away: a rule such as "port is required for a Service" is met by adding a field.
func (s *Schemas) complete(ctx context.Context, k *schemaKind, obj runtime.Object, u map[string]any, m map[string]any, sc *structuralschema.Structural, e *field.Error, r *rand.Rand, c Candidates) {
	var absent []string
	for name := range sc.Properties {
		if _, ok := m[name]; !ok {
			absent = append(absent, name)
		}
	}
	slices.Sort(absent)
	tries := 0
	for _, i := range r.Perm(len(absent)) {
		name := absent[i]
		prop := sc.Properties[name]
		cands := candidates(&prop, r, c)
		for _, cand := range cands[:min(2, len(cands))] {
			if tries++; tries > 2*maxTries {
				delete(m, name)
				return
			}
			m[name] = cand
			errs, err := s.validateUnstructured(ctx, k, obj, u)
			if err == nil && !reportsAt(errs, e.Field) {
				return
			}
		}
		delete(m, name)
	}
}

// validateUnstructured validates u as the server would validate obj after the edit.
func (s *Schemas) validateUnstructured(ctx context.Context, k *schemaKind, obj runtime.Object, u map[string]any) (field.ErrorList, error) {
	cp := obj.DeepCopyObject()
	d := runtime.DeepCopyJSON(u)
	structuraldefaulting.Default(d, k.structural)
	if err := fromUnstructured(d, cp, k.gvk); err != nil {
		return nil, err
	}
	return s.Validate(ctx, k.gvk, cp, nil)
}

// reportsAt reports whether errs has an error at path itself (errors below it are for later
// rounds: a list given one empty item is then missing the item's required fields).
func reportsAt(errs field.ErrorList, path string) bool {
	for _, e := range errs {
		if e.Field == path {
			return true
		}
	}
	return false
}

// parsePath splits a field path ("spec.rules[0].matches", "spec.labels[a.b]") into steps.
func parsePath(p string) []string {
	var out []string
	var b strings.Builder
	depth := 0
	flush := func() {
		if b.Len() > 0 {
			out = append(out, b.String())
			b.Reset()
		}
	}
	for _, ch := range p {
		switch {
		case ch == '[' && depth == 0:
			flush()
			depth++
		case ch == ']' && depth == 1:
			depth--
			out = append(out, b.String())
			b.Reset()
		case ch == '.' && depth == 0:
			flush()
		default:
			b.WriteRune(ch)
		}
	}
	flush()
	return out
}

// walkPath follows path in u and its schema: the container holding the last step, the schema of
// the value at path, and the last step.
func walkPath(u map[string]any, sc *structuralschema.Structural, path []string) (any, *structuralschema.Structural, string) {
	var cur any = u
	for i, step := range path {
		last := i == len(path)-1
		switch c := cur.(type) {
		case map[string]any:
			next := childSchema(sc, step)
			if last {
				return c, next, step
			}
			cur, sc = c[step], next
		case []any:
			n, err := strconv.Atoi(step)
			if err != nil || n >= len(c) || sc == nil {
				return nil, nil, ""
			}
			if last {
				return c, sc.Items, step
			}
			cur, sc = c[n], sc.Items
		default:
			return nil, nil, ""
		}
		if sc == nil {
			return nil, nil, ""
		}
	}
	return nil, nil, ""
}

func childSchema(sc *structuralschema.Structural, name string) *structuralschema.Structural {
	if sc == nil {
		return nil
	}
	if p, ok := sc.Properties[name]; ok {
		return &p
	}
	if sc.AdditionalProperties != nil {
		return sc.AdditionalProperties.Structural
	}
	return nil
}

// holderSchema is the schema of the object holding the value at path.
func holderSchema(sc *structuralschema.Structural, path []string) *structuralschema.Structural {
	for _, step := range path[:len(path)-1] {
		if sc == nil {
			return nil
		}
		if _, err := strconv.Atoi(step); err == nil && sc.Items != nil && sc.Properties == nil {
			sc = sc.Items
			continue
		}
		sc = childSchema(sc, step)
	}
	return sc
}

// setAt replaces the value at path in u.
func setAt(u map[string]any, path []string, v any) {
	if len(path) == 0 {
		return
	}
	parent, _, last := walkLoose(u, path)
	switch p := parent.(type) {
	case map[string]any:
		p[last] = v
	case []any:
		if i, err := strconv.Atoi(last); err == nil && i < len(p) {
			p[i] = v
		}
	}
}

// walkLoose is walkPath without schemas.
func walkLoose(u map[string]any, path []string) (any, any, string) {
	var cur any = u
	for i, step := range path {
		if i == len(path)-1 {
			return cur, nil, step
		}
		switch c := cur.(type) {
		case map[string]any:
			cur = c[step]
		case []any:
			n, err := strconv.Atoi(step)
			if err != nil || n >= len(c) {
				return nil, nil, ""
			}
			cur = c[n]
		default:
			return nil, nil, ""
		}
	}
	return nil, nil, ""
}
