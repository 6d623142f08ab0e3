package builder

import (
	"go/types"
	"reflect"
	"strings"

	"github.com/validation-gen/validation-gen/model"
	"github.com/validation-gen/validation-gen/tags"
)

// properties lists the JSON fields of a struct, with embedded inline structs flattened, resolving
// repeated JSON names as encoding/json does: the shallowest field wins, then the one whose name
// comes from a json tag. Where encoding/json would drop a field that carries validation, or drop
// every field of an ambiguous name, it is an error instead of a silent loss.
func (b *builder) properties(st *types.Struct, holder *model.Definition) []*model.Property {
	var all []jsonField
	saved := b.descent
	b.descent = map[*types.Struct]bool{st: true}
	b.fields(st, holder, 0, "", nil, "", false, &all)
	b.descent = saved
	byName := map[string][]int{}
	var order []string
	for i, f := range all {
		if _, ok := byName[f.prop.Name]; !ok {
			order = append(order, f.prop.Name)
		}
		byName[f.prop.Name] = append(byName[f.prop.Name], i)
	}
	var props []*model.Property
	for _, name := range order {
		idx := byName[name]
		win := idx[0]
		ambiguous := false
		for _, i := range idx[1:] {
			a, c := all[win], all[i]
			switch {
			case c.depth < a.depth || c.depth == a.depth && c.tagged && !a.tagged:
				win, ambiguous = i, false
			case c.depth == a.depth && c.tagged == a.tagged:
				ambiguous = true
			}
		}
		if len(idx) > 1 {
			for _, i := range idx {
				f := all[i]
				var d model.Diagnostics
				switch {
				case ambiguous:
					d.Add(f.prop.Pos, "", "JSON name %q is also used by another field at the same depth; encoding/json would "+
						"drop them all: rename one (json tag)", name)
				case i != win && f.validates:
					d.Add(f.prop.Pos, "", "field %s is shadowed by the field at %s (JSON name %q), so encoding/json never "+
						"writes it and its tags would validate nothing", f.prop.GoName, model.ShortPos(all[win].prop.Pos), name)
				}
				if len(d) == 0 {
					continue
				}
				if holder == nil || f.prop.Promoted == "" {
					b.diags = append(b.diags, d...)
					continue
				}
				// In a package written for Kubernetes' validation-gen, the embedded struct's own
				// validator checks the field's Go value: a warning, not an error.
				w := d[0]
				w.Warning, w.Msg = true, w.Msg+" (in the JSON; validators check its Go value, as Kubernetes' validation-gen does)"
				b.perSemantics = append(b.perSemantics, semanticDiag{holder: holder, diag: d, warn: model.Diagnostics{w}})
			}
		}
		if !ambiguous {
			props = append(props, all[win].prop)
		}
	}
	return props
}

// jsonField is a candidate JSON field of a struct, before repeated names are resolved.
type jsonField struct {
	prop      *model.Property
	depth     int  // of embedding
	tagged    bool // the JSON name comes from a json tag
	validates bool // it carries validation tags
}

// fields appends the candidate JSON fields of a struct, descending into inline embedded structs.
// prefix is the Go selector of the embedded struct being read ("" at the top, "A.B." below), via
// the embedded pointers on the way (see model.Property.Via), promoted the holder's embedded field
// they come through when it is one of the holder's Node.Embedded. owned is set below an embedded
// field whose type's own definition reports the tags of its embedded fields.
func (b *builder) fields(st *types.Struct, holder *model.Definition, depth int, prefix string, via []string, promoted string, owned bool, all *[]jsonField) {
	for i := 0; i < st.NumFields(); i++ {
		f := st.Field(i)
		tag := reflect.StructTag(st.Tag(i))
		jsonTag, hasJSON := tag.Lookup("json")
		name, opts, _ := strings.Cut(jsonTag, ",")
		fd := b.prog.FieldDecl(f)
		var raws []tags.Raw
		if fd != nil {
			raws = tags.Extract(b.prog.Lines(fd.Doc), tags.Multiline)
			b.trailingTags(fd)
		}
		if jsonTag == "-" || !f.Exported() && !(f.Embedded() && name == "") {
			// encoding/json never writes this field (json:"-,", by contrast, names it "-").
			b.neverWritten(raws, f, jsonTag == "-")
			continue
		}
		if openAPIGenFalse(raws) {
			continue
		}
		if f.Embedded() && name == "" {
			if inner := embeddedStruct(f.Type()); inner != nil {
				// An inline field has no value of its own in JSON: its fields are the holder's.
				// A validation tag on it would apply to nothing, so it is an error, not a no-op,
				// except in a package written for Kubernetes' validation-gen, which validates the
				// embedded struct as a value (model.Embedded).
				if depth == 0 && holder != nil {
					raws = b.kubebuilderInline(holder, f, raws)
				}
				var inlined model.Diagnostics
				for _, r := range raws {
					if d, ok := tags.Lookup(r.Name); ok && d.Name != "optional" {
						// (+optional says nothing there, and Kubernetes' own types write it on
						// inline fields: networking/v1 IngressRule's IngressRuleValue.)
						inlined.Add(r.Pos, r.Name, "an embedded field without a JSON name is inlined, so there is no value "+
							"for this tag to apply to; put it on the fields of %s, or give the field a JSON name", typeString(f.Type()))
					}
				}
				innerPromoted, innerOwned := promoted, owned
				member := exportedStruct(f.Type())
				switch {
				case member != nil && (depth == 0 && holder != nil || owned):
					if depth == 0 && b.embeddedMember(holder, f, member, raws, inlined) {
						innerPromoted = f.Name()
					}
					innerOwned = true
				case !owned:
					b.diags = append(b.diags, inlined...)
				}
				if b.descent[inner] {
					// A struct that embeds itself (type T struct{ *T }), here or further down:
					// encoding/json reads each type's fields once, at its shallowest depth, so
					// the fields below are the ones already read (and the descent would not end).
					continue
				}
				if holder != nil {
					b.kubebuilderEmbedded(&holder.Node.V, f.Type())
					b.kubebuilderEmbeddedStructType(holder, f.Type())
				}
				innerVia := via
				if _, ptr := types.Unalias(f.Type()).(*types.Pointer); ptr {
					innerVia = append(append([]string(nil), via...), prefix+f.Name())
				}
				b.descent[inner] = true
				b.fields(inner, holder, depth+1, prefix+f.Name()+".", innerVia, innerPromoted, innerOwned, all)
				delete(b.descent, inner)
				continue
			}
		}
		tagged := hasJSON && name != ""
		if name == "" {
			name = f.Name()
		}
		pos := b.prog.Fset.Position(f.Pos())
		fieldV := &model.Validations{}
		oag := &model.OpenAPIGenTags{}
		owner := ""
		if holder != nil {
			owner = holder.GoName + "_" + f.Name()
		}
		tags.Apply(raws, tags.Place{
			Scope: tags.ScopeField, Kind: b.kindOf(f.Type()), GoType: f.Type(), V: fieldV,
			Lookup: b.lookup(f.Pkg()), IsObjectMeta: model.IsObjectMeta(f.Type()), IgnoreMarkers: b.markersIgnored(f.Pkg().Path()), ControllerGenOnly: b.controllerGenOnly(f.Pkg()), KindOf: b.kindOf, TestTags: b.testTags,
			Owner: owner, OpenAPIGen: oag,
		}, &b.diags)
		b.patchTags(tag, oag)
		node := b.valueNode(f.Type(), fieldV, pos)
		omitEmpty := hasOption(opts, "omitempty") || hasOption(opts, "omitzero")
		prop := &model.Property{
			Name: name, GoName: f.Name(), Node: node, OmitEmpty: omitEmpty, Pos: pos,
			AsString: hasOption(opts, "string"), Via: via, OmitZero: hasOption(opts, "omitzero"), Promoted: promoted,
			OpenAPIGen: *oag,
		}
		// Requiredness at a stability level (+k8s:beta=+k8s:required) is Go's only: the schema keeps
		// openapi-gen's reading, which does not see it.
		prop.Required = stable(node.V.Required) || !stable(node.V.Optional) && !omitEmpty && b.pkg(f.Pkg().Path()).Kubebuilder.FieldsOptional == nil
		if holder != nil && !prop.Required {
			b.immutableOnceSet(holder, prop)
		}
		if holder != nil {
			b.immutableTransitions(holder, prop)
		}
		var doc string
		if fd != nil {
			doc = docText(b.prog.Lines(fd.Doc), raws)
			prop.Doc = controllerGenDoc(fd.Doc)
		}
		if node.Enum != nil && (node.V.Enum == nil || node.V.Enum.Level == "") {
			doc += enumDescription(node.Enum)
		}
		prop.Description = description(doc)
		prop.ImplicitDefault = b.implicitDefault(f.Type(), omitEmpty)
		prop.StripZero = !node.Pointer && (node.Ref == nil || node.Ref.Special) && node.Kind != model.KindObject &&
			node.Kind != model.KindAny
		if node.V.NameFormat != nil {
			b.nameFormatRules(holder, prop)
		}
		validates := false
		for _, r := range raws {
			if _, ok := tags.Lookup(r.Name); ok {
				validates = true
			}
		}
		*all = append(*all, jsonField{prop: prop, depth: depth, tagged: tagged, validates: validates})
	}
}

func hasOption(opts, o string) bool {
	for _, x := range strings.Split(opts, ",") {
		if x == o {
			return true
		}
	}
	return false
}

// exportedStruct returns the exported named struct type of an embedded field (T or *T), if it
// is one: such a field can be validated as a value, by its type's validator.
func exportedStruct(t types.Type) *types.TypeName {
	t = types.Unalias(t)
	if p, ok := t.(*types.Pointer); ok {
		t = types.Unalias(p.Elem())
	}
	n, ok := t.(*types.Named)
	if !ok || !n.Obj().Exported() || n.TypeParams().Len() > 0 {
		return nil
	}
	if _, ok := n.Underlying().(*types.Struct); !ok {
		return nil
	}
	return n.Obj()
}

// embeddedMember records an embedded field of holder as one of its Node.Embedded. The field's
// tags apply to it in a package written for Kubernetes' validation-gen; elsewhere they are the
// inlined diagnostics.
func (b *builder) embeddedMember(holder *model.Definition, f *types.Var, tn *types.TypeName, raws []tags.Raw, inlined model.Diagnostics) bool {
	_, existed := b.defs[tn]
	pos := b.prog.Fset.Position(f.Pos())
	v := &model.Validations{}
	var applied model.Diagnostics
	tags.Apply(raws, tags.Place{
		Scope: tags.ScopeField, Kind: model.KindObject, GoType: f.Type(), V: v,
		Lookup: b.lookup(f.Pkg()), IgnoreMarkers: b.markersIgnored(f.Pkg().Path()), ControllerGenOnly: b.controllerGenOnly(f.Pkg()), KindOf: b.kindOf, TestTags: b.testTags,
		Owner: holder.GoName + "_" + f.Name(),
	}, &applied)
	only := b.embeddedOnly[tn] // valueNode takes the type for referenced: it is not, from here
	n := b.valueNode(f.Type(), v, pos)
	if (only || !existed) && n.Ref != nil && !n.Ref.Input {
		b.embeddedOnly[tn] = true
	}
	if n.Ref == nil || n.Ref.Special {
		b.diags = append(b.diags, inlined...)
		return false
	}
	name := f.Name()
	if tn.Pkg() != holder.Node.GoType.(*types.Named).Obj().Pkg() {
		name = tn.Pkg().Name() + "." + name
	}
	holder.Node.Embedded = append(holder.Node.Embedded, &model.Embedded{GoName: f.Name(), Name: name, Node: n, Pos: pos})
	if len(inlined) > 0 || len(applied) > 0 {
		b.perSemantics = append(b.perSemantics, semanticDiag{holder: holder, diag: inlined, upstream: applied})
	}
	return true
}

// embeddedStruct returns the struct of an embedded field, if it is one.
func embeddedStruct(t types.Type) *types.Struct {
	t = types.Unalias(t)
	if p, ok := t.(*types.Pointer); ok {
		t = types.Unalias(p.Elem())
	}
	st, _ := t.Underlying().(*types.Struct)
	return st
}
