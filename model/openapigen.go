package model

// What openapi-gen's own tags say, beyond validation: extensions it copies from tags into the
// kube-openapi definitions, its unions, and which types it writes definitions for. The kube-openapi
// definitions (and the JSON document) publish these as openapi-gen does; CRDs never do (the API
// server accepts none of these extensions in a CRD's schema, and controller-gen writes none).

// Extension is an OpenAPI extension openapi-gen writes from a tag, verbatim: +patchStrategy and
// +patchMergeKey (x-kubernetes-patch-strategy, x-kubernetes-patch-merge-key),
// +k8s:openapi-gen=x-kubernetes-<name>:<value>, and a list, map or struct type tag written on a
// value of another kind (+listType=atomic on a []byte), which openapi-gen still publishes.
type Extension struct {
	Name  string // x-kubernetes-patch-strategy
	Value any    // a string, or []any of strings (x-kubernetes-list-map-keys)
	Origin
}

// OpenAPIGenTags is what openapi-gen's own tags say at one declaration, a struct field or a struct
// type. Unlike Validations they do not accumulate along type chains: openapi-gen reads a field's
// extensions from the field's comment only, and a definition's from its type's.
type OpenAPIGenTags struct {
	Extensions []Extension
	// Union (+union, on a struct type) makes every field of the struct a member of one union, but
	// the one marked UnionDiscriminator (+unionDiscriminator); on fields, UnionDeprecated
	// (+unionDeprecated) makes a member of the struct's union of such fields.
	Union, UnionDiscriminator, UnionDeprecated *Flag
	// Select is a type's +k8s:openapi-gen=true (it gets a definition in a package without the
	// package tag); a package's, every type of the package but those with =false.
	Select *Flag
}

// OpenAPIUnion is one entry of a definition's x-kubernetes-unions, as openapi-gen writes it: the
// JSON name of the discriminator field ("" when none) and, for each member's JSON name, its Go
// name (the discriminator's value that selects it).
type OpenAPIUnion struct {
	Discriminator string
	Members       map[string]string
	Origin
}

// OpenAPIGenSelects reports whether openapi-gen writes a definition for the type: a struct of a
// package whose doc.go says +k8s:openapi-gen=true, unless the type says +k8s:openapi-gen=false
// (such types get no definition here at all), or a type that says +k8s:openapi-gen=true.
func (d *Definition) OpenAPIGenSelects() bool {
	return d.OpenAPIGen.Select != nil || d.Package != nil && d.Package.OpenAPIGen != nil
}

// GoDefinitions are the definitions of a package that its kube-openapi Go definitions hold: those
// openapi-gen writes, or with OpenAPIAllTypes every one (the package's structs).
func (p *Package) GoDefinitions(opts Options) []*Definition {
	var out []*Definition
	for _, d := range p.Definitions {
		if opts.OpenAPIAllTypes || d.OpenAPIGenSelects() {
			out = append(out, d)
		}
	}
	return out
}
