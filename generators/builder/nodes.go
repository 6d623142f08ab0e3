package builder

import (
	"go/token"
	"go/types"
	"path/filepath"
	"reflect"

	"github.com/validation-gen/validation-gen/model"
	"k8s.io/kube-openapi/pkg/common"
)

// valueNode builds the node for a value of Go type t declared at a place (a field) whose own tags
// are in place. Tags accumulate along the alias / named-type chain until a type with its own
// definition, which is referenced instead.
func (b *builder) valueNode(t types.Type, place *model.Validations, pos token.Position) *model.Node {
	n := b.valueNodeChain(t, place, pos, true)
	if place != nil && place.Opaque != nil && n.Ref == nil {
		// +k8s:opaqueType on a value without a definition: Go checks only the place's own tags.
		if own := b.valueNodeChain(t, place, pos, false); !reflect.DeepEqual(own.V, n.V) {
			n.Opaque = own
		}
	}
	return n
}

// valueNodeChain is valueNode; without withTags, the tags of the alias and named types along the way
// are left out (+k8s:opaqueType).
func (b *builder) valueNodeChain(t types.Type, place *model.Validations, pos token.Position, withTags bool) *model.Node {
	n := &model.Node{GoType: t, Pos: pos}
	var pieces []*model.Validations
	if place != nil {
		pieces = append(pieces, place)
	}
	var enumType *types.TypeName
	var chain []*types.TypeName // the named types walked through, in b.inChain while their elements are built
	cycle := false              // the value is of a struct whose fields are being built
walk:
	for {
		switch x := t.(type) {
		case *types.Pointer:
			if n.Pointer {
				// JSON has one null; a second pointer level has no meaning there, and neither
				// the schema nor the generated validators could tell its nil from the first.
				b.diags.Add(pos, "", "pointer to pointer (%s) is not supported; use one pointer", typeString(n.GoType))
				n.Kind = model.KindAny
				break walk
			}
			n.Pointer = true
			t = x.Elem()
		case *types.Alias:
			if d := b.decl(x.Obj()); withTags {
				pieces = append(pieces, &d.v)
				if d.v.Enum != nil {
					enumType = x.Obj()
				}
			}
			t = x.Rhs()
		case *types.Named:
			if def := b.definition(x.Obj()); def != nil {
				delete(b.embeddedOnly, x.Obj())
				n.Ref = def
				n.Kind = def.Node.Kind
				cycle = b.building[x.Obj()]
				break walk
			}
			if b.inChain[x.Obj()] {
				// type Tree []Tree: its schema would be infinite, and only a struct can be a
				// definition that refers to itself.
				b.diags.Add(b.prog.Fset.Position(x.Obj().Pos()), "", "type %s contains itself through lists or maps only; "+
					"neither its schema nor its validators can be written: put a struct in the cycle", x.Obj().Name())
				n.Kind = model.KindAny
				break walk
			}
			b.inChain[x.Obj()] = true
			chain = append(chain, x.Obj())
			if d := b.decl(x.Obj()); withTags {
				pieces = append(pieces, &d.v)
				pieces = append(pieces, b.kubebuilderBases(x.Obj())...)
				if d.v.Enum != nil {
					enumType = x.Obj()
				}
			}
			if td := b.prog.TypeDecl(x.Obj()); td != nil && n.TypeDoc == "" {
				n.TypeDoc = controllerGenDoc(td.Doc)
			}
			t = x.Underlying()
		case *types.Basic:
			typ, format := common.OpenAPITypeFormat(x.Name())
			n.Kind = b.kindOf(x)
			n.Format = format
			if typ == "" {
				b.diags.Add(pos, "", "type %s has no OpenAPI representation", x.Name())
			}
			break walk
		case *types.Slice:
			if isByte(x.Elem()) {
				n.Kind, n.Format = model.KindString, "byte"
				break walk
			}
			n.Kind = model.KindList
			n.Items = b.valueNode(x.Elem(), each(pieces, false), pos)
			break walk
		case *types.Array:
			n.Kind = model.KindList
			n.Items = b.valueNode(x.Elem(), each(pieces, false), pos)
			break walk
		case *types.Map:
			if b.kindOf(x.Key()) != model.KindString {
				b.diags.Add(pos, "", "map key type %s is not a string; JSON objects have string keys", typeString(x.Key()))
			}
			n.Kind = model.KindMap
			n.Values = b.valueNode(x.Elem(), each(pieces, false), pos)
			if keys := each(pieces, true); keys != nil || b.upstreamNamed(x.Key()) {
				// Keys are checked by +k8s:eachKey, and, as upstream checks them, by the
				// validations of a named key type of a package with upstream's semantics.
				n.Keys = b.valueNode(x.Key(), keys, pos)
			}
			break walk
		case *types.Struct:
			n.Kind = model.KindObject
			n.Properties = b.properties(x, nil)
			if len(chain) == 0 && tagged(n.Properties) {
				// An anonymous struct type (struct{...} as a field's type, behind a pointer, as a
				// list's items or a map's values). controller-gen refuses it ("non-top-level
				// struct"); its fields' tags are published here, but the generated validators
				// check named types only.
				b.diags.Warn(pos, "", "an anonymous struct type whose fields carry tags: the schema publishes them, "+
					"but the generated Go validators do not check them (and controller-gen refuses anonymous structs); "+
					"declare a named type for it")
			}
			break walk
		case *types.Interface:
			n.Kind = model.KindAny
			break walk
		default:
			b.diags.Add(pos, "", "type %s has no OpenAPI representation", typeString(t))
			n.Kind = model.KindAny
			break walk
		}
	}
	for _, tn := range chain {
		delete(b.inChain, tn)
	}
	n.V = model.MergeValidations(pieces, &b.diags)
	if place != nil && len(pieces) > 1 {
		tv := model.MergeValidations(pieces[1:], nil)
		n.PlaceV, n.TypeV = place, &tv
	}
	if n.Kind == model.KindList && (n.V.ListType == nil || n.V.ListType.Value != "map") {
		b.uncorrelatedItems(n.Items)
	}
	b.chainedNodes(&n.V)
	if n.V.Enum != nil && enumType != nil {
		n.Enum = b.enumValues(enumType)
	}
	b.kubebuilderNode(n)
	b.openAPIMarkerNode(n)
	schemaStop(n, cycle)
	return n
}

// upstreamNamed reports whether t is a named type (or an alias of one) declared in a package with
// upstream validation-gen's semantics.
func (b *builder) upstreamNamed(t types.Type) bool {
	n, ok := types.Unalias(t).(*types.Named)
	return ok && n.Obj().Pkg() != nil && b.upstream(n.Obj().Pkg().Path())
}

// uncorrelatedItems leaves out of the schema the +k8s:immutable of the items of a set or atomic
// list in a package with upstream's semantics: the API server cannot correlate such items with
// old ones, so a transition rule cannot run there, but upstream's Go check (validate.Immutable for
// every item without an equal old one) can, and the Go validators make it. Elsewhere such a rule
// stays, and the check stage reports it.
func (b *builder) uncorrelatedItems(item *model.Node) {
	if item == nil || item.V.Immutable == nil || !b.upstreamAt(item.V.Immutable.Pos) {
		return
	}
	var rules []model.Rule
	for _, r := range item.V.Rules {
		if r.Tag != "immutable" {
			rules = append(rules, r)
		}
	}
	item.V.Rules = rules
}

// upstreamAt reports whether a tag at pos is in a package with upstream's semantics.
func (b *builder) upstreamAt(pos token.Position) bool {
	dir := filepath.Dir(pos.Filename)
	for _, p := range b.pkgs {
		if p.Dir == dir {
			return p.UpstreamSemantics()
		}
	}
	return false
}

// chainedNodes builds the nodes of the values that +k8s:subfield and +k8s:item select, from the
// validations their chained tags declared.
func (b *builder) chainedNodes(v *model.Validations) {
	for _, sf := range v.Subfields {
		if sf.Node == nil {
			sf.Node = b.payloadNode(sf.GoType, sf.V, sf.Origin)
		}
	}
	for _, it := range v.ItemSelectors {
		if it.Node == nil {
			it.Node = b.payloadNode(it.GoType, it.V, it.Origin)
		}
	}
	for _, m := range v.IfModes {
		if m.Node == nil {
			// Only the payload's own checks: what the field's type declares is checked with the
			// field, in every mode.
			n := b.valueNode(m.GoType, m.V, m.Pos)
			n.V, n.Ref = *m.V, nil
			if m.V.Enum == nil {
				n.Enum = nil
			}
			m.Node = n
		}
	}
}

// payloadNode is the node of a value that +k8s:subfield or +k8s:item selects: its chained tags
// only. What the value's type declares is checked where the value is (the struct's field, the
// list's item); checking it again from the tag would report each of its errors twice. Upstream's
// validation-gen, too, extracts the chained tags alone.
func (b *builder) payloadNode(t types.Type, v *model.Validations, o model.Origin) *model.Node {
	n := b.valueNodeChain(t, v, o.Pos, false)
	if n.V.Opaque == nil {
		n.V.Opaque = &model.Flag{Origin: o}
	}
	return n
}

// each collects what +k8s:eachVal (or, with keys, +k8s:eachKey) declares along a chain for the
// elements of its list or map; nil when nothing does.
func each(pieces []*model.Validations, keys bool) *model.Validations {
	var out []*model.Validations
	for _, p := range pieces {
		e := p.EachVal
		if keys {
			e = p.EachKey
		}
		if e != nil {
			out = append(out, e)
		}
	}
	if len(out) == 0 {
		return nil
	}
	m := model.MergeValidations(out, nil)
	return &m
}

func typeString(t types.Type) string {
	return types.TypeString(t, func(p *types.Package) string { return p.Name() })
}

// implicitDefault mirrors openapi-gen: non-pointer structs default to {}, and non-omitempty
// scalars to their zero value, unless the type unmarshals itself.
func (b *builder) implicitDefault(t types.Type, omitEmpty bool) any {
	for {
		if customUnmarshal(t) {
			return nil
		}
		switch x := t.(type) {
		case *types.Alias:
			t = x.Rhs()
			continue
		case *types.Named:
			if st, ok := x.Underlying().(*types.Struct); ok {
				if st.NumFields() == 1 && st.Field(0).Embedded() {
					t = st.Field(0).Type()
					continue
				}
				return map[string]any{}
			}
			t = x.Underlying()
			continue
		case *types.Struct:
			return map[string]any{}
		case *types.Basic:
			if omitEmpty {
				return nil
			}
			z, _ := common.OpenAPIZeroValue(x.Name())
			return z
		}
		return nil
	}
}

func customUnmarshal(t types.Type) bool {
	t = types.Unalias(t)
	if _, ok := t.(*types.Pointer); ok {
		ms := types.NewMethodSet(t)
		sel := ms.Lookup(nil, "UnmarshalJSON")
		return sel != nil && ptrRecv(sel.Obj().(*types.Func))
	}
	if n, ok := t.(*types.Named); ok {
		if _, isStruct := n.Underlying().(*types.Struct); !isStruct {
			return false
		}
		ms := types.NewMethodSet(types.NewPointer(n))
		return ms.Lookup(nil, "UnmarshalJSON") != nil
	}
	return false
}

func ptrRecv(f *types.Func) bool {
	sig := f.Type().(*types.Signature)
	if sig.Recv() == nil {
		return false
	}
	_, ok := types.Unalias(sig.Recv().Type()).(*types.Pointer)
	return ok
}

// tagged reports whether the fields of an anonymous struct, or anything inside them short of a
// named struct type, carry tags (a required field included).
func tagged(props []*model.Property) bool {
	var node func(n *model.Node) bool
	node = func(n *model.Node) bool {
		if n == nil {
			return false
		}
		if !reflect.ValueOf(n.V).IsZero() || len(n.Enum) > 0 {
			return true
		}
		if n.Ref != nil {
			return false
		}
		return node(n.Items) || node(n.Values) || node(n.Keys) || tagged(n.Properties)
	}
	for _, p := range props {
		if p.Required || node(p.Node) {
			return true
		}
	}
	return false
}
