// Package model is validation-gen's intermediate model: what the tags declared, where, and about which
// values. Tags (package tags) write into it; checks read it; emitters (package generators) turn it into
// OpenAPI, CRDs and, later, Go validators. Nothing in this package knows about jennifer or spec.Schema.
package model

import (
	"go/token"
	"go/types"
	"strings"
)

// ImmutableRule is the rule +immutable publishes on its value (generated validators check it
// natively).
const ImmutableRule = "self == oldSelf"

// Origin records which tag produced a piece of the model and where it was written. Every value
// set from a tag carries one, so that checks can point at the tag and generated validators can
// report it as field.Error.Origin.
type Origin struct {
	Tag string         // canonical tag name without '+', e.g. "maxLength"
	Pos token.Position // position of the '+' that starts the tag
	// Level is the stability level +k8s:alpha or +k8s:beta gave the tag ("Alpha", "Beta"; "" when it
	// is stable): generated validators mark the errors it causes so (field.Error's
	// ValidationStabilityLevel), as Kubernetes' validation-gen does.
	Level string
	// Options gate the tag on validation options (+k8s:ifEnabled, +k8s:ifDisabled), outermost first:
	// its check runs only when every option has the given value in the operation, read as
	// apimachinery's validate.IfOption reads it.
	Options []OptionGate
	// K8s is the origin of the value's declaration in Kubernetes' +k8s: dialect (+k8s:required,
	// +k8s:beta=+k8s:enum), nil when only tags of other dialects declare it (openapi-gen's
	// +required, +enum, +listType). A value declared in both keeps the stable declaration in the
	// fields above (the schema's reading, openapi-gen's) and the +k8s: one here, with its own level
	// and options. Generated Go of a package written for Kubernetes' validation-gen reads a flag,
	// a list type or a list-map key only through K8s (GoFlag, GoString), as upstream reads no other
	// dialect's tag.
	K8s *Origin
	// Nested marks a validation that kube-openapi's nested markers (+k8s:validation:items:...,
	// properties:<name>:..., additionalProperties:...) declare for an element or a field of the
	// value they are written on: generated validators check it at the element, and the schema
	// publishes it where openapi-gen does, in the holder's allOf (SchemaTags.AllOf), not at the
	// element (Published leaves it out).
	Nested bool
}

// Written is the tag's name as it was written, without '+': "k8s:maxLength" for a tag of
// Kubernetes' dialect, whose Tag is the canonical "maxLength"; diagnostics name a tag so.
func (o Origin) Written() string {
	if o.K8s != nil && o.K8s.Pos == o.Pos && !strings.HasPrefix(o.Tag, "k8s:") {
		return "k8s:" + o.Tag
	}
	return o.Tag
}

// GoFlag is what generated Go reads of a flag (+required, +optional, +enum): in a package written
// for Kubernetes' validation-gen (upstream) only its +k8s: declaration, at that declaration's level
// and options; elsewhere the flag as declared.
func GoFlag(f *Flag, upstream bool) *Flag {
	if f == nil || !upstream {
		return f
	}
	if f.K8s == nil {
		return nil
	}
	return &Flag{Origin: *f.K8s}
}

// GoString is GoFlag for a string-valued tag (+listType).
func GoString(s *String, upstream bool) *String {
	if s == nil || !upstream {
		return s
	}
	if s.K8s == nil {
		return nil
	}
	return &String{Value: s.Value, Origin: *s.K8s}
}

// GoStrings is GoString for a repeatable tag (+listMapKey): the values declared in the +k8s:
// dialect.
func GoStrings(ss []String, upstream bool) []String {
	if !upstream {
		return ss
	}
	var out []String
	for _, s := range ss {
		if s.K8s != nil {
			out = append(out, String{Value: s.Value, Origin: *s.K8s})
		}
	}
	return out
}

// Presence is one requiredness tag gated on options (Origin.Options): Kind is "required",
// "optional" or "forbidden".
type Presence struct {
	Kind string
	Origin
}

// OptionGate is one +k8s:ifEnabled(Name) (Enabled) or +k8s:ifDisabled(Name).
type OptionGate struct {
	Name    string
	Enabled bool
	// Hops counts the tags that carried the gated tag from the value the gate was written at to
	// other values (+k8s:eachVal, +k8s:eachKey, +k8s:subfield, +k8s:item): at 0 an option the
	// operation does not define is an internal error here; further in, it was reported once
	// where the gate was written (Validations.PayloadGates), as upstream's validate.IfOption
	// around the whole list reports it, and the gated check does not run.
	Hops int
}

// Number is a numeric tag argument. Text keeps the spelling from the source so that integers stay
// integers in JSON output.
type Number struct {
	Value float64
	Text  string
	// Exclusive is set on a +minimum / +maximum made exclusive by +exclusiveMinimum /
	// +exclusiveMaximum of the same declaration (or of a declaration of the chain without a bound).
	Exclusive bool
	Origin
}

// Int is a non-negative size limit (lengths, item and property counts).
type Int struct {
	Value int64
	Origin
}

// String is a string-valued tag argument.
type String struct {
	Value string
	Origin
}

// Flag is a tag without a value; its presence is the information.
type Flag struct {
	Origin
}

// Format is a resolved +format tag. Name is the canonical name from the formats table.
type Format struct {
	Name string
	Origin
}

// Default is a +default value, already decoded from JSON or resolved from a Go constant.
type Default struct {
	Value any
	// Const names the Go constant when the tag used ref(Const), for Go output.
	Const string
	Origin
}

// Rule is one x-kubernetes-validations entry, written by +validationRule or by a sugar tag
// (+immutable, +nameFormat, a format fallback).
type Rule struct {
	Rule              string
	Message           string
	MessageExpression string
	Reason            string // "", "Required", "Forbidden", "Invalid", "Duplicate"
	// PublishedReason, when set, is published as the rule's reason instead of FieldValue+Reason:
	// openapi-gen writes a +k8s:validation:cel reason verbatim (reason="Invalid").
	PublishedReason string
	FieldPath       string // JSON path relative to self, e.g. ".rollingUpdate"; "" for self
	OptionalOldSelf bool
	// OptionalOldSelfWritten is set when optionalOldSelf was written, true or false: openapi-gen
	// publishes a +k8s:validation:cel optionalOldSelf=false as written.
	OptionalOldSelfWritten bool
	// RulePos is the position of the first character of the expression, for CEL diagnostics.
	RulePos token.Position
	// Lines holds the source position of the first character of each line of Rule when the
	// expression is written verbatim (a back-quoted or escape-free value), so that CEL errors
	// can point inside it; it is nil for rules the generator writes itself.
	Lines []token.Position
	// MessageExpressionLines is Lines for MessageExpression.
	MessageExpressionLines []token.Position
	// SchemaOnly marks a rule published for a check the Go validators make otherwise (a union's
	// rule: apimachinery's validate.Union is the Go check); Go emitters skip it.
	SchemaOnly bool
	// UnchangedIf, on a SchemaOnly rule, is a CEL condition on self and oldSelf.value() under
	// which the Go check does not run on update (a union whose membership did not change). Where
	// the API server correlates the value with its old value, the schema publishes the rule
	// ratcheted by it, through an optional oldSelf; elsewhere a rule may not use oldSelf, and the
	// Go check has no old value either.
	UnchangedIf string
	Origin
}

// Validations is everything tags declared about one value. Several declarations of the same limit
// (along an alias chain) are all kept: OpenAPI publishes the tightest, Go enforces each.
type Validations struct {
	Minimum, Maximum                   []Number
	ExclusiveMinimum, ExclusiveMaximum *Flag
	MultipleOf                         []Number
	MinLength, MaxLength               []Int
	MinItems, MaxItems                 []Int
	MinProperties, MaxProperties       []Int
	Pattern                            *String
	Format                             *Format
	Enum                               *Flag
	Optional, Required                 *Flag
	Default                            *Default
	ListType                           *String
	ListMapKeys                        []String
	MapType                            *String
	StructType                         *String
	Rules                              []Rule
	NameFormat                         *Format
	Immutable                          *Flag
	// Schema properties only controller-gen's markers declare (see Schema).
	Schema SchemaTags
	// FeatureGates are the feature gates (+featureGate) that the field exists behind in Kubernetes'
	// API types: documentation, read as the field's lifecycle by the review tools (diff, lint,
	// --docs-api); nothing checks it.
	FeatureGates []String
	// FixedResults are test-only checks (+k8s:validateFalse, +k8s:validateTrue), in tag order.
	FixedResults []FixedResult
	// Calls are checks done by apimachinery's validate library, in tag order (+k8s:neq, ...).
	Calls []LibCall
	// Forbidden is set by +k8s:forbidden: the value must be unset.
	Forbidden *Flag
	// GatedPresence holds +k8s:required, +k8s:optional and +k8s:forbidden written under
	// +k8s:ifEnabled / +k8s:ifDisabled, in tag order (Optional, Required and Forbidden hold the
	// ungated ones). Go only, as upstream's validation-gen generates them: each is a
	// short-circuiting check gated on its options, and when any of the field's requiredness checks
	// stops (a value missing, forbidden or merely optional and unset), nothing else is checked.
	GatedPresence []Presence
	// PayloadGates are the origins of tags written under +k8s:ifEnabled / +k8s:ifDisabled that
	// carry other tags to other values (+k8s:ifEnabled(F)=+k8s:eachVal=...): an option they are
	// gated on that the operation does not define is one internal error at this value, not one
	// per element.
	PayloadGates []Origin
	// EachVal holds the validations +k8s:eachVal declares for every element of a list or value
	// of a map, EachKey those +k8s:eachKey declares for every key of a map; the builder merges
	// them into the item and value nodes.
	EachVal, EachKey *Validations
	// Subfields hold what +k8s:subfield declares for fields of this struct value, in tag order.
	Subfields []*Subfield
	// ItemSelectors hold what +k8s:item declares for the items of this list with given keys.
	ItemSelectors []*ItemSelector
	// Update holds the transitions +k8s:update forbids.
	Update *UpdateRule
	// Unique is +k8s:unique (set or map): the items of a list that stays +listType=atomic are
	// unique, by value or by UniqueKeys (the +k8s:listMapKey fields given with unique=map). The
	// published list type does not change.
	Unique     *String
	UniqueKeys []String
	// CustomUnique (+k8s:customUnique) leaves the uniqueness of a set or list map to hand-written code.
	CustomUnique *Flag
	// Opaque (+k8s:opaqueType) skips the validation the value's type declares.
	Opaque *Flag
	// Unions hold the unions this value takes part in (+k8s:unionMember, +k8s:unionDiscriminator,
	// +k8s:zeroOrOneOfMember): they are checked by the struct that holds the value (or, through
	// +k8s:item, the list that holds it), not by the value itself.
	Unions []UnionTag
	// Dependencies hold +k8s:dependentRequired / +k8s:dependentForbidden: sibling fields that must
	// be set, or unset, when this one is set, checked by the struct that holds the value.
	Dependencies []Dependency
	// ModeDiscriminator (+k8s:modeDiscriminator) makes this field the discriminator of a modality
	// of the struct holding it; IfModes (+k8s:ifMode) are the checks of this field in given
	// modes. The struct checks each member in every mode: the validations of the mode the
	// discriminator names, a Forbidden error when that mode has none.
	ModeDiscriminator *ModeDiscriminator
	IfModes           []*IfMode
}

// ModeDiscriminator is +k8s:modeDiscriminator: a string or bool field whose value selects the
// validations of the fields of its modality (apimachinery's validate.Discriminated).
type ModeDiscriminator struct {
	Modality string // "" for the default modality
	Origin
}

// IfMode is +k8s:ifMode: validations of a field when the discriminator of Modality has the
// value Mode (a string, or "true"/"false" for a bool discriminator).
type IfMode struct {
	Modality, Mode string
	V              *Validations
	// Node is built from V by the builder, for GoType (the field's type).
	Node   *Node
	GoType types.Type
	Origin
}

// UnionRole is what a value is to a union.
type UnionRole int

const (
	UnionMember        UnionRole = iota // +k8s:unionMember: exactly one member is set
	UnionDiscriminator                  // +k8s:unionDiscriminator: names the member that is set
	ZeroOrOneOfMember                   // +k8s:zeroOrOneOfMember: at most one member is set
)

// UnionTag places a value in a union of the struct (or list) that holds it. Unions are checked by
// apimachinery's validate.Union, DiscriminatedUnion and ZeroOrOneOfUnion, one call per union, in
// the order of their names; members keep the order of the fields (or +k8s:item tags).
type UnionTag struct {
	Role UnionRole
	// Union is the union's name (the union argument); "" is the unnamed union. Unions of members
	// and zero-or-one-of unions are separate name spaces.
	Union string
	// MemberName is the discriminator value that selects this member (the memberName argument);
	// "" means the default: the Go field name of a field, none for a list item.
	MemberName string
	Origin
}

// Dependency is +k8s:dependentRequired / +k8s:dependentForbidden on a field: when the field is set,
// its sibling Field (a JSON name) must be set (Forbidden false) or unset (Forbidden true),
// checked by apimachinery's validate.DependentRequired / DependentForbidden.
type Dependency struct {
	Field     string
	Forbidden bool
	Origin
}

// UpdateRule is +k8s:update: transitions of a field forbidden on update, checked by Func of
// apimachinery's validate library (UpdatePointer, UpdateValueByCompare) with Constraints, the
// names of validate.UpdateConstraint values (NoSet, NoUnset, NoModify).
type UpdateRule struct {
	Func        string
	Constraints []string
	Origin
}

// ItemSelector is the list item whose fields have given values (+k8s:item(key: "x")), validated
// from the place that holds the list.
type ItemSelector struct {
	Keys []ItemKey
	V    *Validations
	// Node is built from V by the builder, for the item's Go type.
	Node   *Node
	GoType types.Type
	Origin
}

// ItemKey is one field of an item and the value it must have: a string, int64 or bool.
type ItemKey struct {
	Name, GoName string
	Pointer      bool // the field is a pointer, compared through it
	Value        any
}

// Subfield is a field of a struct value validated from the place that holds the struct
// (+k8s:subfield), in addition to what the struct's own type declares.
type Subfield struct {
	Name, GoName string // JSON and Go names of the field
	GoType       types.Type
	V            *Validations
	// Node is built from V by the builder.
	Node *Node
	Origin
}

// LibCall is a check done by a function of apimachinery's pkg/api/validate, upstream
// validation-gen's runtime library, so that its errors (type, message, origin) are the library's
// own: validate.<Func>(ctx, op, path, value, oldValue, Args...), value and oldValue pointers to the
// value's Go type. Args are Go constants: string, int64, float64 or bool.
type LibCall struct {
	Func string
	Args []any
	// Custom is set for a hand-written function (+k8s:customValidation) of package Pkg (the types'
	// package or the output package that names it in +k8s:validation-gen-input):
	// Func(ctx, op, path, value, oldValue), value and oldValue pointers, or the slice or map itself.
	Custom bool
	Pkg    string
	Origin
}

// FixedResult is a check that always passes or always fails with Message (upstream's
// validate.FixedResult), for generators' test suites. ShortCircuit skips the other checks of the
// value (of its Cohort, when one is named) when it fails.
type FixedResult struct {
	Pass         bool
	Message      string
	ShortCircuit bool
	Cohort       string
	Origin
}

// Kind is the JSON shape of a value, as its Go type determines it.
type Kind int

const (
	KindInvalid Kind = iota
	KindString
	KindInteger
	KindNumber
	KindBoolean
	KindObject // a Go struct
	KindList   // a Go slice or array (not []byte)
	KindMap    // a Go map with string keys
	KindIntOrString
	KindAny // interface{} and other values without a schema
)

var kindNames = [...]string{"invalid", "string", "integer", "number", "boolean", "struct", "list", "map", "int-or-string", "any"}

func (k Kind) String() string { return kindNames[k] }

// Node describes a value at one place of the API: a field, a list item, a map value or a named
// type's definition. It is the schema before it is spelled as OpenAPI.
type Node struct {
	Kind   Kind
	Format string // structural format from the Go type: int32, int64, double, byte, date-time...
	// Ref is set when the value is a struct (or special type) with its own definition; the
	// definition then describes the value's shape and V holds only the validations of this place.
	Ref *Definition
	// Items is the element of a list, Values the value of a map.
	Items, Values *Node
	// Keys is the key of a map, when tags check keys (+k8s:eachKey); the schema does not show it.
	Keys *Node
	// Properties of an inline object (only definitions' own nodes have them).
	Properties []*Property
	// V is the accumulated validations at this place: field, alias chain and named type.
	V Validations
	// PlaceV and TypeV split V when both the place and its alias or named types declare tags:
	// the place's own, and the types' merged (controller-gen spells a keyword both declare as
	// an allOf of the two). nil otherwise.
	PlaceV, TypeV *Validations
	// Enum holds the allowed values when V.Enum is set, sorted.
	Enum []EnumValue
	// GoType is the Go type at this place, before pointers are removed.
	GoType types.Type
	// Pointer is true when the Go value is a pointer (nil means unset).
	Pointer bool
	// Pos is where this value was declared (the field, or the type), for diagnostics.
	Pos token.Position
	// OneOfTypes holds OpenAPIV3OneOfTypes for special types such as IntOrString and Quantity.
	OneOfTypes []string
	// TypeDoc is the doc comment of the first named type of the chain without a definition
	// (type Hostname string), as controller-gen writes descriptions; see Property.Doc.
	TypeDoc string
	// Embedded are the struct's embedded fields without a JSON name (only definitions' own nodes
	// have them), in declaration order. Their fields are among Properties, as encoding/json and
	// openapi-gen inline them; see Embedded.
	Embedded []*Embedded
	// Opaque is the value as generated validators see it when +k8s:opaqueType at this place skips
	// what the named types of its chain declare (type Name string with limits of its own): the
	// same value with only this place's validations. The schema keeps V. It is nil when the chain
	// declares nothing, and for a value with a definition (Ref), whose validator is simply not
	// called.
	Opaque *Node
}

// GoView is the node that generated validators check: Opaque when it is set, else the node.
func (n *Node) GoView() *Node {
	if n != nil && n.Opaque != nil {
		return n.Opaque
	}
	return n
}

// EnumValue is one constant of a +enum type.
type EnumValue struct {
	Value any
	Doc   string // first line of the constant's doc comment, for descriptions
	// Const is the constant's name ("" for values listed by a marker).
	Const string
	// Excluded is set by +k8s:enumExclude on the constant: it declares no value of the enum
	// (builders drop such values).
	Excluded *Flag
	// Exclusions are the +k8s:ifEnabled(Option)=+k8s:enumExclude (Enabled) and
	// +k8s:ifDisabled(Option)=+k8s:enumExclude on the constant: the value is not supported while
	// any of them holds (apimachinery's validate.EnumExclusion). The schema still lists it.
	Exclusions []OptionGate
}

// Property is one JSON field of a struct.
type Property struct {
	Name        string // JSON name
	GoName      string
	Description string
	Node        *Node
	// Required is the effective requiredness: +required, or no +optional and no omitempty.
	Required  bool
	OmitEmpty bool
	// OmitZero is set for fields with the ",omitzero" json option: a non-pointer struct at its
	// zero value (IsZero, where the type has it) is then absent from JSON, as for encoding/json and
	// runtime.DefaultUnstructuredConverter.
	OmitZero bool
	// ImplicitDefault is the zero value openapi-gen publishes as default for non-pointer fields
	// (nil when none). It never reaches CRDs.
	ImplicitDefault any
	// StripZero marks non-pointer scalars, slices and maps: a zero value means unset.
	StripZero bool
	// AsString is set for fields with the ",string" json option.
	AsString bool
	// Via lists the embedded pointer fields (inline, json:",inline" or no name) this field is
	// promoted through, as selectors from the holding struct, outermost first: a field C of B
	// embedded by pointer in A embedded by pointer has ["A", "A.B"]. When one is nil, encoding/json
	// writes none of the fields promoted through it, and reading the field would panic.
	Via []string
	// Promoted is the Go name of the holder's embedded field (see Node.Embedded) this field is
	// promoted through, "" for the holder's own fields.
	Promoted string
	Pos      token.Position
	// Doc is the doc comment as controller-gen writes descriptions (line breaks kept, markers,
	// TODO lines and everything after a --- line removed), for kubebuilder-dialect CRDs.
	Doc string
	// OpenAPIGen is what openapi-gen's tags on the field say (its extensions, union roles).
	OpenAPIGen OpenAPIGenTags
}

// Embedded is an embedded field of an exported named struct type (T or *T) without a JSON name.
// It has no JSON value of its own: encoding/json, and so the published schema, inline its fields.
// Kubernetes' validation-gen nonetheless validates it as a value, and a package written for it
// (Package.UpstreamSemantics) does too: the field's tags and its type's validator apply to the
// embedded struct, with errors at the holder's path (at the field's Go name when the holder is
// the root of the validation, called with no path), and the promoted fields are checked by the
// type's validator only. Other packages validate the promoted fields as the holder's own and
// refuse tags on the embedded field.
type Embedded struct {
	GoName string
	// Name is what errors are placed under at the root of a validation, as Kubernetes'
	// validation-gen names the field: GoName, qualified by the package name for another
	// package's type (other.StructType).
	Name string
	// Node is the embedded value: the field's own tags, Ref the embedded type's definition.
	Node *Node
	Pos  token.Position
}

// Definition is a named struct type (or a type with its own OpenAPI definition method) that gets an
// entry in the OpenAPI definitions.
type Definition struct {
	// Name is the OpenAPI model name, e.g. io.k8s.api.core.v1.Pod.
	Name string
	// GoPackage and GoName identify the Go type.
	GoPackage, GoName string
	Package           *Package
	Description       string
	Node              *Node
	Pos               token.Position
	// Doc is Description as controller-gen writes it (see Property.Doc).
	Doc string
	// DeclStart and DeclEnd bound the type's declaration in the source, its doc comments and
	// tag blocks included (zero when it was not loaded with syntax).
	DeclStart, DeclEnd token.Position
	// Special is set when the Go type defines its own schema through OpenAPISchemaType /
	// OpenAPISchemaFormat methods; the node then holds the evaluated values.
	Special bool
	// Root is set for root kinds (TypeMeta + ObjectMeta, not a List).
	Root *RootKind
	// Input is true when the definition belongs to an input package (it gets Go definitions).
	Input bool
	// Subresources and IsSubresource are the type's subresource tags (see TypeTags).
	Subresources  []String
	IsSubresource *String
	// OpenAPIGen is what openapi-gen's tags on the type say, and Unions the x-kubernetes-unions
	// openapi-gen finds in the struct (+union, +unionDiscriminator, +unionDeprecated).
	OpenAPIGen OpenAPIGenTags
	Unions     []OpenAPIUnion
	// DeepCopyObjectAsked is set when deepcopy-gen's +k8s:deepcopy-gen:interfaces tag asks for the
	// type's DeepCopyObject: the method may be missing only because deepcopy-gen has not run yet.
	DeepCopyObjectAsked bool
}

// RootKind carries what CRD output needs about a root kind.
type RootKind struct {
	Kind           string
	Plural         string
	ClusterScoped  bool
	StorageVersion *Flag // set when +storageversion was given
	// CRD is what controller-gen's CRD markers say about this version.
	CRD CRDTags
}

// Package is one Go package that definitions come from.
type Package struct {
	Path, Name, Dir string
	// GroupName from +groupName; ModelPackage from +k8s:openapi-model-package.
	GroupName, ModelPackage string
	// ValidationGen is set by +k8s:validation-gen (its value, e.g. "TypesWithField=TypeMeta"): the
	// package is written for Kubernetes' own validation-gen, so its generated Go validators follow
	// upstream's semantics (see UpstreamSemantics).
	ValidationGen *String
	// TypeFilters are the values of every +k8s:validation-gen tag of the package, in order: which
	// types upstream's validation-gen registers ("*", "TypesWithField=TypeMeta",
	// "TypesWithSuffix=Request"). RegisterValidations registers them when SchemeRegistry is set.
	TypeFilters []String
	// ValidationGenInput is set by +k8s:validation-gen-input: the import path of the package whose
	// types this package's validators are generated for. This package is then an output package
	// and the named one is read-only.
	ValidationGenInput *String
	// SchemeRegistry is set by +k8s:validation-gen-scheme-registry: the qualified scheme type
	// ("k8s.io/apimachinery/pkg/runtime.Scheme") that RegisterValidations takes, registering as
	// upstream's validation-gen does, or "nil" for no RegisterValidations.
	SchemeRegistry *String
	// SchemeRegistryProblems are what stops the generated registration from compiling (no
	// localSchemeBuilder, a scheme type not found), reported only when there is a type to register:
	// upstream writes no registration then, and needs neither.
	SchemeRegistryProblems Diagnostics
	// RegisterObject is the type of the first parameter of the scheme type's AddValidationFunc
	// (runtime.Object for runtime.Scheme, which RegisterValidations takes without
	// SchemeRegistry), or nil when that cannot be told: a registered type that does not satisfy
	// it, a kind without deepcopy-gen's DeepCopyObject, makes the generated file fail to compile.
	RegisterObject types.Type
	Input          bool
	// ReadOnly packages are never written: --readonly-pkg names them, and so does any
	// +k8s:validation-gen-input of the run. Their validators are generated into the packages that
	// name them as input, or into the packages that use their types.
	ReadOnly bool
	// Foreign is set for a package of another module than every input package (k8s.io/api's,
	// in a CRD that embeds its types): its sources are not the user's, so a diagnostic proposes
	// no change there.
	Foreign     bool
	Definitions []*Definition // sorted by Go name
	// ValueTypes are the named list, map and scalar types of a package with upstream semantics
	// (type Name string), sorted by Go name: Go validators get a Validate_T for those that carry
	// validation, as upstream's validation-gen writes one. They are not in the schema's
	// definitions (their places inline them) and no Node.Ref points at them.
	ValueTypes []*Definition
	// Kubebuilder holds controller-gen's package markers.
	Kubebuilder PackageMarkers
	// OpenAPIGen is the +k8s:openapi-gen=true of the package's doc.go: openapi-gen writes
	// definitions for its types (see Definition.OpenAPIGenSelects).
	OpenAPIGen *Flag
	// OpenAPIGenOutsideDocGo is a +k8s:openapi-gen=true in another file's package comment, which
	// openapi-gen does not read.
	OpenAPIGenOutsideDocGo *Flag
	// ControllerGen is set for an input package written for controller-gen (it carries its
	// markers): its kinds get the CRDs controller-gen writes (Definition.ControllerGenCRD).
	ControllerGen bool
	// Declared maps the package-level names the package declares (this generator's previous
	// outputs aside) to their positions, for packages the run writes into: generated
	// declarations keep clear of them.
	Declared map[string]token.Position
}

// UpstreamSemantics reports whether the package's Go validators follow Kubernetes' validation-gen
// rather than openapi-gen's reading of the tags: only an explicit +required (+k8s:required) makes a
// field required (omitempty plays no part), a field that is neither +required nor +optional is
// validated whatever its value, and Required errors carry no origin. The published schema keeps
// openapi-gen's rule either way.
func (p *Package) UpstreamSemantics() bool { return p != nil && p.ValidationGen != nil }

// TypeTags holds what type-level tags say about a root kind.
type TypeTags struct {
	Plural         *String
	StorageVersion *Flag
	NonNamespaced  *Flag
	// ModelPackage overrides the package's definition name prefix for this type.
	ModelPackage *String
	// CRD holds controller-gen's CRD markers (+kubebuilder:resource, printcolumn, ...).
	CRD CRDTags
	// OpenAPIGen is what openapi-gen's tags on the type say.
	OpenAPIGen OpenAPIGenTags
	// Subresources are the subresource paths (+k8s:supportsSubresource="/status") that a
	// registered type validates besides the root; IsSubresource (+k8s:isSubresource="/scale")
	// makes the type validate that subresource instead of the root.
	Subresources  []String
	IsSubresource *String
}

// Declares reports whether a position lies within the definition's declaration.
func (d *Definition) Declares(p token.Position) bool {
	if d.DeclStart.Filename == "" || p.Filename != d.DeclStart.Filename {
		return false
	}
	after := func(a, b token.Position) bool { return a.Line > b.Line || a.Line == b.Line && a.Column >= b.Column }
	return after(p, d.DeclStart) && after(d.DeclEnd, p)
}

// UniqueView is the node as generated validators see its list semantics: with +k8s:unique the list
// is checked and correlated as a set, or as a list map keyed by UniqueKeys, though the list type
// it publishes stays atomic.
func UniqueView(n *Node) *Node {
	if n == nil || n.V.Unique == nil {
		return n
	}
	c := *n
	lt := *n.V.Unique
	c.V.ListType = &lt
	c.V.ListMapKeys = n.V.UniqueKeys
	return &c
}

// Published is what the schema publishes of a value's validations: everything but what a stability
// level (+k8s:alpha, +k8s:beta) or a validation option (+k8s:ifEnabled) wraps. Those are Go's only:
// a validation at a level is not the API's contract yet, and a schema cannot depend on an option.
func Published(v Validations) Validations { return published(v, false) }

// PublishedCRD is Published for a CRD: nested markers' validations (Origin.Nested) are published
// at the elements they are about, since a CRD's structural schema allows no x-kubernetes-validations
// nor additionalProperties within allOf, where openapi-gen spells them.
func PublishedCRD(v Validations) Validations { return published(v, true) }

func published(v Validations, nested bool) Validations {
	ok := func(o Origin) bool { return o.Level == "" && len(o.Options) == 0 && (nested || !o.Nested) }
	if so := v.Schema.SchemaOnly; so != nil {
		// Published, though not checked in Go: see SchemaTags.SchemaOnly.
		v.Minimum = append(append([]Number(nil), v.Minimum...), so.Minimum...)
		v.Maximum = append(append([]Number(nil), v.Maximum...), so.Maximum...)
		v.MultipleOf = append(append([]Number(nil), v.MultipleOf...), so.MultipleOf...)
		v.MinLength = append(append([]Int(nil), v.MinLength...), so.MinLength...)
		v.MaxLength = append(append([]Int(nil), v.MaxLength...), so.MaxLength...)
		v.MinItems = append(append([]Int(nil), v.MinItems...), so.MinItems...)
		v.MaxItems = append(append([]Int(nil), v.MaxItems...), so.MaxItems...)
		v.MinProperties = append(append([]Int(nil), v.MinProperties...), so.MinProperties...)
		v.MaxProperties = append(append([]Int(nil), v.MaxProperties...), so.MaxProperties...)
		v.ExclusiveMinimum = firstFlag(v.ExclusiveMinimum, so.ExclusiveMinimum)
		v.ExclusiveMaximum = firstFlag(v.ExclusiveMaximum, so.ExclusiveMaximum)
		if v.Pattern == nil {
			v.Pattern = so.Pattern
		}
	}
	nums := func(xs []Number) []Number {
		var out []Number
		for _, x := range xs {
			if ok(x.Origin) {
				out = append(out, x)
			}
		}
		return out
	}
	ints := func(xs []Int) []Int {
		var out []Int
		for _, x := range xs {
			if ok(x.Origin) {
				out = append(out, x)
			}
		}
		return out
	}
	v.Minimum, v.Maximum, v.MultipleOf = nums(v.Minimum), nums(v.Maximum), nums(v.MultipleOf)
	v.MinLength, v.MaxLength, v.MinItems, v.MaxItems = ints(v.MinLength), ints(v.MaxLength), ints(v.MinItems), ints(v.MaxItems)
	v.MinProperties, v.MaxProperties = ints(v.MinProperties), ints(v.MaxProperties)
	if v.Pattern != nil && !ok(v.Pattern.Origin) {
		v.Pattern = nil
	}
	if v.Format != nil && !ok(v.Format.Origin) {
		v.Format = nil
	}
	if v.Enum != nil && !ok(v.Enum.Origin) {
		v.Enum = nil
	}
	if v.ListType != nil && !ok(v.ListType.Origin) {
		v.ListType, v.ListMapKeys = nil, nil
	}
	var keys []String
	for _, k := range v.ListMapKeys {
		if ok(k.Origin) {
			keys = append(keys, k)
		}
	}
	v.ListMapKeys = keys
	var rules []Rule
	for _, r := range v.Rules {
		if ok(r.Origin) {
			rules = append(rules, r)
		}
	}
	v.Rules = rules
	var calls []LibCall
	for _, c := range v.Calls {
		if ok(c.Origin) {
			calls = append(calls, c)
		}
	}
	v.Calls = calls
	v.GatedPresence = nil
	if v.Forbidden != nil && !ok(v.Forbidden.Origin) {
		v.Forbidden = nil
	}
	if v.Update != nil && !ok(v.Update.Origin) {
		v.Update = nil
	}
	var subfields []*Subfield
	for _, sf := range v.Subfields {
		if !sf.Nested { // published in the holder's allOf, in CRDs too
			subfields = append(subfields, sf)
		}
	}
	v.Subfields = subfields
	return v
}
