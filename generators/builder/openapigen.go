package builder

import (
	"go/token"
	"go/types"
	"reflect"
	"strings"

	"github.com/validation-gen/validation-gen/model"
	"github.com/validation-gen/validation-gen/tags"
)

// openAPIUnions finds the unions openapi-gen writes into a struct's definition
// (x-kubernetes-unions), in its order: the struct's own when its type says +union, those of the
// structs it embeds inline (by value: openapi-gen does not follow pointers there), then the union
// of its +unionDeprecated fields. What openapi-gen only logs is a warning here, and published as
// openapi-gen publishes it.
func (b *builder) openAPIUnions(tn *types.TypeName, st *types.Struct) []model.OpenAPIUnion {
	var out []model.OpenAPIUnion
	if u := b.decl(tn).tt.OpenAPIGen.Union; u != nil {
		out = append(out, b.structUnion(tn, st, u.Origin))
	}
	for i := 0; i < st.NumFields(); i++ {
		f := st.Field(i)
		name, inline := unionMemberName(f, st.Tag(i))
		if !inline || name == "-" || openAPIGenFalse(b.fieldTags(f)) {
			continue
		}
		if n, ok := types.Unalias(f.Type()).(*types.Named); ok {
			if est, ok := n.Underlying().(*types.Struct); ok && n.TypeParams().Len() == 0 {
				out = append(out, b.openAPIUnions(n.Obj(), est)...)
			}
		}
	}
	if u := b.deprecatedUnion(tn, st); u != nil {
		out = append(out, *u)
	}
	return out
}

// structUnion is the union of a +union struct: every field with a JSON name but the
// +unionDiscriminator.
func (b *builder) structUnion(tn *types.TypeName, st *types.Struct, o model.Origin) model.OpenAPIUnion {
	u := model.OpenAPIUnion{Members: map[string]string{}, Origin: o}
	for i := 0; i < st.NumFields(); i++ {
		f := st.Field(i)
		name, inline := unionMemberName(f, st.Tag(i))
		if name == "-" {
			continue
		}
		pos := b.prog.Fset.Position(f.Pos())
		raws := b.fieldTags(f)
		switch {
		case inline: // (its name is "": openapi-gen skips it silently, and never gets to say it is embedded)
		case has(raws, "unionDeprecated"):
			b.diags.Warn(pos, "unionDeprecated", "in a +union struct, openapi-gen leaves a +unionDeprecated field out of the "+
				"struct's union and makes a second union of such fields; so does validation-gen: drop the tag")
		case has(raws, "unionDiscriminator"):
			b.discriminator(&u, name, pos)
		default:
			if !unionOptional(raws, st.Tag(i)) {
				b.diags.Warn(pos, "union", "a member of the union of %s must be optional (+optional, or omitempty), as "+
					"openapi-gen says (it still lists it)", tn.Name())
			}
			u.Members[name] = f.Name()
		}
	}
	return u
}

// deprecatedUnion is the union of a struct's +unionDeprecated fields, with the struct's
// +unionDiscriminator; nil when it has no such field.
func (b *builder) deprecatedUnion(tn *types.TypeName, st *types.Struct) *model.OpenAPIUnion {
	u := &model.OpenAPIUnion{Members: map[string]string{}}
	discPos := b.prog.Fset.Position(tn.Pos())
	for i := 0; i < st.NumFields(); i++ {
		f := st.Field(i)
		name, inline := unionMemberName(f, st.Tag(i))
		if name == "" || name == "-" || inline {
			continue
		}
		pos := b.prog.Fset.Position(f.Pos())
		raws := b.fieldTags(f)
		if has(raws, "unionDiscriminator") {
			b.discriminator(u, name, pos)
			discPos = pos
		}
		if has(raws, "unionDeprecated") && !has(raws, "union") {
			if !unionOptional(raws, st.Tag(i)) {
				b.diags.Warn(pos, "unionDeprecated", "a member of the union of %s must be optional (+optional, or omitempty), "+
					"as openapi-gen says (it still lists it)", tn.Name())
			}
			if u.Origin.Pos.Filename == "" {
				u.Origin = model.Origin{Tag: "unionDeprecated", Pos: pos}
			}
			u.Members[name] = f.Name()
		}
	}
	if len(u.Members) == 0 {
		return nil
	}
	if _, ok := u.Members[u.Discriminator]; ok {
		b.diags.Warn(discPos, "unionDiscriminator", "%s is both the discriminator and a member of the union of %s, which "+
			"openapi-gen reports (and publishes)", u.Discriminator, tn.Name())
	}
	return u
}

// discriminator sets a union's discriminator; openapi-gen keeps the last of several, and logs it.
func (b *builder) discriminator(u *model.OpenAPIUnion, name string, pos token.Position) {
	if u.Discriminator != "" {
		b.diags.Warn(pos, "unionDiscriminator", "a second discriminator (%s, after %s) in one union; openapi-gen keeps the last "+
			"and logs it, and so does validation-gen", name, u.Discriminator)
	}
	u.Discriminator = name
}

// fieldTags are the tags of a field's comment.
func (b *builder) fieldTags(f *types.Var) []tags.Raw {
	fd := b.prog.FieldDecl(f)
	if fd == nil {
		return nil
	}
	return tags.Extract(b.prog.Lines(fd.Doc), tags.Multiline)
}

func has(raws []tags.Raw, name string) bool {
	for _, r := range raws {
		if r.Name == name {
			return true
		}
	}
	return false
}

// unionMemberName is a field's name as openapi-gen refers to it (the JSON name, or the Go name
// without a json tag) and whether openapi-gen inlines it (an embedded field with a json tag
// without a name).
func unionMemberName(f *types.Var, tag string) (string, bool) {
	jsonTag, ok := reflect.StructTag(tag).Lookup("json")
	name, _, _ := strings.Cut(jsonTag, ",")
	inline := f.Embedded() && ok && name == ""
	if !ok {
		name = f.Name()
	}
	return name, inline
}

// unionOptional is openapi-gen's reading of a field's optionality: +optional, else not
// +required and omitempty.
func unionOptional(raws []tags.Raw, tag string) bool {
	if has(raws, "optional") {
		return true
	}
	if has(raws, "required") {
		return false
	}
	jsonTag := reflect.StructTag(tag).Get("json")
	return strings.HasSuffix(jsonTag, ",omitempty") || strings.Contains(jsonTag, ",omitempty,")
}

// patchTags warns when a field's +patchStrategy / +patchMergeKey and its struct tag of the same
// name disagree (the struct tag missing included): openapi-gen refuses such a field ("Tags in
// comment and struct should match"), strategic merge patch in Go reads the struct tag and clients
// the published comment tag, so the two would merge differently. A struct tag without a comment
// tag publishes nothing, and is common in controller-gen projects, which read neither: no warning.
func (b *builder) patchTags(tag reflect.StructTag, oag *model.OpenAPIGenTags) {
	for _, x := range []struct{ name, ext string }{{"patchStrategy", "x-kubernetes-patch-strategy"}, {"patchMergeKey", "x-kubernetes-patch-merge-key"}} {
		for _, e := range oag.Extensions {
			if e.Name != x.ext {
				continue
			}
			comment, pos := e.Value.(string), e.Pos
			st := tag.Get(x.name)
			if st == comment {
				continue
			}
			b.diags.Warn(pos, x.name, "the comment tag says %q and the struct tag %s:%q: strategic merge patch in Go reads the "+
				"struct tag, clients read the published comment tag; make them the same (openapi-gen refuses the field)",
				comment, x.name, st)
		}
	}
}

// openAPIGenPackage warns about a +k8s:openapi-gen=true that openapi-gen does not read: it reads
// a package's tags from doc.go only, and writes no definitions for a package whose doc.go does
// not say it.
func (b *builder) openAPIGenPackage(p *model.Package) {
	if o := p.OpenAPIGenOutsideDocGo; o != nil && p.OpenAPIGen == nil && p.Input {
		b.diags.Warn(o.Pos, o.Written(), "openapi-gen reads package tags from doc.go only, so it writes no definitions for %s; "+
			"neither does validation-gen: move the tag into doc.go (or run with --openapi-all-types)", p.Path)
	}
}

// openAPIMarkerNode makes what kube-openapi's nested markers declare (+k8s:validation:items:...,
// additionalProperties:...) the own validations of the list's items and the map's values, for
// generated validators to check there; their origins are Nested, so the schema publishes them in
// the holder's allOf only, as openapi-gen does (properties:<name>: are subfields, see tags). In a
// package written for Kubernetes' validation-gen they are published only.
func (b *builder) openAPIMarkerNode(n *model.Node) {
	a := n.V.Schema.AllOf
	if a == nil || a.SchemaOnly {
		return
	}
	for _, x := range []struct {
		v    *model.Validations
		elem *model.Node
	}{{a.Items, n.Items}, {a.AdditionalProperties, n.Values}} {
		if x.v == nil || x.elem == nil {
			continue
		}
		x.elem.V = model.MergeValidations([]*model.Validations{&x.elem.V, x.v}, &b.diags)
		if x.elem.V.Unique == nil && x.v.Unique != nil { // items:uniqueItems on a list of lists
			x.elem.V.Unique = x.v.Unique
		}
		b.openAPIMarkerNode(x.elem)
	}
}
