// Package tags is the IDL: one file per tag, each registering a Def that documents the tag, declares
// its argument schema and applies it to the model. The registry checks every tag's arguments
// against that schema before the tag's own code runs, and --docs is generated from the same data.
package tags

import (
	"encoding/json"
	"fmt"
	"go/token"
	"go/types"
	"math"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"k8s.io/gengo/v2/codetags"
	"sigs.k8s.io/controller-tools/pkg/markers"

	"github.com/validation-gen/validation-gen/model"
)

// Scope is where a tag may be written.
type Scope int

const (
	ScopePackage Scope = 1 << iota // the package's doc comments (doc.go)
	ScopeType                      // a type declaration (named type or alias)
	ScopeField                     // a struct field
	ScopeConst                     // a constant of a +k8s:enum type
)

func (s Scope) String() string {
	var parts []string
	for _, x := range []struct {
		s Scope
		n string
	}{{ScopePackage, "package"}, {ScopeType, "type"}, {ScopeField, "field"}, {ScopeConst, "constant"}} {
		if s&x.s != 0 {
			parts = append(parts, x.n)
		}
	}
	return strings.Join(parts, ", ")
}

// ArgKind is the shape of a tag's value or of a parameter's value.
type ArgKind int

const (
	ArgNone   ArgKind = iota // no value: `+optional`, a flag parameter
	ArgInt                   // a non-negative integer
	ArgNumber                // a number
	ArgString                // a string, quoted (Go literal) or bare
	ArgWord                  // one of Arg.Words, quoted or bare
	ArgJSON                  // the rest of the line, as written
	ArgMarker                // a controller-tools marker argument; Arg.Doc names its type
	ArgTag                   // another tag, chained: `+k8s:eachVal=+k8s:minimum=1` (Typed tags only)
	ArgScalar                // a string, an integer or a boolean, typed as codetags types it (Typed tags only)
)

// Arg describes a tag's value or a parameter's value.
type Arg struct {
	Kind  ArgKind
	Words []string // for ArgWord
	// Optional allows the value to be omitted (`+exclusiveMinimum` and `+exclusiveMinimum=true`);
	// for a string, it allows the empty value (`+groupName=`).
	Optional bool
	Doc      string
}

// Param is a key=value parameter after a tag's value.
type Param struct {
	Key string
	Arg Arg // Kind ArgNone for a flag
	Doc string
}

// Def defines one tag. Its documentation is its schema: the registry validates arguments
// against Scopes, Kinds, Value and Params before Apply runs.
type Def struct {
	Name    string   // canonical name without '+'
	Aliases []string // other accepted spellings, e.g. "k8s:maxLength"
	Scopes  Scope
	// Kinds lists the value kinds the tag applies to; empty means any.
	Kinds      []model.Kind
	Value      Arg
	Params     []Param
	Repeatable bool
	// InTurn marks a controller-gen marker that controller-gen applies once per repeat, in order
	// (+kubebuilder:resource): a repeat on one declaration is not refused, and Apply sees what the
	// earlier ones set (its own model field) and combines them as controller-gen does.
	InTurn bool
	// Doc is one or two sentences for the tag reference; OpenAPI says what it emits.
	Doc     string
	OpenAPI string
	Example string
	// Info marks tags owned by another tool whose meaning we read (+groupName, +genclient:...).
	Info bool
	// ControllerGen is set for the tags controller-gen reads too, as markers of the same name
	// (+listType, +optional, +groupName): they take controller-tools' spellings as well
	// (+listType:=set), and a misplaced one is a warning, as controller-gen ignores it.
	ControllerGen bool
	// Prefix is set for a tag whose name prefixes other markers, which follow it after a ':'
	// (+kubebuilder:validation:items:MaxLength=3); it reads them from Raw.Text.
	Prefix bool
	// Marker is set for controller-gen's markers (the kubebuilder dialect, see kubebuilder.go):
	// controller-tools' parser reads the arguments into Context.Marker instead of Value/Params,
	// which then only document them.
	Marker *markers.Definition
	// Typed tags follow Kubernetes' tag grammar and are parsed with gengo's codetags: arguments in
	// parentheses (Args), typed values, chained tags (Value.Kind ArgTag).
	Typed bool
	Args  []Param
	// AnyArgs accepts named arguments not in Args (+k8s:item's key fields); Apply checks them.
	AnyArgs bool
	// TestOnly tags exist for generators' own test suites (+k8s:validateFalse). As upstream's
	// validation-gen, which has no flag for them, they are always applied; outside a test package
	// (see testFile) they are a warning unless the run says it is a test suite (--test-tags),
	// and --docs lists them apart.
	TestOnly bool
	Apply    func(c *Context) error
}

// Context is what Apply sees: the checked arguments and the part of the model to edit.
type Context struct {
	Def *Def
	Raw *Raw
	// Value is the tag's value, unquoted; ValueOff its byte offset in Raw.Value.
	Value    string
	ValueOff int
	Params   map[string]Item
	// Kind and GoType describe the value the tag is about (field, type or alias).
	Kind   model.Kind
	GoType types.Type
	// V is edited by value tags, Type by type-level tags, Pkg by package tags. Each may be nil
	// when the scope does not have it.
	V    *model.Validations
	Type *model.TypeTags
	Pkg  *model.Package
	// Const is edited by constant tags (+k8s:enumExclude): the enum value the constant declares.
	Const *model.EnumValue
	// Lookup resolves constants for +default=ref(...) and +enum; it is nil at package scope.
	Lookup ConstLookup
	// IsObjectMeta reports whether the value is metav1.ObjectMeta (for +nameFormat).
	IsObjectMeta bool
	Diags        *model.Diagnostics
	// Marker is the parsed value of a controller-gen marker (a value of the Go type its
	// definition was made from); nil for other tags.
	Marker any
	// OpenAPIGen is edited by openapi-gen's own tags (+patchStrategy, +union, ...) at a field or a
	// type; nil elsewhere.
	OpenAPIGen *model.OpenAPIGenTags
	// Tag is the parsed tag of a Typed definition and Args its named arguments.
	Tag   *codetags.Tag
	Args  map[string]codetags.Arg
	place Place
	// k8sMirror is the later tag that repeats this one in the +k8s: dialect (see k8sMirror).
	k8sMirror *Raw
	// origin, when set, is the origin of the values the tag sets: a tag applied on behalf of
	// another dialect's marker (see k8s_validation.go) records that marker.
	origin *model.Origin
}

// ConstLookup finds constants visible from the tag's package.
type ConstLookup interface {
	// Const resolves "Name" (in the tag's package) or "import/path.Name".
	Const(name string) (*types.Const, bool)
	// EnumValues lists the constants whose type is t, with their doc comments.
	EnumValues(t types.Type) []model.EnumValue
	// Func resolves a function declared in the tag's package (+k8s:customValidation).
	Func(name string) (*types.Func, bool)
	// Upstream reports whether the tag's package is written for Kubernetes' validation-gen.
	Upstream() bool
}

// Scope is where the tag is written.
func (c *Context) Scope() Scope { return c.place.Scope }

// Origin is the origin to record for values set by this tag.
// A tag spelled in the +k8s: dialect also records itself as the value's +k8s: declaration
// (model.Origin.K8s).
func (c *Context) Origin() model.Origin {
	if c.origin != nil {
		return *c.origin
	}
	o := model.Origin{Tag: c.Def.Name, Pos: c.Raw.Pos, Level: c.place.Level, Options: c.place.Options}
	if strings.HasPrefix(c.Raw.Name, "k8s:") {
		k := o
		o.K8s = &k
	} else if c.k8sMirror != nil {
		k := o
		k.Pos = c.k8sMirror.Pos
		o.K8s = &k
	}
	return o
}

// Errorf reports a problem with this tag at its '+'.
func (c *Context) Errorf(format string, args ...any) error {
	return &Error{Pos: c.Raw.Pos, Msg: fmt.Sprintf(format, args...)}
}

// ErrorAt reports a problem at byte offset off of the tag's value.
func (c *Context) ErrorAt(off int, format string, args ...any) error {
	return &Error{Pos: c.Raw.Posn(off), Msg: fmt.Sprintf(format, args...)}
}

// Error is a problem with a tag; Pos overrides the tag's position when set. A Warning is
// reported as one, and the tag is not applied.
type Error struct {
	Pos     token.Position
	Msg     string
	Warning bool
}

func (e *Error) Error() string { return e.Msg }

// Int parses the value as a non-negative integer (already checked by the registry).
func (c *Context) Int() int64 { n, _ := strconv.ParseInt(c.Value, 10, 64); return n }

// Number parses the value as a number (already checked by the registry).
func (c *Context) Number() model.Number {
	f, _ := strconv.ParseFloat(c.Value, 64)
	return model.Number{Value: f, Text: c.Value, Origin: c.Origin()}
}

var uniqueMapRE = regexp.MustCompile(`=\+k8s:unique=map\s*$`)

var (
	registry = map[string]*Def{} // canonical names and aliases
	defs     []*Def
)

// Register adds a tag definition. It panics on programming errors (duplicate names, missing
// docs), so a broken registry never reaches a user.
func Register(d *Def) {
	if d.Name == "" || d.Doc == "" || d.Apply == nil || d.Scopes == 0 {
		panic(fmt.Sprintf("tags: incomplete definition %q", d.Name))
	}
	for _, n := range append([]string{d.Name}, d.Aliases...) {
		if _, dup := registry[n]; dup {
			panic("tags: duplicate tag " + n)
		}
		if allowed[n] {
			panic("tags: tag " + n + " is both registered and allow-listed")
		}
		registry[n] = d
	}
	defs = append(defs, d)
}

// Lookup returns the definition for a tag name or alias.
func Lookup(name string) (*Def, bool) {
	d, ok := registry[name]
	return d, ok
}

// Defs returns every registered definition, sorted by name.
func Defs() []*Def {
	out := append([]*Def(nil), defs...)
	sort.Slice(out, func(i, j int) bool { return strings.ToLower(out[i].Name) < strings.ToLower(out[j].Name) })
	return out
}

// Multiline reports whether a tag may continue a back-quoted value on following lines.
func Multiline(name string) bool {
	d, ok := registry[name]
	return ok && d.Value.Kind == ArgString && d.Marker == nil
}

// Place is where a set of tags was found.
type Place struct {
	Scope  Scope
	Kind   model.Kind
	GoType types.Type
	V      *model.Validations
	Type   *model.TypeTags
	Pkg    *model.Package
	Const  *model.EnumValue
	Lookup ConstLookup
	// IsObjectMeta is set when the value is metav1.ObjectMeta.
	IsObjectMeta bool
	// IgnoreMarkers skips controller-gen's markers (the kubebuilder dialect) as other tools'
	// tags: the builder sets it for dependencies when no input package is written in that
	// dialect, so that markers in shared types (metav1.Condition) do not change what other
	// dialects generate.
	IgnoreMarkers bool
	// ControllerGenOnly skips the validation tags controller-gen ignores (IgnoredByControllerGen):
	// the builder sets it for types of other modules in a controller-gen project (k8s.io/api's),
	// whose +enum, +default=ref(...) and +k8s: tags controller-gen does not publish, unless the
	// run asks for them (Options.NativeValidation).
	ControllerGenOnly bool
	// EnumIgnored skips openapi-gen's +enum with a warning, as controller-gen ignores it: the
	// builder sets it for the types of a package written for controller-gen that openapi-gen does
	// not read (no +k8s:openapi-gen=true).
	EnumIgnored bool
	// KindOf gives the kind of a Go type, for tags that apply a chained tag to an element.
	KindOf func(types.Type) model.Kind
	// TestTags accepts test-only tags.
	TestTags bool
	// Chained is set when the tags are the payload of another tag (+k8s:eachVal=...), and
	// ChainedBy names that tag.
	Chained   bool
	ChainedBy string
	// Level is the stability level (+k8s:alpha, +k8s:beta) the tags' origins carry.
	Level string
	// Options are the validation options (+k8s:ifEnabled, +k8s:ifDisabled) that gate the tags.
	Options []model.OptionGate
	// UniqueMap is set when the tags include +k8s:unique=map: +k8s:listMapKey then names the fields
	// that make items unique, not the keys of a list map (the list stays +listType=atomic).
	UniqueMap bool
	// Owner names the declaration the tags are on as upstream's validation-gen names hand-written
	// validators (+k8s:customValidation): "Type" for a type, "Struct_Field" for a field.
	Owner string
	// OpenAPIGen receives what openapi-gen's own tags say at a field or a type declaration (nil
	// elsewhere: chained tags, constants, packages).
	OpenAPIGen *model.OpenAPIGenTags
	// goKind is the kind of the Go value when a type override (+kubebuilder:validation:Type)
	// among the tags made Kind the schema's.
	goKind model.Kind
	// schemaless is set when the tags include +kubebuilder:validation:Schemaless.
	schemaless bool
}

// Apply checks each tag against the registry and applies the valid ones to the place, in the
// order given (callers pass source order). Problems are added to diags.
func Apply(raws []Raw, p Place, diags *model.Diagnostics) {
	seen := map[*Def]token.Position{}
	pkgSeen := map[*Def]packageTag{}
	for _, r := range raws {
		// Also wrapped: +k8s:beta=+k8s:unique=map, whose keys may be wrapped too.
		if r.Name == "k8s:unique" && strings.TrimSpace(r.Value) == "map" || uniqueMapRE.MatchString(r.Text) {
			p.UniqueMap = true
		}
	}
	for _, r := range raws {
		p.schemaless = p.schemaless || r.Name == "kubebuilder:validation:Schemaless"
	}
	if k, ok := typeOverride(raws); ok && p.Scope != ScopePackage && k != p.Kind {
		// +kubebuilder:validation:Type=string on a struct that marshals itself as a string: the
		// other tags of the declaration apply to the value as its schema says it is, as
		// controller-gen applies them to the overridden schema.
		p.goKind, p.Kind = p.Kind, k
	}
	var openAPIMarkers []*Raw
	for i := range raws {
		if isOpenAPIMarker(&raws[i]) && !p.ControllerGenOnly { // controller-gen does not read them
			openAPIMarkers = append(openAPIMarkers, &raws[i])
		}
	}
	if len(openAPIMarkers) > 0 && !onlyAllowed(openAPIMarkers) {
		// kube-openapi's markers are read together, as openapi-gen reads a declaration's comment.
		applyOpenAPIMarkers(openAPIMarkers, p, diags)
	}
	for i := range raws {
		r := &raws[i]
		if isOpenAPIMarker(r) && !allowed[r.Name] {
			continue
		}
		d, ok := registry[r.Name]
		if !ok {
			if allowed[r.Name] {
				continue
			}
			if (p.Level != "" || len(p.Options) > 0) && pendingUpstream[r.Name] {
				// Ignored, as the whole +k8s:alpha=... was before the wrappers were implemented.
				diags.Warn(r.Pos, r.Name, "not implemented yet; ignored")
				continue
			}
			unknown(r, diags)
			continue
		}
		if r.Note != "" {
			diags.Warn(r.Pos, r.Name, "%s", r.Note)
		}
		if p.IgnoreMarkers && IsMarker(d) || p.ControllerGenOnly && IgnoredByControllerGen(r) {
			continue
		}
		if p.EnumIgnored && r.Name == "enum" {
			diags.Warn(r.Pos, r.Name, "not applied: this package is written for controller-gen, which does not read +enum (openapi-gen's "+
				"tag), so neither the CRDs nor the validators have this enum; list the values with "+
				"+kubebuilder:validation:Enum=a;b on the type (+enum applies once the package has no markers left)")
			continue
		}
		if mirrored(raws[:i], r, d) {
			// Kubernetes writes each tag twice, for openapi-gen (+optional) and for its
			// validation-gen (+k8s:optional); the same value under another spelling is one tag.
			continue
		}
		if len(p.Options) > 0 && !gateable[d.Name] {
			// A tag whose check generated validators cannot gate on an option (see gateable).
			// Ignored, as the whole +k8s:ifEnabled=... was before.
			diags.Warn(r.Pos, r.Name, "not enforced yet under +k8s:ifEnabled / +k8s:ifDisabled; ignored")
			continue
		}
		if d.TestOnly && !p.TestTags && !testFile(r.Pos.Filename) {
			diags.Warn(r.Pos, r.Name, "a test-only tag, for validation-gen's own test suites (packages below a testdata or "+
				"output_tests directory): its check always fails or always passes; applied, as upstream's validation-gen "+
				"applies it (--test-tags marks the run as a test suite and silences this warning)")
		}
		if r.NameArgs != "" && !d.Typed {
			diags.Add(r.Pos, r.Name, "takes no arguments in parentheses")
			continue
		}
		if d.Scopes&p.Scope == 0 {
			if controllerGenReads(d) {
				// controller-gen looks markers up by where they are written, and ignores the others.
				diags.Warn(r.Pos, r.Name, "not allowed on a %s (allowed on: %s); ignored, as controller-gen ignores it", p.Scope, d.Scopes)
				continue
			}
			diags.Add(r.Pos, r.Name, "not allowed on a %s (allowed on: %s)", p.Scope, d.Scopes)
			continue
		}
		if len(d.Kinds) > 0 && p.Scope != ScopePackage && p.Kind == model.KindIntOrString && stringForm[d.Name] {
			// The API server checks an int-or-string's string values against the string keywords
			// (controller-gen's documented +kubebuilder:validation:XIntOrString with a Pattern);
			// generated validators read the string of an intstr.IntOrString.
			if model.IsQuantity(p.GoType) {
				// A Quantity's JSON is always a string: its canonical form, which generated
				// validators check. The API server checks the string as sent, which may be another
				// spelling of the same quantity (1024Mi for 1Gi).
				diags.Warn(r.Pos, r.Name, "on a resource.Quantity: generated validators check its canonical string (its JSON "+
					"form: 1024Mi is 1Gi), the API server the string as sent, so a non-canonical spelling can pass one and "+
					"fail the other; a +kubebuilder:validation:XValidation rule with quantity() says it on the value")
			} else if !model.IsIntOrString(p.GoType) {
				diags.Add(r.Pos, r.Name, "not supported on Go type %s: generated validators read the string form of an "+
					"intstr.IntOrString or a resource.Quantity only; use a +kubebuilder:validation:XValidation rule", typeString(p.GoType))
				continue
			}
		} else if len(d.Kinds) > 0 && p.Scope != ScopePackage && !hasKind(d.Kinds, p.Kind) {
			if openAPIGenExtension[r.Name] && p.OpenAPIGen != nil {
				// openapi-gen, which owns this spelling, never fails on it (it logs at -v=2) and
				// publishes the extension anyway; Kubernetes' own API types contain such tags.
				diags.Warn(r.Pos, r.Name, "applies to %s values, not to %s (Go type %s), so it says nothing about merging; "+
					"published as openapi-gen does, but never in CRDs", kindList(d.Kinds), p.Kind, typeString(p.GoType))
				misplacedExtension(&Context{Def: d, Raw: r, Kind: p.Kind, GoType: p.GoType, Diags: diags, place: p, OpenAPIGen: p.OpenAPIGen})
				continue
			}
			diags.Add(r.Pos, r.Name, "applies to %s values, not to %s (Go type %s)", kindList(d.Kinds), p.Kind, typeString(p.GoType))
			continue
		}
		if len(d.Kinds) > 0 && p.Scope != ScopePackage && scalarKinds(d.Kinds) && !goScalar(p.GoType) && p.Kind != model.KindIntOrString &&
			!(p.Kind == model.KindString && stringForm[d.Name] && CustomJSON(p.GoType)) {
			// (A value that marshals itself as a string is checked in its JSON form: what the
			// API server sees.)
			diags.Add(r.Pos, r.Name, "not supported on Go type %s: its schema is a %s (from its OpenAPISchemaType method), "+
				"but its Go value is not, so generated validators cannot check it; use a +validationRule", typeString(p.GoType), p.Kind)
			continue
		}
		if d.Value.Kind == ArgNone && !r.HasValue && strings.TrimSpace(r.Value) != "" && controllerGenReads(d) && !strings.HasPrefix(r.Name, "k8s:") {
			// "+required - the API's URL", "+optional, default GET": controller-tools reads the
			// whole line as the marker's name, finds no such marker, and ignores the line (and
			// leaves it out of the description, as every line starting with '+').
			diags.Warn(r.Pos, r.Name, "is followed by text (%q), so controller-gen reads no marker here and ignores the line; "+
				"ignored: put the prose on a line of its own", strings.TrimSpace(r.Value))
			continue
		}
		if prev, dup := seen[d]; dup && !d.Repeatable && !d.InTurn && p.Scope != ScopePackage {
			if d.Info && !controllerGenReads(d) {
				// Another tool's tag, read for what it publishes: controller-gen ignores it, and a
				// second value (a second +patchMergeKey for a two-key list map) means nothing to
				// that tool either. The first is the one published.
				diags.Warn(r.Pos, r.Name, "repeated on the same declaration (first at line %d); ignored, the first is the one published", prev.Line)
				continue
			}
			diags.Add(r.Pos, r.Name, "repeated on the same declaration (first at line %d)", prev.Line)
			continue
		}
		seen[d] = r.Pos
		c := &Context{Def: d, Raw: r, Kind: p.Kind, GoType: p.GoType, V: p.V, Type: p.Type, Pkg: p.Pkg, Const: p.Const,
			Lookup: p.Lookup, IsObjectMeta: p.IsObjectMeta, Diags: diags, place: p, k8sMirror: k8sMirror(raws[i+1:], r, d),
			OpenAPIGen: p.OpenAPIGen}
		check := checkArgs
		if d.Typed {
			check = checkTyped
		}
		if err := check(c); err != nil {
			report(diags, r, err)
			continue
		}
		if p.Scope == ScopePackage && !d.Repeatable {
			// A package's tags are read from all its files: the standard kubebuilder layout writes
			// +groupName in both doc.go and groupversion_info.go. The same value again is the same
			// declaration; another value is a conflict, at both places.
			m := meaning(c)
			if prev, ok := pkgSeen[d]; ok {
				if prev.meaning != m {
					diags.Add(r.Pos, r.Name, "conflicts with %s at %s: a package declares it once, or the same in each of its files",
						prev.raw.Text, model.ShortPos(prev.raw.Pos))
				}
				continue
			}
			pkgSeen[d] = packageTag{r, m}
		}
		if err := d.Apply(c); err != nil {
			report(diags, r, err)
		}
	}
}

// testFile reports whether a tag in file is in a test fixture of a generator's test suite, where
// test-only tags are expected: a package below a directory named testdata (Go's convention, this
// repository's goldens) or output_tests (upstream validation-gen's suite).
func testFile(file string) bool {
	for _, elem := range strings.Split(filepath.ToSlash(filepath.Dir(file)), "/") {
		if elem == "testdata" || elem == "output_tests" {
			return true
		}
	}
	return false
}

// packageTag is the first declaration of a package tag and what it means (see meaning).
type packageTag struct {
	raw     *Raw
	meaning string
}

// meaning is a tag's checked value, whatever its spelling: +groupName=a and +groupName="a" mean
// the same, and a marker means the value controller-tools parsed.
func meaning(c *Context) string {
	if c.Marker != nil {
		return fmt.Sprintf("%#v", c.Marker)
	}
	if c.Tag != nil {
		return strings.TrimSpace(c.Raw.Value)
	}
	var b strings.Builder
	b.WriteString(c.Value)
	keys := make([]string, 0, len(c.Params))
	for k := range c.Params {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		fmt.Fprintf(&b, ",%s=%q", k, c.Params[k].Value)
	}
	return b.String()
}

// stringForm lists the string tags that also apply to the string values of an int-or-string (the
// API server applies a string keyword to string values only).
var stringForm = map[string]bool{
	"pattern": true, "maxLength": true, "minLength": true,
	"kubebuilder:validation:Pattern": true, "kubebuilder:validation:MaxLength": true, "kubebuilder:validation:MinLength": true,
}

// openAPIGenExtension lists the spellings of openapi-gen's extension tags. openapi-gen only logs
// such a tag on a value of the wrong kind, so validation-gen only warns about it too.
var openAPIGenExtension = map[string]bool{"listType": true, "listMapKey": true, "mapType": true, "structType": true}

// mirrored reports whether r repeats, under another spelling of the same tag (+optional and
// +k8s:optional), the value of an earlier tag of the same place, and that value was not already
// given under r's own spelling (a real repetition, which is reported).
func mirrored(earlier []Raw, r *Raw, d *Def) bool {
	other := false
	for _, e := range earlier {
		if registry[e.Name] != d || e.HasValue != r.HasValue || strings.TrimSpace(e.Value) != strings.TrimSpace(r.Value) {
			continue
		}
		if e.Name == r.Name {
			return false
		}
		other = true
	}
	return other
}

// k8sMirror is the later tag of the same place that repeats r, which is not of the +k8s:
// dialect, in it (+optional, then +k8s:optional), or nil: mirrored skips that one, and r's values
// record themselves as declared in the +k8s: dialect too, at its position (model.Origin.K8s).
func k8sMirror(later []Raw, r *Raw, d *Def) *Raw {
	if strings.HasPrefix(r.Name, "k8s:") {
		return nil
	}
	for i := range later {
		l := &later[i]
		if strings.HasPrefix(l.Name, "k8s:") && registry[l.Name] == d && l.HasValue == r.HasValue &&
			strings.TrimSpace(l.Value) == strings.TrimSpace(r.Value) {
			return l
		}
	}
	return nil
}

func report(diags *model.Diagnostics, r *Raw, err error) {
	pos := r.Pos
	te, ok := err.(*Error)
	if ok && te.Pos.IsValid() {
		pos = te.Pos
	}
	if ok && te.Warning {
		diags.Warn(pos, r.Name, "%s", err.Error())
		return
	}
	diags.Add(pos, r.Name, "%s", err.Error())
}

// unknown reports a tag that is neither registered nor allow-listed. controller-gen, openapi-gen
// and Kubernetes' validation-gen all ignore such a tag, so outside the +k8s: namespace (whose
// tags Kubernetes' validation-gen owns) it is ignored here too, with a warning saying what it
// was probably meant to be.
func unknown(r *Raw, diags *model.Diagnostics) {
	hint := ""
	if s := spelling(r); s != "" {
		hint = fmt.Sprintf("; did you mean %s?", s)
	}
	if strings.HasPrefix(r.Name, "k8s:") {
		diags.Add(r.Pos, r.Name, "unknown tag%s", hint)
		return
	}
	diags.Warn(r.Pos, r.Name, "unknown tag, ignored (as controller-gen and openapi-gen ignore it)%s", hint)
}

// controllerGenReads reports whether controller-gen reads a tag: its markers, and the tags it
// shares with other tools.
func controllerGenReads(d *Def) bool { return IsMarker(d) || d.ControllerGen }

func hasKind(ks []model.Kind, k model.Kind) bool {
	for _, x := range ks {
		if x == k {
			return true
		}
	}
	return false
}

func kindList(ks []model.Kind) string {
	var s []string
	for _, k := range ks {
		s = append(s, k.String())
	}
	return strings.Join(s, " or ")
}

func typeString(t types.Type) string {
	if t == nil {
		return "?"
	}
	return types.TypeString(t, func(p *types.Package) string { return p.Name() })
}

// checkArgs validates the raw value against the definition's Value and Params and fills c.
func checkArgs(c *Context) error {
	d, r := c.Def, c.Raw
	if !r.HasValue && strings.HasPrefix(strings.TrimLeft(r.Value, " \t"), "=") {
		// "+listType = set": controller-gen, openapi-gen and gengo read the name up to '=', blanks
		// included, and know no such tag.
		return &Error{Pos: r.Pos, Warning: true, Msg: fmt.Sprintf("a blank before '=' makes this another tag, which "+
			"controller-gen and openapi-gen ignore; ignored; write +%s=%s", r.Name, strings.TrimSpace(strings.TrimLeft(r.Value, " \t")[1:]))}
	}
	if d.Marker != nil {
		return parseMarker(c)
	}
	if d.Value.Kind == ArgNone && len(d.Params) == 0 {
		if r.HasValue || r.Value != "" {
			if d.Value.Optional && r.HasValue {
				// "+exclusiveMinimum=true" is the flag; "=false" must not silently mean true.
				v := strings.TrimSpace(r.Value)
				if items, err := Split(r.Value); err == nil && len(items) == 1 {
					v = items[0].Value
				}
				if b, err := strconv.ParseBool(v); err != nil || !b {
					return c.ErrorAt(0, "value must be omitted or true, not %q", v)
				}
				return nil
			}
			return c.Errorf("takes no value")
		}
		return nil
	}
	if !r.HasValue {
		if r.Value != "" {
			return c.Errorf("expected '=' after the tag name")
		}
		if d.Value.Optional || d.Value.Kind == ArgNone {
			return nil
		}
		return c.Errorf("requires a value (%s)", argDoc(d.Value))
	}
	if d.Value.Kind == ArgJSON {
		c.Value = strings.TrimSpace(r.Value)
		c.ValueOff = len(r.Value) - len(strings.TrimLeft(r.Value, " \t"))
		if c.Value == "" {
			return c.Errorf("requires a value (%s)", argDoc(d.Value))
		}
		return nil
	}
	items, err := Split(r.Value)
	if err != nil {
		se := err.(*SplitError)
		return c.ErrorAt(se.Off, "malformed arguments: %s", se.Msg)
	}
	if len(items) == 0 || items[0].Value == "" && !items[0].Quoted {
		if d.Value.Optional && len(items) <= 1 {
			c.Params = map[string]Item{}
			return nil // "+groupName=": the empty value
		}
		return c.Errorf("requires a value (%s)", argDoc(d.Value))
	}
	v := items[0]
	if len(items) > 1 && len(d.Params) == 0 {
		return c.ErrorAt(items[1].KeyOff, "takes one value and no parameters")
	}
	if err := checkValue(c, d.Value, v, ""); err != nil {
		return err
	}
	c.Value, c.ValueOff = v.Value, v.Off
	c.Params = map[string]Item{}
	for _, it := range items[1:] {
		var spec *Param
		for i := range d.Params {
			if d.Params[i].Key == it.Key {
				spec = &d.Params[i]
			}
		}
		if spec == nil {
			var keys []string
			for _, p := range d.Params {
				keys = append(keys, p.Key)
			}
			msg := fmt.Sprintf("unknown parameter %q (known: %s)", it.Key, strings.Join(keys, ", "))
			if s := closest(it.Key, keys); s != "" {
				msg = fmt.Sprintf("unknown parameter %q; did you mean %q?", it.Key, s)
			}
			return c.ErrorAt(it.KeyOff, "%s", msg)
		}
		if _, dup := c.Params[it.Key]; dup {
			return c.ErrorAt(it.KeyOff, "parameter %q given twice", it.Key)
		}
		if spec.Arg.Kind == ArgNone && it.HasValue {
			if b, err := strconv.ParseBool(it.Value); err != nil || !b {
				return c.ErrorAt(it.Off, "parameter %q is a flag and takes no value", it.Key)
			}
		}
		if spec.Arg.Kind != ArgNone {
			if !it.HasValue {
				return c.ErrorAt(it.KeyOff, "parameter %q requires a value (%s)", it.Key, argDoc(spec.Arg))
			}
			if err := checkValue(c, spec.Arg, it, it.Key); err != nil {
				return err
			}
		}
		c.Params[it.Key] = it
	}
	return nil
}

func checkValue(c *Context, a Arg, it Item, key string) error {
	what := "value"
	if key != "" {
		what = fmt.Sprintf("parameter %q", key)
	}
	switch a.Kind {
	case ArgString:
		if v := it.Value; !it.Quoted && len(v) >= 2 && v[0] == '\'' && v[len(v)-1] == '\'' && !strings.Contains(v[1:len(v)-1], "'") {
			return c.ErrorAt(it.Off, "%s %s is in single quotes, which do not quote in tags (they would be part of the value); "+
				"use double quotes or back-quotes", what, v)
		}
	case ArgInt:
		n, err := strconv.ParseInt(it.Value, 10, 64)
		if err != nil || n < 0 || it.Quoted {
			return c.ErrorAt(it.Off, "%s must be a non-negative integer, not %q", what, it.Value)
		}
	case ArgNumber:
		f, err := strconv.ParseFloat(it.Value, 64)
		if err != nil || it.Quoted || math.IsInf(f, 0) || math.IsNaN(f) {
			return c.ErrorAt(it.Off, "%s must be a number, not %q", what, it.Value)
		}
	case ArgWord:
		for _, w := range a.Words {
			if it.Value == w {
				return nil
			}
		}
		msg := fmt.Sprintf("%s %q is not one of %s", what, it.Value, strings.Join(a.Words, ", "))
		if strings.HasPrefix(it.Value, "'") {
			msg += "; single quotes do not quote in tags: use double quotes or none"
		} else if s := closest(it.Value, a.Words); s != "" {
			msg += fmt.Sprintf("; did you mean %q?", s)
		}
		return c.ErrorAt(it.Off, "%s", msg)
	case ArgNone:
		if b, err := strconv.ParseBool(it.Value); err != nil || !b {
			return c.ErrorAt(it.Off, "%s must be omitted or true", what)
		}
	}
	return nil
}

func argDoc(a Arg) string {
	switch a.Kind {
	case ArgInt:
		return "a non-negative integer"
	case ArgNumber:
		return "a number"
	case ArgString:
		return "a string"
	case ArgWord:
		return "one of " + strings.Join(a.Words, ", ")
	case ArgJSON:
		if a.Doc != "" {
			return a.Doc
		}
		return "a JSON value"
	case ArgMarker:
		return a.Doc
	case ArgTag:
		return "another tag"
	case ArgScalar:
		return "a string, integer or boolean"
	}
	return "no value"
}

// ParseJSON decodes a +default style JSON value, keeping integers exact.
func ParseJSON(s string) (any, error) {
	dec := json.NewDecoder(strings.NewReader(s))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		return nil, err
	}
	if dec.More() {
		return nil, fmt.Errorf("unexpected text after the JSON value")
	}
	return normalizeJSON(v), nil
}

func normalizeJSON(v any) any {
	switch x := v.(type) {
	case json.Number:
		if i, err := x.Int64(); err == nil {
			return i
		}
		f, _ := x.Float64()
		return f
	case []any:
		for i := range x {
			x[i] = normalizeJSON(x[i])
		}
	case map[string]any:
		for k := range x {
			x[k] = normalizeJSON(x[k])
		}
	}
	return v
}

// scalarKinds reports whether a tag applies to scalar values only: generated validators then read
// the Go value as a Go string or number.
func scalarKinds(kinds []model.Kind) bool {
	for _, k := range kinds {
		switch k {
		case model.KindString, model.KindInteger, model.KindNumber, model.KindBoolean:
		default:
			return false
		}
	}
	return true
}

// goScalar reports whether a Go type (through pointers and aliases) is a string, number or
// boolean, or []byte: what a scalar tag's generated check can read.
func goScalar(t types.Type) bool {
	for {
		switch x := types.Unalias(t).(type) {
		case *types.Pointer:
			t = x.Elem()
			continue
		}
		break
	}
	switch u := t.Underlying().(type) {
	case *types.Basic:
		return true
	case *types.Slice:
		b, ok := types.Unalias(u.Elem()).(*types.Basic)
		return ok && b.Kind() == types.Byte
	}
	return false
}
