package model

import (
	"go/types"
	"regexp"
	"sort"
	"strings"

	"k8s.io/apimachinery/pkg/util/version"

	"github.com/validation-gen/validation-gen/formats"
)

// Universe is the built model: the input packages and every definition reachable from them. The
// builder makes it; checks and emitters only read it.
type Universe struct {
	Packages    []*Package    // input packages, sorted by path
	Definitions []*Definition // all definitions, sorted by name
}

// Checked is every definition whose tags the checks validate: all definitions, then the value
// types of the input packages (Package.ValueTypes), which have Go validators of their own though
// no place may use them.
func (u *Universe) Checked() []*Definition {
	out := u.Definitions
	for _, p := range u.Packages {
		if len(p.ValueTypes) > 0 {
			out = append(out[:len(out):len(out)], p.ValueTypes...)
		}
	}
	return out
}

// Lookup returns the definition with the given model name.
func (u *Universe) Lookup(name string) *Definition {
	i := sort.Search(len(u.Definitions), func(i int) bool { return u.Definitions[i].Name >= name })
	if i < len(u.Definitions) && u.Definitions[i].Name == name {
		return u.Definitions[i]
	}
	return nil
}

// Options are the settings of one run that change what is checked and what the emitters publish.
type Options struct {
	// Compat is the Kubernetes version whose API server must accept and enforce the output.
	Compat *version.Version
	// FormatFallback publishes formats that Compat does not know as an equivalent pattern or rule;
	// without it such a format is an error.
	FormatFallback bool
	// CostLimits holds the rules of kinds that become CRDs to the API server's static CEL cost
	// limits (set when CRDs are generated).
	CostLimits bool
	// NoNativeCEL runs every CEL rule in CEL at run time, without the native Go fast path.
	NoNativeCEL bool
	// TestTags marks the run as a generator's test suite (--test-tags): test-only tags (+k8s:validateFalse,
	// ...), which are always applied, are then not warned about anywhere.
	TestTags bool
	// Strict makes every warning an error (--strict): input the reference tools accept but this
	// generator finds suspicious stops the run.
	Strict bool
	// OpenAPIAllTypes writes kube-openapi Go definitions for every exported struct of the input
	// packages (--openapi-all-types), not only for those +k8s:openapi-gen selects as openapi-gen
	// does (see Definition.OpenAPIGenSelects).
	OpenAPIAllTypes bool
	// NativeValidation applies, in a controller-gen project, the tags controller-gen does not
	// read (+enum, +default=ref(...), +k8s:) of the types of other modules it embeds (k8s.io/api's
	// PodTemplateSpec, say): its CRDs and validators then enforce the native types' declarative
	// validation. Without it they are controller-gen's.
	NativeValidation bool
	// EmbeddedObjectMeta spells object metadata below the root of a controller-gen project's CRD
	// (a template's) with the fields the API server then keeps (name, namespace, labels,
	// annotations, finalizers), as controller-gen's crd:generateEmbeddedObjectMeta=true does;
	// without it, a plain object.
	EmbeddedObjectMeta bool
	// CRD are controller-gen's CRD generator options (--crd-options).
	CRD CRDOptions
}

// CRDOptions are controller-gen's options of its crd generator, by the same names
// (controller-gen crd:maxDescLen=0 ...), but for generateEmbeddedObjectMeta, which is
// Options.EmbeddedObjectMeta.
type CRDOptions struct {
	// MaxDescLen truncates CRD descriptions to this many bytes, at a sentence or word boundary as
	// controller-gen does (maxDescLen); 0 drops them; nil keeps them whole.
	MaxDescLen *int
	// AllowDangerousTypes accepts float fields in the CRDs of packages written for controller-gen
	// without a warning (allowDangerousTypes): controller-gen refuses them otherwise.
	AllowDangerousTypes bool
	// IgnoreUnexportedFields ignores unexported fields, tags and all, without a word
	// (ignoreUnexportedFields).
	IgnoreUnexportedFields bool
}

// MetaV1Path is the import path of apimachinery's meta/v1, whose ObjectMeta the model treats
// specially (name formats, CRD metadata).
const MetaV1Path = "k8s.io/apimachinery/pkg/apis/meta/v1"

// isNamed reports whether t, or the type t points to, is the named type path.name.
func isNamed(t types.Type, path, name string) bool {
	t = types.Unalias(t)
	if p, ok := t.(*types.Pointer); ok {
		t = types.Unalias(p.Elem())
	}
	n, ok := t.(*types.Named)
	return ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == path && n.Obj().Name() == name
}

// IsObjectMeta reports whether t is metav1.ObjectMeta or a pointer to it.
func IsObjectMeta(t types.Type) bool {
	return isNamed(t, MetaV1Path, "ObjectMeta")
}

// OwnProperties are the fields a struct's own checks (unions, modes, dependencies, and in Go its
// validator's field checks) range over: all of them, except in a package written for Kubernetes'
// validation-gen, where the fields promoted through an embedded struct are that struct's, checked
// by its validator (see Node.Embedded), as upstream's validation-gen reads them.
func (d *Definition) OwnProperties() []*Property {
	if !d.Package.UpstreamSemantics() || len(d.Node.Embedded) == 0 {
		return d.Node.Properties
	}
	var out []*Property
	for _, p := range d.Node.Properties {
		if p.Promoted == "" {
			out = append(out, p)
		}
	}
	return out
}

// IntOrStringPath is the import path of apimachinery's intstr, whose IntOrString generated
// validators read the string form of.
const IntOrStringPath = "k8s.io/apimachinery/pkg/util/intstr"

// IsIntOrString reports whether t is intstr.IntOrString or a pointer to it.
func IsIntOrString(t types.Type) bool {
	return isNamed(t, IntOrStringPath, "IntOrString")
}

// QuantityPath is the import path of apimachinery's resource, whose Quantity marshals itself as
// a string (its canonical form, String()): generated validators check that string.
const QuantityPath = "k8s.io/apimachinery/pkg/api/resource"

// IsQuantity reports whether t is resource.Quantity or a pointer to it.
func IsQuantity(t types.Type) bool {
	return isNamed(t, QuantityPath, "Quantity")
}

// IsObjectMeta reports whether d is metav1.ObjectMeta's definition.
func (d *Definition) IsObjectMeta() bool {
	return d.GoPackage == MetaV1Path && d.GoName == "ObjectMeta"
}

// ValueType is the Go type at the node without its pointer.
func (n *Node) ValueType() types.Type {
	t := n.GoType
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		return p.Elem()
	}
	return t
}

var servedVersion = regexp.MustCompile(`^v\d+((alpha|beta)\d+)?$`)

// IsServedVersion reports whether a package name is a Kubernetes API version (v1, v1beta1,
// v2alpha3): only such packages are served versions of a CRD.
func IsServedVersion(pkgName string) bool { return servedVersion.MatchString(pkgName) }

var oldSelfWord = regexp.MustCompile(`\boldSelf\b`)

// IsTransition reports whether the rule reads oldSelf: it then runs on update only.
func (r Rule) IsTransition() bool { return oldSelfWord.MatchString(r.Rule) }

// NameFormatRules returns the two rules +nameFormat stands for, over CEL expressions for the name
// and the generateName: name must have the format, and generateName too once a trailing '-' is
// masked the way apimachinery's name validation masks it (the last two characters become "a").
func NameFormatRules(f *formats.Format, name, gen string) (nameRule, genRule Rule) {
	masked := "(" + gen + ".size() > 1 && " + gen + ".endsWith('-') ? " + gen + ".substring(0, " + gen + ".size() - 2) + 'a' : " + gen + ")"
	what := strings.TrimSuffix(f.Doc, ".")
	nameRule = Rule{Rule: "!has(" + name + ") || " + f.CELCheck(name), Message: "must be " + what}
	genRule = Rule{Rule: "!has(" + gen + ") || " + f.CELCheck(masked), Message: "must be a prefix of " + what}
	if name == "self" {
		nameRule.Rule = f.CELCheck(name)
		genRule.Rule = f.CELCheck(masked)
	}
	return nameRule, genRule
}
