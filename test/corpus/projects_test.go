package corpus

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
	// upgrade are edits of the project's own code that the controller-runtime of the validators'
	// Kubernetes version asks for (upgrade_test.go raises it, as the docs tell a user to): each
	// must still be needed (go build of the project's packages reports diag before it).
	upgrade []patch
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
	},
	{
		// KEDA: ScaledJob embeds batch/v1 JobSpec, embedded ObjectMeta with generateEmbeddedObjectMeta.
		name: "keda", module: "github.com/kedacore/keda/v2", version: "v2.21.0",
		dirs: []string{"apis"}, controllerGen: "v0.21.0", crdOptions: "crd:crdVersions=v1,generateEmbeddedObjectMeta=true",
		flags: []string{"--generate-embedded-object-meta"},
		drop:  []string{"keda.sh_withtriggers.yaml"}, published: []string{"config/crd/bases"},
		install: "AddToScheme",
	},
	{
		// Velero: two groups of versions generated apart, k8s.io/api types, preserved unknown fields.
		name: "velero", module: "github.com/vmware-tanzu/velero", version: "v1.18.3",
		dirs: []string{"pkg/apis/velero/v1", "pkg/apis/velero/v2alpha1"}, runs: [][]string{{"pkg/apis/velero/v1"}, {"pkg/apis/velero/v2alpha1"}},
		controllerGen: "v0.16.5", crdOptions: "crd:crdVersions=v1",
		published: []string{"config/crd/v1/bases", "config/crd/v2alpha1/bases"},
		install:   "AddToScheme",
	},
	{
		// prometheus-operator: containers, volumes, affinity and resources of k8s.io/api, quantities.
		name: "prometheus-operator", module: "github.com/prometheus-operator/prometheus-operator/pkg/apis/monitoring", version: "v0.85.0",
		dirs: []string{"."}, controllerGen: "v0.18.0", crdOptions: "crd:crdVersions=v1",
		crdModule: "github.com/prometheus-operator/prometheus-operator", crdVersion: "v0.85.0",
		published: []string{"example/prometheus-operator-crd-full"},
		install:   "AddToScheme",
	},
	{
		// Cluster API: two versions of every kind, CEL, list maps, its own ObjectMeta in templates.
		name: "cluster-api", module: "sigs.k8s.io/cluster-api/api", version: "v1.14.2",
		dirs: []string{"addons", "core", "ipam", "runtime"}, controllerGen: "v0.21.0", crdOptions: "crd:crdVersions=v1",
		crdModule: "sigs.k8s.io/cluster-api", crdVersion: "v1.14.2", published: []string{"core/config/crd/bases"},
		install: "AddToScheme",
	},
	{
		// Kueue: PodTemplateSpec in workloads, generateEmbeddedObjectMeta, three versions.
		name: "kueue", module: "sigs.k8s.io/kueue", version: "v0.17.0",
		dirs: []string{"apis"}, controllerGen: "v0.20.1", crdOptions: "crd:generateEmbeddedObjectMeta=true",
		flags:     []string{"--generate-embedded-object-meta"},
		published: []string{"config/components/crd/bases"},
		install:   "AddToScheme",
	},
	{
		// external-secrets: many small kinds in two groups, three versions, references to secrets.
		name: "external-secrets", module: "github.com/external-secrets/external-secrets", version: "v0.16.2",
		dirs: []string{"apis"}, controllerGen: "v0.17.3", crdOptions: "crd",
		published: []string{"config/crds/bases"},
		install:   "AddToScheme",
		// On controller-runtime v0.20.4 (k8s.io v0.32), raised to v0.25 with k8s.io v0.37: its webhook
		// setup uses the builder that controller-runtime v0.23 made generic (the object is an
		// argument of NewWebhookManagedBy, and a validator of any object is WithCustomValidator).
		upgrade: []patch{
			{file: "apis/externalsecrets/*_webhook.go", old: "NewWebhookManagedBy(mgr).\n\t\tFor(c).\n\t\tWithValidator(",
				new: "NewWebhookManagedBy(mgr, c).\n\t\tWithCustomValidator(", diag: "*: not enough arguments in call to ctrl.NewWebhookManagedBy"},
			{file: "apis/externalsecrets/*_webhook.go", old: "NewWebhookManagedBy(mgr).\n\t\tFor(es).\n\t\tWithValidator(",
				new: "NewWebhookManagedBy(mgr, es).\n\t\tWithCustomValidator(", diag: "*: not enough arguments in call to ctrl.NewWebhookManagedBy"},
		},
	},
	{
		// Envoy Gateway: large policies with CEL, int-or-string, durations, floats (allowDangerousTypes).
		name: "envoy-gateway", module: "github.com/envoyproxy/gateway", version: "v1.9.0",
		dirs: []string{"api"}, controllerGen: "v0.20.1", crdOptions: "crd:allowDangerousTypes=true",
		published: []string{"charts/gateway-helm/charts/crds/crds/generated"},
		install:   "AddToScheme",
		// Its harness disagreed on 6 objects at 15:05 (rules of spec and spec.loadBalancer, and a
		// TypeInvalid of extAuth.contextExtensions items, only the server's on an unchanged update): a
		// null item of a list map of pointers and a free-form object (dynamicModule.config) are values
		// the server cannot correlate, which the generated validators ratcheted with their holders
		// (testdata/tags/ratchet-uncorrelated); 0 since, and since 17:01 with null items counted as
		// duplicates of one another, as the server counts them.
	},
	{
		// kro: a Kubernetes-style group beside the main one (internal.kro.run), free-form schemas
		// (runtime.RawExtension), CEL; the maintainers run controller-gen over ./... (Makefile,
		// CONTROLLER_TOOLS_VERSION v0.21.0), which reaches the same two API packages.
		name: "kro", module: "github.com/kubernetes-sigs/kro", version: "v0.9.4",
		dirs: []string{"api"}, controllerGen: "v0.21.0", crdOptions: "crd",
		published: []string{"helm/crds"},
		install:   "AddToScheme",
	},
	{
		// LeaderWorkerSet: a PodTemplateSpec for leaders and one for workers, generateEmbeddedObjectMeta.
		// It pins controller-gen v0.16.2, which no longer builds with Go 1.26 (its x/tools); v0.16.5,
		// the same generator, reproduces its CRD.
		name: "lws", module: "sigs.k8s.io/lws", version: "v0.7.0",
		dirs: []string{"api"}, controllerGen: "v0.16.5", crdOptions: "crd:generateEmbeddedObjectMeta=true",
		flags:     []string{"--generate-embedded-object-meta"},
		published: []string{"config/crd/bases"},
		install:   "AddToScheme",
	},
}
