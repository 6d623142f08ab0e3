// Command validation-gen generates OpenAPI definitions, an OpenAPI JSON document and
// CustomResourceDefinitions from the validation tags in Go API types. Run it with --help.
package main

import (
	"flag"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"k8s.io/klog/v2"

	"k8s.io/apimachinery/pkg/util/version"

	"github.com/validation-gen/validation-gen/celenv"
	"github.com/validation-gen/validation-gen/cmd/validation-gen/internal/fastpath"
	"github.com/validation-gen/validation-gen/generators"
	"github.com/validation-gen/validation-gen/generators/cache/lookup"
	"github.com/validation-gen/validation-gen/generators/openapi"
	"github.com/validation-gen/validation-gen/generators/output"
	"github.com/validation-gen/validation-gen/generators/validators"
	"github.com/validation-gen/validation-gen/tags"
)

const usage = `validation-gen generates validation from the tags in Go API types.

Usage:
  validation-gen [flags] PACKAGE-PATTERN...

PACKAGE-PATTERN is a Go package pattern (./..., ./api/v1), resolved with go/packages. Outputs:
  - into every input package: kube-openapi Go definitions (--openapi-output-file) of the types
    +k8s:openapi-gen selects, as openapi-gen does (--openapi-all-types: of every exported struct);
  - into every input package with a type carrying validation: typed Go validators, Validate_T and
    RegisterValidations (--output-file); a package whose doc.go says
    +k8s:validation-gen-input=<import path> gets those of that package's types instead, and nothing
    is written into that package (nor into any --readonly-pkg);
  - with --openapi-json: one OpenAPI v3 JSON document for all input packages;
  - with --crd-dir: one CustomResourceDefinition YAML per root kind, <group>_<plural>.yaml.

Problems in the input are reported as file:line:col: +tag: message, all at once, and nothing is
written. Input that controller-gen, Kubernetes' validation-gen or openapi-gen accept but that looks
wrong (a misspelt marker, another tool's tag) is a warning, file:line:col: warning: +tag: message,
and the outputs are written; --strict makes warnings errors. With --verify nothing is written
either: stale outputs are shown as a diff.
Results are cached by everything they depend on (the packages' files, go.mod, go env, the flags,
the generator's build) in the user's cache directory, so a run whose inputs did not change loads
nothing; under go generate, the first validation-gen directive to run also computes the module's
other validation-gen directives in the same load. VALIDATION_GEN_CACHE=DIR moves the cache, =off
turns it off.
Exit status: 0 on success; 1 if the input has problems, an output is stale (--verify) or writing
failed; 2 for a usage error.

Examples:
  validation-gen --openapi-json api.json --crd-dir crds ./api/...
  validation-gen --verify --openapi-json api.json --crd-dir crds ./api/...
  validation-gen --docs --compatibility-version 1.33

`

// options are the values of the command-line flags.
type options struct {
	headerFile, openapiFile, outputFile, openapiJSON, crdDir, compat    string
	verify, docs, noNativeCEL, formatFallback, celReport, testTags      bool
	strict, lint, openAPIAllTypes, nativeValidation, embeddedObjectMeta bool
	docsAPI, crdOptions                                                 string
	readOnly, lintExceptions                                            stringList
}

// stringList is a repeatable flag whose values may also be comma-separated, as upstream
// validation-gen's --readonly-pkg (a pflag string slice) takes them.
type stringList []string

func (l *stringList) String() string { return strings.Join(*l, ",") }

func (l *stringList) Set(v string) error {
	for _, s := range strings.Split(v, ",") {
		if s = strings.TrimSpace(s); s != "" {
			*l = append(*l, s)
		}
	}
	return nil
}

// flagSet is a flag.FlagSet that remembers the order in which its flags were defined (the flag
// package sorts them by name), so that --help lists them in that order.
type flagSet struct {
	*flag.FlagSet
	order []string
}

// name records a flag's place in --help; wrap every flag name defined on fs in it.
func (fs *flagSet) name(n string) string {
	fs.order = append(fs.order, n)
	return n
}

// newFlags defines the command-line flags. Their order here is their order in --help.
func newFlags() (*flagSet, *options) {
	// Of klog's flags only -v is ours to offer; the rest would bury the useful ones in --help.
	klogFlags := flag.NewFlagSet("klog", flag.ContinueOnError)
	klog.InitFlags(klogFlags)
	return defineFlags(klogFlags.Lookup("v").Value)
}

// defineFlags defines the flags, with -v setting verbosity (klog's, or another run's: siblings).
func defineFlags(verbosity flag.Value) (*flagSet, *options) {
	fs := &flagSet{FlagSet: flag.NewFlagSet("validation-gen", flag.ContinueOnError)}
	o := &options{}
	fs.StringVar(&o.headerFile, fs.name("go-header-file"), "", "boilerplate `FILE` prepended to every generated Go file")
	fs.StringVar(&o.openapiFile, fs.name("openapi-output-file"), "zz_generated.openapi.go",
		"kube-openapi Go definitions (GetOpenAPIDefinitions) written into each input package as `NAME`; \"\" turns them off")
	fs.StringVar(&o.outputFile, fs.name("output-file"), "zz_generated.validations.go",
		"typed Go validators (Validate_T, RegisterValidations) written as `NAME` into each input package with a type carrying validation; "+
			"they need k8s.io/apimachinery "+validators.MinAPIMachinery+" or later in the module; \"\" turns them off (CRDs only, as controller-gen writes them)")
	fs.BoolVar(&o.openAPIAllTypes, fs.name("openapi-all-types"), false,
		"write kube-openapi Go definitions for every exported struct of the input packages, not only for the types "+
			"+k8s:openapi-gen selects (true in doc.go for a package's types, or on a type), as openapi-gen does")
	fs.Var(&o.readOnly, fs.name("readonly-pkg"),
		"a package `PATTERN` (import path, ./dir, .../...) that is loaded, checked and validated but never written; "+
			"its validators are generated where its types are used, or into the package naming it in +k8s:validation-gen-input "+
			"(repeatable, comma-separated)")
	fs.StringVar(&o.openapiJSON, fs.name("openapi-json"), "", "write one OpenAPI v3 JSON document ({\"components\":{\"schemas\":{...}}}) for all input packages to `FILE`")
	fs.StringVar(&o.crdDir, fs.name("crd-dir"), "", "write one apiextensions.k8s.io/v1 CustomResourceDefinition YAML per root kind into `DIR`, named <group>_<plural>.yaml")
	fs.StringVar(&o.crdOptions, fs.name("crd-options"), "", "controller-gen's crd generator `OPTIONS`, by its names and in its syntax "+
		"(what follows crd: on its command line): crdVersions=v1, maxDescLen=N, generateEmbeddedObjectMeta=true, "+
		"allowDangerousTypes=true, ignoreUnexportedFields=true, comma-separated")
	fs.BoolVar(&o.verify, fs.name("verify"), false, "write nothing; exit 1 and print a unified diff if any output is stale")
	fs.BoolVar(&o.strict, fs.name("strict"), false,
		"make every warning an error: input the reference tools accept but that looks wrong (a misspelt marker, another tool's tag) stops the run")
	fs.BoolVar(&o.lint, fs.name("lint"), false,
		"also run the version-drift lint (validation-gen lint): a difference in validation between served versions of a kind that no "+
			"validation-exceptions.yaml lists is an error, and nothing is written")
	fs.Var(&o.lintExceptions, fs.name("lint-exceptions"), "with --lint, an exceptions `FILE` that applies to every kind (repeatable)")
	fs.StringVar(&o.docsAPI, fs.name("docs-api"), "", "write the validation reference for reviewers into `DIR`: per group version, a Markdown page per kind "+
		"(fields, constraints in words, defaults, CEL rules with messages and estimated cost, immutability, unions, lifecycle)")
	fs.BoolVar(&o.docs, fs.name("docs"), false, "print the tag reference (tags, formats, CEL functions at --compatibility-version) as Markdown and exit")
	compatDoc := "Kubernetes version `V` (major.minor) whose API server must accept and enforce the output"
	if oldest, newest, err := compatRange(); err == nil {
		compatDoc += fmt.Sprintf(", from %s to %s, the version of the pinned k8s.io/apiserver", oldest, newest)
	}
	fs.StringVar(&o.compat, fs.name("compatibility-version"), celenv.DefaultVersion().String(), compatDoc)
	fs.BoolVar(&o.formatFallback, fs.name("format-fallback"), true,
		"publish formats the API server at --compatibility-version does not know as an equivalent pattern or CEL rule (false: such formats are an error)")
	fs.BoolVar(&o.noNativeCEL, fs.name("no-native-cel"), false,
		"run every CEL rule in cel-go at run time, without compiling rules to Go (for debugging; the errors are the same)")
	fs.BoolVar(&o.celReport, fs.name("cel-report"), false,
		"write nothing; print one line per CEL rule of the validators: \"file:line: native\" (compiled to Go) or \"file:line: interpreted: why\" (run in cel-go)")
	fs.BoolVar(&o.nativeValidation, fs.name("native-validation"), false,
		"in a controller-gen project, also publish and check the +enum, +default and +k8s: tags of the types of other modules "+
			"it embeds (k8s.io/api's); without it its CRDs are controller-gen's")
	fs.BoolVar(&o.embeddedObjectMeta, fs.name("generate-embedded-object-meta"), false,
		"in a controller-gen project's CRDs, keep name, namespace, labels, annotations and finalizers of templates' "+
			"metadata (controller-gen's crd:generateEmbeddedObjectMeta=true)")
	fs.BoolVar(&o.testTags, fs.name("test-tags"), false,
		"the run is a generator's test suite: test-only tags (+k8s:validateFalse, +k8s:validateTrue), always applied, are not warned about outside testdata and output_tests directories")
	fs.Var(verbosity, fs.name("v"), "log verbosity `N` (klog); 1 logs progress per package")
	return fs, o
}

func main() {
	stop := startProfiles()
	code := run(os.Args[1:])
	stop()
	os.Exit(code)
}

// config is the run that the parsed flags and arguments describe, in dir.
func config(flags *flagSet, o *options, cv *version.Version, dir string) (generators.Config, error) {
	cfg := generators.Config{
		Dir: dir, Patterns: flags.Args(), ReadOnly: o.readOnly, OpenAPIOutputFile: o.openapiFile, OutputFile: o.outputFile, OpenAPIJSON: o.openapiJSON, CRDDir: o.crdDir,
		Lint: o.lint, LintExceptions: o.lintExceptions, DocsAPI: o.docsAPI,
		Options: generators.Options{Compat: cv, FormatFallback: o.formatFallback, NoNativeCEL: o.noNativeCEL, TestTags: o.testTags, Strict: o.strict,
			OpenAPIAllTypes: o.openAPIAllTypes, NativeValidation: o.nativeValidation, EmbeddedObjectMeta: o.embeddedObjectMeta},
	}
	var err error
	if err = openapi.ParseCRDOptions(o.crdOptions, &cfg.Options); err != nil {
		return cfg, fmt.Errorf("--crd-options: %v", err)
	}
	if o.headerFile != "" {
		if cfg.Header, err = os.ReadFile(abs(dir, o.headerFile)); err != nil {
			if pe, ok := err.(*fs.PathError); ok {
				pe.Path = o.headerFile // as the flag gives it
			}
			return cfg, err
		}
	}
	return cfg, nil
}

func run(args []string) int {
	output.Logf = func(format string, args ...any) { klog.V(1).Infof(format, args...) }
	if len(args) > 0 {
		if c, ok := commands[args[0]]; ok {
			return c.run(args[1:])
		}
	}
	fs, o := newFlags()
	// The flag package prints a parse error itself; the usage goes to stdout, and only on request.
	fs.SetOutput(os.Stderr)
	fs.Usage = func() {}
	if err := fs.Parse(args); err != nil {
		if err == flag.ErrHelp {
			fmt.Print(help(fs))
			return 0
		}
		fmt.Fprintln(os.Stderr, "validation-gen: run validation-gen --help for usage")
		return 2
	}
	cv, err := parseCompat(o.compat)
	if err != nil {
		fmt.Fprintf(os.Stderr, "validation-gen: --compatibility-version: %v\n", err)
		return 2
	}
	if o.docs {
		fmt.Print(tags.Markdown(cv))
		return 0
	}
	if fs.NArg() == 0 {
		fmt.Fprintln(os.Stderr, "validation-gen: no package patterns given (try ./... or --help)")
		return 2
	}
	wd, err := os.Getwd()
	if err != nil {
		fmt.Fprintf(os.Stderr, "validation-gen: %v\n", err)
		return 2
	}
	cfg, err := config(fs, o, cv, wd)
	if err != nil {
		fmt.Fprintf(os.Stderr, "validation-gen: %v\n", err)
		return 2
	}
	if o.celReport {
		cfg.CELReport = os.Stdout
	}
	c := openCache()
	out, diags, key, err := generators.RunCached(cfg, c, func() []generators.Config { return siblings(wd) })
	if err != nil {
		fmt.Fprint(os.Stderr, diags.Error(wd))
		fmt.Fprintf(os.Stderr, "validation-gen: %v\n", err)
		return 1
	}
	stderr := diags.Error(wd) // warnings, and the errors that stopped the run
	if out == nil {
		msg := fmt.Sprintf("%d error(s)", len(diags.Errors().Sorted()))
		if w := len(diags.Warnings().Sorted()); w > 0 {
			msg += fmt.Sprintf(" and %d warning(s)", w)
		}
		stderr += fmt.Sprintf("validation-gen: %s; nothing was written\n", msg)
	}
	fmt.Fprint(os.Stderr, stderr)
	if key != nil {
		// For the next run of this command line: answered before the pipeline starts (fastpath).
		files := map[string]string{}
		if o.headerFile != "" {
			files[abs(wd, o.headerFile)] = lookup.Digest(cfg.Header)
		}
		if err := c.Remember(key, wd, args, files, stderr, out == nil, o.verify); err != nil {
			klog.V(1).Infof("result cache: command line not recorded: %v", err)
		}
	}
	if out == nil {
		return 1
	}
	if o.celReport {
		return 0
	}
	return fastpath.Finish(out, o.verify)
}

// abs returns path, relative to dir unless it is absolute.
func abs(dir, path string) string {
	if filepath.IsAbs(path) {
		return path
	}
	return filepath.Join(dir, path)
}
