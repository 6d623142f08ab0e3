package corpus

import "strings"

// project is one controller-gen project of the corpus, at a pinned release, with the
// controller-gen version and options it uses itself (its Makefile or hack scripts at that tag).
type project struct {
	// name is the subtest's name (VALIDATION_GEN_CORPUS_ONLY selects projects by it).
	name string
	// module and version are the module that holds the API packages.
	module, version string
	// dirs are the directories of the API packages, relative to the module root: controller-gen
	// runs over paths=./<dir>/..., validation-gen over ./<dir>/... in one run, and once per package
	// through go:generate.
	dirs []string
	// runs splits dirs into the separate controller-gen runs the project makes (nil: one run).
	runs [][]string
	// controllerGen is the controller-tools version the project pins; crdOptions its crd
	// generator's options (crd:crdVersions=v1,...); flags are validation-gen's flags for the
	// same options.
	controllerGen, crdOptions string
	flags                     []string
	// drop are CRD files the project deletes after controller-gen (validation-gen's CRD of the same
	// kind is deleted too, whatever its plural).
	drop []string
	// The published CRDs, for the self-check: a directory of crdModule@crdVersion (the module
	// itself when empty). selfCheck says why there is none when published is empty.
	crdModule, crdVersion string
	published             []string
	selfCheck             string
	// install is the function that adds a package's types to a scheme (AddToScheme).
	install string
	// words are values of the project's enums and formats, for the harness's random objects.
	words []string
	// extra are files of testdata/<name>/ copied into the harness package.
	extra []string
	// gaps are the differences and problems known today, each with its reason and the issue
	// class that owns it; every other one fails the test, and so does a gap that no longer
	// occurs (remove it then).
	gaps []gap
	// patches are edits of the project's sources that work around a generator error on input
	// controller-gen accepts: each must still be needed (the unpatched run reports diag).
	patches []patch
}

// gap is a known difference or problem. match is a glob ('*' matches anything) over one line:
// "crd:<file>:<path>" for a difference between controller-gen's CRD and validation-gen's,
// "server:<file>: <error>" for a CRD the API server rejects, "vet:<line>" for go vet's output,
// "perpkg:<text>" for a difference between per-package and joint runs, "harness:<text>" for
// the two-way harness, "selfcheck:<file>:<path>" for a published CRD controller-gen does not
// reproduce.
type gap struct {
	match, class, why string
}

// patch edits one file of the project's copy before generation.
type patch struct {
	file, old, new string // file: a glob over paths relative to the module
	diag           string // a glob over one line of the unpatched run's output that the patch avoids
	class, why     string
}

var projects = []project{
	{
		// Gateway API: four versions, CEL everywhere, list maps, defaults.
		name: "gateway-api", module: "sigs.k8s.io/gateway-api", version: "v1.6.3",
		dirs: []string{"apis", "apisx"}, controllerGen: "v0.21.0", crdOptions: "crd",
		selfCheck: "gateway-api publishes CRDs made by its own generator (pkg/generator, controller-tools " +
			"as a library, with +gateway:experimental channels and extra annotations); controller-gen " +
			"itself is the reference",
		install: "Install", extra: []string{"bench_test.go.txt"},
		words: []string{"Service", "Gateway", "HTTP", "HTTPS", "TLS", "gateway.networking.k8s.io", "Exact", "PathPrefix",
			"RegularExpression", "GET", "IPAddress", "Hostname", "Same", "All", "Selector", "RequestHeaderModifier",
			"RequestRedirect", "URLRewrite", "ReplaceFullPath", "ReplacePrefixMatch", "Terminate", "80", "302", "443"},
	},
	{
		// Flux's source-controller: three versions, defaults, enums, patterns, fluxcd/pkg's meta types.
		name: "flux-source", module: "github.com/fluxcd/source-controller/api", version: "v1.9.6",
		dirs: []string{"v1", "v1beta1", "v1beta2"}, controllerGen: "v0.21.0", crdOptions: "crd:crdVersions=v1",
		crdModule: "github.com/fluxcd/source-controller", crdVersion: "v1.9.6", published: []string{"config/crd/bases"},
		install: "AddToScheme",
		patches: []patch{
			durationPattern(`"^([0-9]+(\\.[0-9]+)?(ms|s|m|h))+$"`),
			durationPattern(`"^([0-9]+(\\.[0-9]+)?(ms|s|m))+$"`),
		},
		gaps: []gap{
			{`crd:*: controller-gen "^([0-9]+(\\.[0-9]+)?(ms|s|m*))+$", validation-gen (absent)`, "5",
				"the patterns the patches above take off metav1.Duration fields"},
			{"harness: * of 900 objects disagree", "unowned", durationAndNilItems + " (102 objects in the last run: spec.interval; status.includedArtifacts)"},
		},
	},
	{
		// KEDA: ScaledJob embeds batch/v1 JobSpec, embedded ObjectMeta with generateEmbeddedObjectMeta.
		name: "keda", module: "github.com/kedacore/keda/v2", version: "v2.21.0",
		dirs: []string{"apis"}, controllerGen: "v0.21.0", crdOptions: "crd:crdVersions=v1,generateEmbeddedObjectMeta=true",
		flags: []string{"--generate-embedded-object-meta"},
		drop:  []string{"keda.sh_withtriggers.yaml"}, published: []string{"config/crd/bases"},
		install: "AddToScheme",
		patches: []patch{typeOptional},
		gaps: []gap{
			{"crd:eventing.keda.sh_cloudeventsources:*", "4", noObjectRoot},
			{"crd:eventing.keda.sh_clustercloudeventsources:*", "4", noObjectRoot},
			{"crd:keda.sh_triggerauthentications:*", "4", noObjectRoot},
			{"crd:keda.sh_clustertriggerauthentications:*", "4", noObjectRoot},
			{"harness: *only 3 of 150 objects are valid on create*", "unowned",
				"ScaledJob and ScaledObject: MakeValid does not reach valid objects from random ones (an embedded JobSpec's pod template)"},
		},
	},
	{
		// Velero: two groups of versions generated apart, k8s.io/api types, preserved unknown fields.
		name: "velero", module: "github.com/vmware-tanzu/velero", version: "v1.18.3",
		dirs: []string{"pkg/apis/velero/v1", "pkg/apis/velero/v2alpha1"}, runs: [][]string{{"pkg/apis/velero/v1"}, {"pkg/apis/velero/v2alpha1"}},
		controllerGen: "v0.16.5", crdOptions: "crd:crdVersions=v1",
		published: []string{"config/crd/v1/bases", "config/crd/v2alpha1/bases"},
		install:   "AddToScheme",
		patches:   []patch{repeatedPackageMarker("pkg/apis/velero/*/groupversion_info.go", "// +groupName=velero.io\n", "groupName")},
		gaps: []gap{
			{`crd:velero.io_backupstoragelocations:*.status.properties.phase.default: controller-gen (absent), validation-gen "Unavailable"`, "3",
				"+kubebuilder:default on a type (BackupStorageLocationPhase): controller-gen ignores it there; validation-gen applies it " +
					"(a divergence docs/getting-started/from-controller-gen.md documents, against drop-in output)"},
			{"harness: * of 1950 objects disagree", "unowned", durationAndNilItems + " (53 objects in the last run: operationTimeout, maintenanceFrequency; orLabelSelectors)"},
		},
	},
	{
		// prometheus-operator: containers, volumes, affinity and resources of k8s.io/api, quantities.
		name: "prometheus-operator", module: "github.com/prometheus-operator/prometheus-operator/pkg/apis/monitoring", version: "v0.85.0",
		dirs: []string{"."}, controllerGen: "v0.18.0", crdOptions: "crd:crdVersions=v1",
		crdModule: "github.com/prometheus-operator/prometheus-operator", crdVersion: "v0.85.0",
		published: []string{"example/prometheus-operator-crd-full"},
		install:   "AddToScheme",
		patches: []patch{
			colonEquals("listType"), colonEquals("mapType"), colonEquals("listMapKey"), colonEquals("kubebuilder:validation:items:MinLength"),
			misspelt("optional.", "optional"), misspelt("kubebuilder:vaidation:MinLength=1", "kubebuilder:validation:MinLength"),
		},
	},
	{
		// Cluster API: two versions of every kind, CEL, list maps, its own ObjectMeta in templates.
		name: "cluster-api", module: "sigs.k8s.io/cluster-api/api", version: "v1.14.2",
		dirs: []string{"addons", "core", "ipam", "runtime"}, controllerGen: "v0.21.0", crdOptions: "crd:crdVersions=v1",
		crdModule: "sigs.k8s.io/cluster-api", crdVersion: "v1.14.2", published: []string{"core/config/crd/bases"},
		install: "AddToScheme",
		gaps: []gap{
			{"gen:*: type JSONSchemaProps is recursive (JSONSchemaProps -> JSONSchemaProps); CRD schemas cannot express recursion", "6",
				"ClusterClass variables' JSONSchemaProps recurses only through +kubebuilder:validation:Schemaless fields, where controller-gen does not descend"},
		},
	},
	{
		// Kueue: PodTemplateSpec in workloads, generateEmbeddedObjectMeta, three versions.
		name: "kueue", module: "sigs.k8s.io/kueue", version: "v0.17.0",
		dirs: []string{"apis"}, controllerGen: "v0.20.1", crdOptions: "crd:generateEmbeddedObjectMeta=true",
		flags:     []string{"--generate-embedded-object-meta"},
		published: []string{"config/components/crd/bases"},
		install:   "AddToScheme",
		patches: []patch{
			repeatedPackageMarker("apis/*/groupversion_info.go", "// +groupName=kueue.x-k8s.io\n", "groupName"),
			repeatedPackageMarker("apis/visibility/*/groupversion_info.go", "// +groupName=visibility.kueue.x-k8s.io\n", "groupName"),
			repeatedPackageMarker("apis/visibility/*/groupversion_info.go", "// +kubebuilder:skip\n", "kubebuilder:skip"),
		},
	},
	{
		// external-secrets: many small kinds in two groups, three versions, references to secrets.
		name: "external-secrets", module: "github.com/external-secrets/external-secrets", version: "v0.16.2",
		dirs: []string{"apis"}, controllerGen: "v0.17.3", crdOptions: "crd",
		published: []string{"config/crds/bases"},
		install:   "AddToScheme",
		gaps: []gap{
			{"gen:*: +kubebuilder:validation:items:*:: unknown tag; did you mean *", "2", "+kubebuilder:validation:items:MinLength:=1 (controller-tools' := spelling)"},
			{"gen:*: +kubebuilder:object:generate:false: unknown tag", "2", "controller-tools' positional :false argument"},
			{"gen:*: +versionName: unknown tag", "1", "+versionName, a package marker controller-gen reads"},
			{"gen:apis/doc.go:*: +domain: unknown tag", "3", "operator-sdk's +domain, another tool's package marker"},
			{"gen:*: +Optional: unknown tag; did you mean +optional?", "3", "a misspelling controller-gen ignores"},
			{"gen:*: +required: takes no value", "3", "'+required - text' is +required with prose after it for controller-gen"},
			{"gen:*: +optional: takes no value", "3", "'+optional - text' and '+optional, default GET' are +optional with prose for controller-gen"},
		},
	},
	{
		// Envoy Gateway: large policies with CEL, int-or-string, durations, floats (allowDangerousTypes).
		name: "envoy-gateway", module: "github.com/envoyproxy/gateway", version: "v1.9.0",
		dirs: []string{"api"}, controllerGen: "v0.20.1", crdOptions: "crd:allowDangerousTypes=true",
		published: []string{"charts/gateway-helm/charts/crds/crds/generated"},
		install:   "AddToScheme",
	},
}

// durationPattern is the patch that takes a +kubebuilder:validation:Pattern off metav1.Duration
// fields typed as strings (+kubebuilder:validation:Type=string), which validation-gen refuses
// today because its Go validators cannot check a pattern on a Duration (issue 22 class 5: check
// the value's JSON form, or warn and publish only).
func durationPattern(pattern string) patch {
	return patch{
		file: "*", old: "// +kubebuilder:validation:Type=string\n\t// +kubebuilder:validation:Pattern=" + pattern + "\n",
		new:  "// +kubebuilder:validation:Type=string\n",
		diag: "*: +kubebuilder:validation:Pattern: not supported on Go type *v1.Duration: *", class: "5",
		why: "a pattern on a metav1.Duration with +kubebuilder:validation:Type=string is an error (its Go value is not a string)",
	}
}

// typeOptional takes +optional off type declarations, where controller-gen ignores it (it is a
// field marker) and validation-gen refuses it (issue 22 class 3: a warning).
var typeOptional = patch{
	file: "*", old: "// +optional\ntype ", new: "type ",
	diag: "*: +optional: not allowed on a type (allowed on: field)", class: "3",
	why: "+optional on a type declaration is an error; controller-gen ignores it",
}

// colonEquals rewrites controller-tools' +marker:=value spelling as +marker=value, which
// validation-gen refuses today (issue 22 class 2).
func colonEquals(marker string) patch {
	return patch{
		file: "*", old: "// +" + marker + ":=", new: "// +" + marker + "=",
		diag: "*: +" + marker + ":: unknown tag*", class: "2",
		why: "+" + marker + ":=value is controller-tools' other spelling of +" + marker + "=value, refused as an unknown tag",
	}
}

// misspelt deletes the line of a misspelt marker, which controller-gen ignores and validation-gen
// refuses today (issue 22 class 3: a warning with a "did you mean").
func misspelt(text, meant string) patch {
	return patch{
		file: "*", old: "\t// +" + text + "\n", new: "",
		diag: "*: +" + strings.SplitN(text, "=", 2)[0] + ": unknown tag; did you mean +" + meant + "?", class: "3",
		why: "+" + text + " is a misspelling controller-gen ignores, refused as an unknown tag",
	}
}

// repeatedPackageMarker deletes a package marker from one of the two files that both carry it
// (doc.go and groupversion_info.go), which validation-gen refuses today as a repetition (issue
// 22 class 1: identical repeats across a package's files are one declaration).
func repeatedPackageMarker(file, line, marker string) patch {
	return patch{
		file: file, old: line, new: "",
		diag: "*: +" + marker + ": repeated on the same declaration*", class: "1",
		why: "+" + marker + " in both doc.go and groupversion_info.go is refused as a repetition",
	}
}

// noObjectRoot is why a kind's CRD differs when the kind has no +kubebuilder:object:root (a kind
// controller-gen finds by its TypeMeta, ObjectMeta and +groupName): validation-gen writes its CRD,
// but not as controller-gen writes it (descriptions, order of required fields).
const noObjectRoot = "the kind has no +kubebuilder:object:root; controller-gen finds it all the same and writes its CRD as for the others"

// durationAndNilItems are two differences of the generated validators with the server that the
// corpus finds (no class of issue 22 owns them yet): a required metav1.Duration that is zero is
// Required for the validators, while its JSON form ("0s") is present for the server; a nil item
// of a list of pointers (JSON null) is not of type object for the server, and passes the validators.
const durationAndNilItems = "a zero required metav1.Duration is Required for the generated validators, present (\"0s\") for the server; " +
	"a nil item of a []*T list (null) is not an object for the server, and passes the validators"
