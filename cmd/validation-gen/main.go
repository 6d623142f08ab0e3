// Command validation-gen generates OpenAPI definitions, an OpenAPI JSON document and
// CustomResourceDefinitions from the validation tags in Go API types. Run it with --help.
package main

import (
	"flag"
	"fmt"
	"os"

	"k8s.io/apimachinery/pkg/util/version"
	basever "k8s.io/component-base/version"
	"k8s.io/klog/v2"

	"github.com/validation-gen/validation-gen/generators"
	"github.com/validation-gen/validation-gen/tags"
)

const usage = `validation-gen generates validation from the tags in Go API types.

Usage:
  validation-gen [flags] PACKAGE-PATTERN...

Package patterns are Go package patterns, such as ./examples/api/... . For every input package it
writes kube-openapi Go definitions (zz_generated.openapi.go); with --openapi-json, one OpenAPI v3
document for all packages; with --crd-dir, one CustomResourceDefinition per root kind.

Problems in the input are reported as file:line:col: +tag: message, all at once, and nothing
is written. With --verify nothing is written either: stale outputs are shown as a diff.

Examples:
  validation-gen --openapi-json api.json --crd-dir crds/ ./examples/api/...
  validation-gen --verify --openapi-json api.json ./examples/api/...
  validation-gen --docs

Flags:
`

func main() {
	os.Exit(run())
}

func run() int {
	fs := flag.NewFlagSet("validation-gen", flag.ContinueOnError)
	// Of klog's flags only -v is ours to offer; the rest would bury the useful ones in --help.
	klogFlags := flag.NewFlagSet("klog", flag.ContinueOnError)
	klog.InitFlags(klogFlags)
	fs.Var(klogFlags.Lookup("v").Value, "v", "log verbosity `N` (klog); 1 logs progress per package")
	var (
		headerFile     = fs.String("go-header-file", "", "boilerplate `FILE` prepended to every generated Go file")
		openapiFile    = fs.String("openapi-output-file", "zz_generated.openapi.go", "kube-openapi Go definitions `NAME` written into each input package (\"\" turns it off)")
		outputFile     = fs.String("output-file", "zz_generated.validations.go", "typed Go validators `NAME` written into each input package with a type carrying validation (\"\" turns it off)")
		openapiJSON    = fs.String("openapi-json", "", "write one OpenAPI v3 JSON document for all input packages to `FILE`")
		crdDir         = fs.String("crd-dir", "", "write one apiextensions.k8s.io/v1 CustomResourceDefinition per root kind into `DIR`")
		verify         = fs.Bool("verify", false, "write nothing; exit 1 and print a unified diff if any output is stale")
		docs           = fs.Bool("docs", false, "print the tag reference as Markdown and exit")
		compat         = fs.String("compatibility-version", basever.DefaultKubeBinaryVersion, "Kubernetes `VERSION` (major.minor) whose API server must accept and enforce the output")
		noNativeCEL    = fs.Bool("no-native-cel", false, "run every CEL rule in CEL at run time, without translating simple rules into Go (for debugging; the errors are the same)")
		formatFallback = fs.Bool("format-fallback", true, "publish formats the target API server does not know as an equivalent pattern or CEL rule (false: such formats are an error)")
	)
	fs.Usage = func() {
		fmt.Fprint(fs.Output(), usage)
		fs.PrintDefaults()
	}
	if err := fs.Parse(os.Args[1:]); err != nil {
		if err == flag.ErrHelp {
			return 0
		}
		return 2
	}
	cv, err := version.ParseMajorMinor(*compat)
	if err != nil {
		fmt.Fprintf(os.Stderr, "validation-gen: --compatibility-version: %v\n", err)
		return 2
	}
	if *docs {
		fmt.Print(tags.Markdown(cv))
		return 0
	}
	if fs.NArg() == 0 {
		fmt.Fprintln(os.Stderr, "validation-gen: no package patterns given (try ./... or --help)")
		return 2
	}
	cfg := generators.Config{
		Patterns: fs.Args(), OpenAPIOutputFile: *openapiFile, OutputFile: *outputFile, OpenAPIJSON: *openapiJSON, CRDDir: *crdDir,
		Options: generators.Options{Compat: cv, FormatFallback: *formatFallback, NoNativeCEL: *noNativeCEL},
	}
	if *headerFile != "" {
		if cfg.Header, err = os.ReadFile(*headerFile); err != nil {
			fmt.Fprintf(os.Stderr, "validation-gen: %v\n", err)
			return 2
		}
	}
	wd, err := os.Getwd()
	if err != nil {
		fmt.Fprintf(os.Stderr, "validation-gen: %v\n", err)
		return 2
	}
	out, diags, err := generators.Run(cfg)
	if err != nil {
		fmt.Fprintf(os.Stderr, "validation-gen: %v\n", err)
		return 1
	}
	if len(diags) > 0 {
		fmt.Fprint(os.Stderr, diags.Error(wd))
		fmt.Fprintf(os.Stderr, "validation-gen: %d error(s); nothing was written\n", len(diags.Sorted()))
		return 1
	}
	if *verify {
		ok, err := out.Verify(os.Stdout)
		if err != nil {
			fmt.Fprintf(os.Stderr, "validation-gen: %v\n", err)
			return 1
		}
		if !ok {
			fmt.Fprintln(os.Stderr, "validation-gen: generated files are stale; run without --verify to update them")
			return 1
		}
		return 0
	}
	if err := out.Write(); err != nil {
		fmt.Fprintf(os.Stderr, "validation-gen: %v\n", err)
		return 1
	}
	return 0
}
