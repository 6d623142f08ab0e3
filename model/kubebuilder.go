package model

// SchemaTags are schema properties that only controller-gen's markers (the kubebuilder dialect)
// declare. They live in Validations so that they accumulate along alias chains like every other
// tag and reach both the schema emitters and the checks.
type SchemaTags struct {
	// Enums holds each +kubebuilder:validation:Enum of the chain; the allowed values are those
	// every one allows (Node.Enum).
	Enums []EnumList
	// Type overrides the schema type (+kubebuilder:validation:Type).
	Type *String
	// Nullable publishes nullable: true (+nullable).
	Nullable *Flag
	// Extensions: x-kubernetes-embedded-resource, -int-or-string, -preserve-unknown-fields.
	EmbeddedResource, IntOrString, PreserveUnknownFields *Flag
	// Schemaless publishes an empty schema for the value (+kubebuilder:validation:Schemaless).
	Schemaless *Flag
	// Title, Example and ExternalDocs are documentation the schema carries
	// (+kubebuilder:title, +kubebuilder:example, +kubebuilder:externalDocs).
	Title        *String
	Example      *Default
	ExternalDocs *ExternalDocs
	// TypeFormat is a +kubebuilder:validation:Format on a value whose Go type is not a string or
	// number but publishes its own schema (metav1.Time): it must name the format that type
	// already has, so that there is nothing left to check.
	TypeFormat *Format
	// InertFormat is a +kubebuilder:validation:Format on a value that is no string or number (a
	// list, an object, a boolean): controller-gen publishes it there without a word, and the API
	// server, which checks formats on strings only, ignores it; so do generated validators.
	InertFormat *Format
	// Items holds the validations of a list's items written on the list
	// (+kubebuilder:validation:items:MaxLength=...).
	Items *Validations
	// UniqueItems publishes uniqueItems: true (+k8s:validation:uniqueItems); generated validators
	// check it as +k8s:unique=set (Validations.Unique), where nothing else makes items unique.
	UniqueItems *Flag
	// AllOf is what kube-openapi's nested markers declare (+k8s:validation:items:maxLength=3),
	// published as openapi-gen publishes them: allOf: [{items: ..., properties: ...,
	// additionalProperties: ...}] beside the value's own schema.
	AllOf *NestedValidations
	// SchemaOnly holds validations the schema publishes and generated validators do not check:
	// kube-openapi's markers (+k8s:validation:maxLength) in a package written for Kubernetes'
	// validation-gen, whose Go reads the +k8s: validation-gen tags only, as upstream's does.
	SchemaOnly *Validations
}

// NestedValidations is what kube-openapi's nested markers declare below a value: for its items,
// its named properties (fields of a struct, keys of a map), and its map values. Each level is a
// Validations of its own (whose Schema.AllOf holds the next level down).
type NestedValidations struct {
	// SchemaOnly is set in a package written for Kubernetes' validation-gen: published only.
	SchemaOnly           bool
	Items                *Validations
	Properties           []NamedValidations // sorted by name
	AdditionalProperties *Validations
	// Origin is the first nested marker's; Nested is set when the whole is itself nested (the
	// allOf then is published within its holder's).
	Origin
}

// NamedValidations are the validations of one property of a NestedValidations.
type NamedValidations struct {
	Name string
	V    *Validations
}

// ExternalDocs is a link to documentation.
type ExternalDocs struct {
	URL, Description string
	Origin
}

// EnumList is one explicit list of allowed values.
type EnumList struct {
	Values []any
	Origin
}

// CRDTags is what controller-gen's CRD markers say about one version of a root kind.
type CRDTags struct {
	// ObjectRoot is +kubebuilder:object:root: the kind's CRD follows controller-gen (a status
	// subresource only when +kubebuilder:subresource:status says so).
	ObjectRoot *Flag
	// Resource is +kubebuilder:resource.
	Resource *CRDResource
	// Status and Scale are the subresources.
	Status *Flag
	Scale  *CRDScale
	// PrintColumns in source order.
	PrintColumns []PrintColumn
	// Deprecated is +kubebuilder:deprecatedversion; Warning is nil for the default warning.
	Deprecated *CRDDeprecation
	// Skip leaves this version out of the CRD; Unserved marks it served: false.
	Skip, Unserved *Flag
	// Annotations and Labels of the CRD object (+kubebuilder:metadata), in source order.
	Annotations, Labels []KeyValue
	// SelectableFields are JSON paths (+kubebuilder:selectablefield).
	SelectableFields []String
}

// CRDResource is +kubebuilder:resource.
type CRDResource struct {
	Path, Singular string // plural and singular names; "" for the defaults
	ShortNames     []string
	Categories     []string
	// Scope is "Namespaced", "Cluster" or "" (Namespaced).
	Scope string
	Origin
}

// CRDScale is +kubebuilder:subresource:scale.
type CRDScale struct {
	SpecPath, StatusPath string
	SelectorPath         *string
	Origin
}

// PrintColumn is one +kubebuilder:printcolumn.
type PrintColumn struct {
	Name, Type, JSONPath, Description, Format string
	Priority                                  int32
	Origin
}

// CRDDeprecation is +kubebuilder:deprecatedversion.
type CRDDeprecation struct {
	Warning *string
	Origin
}

// KeyValue is one annotation or label.
type KeyValue struct {
	Key, Value string
	Origin
}

// mergeSchemaTags accumulates p into m along a chain (closest to the value first): enum lists and
// item validations all apply; the others are set by the first declaration that has them.
func mergeSchemaTags(m *SchemaTags, p *SchemaTags, diags *Diagnostics) {
	m.Enums = append(m.Enums, p.Enums...)
	if p.Type != nil {
		m.Type = agree(diags, m.Type, p.Type, "", func(x *String) (any, Origin) { return x.Value, x.Origin })
	}
	m.Nullable = firstFlag(m.Nullable, p.Nullable)
	m.EmbeddedResource = firstFlag(m.EmbeddedResource, p.EmbeddedResource)
	m.IntOrString = firstFlag(m.IntOrString, p.IntOrString)
	m.PreserveUnknownFields = firstFlag(m.PreserveUnknownFields, p.PreserveUnknownFields)
	m.Schemaless = firstFlag(m.Schemaless, p.Schemaless)
	if m.Title == nil {
		m.Title = p.Title
	}
	if m.Example == nil {
		m.Example = p.Example
	}
	if m.ExternalDocs == nil {
		m.ExternalDocs = p.ExternalDocs
	}
	if m.TypeFormat == nil {
		m.TypeFormat = p.TypeFormat
	}
	if m.InertFormat == nil {
		m.InertFormat = p.InertFormat
	}
	if p.Items != nil {
		if m.Items == nil {
			m.Items = p.Items
		} else {
			merged := MergeValidations([]*Validations{m.Items, p.Items}, diags)
			m.Items = &merged
		}
	}
	// kube-openapi's markers are read at one declaration only (a field, a struct type), so these
	// come from one piece; the first is kept should two pieces have them.
	m.UniqueItems = firstFlag(m.UniqueItems, p.UniqueItems)
	if m.AllOf == nil {
		m.AllOf = p.AllOf
	}
	if p.SchemaOnly != nil {
		if m.SchemaOnly == nil {
			m.SchemaOnly = p.SchemaOnly
		} else {
			merged := MergeValidations([]*Validations{m.SchemaOnly, p.SchemaOnly}, diags)
			m.SchemaOnly = &merged
		}
	}
}

// EnumIntersection returns the values every list allows, in the order of the first list.
func EnumIntersection(lists []EnumList) []any {
	if len(lists) == 0 {
		return nil
	}
	var out []any
	for _, v := range lists[0].Values {
		all := true
		for _, l := range lists[1:] {
			found := false
			for _, w := range l.Values {
				if show(v) == show(w) {
					found = true
				}
			}
			all = all && found
		}
		if all {
			out = append(out, v)
		}
	}
	return out
}

// PackageMarkers is what controller-gen's markers say about a whole package.
type PackageMarkers struct {
	// FieldsOptional is +kubebuilder:validation:Optional on the package: its fields are optional
	// unless marked required.
	FieldsOptional *Flag
	// FieldsRequired is +kubebuilder:validation:Required on the package, the default; kept to
	// report it beside +kubebuilder:validation:Optional, which controller-gen takes over it.
	FieldsRequired *Flag
	// SkipCRDs is +kubebuilder:skip: no CRDs for the package's kinds.
	SkipCRDs *Flag
	// VersionName is +versionName: the API version of the package's kinds (see Package.Version).
	VersionName *String
}

// Version is the API version of the package's kinds: its +versionName, else its name.
func (p *Package) Version() string {
	if v := p.Kubebuilder.VersionName; v != nil {
		return v.Value
	}
	return p.Name
}

// ControllerGenCRD reports whether a root kind's CRD is written as controller-gen writes it
// (descriptions, subresources, version order): its package is written for controller-gen, or the
// kind says +kubebuilder:object:root.
func (d *Definition) ControllerGenCRD() bool {
	return d.Package.ControllerGen || d.Root != nil && d.Root.CRD.ObjectRoot != nil
}
