package tags

import "strings"

// allowed lists, exactly, the tags of other tools that may appear in API types and that
// validation-gen ignores. It was built from the tags k8s.io/api v0.37 and
// k8s.io/apimachinery/pkg/apis/meta/v1 carry, plus the common kubebuilder markers. Anything else
// that looks like a tag is an error: a typo in a validation tag must never be silently dropped.
// Names are compared without '+' and without function-style arguments, so
// "+k8s:alpha(since:"1.37")=+k8s:optional" is the allowed name "k8s:alpha".
var allowed = map[string]bool{
	// Go build constraints in the old syntax.
	"build": true,
	// client-gen (+resourceName names the resource of a kind whose plural is not the default).
	"genclient": true, "genclient:method": true, "genclient:noVerbs": true, "genclient:onlyVerbs": true,
	"genclient:skipVerbs": true, "genclient:noStatus": true, "genclient:readonly": true, "resourceName": true,
	// deepcopy-gen, conversion-gen, defaulter-gen, protobuf, prerelease-lifecycle-gen.
	"k8s:deepcopy-gen": true, "k8s:deepcopy-gen:interfaces": true, "k8s:deepcopy-gen:nonpointer-interfaces": true,
	"k8s:conversion-gen": true, "k8s:conversion-gen:explicit-from": true, "k8s:conversion-gen-external-types": true,
	"k8s:conversion-fn": true, "k8s:defaulter-gen": true, "k8s:defaulter-gen-input": true,
	"k8s:protobuf-gen": true, "protobuf": true, "protobuf.as": true, "protobuf.nullable": true,
	"protobuf.embed": true, "protobuf.options.marshal": true, "protobuf.options.(gogoproto.goproto_stringer)": true,
	"protobuf.options.":            true,
	"k8s:prerelease-lifecycle-gen": true, "k8s:prerelease-lifecycle-gen:introduced": true,
	"k8s:prerelease-lifecycle-gen:deprecated": true, "k8s:prerelease-lifecycle-gen:removed": true,
	"k8s:prerelease-lifecycle-gen:replacement": true,
	// apply configurations, and documentation (openapi-gen's own tags are registered).
	"oneOf": true, "zeroOrOneOf": true, "deprecated": true,
	"groupGoName": true,
	// Kubernetes' own validation-gen tags that validation-gen does not implement (yet).
	"k8s:deprecated":            true,
	"k8s:validation-gen-nolint": true, "k8s:validation-gen-test-fixture": true, "k8s:validation-gen-test-targets": true,
	"k8s:declarativeValidationNative": true,
	// kube-openapi's marker namespace (+k8s:validation:<property>), as upstream's validation-gen test
	// fixtures write it on a type and a package: neither generator reads these two spellings.
	"k8s:validation:Required": true, "k8s:validation:internal": true,
	// controller-gen markers of its other generators, which say nothing about validation or CRD
	// schemas: deepcopy (object:generate), RBAC roles, webhook manifests, apply configurations,
	// clients.
	"kubebuilder:object:generate": true, "kubebuilder:rbac": true, "kubebuilder:webhook": true,
	"kubebuilder:webhookconfiguration": true, "kubebuilder:ac:generate": true, "kubebuilder:ac:output:package": true,
	"kubebuilder:skipclient": true,
}

// Allowed reports whether name is another tool's tag that validation-gen ignores.
func Allowed(name string) bool { return allowed[name] }

// markerNamespaces are the namespaces of other tools whose markers follow controller-tools'
// syntax (sigs.k8s.io/controller-tools/pkg/markers), where the first argument may follow the name
// after a ':': "+kubebuilder:printcolumn:name="Age",type=date" is the marker
// kubebuilder:printcolumn with the arguments name="Age",type=date.
var markerNamespaces = map[string]bool{"kubebuilder": true}

// markerName returns the name of a tag written name=value, as controller-tools resolves it
// (splitMarker and tryAnonLookup in its pkg/markers): the name itself when it is registered or
// allow-listed, else the name without its last ':'-separated segment when that is a tag
// controller-gen reads (a marker in one of markerNamespaces, registered or allow-listed, or one of
// the tags it shares with other tools, such as +listType): "+a:b:c=x" is first a:b:c, then a:b
// with the argument c=x, and "+listType:=set" is +listType with the value set. Our own tags and
// other namespaces keep their name as written, so a misspelt tag is still reported.
func markerName(name string) string {
	if _, ok := registry[name]; ok || allowed[name] {
		return name
	}
	for _, d := range defs {
		if d.Prefix && strings.HasPrefix(name, d.Name+":") {
			return d.Name // +kubebuilder:validation:items:XValidation:rule=...: the marker after it is its argument
		}
	}
	if base, ok := strings.CutSuffix(name, ":"); ok {
		// "+listType:=set": the empty last segment is no argument name.
		if n := markerName(base); controllerGenName(n) {
			return n
		}
	}
	if i := strings.LastIndexByte(name, ':'); i >= 0 && controllerGenName(name[:i]) {
		return name[:i]
	}
	return name
}

// controllerGenName reports whether controller-gen reads a tag of this name: a marker in one of
// markerNamespaces (registered or allow-listed), or a registered tag it reads under its
// canonical name (+listType, +nullable).
func controllerGenName(name string) bool {
	ns, _, _ := strings.Cut(name, ":")
	d := registry[name]
	return markerNamespaces[ns] && (allowed[name] || d != nil) || d != nil && d.Name == name && controllerGenReads(d)
}

// namedArgs reports whether a tag (registered or allow-listed) takes named arguments, which
// controller-tools' syntax lets start after the name's last ':' (+kubebuilder:resource:path=x).
func namedArgs(name string) bool {
	d, ok := registry[name]
	if !ok {
		return true // another tool's marker: its arguments are its own
	}
	if d.Marker != nil {
		return !d.Marker.AnonymousField() && !d.Marker.Empty()
	}
	if d.Prefix {
		return true // +kubebuilder:validation:items:MaxLength=3: the marker after it is its argument
	}
	return len(d.Params) > 0
}

// ForOtherGenerator reports whether a tag, by its name as written (without '+', up to '=' or a
// blank), is one of controller-gen's markers that say nothing about API types: its RBAC and
// webhook generators' (+kubebuilder:rbac:groups=..., written on reconcilers), kubebuilder's
// scaffolding comments (+kubebuilder:scaffold:imports), and +kubebuilder:skip, which keeps a
// package out of controller-gen's CRDs. A package that carries nothing else is a controller's.
func ForOtherGenerator(name string) bool {
	if name == "kubebuilder:skip" {
		return true
	}
	for _, p := range []string{"kubebuilder:rbac", "kubebuilder:webhook", "kubebuilder:webhookconfiguration", "kubebuilder:scaffold"} {
		if name == p || strings.HasPrefix(name, p+":") {
			return true
		}
	}
	return false
}
