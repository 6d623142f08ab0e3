package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"runtime/debug"
	"strings"

	"github.com/validation-gen/validation-gen/manifest"
)

func init() {
	register(command{
		name:    "validate",
		usage:   "[flags] FILE|DIR|- ...",
		summary: "check manifests offline as the API server would: CRDs and OpenAPI schemas, CEL rules, strict fields, updates",
		run:     func(args []string) int { return runValidate(args, os.Stdin, os.Stdout, os.Stderr) },
	})
}

const validateUsage = `validation-gen validate checks Kubernetes manifests as the API server would check them on create
(or on update, with --old), offline: decoding with the server's field validation (unknown and
duplicate fields), defaulting and pruning, metadata, the schema, x-kubernetes list and map
semantics, CEL rules with the server's cost limits, transition rules and ratcheting. It runs the API
server's own code (k8s.io/apiextensions-apiserver) over the published schemas.

Usage:
  validation-gen validate [flags] FILE|DIR|- ...

FILE is YAML (multi-document) or JSON; a List's items are checked one by one; a DIR is read
recursively (*.yaml, *.yml, *.json); - is standard input. Schemas: the CustomResourceDefinitions in
--crd-dir, and the kinds of an OpenAPI v3 document (--openapi-json). No network is used.

Every error is reported as FILE:LINE:COL: FIELD: MESSAGE, at the node of the manifest it is about
(a missing field: its parent). -o json writes {"documents":[...]}, one entry per document, as
documented in package github.com/validation-gen/validation-gen/manifest.
Exit status: 0 if every document is valid; 1 if some document is invalid; 2 if some document could
not be checked (it does not parse, or its kind has no schema), or for a usage, file or schema error.

Examples:
  validation-gen validate --crd-dir config/crds manifests/
  validation-gen validate --crd-dir crds --old live.yaml -o json changed.yaml
  kubectl get widgets -o yaml | validation-gen validate --crd-dir crds -

`

// validateOptions are the flags of validate.
type validateOptions struct {
	crdDirs, openAPI, old stringList
	fieldValidation       string
	allErrors             bool
	output                string
}

func newValidateFlags() (*flagSet, *validateOptions) {
	fs := &flagSet{FlagSet: flag.NewFlagSet("validation-gen validate", flag.ContinueOnError)}
	o := &validateOptions{}
	fs.Var(&o.crdDirs, fs.name("crd-dir"),
		"read CustomResourceDefinitions from `PATH`, a file or a directory (recursively; other documents are ignored) (repeatable, comma-separated)")
	fs.Var(&o.openAPI, fs.name("openapi-json"),
		"read the kinds of an OpenAPI v3 document (validation-gen --openapi-json, or an API server's /openapi/v3 document) from `FILE` (repeatable, comma-separated)")
	fs.StringVar(&o.fieldValidation, fs.name("field-validation"), string(manifest.Strict),
		"what unknown and duplicate fields are, as the server's fieldValidation (KEP-2885): `MODE` Strict (errors, and the server checks nothing else), Warn (warnings) or Ignore")
	fs.BoolVar(&o.allErrors, fs.name("all-errors"), false,
		"with Strict, go on after unknown or duplicate fields and report what the server would find in the pruned object too, marked as such")
	fs.Var(&o.old, fs.name("old"),
		"objects as they are in the cluster, from `PATH` (file or directory): a manifest with the same group, kind, namespace and name is checked as an update of it (transition rules, ratcheting) (repeatable, comma-separated)")
	fs.StringVar(&o.output, fs.name("o"), "text", "output `FORMAT`: "+strings.Join(manifest.Formats, ", "))
	return fs, o
}

func runValidate(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs, o := newValidateFlags()
	fs.SetOutput(stderr)
	fs.Usage = func() {}
	if err := fs.Parse(args); err != nil {
		if err == flag.ErrHelp {
			fmt.Fprint(stdout, validateHelp(fs))
			return 0
		}
		fmt.Fprintln(stderr, "validation-gen validate: run validation-gen validate --help for usage")
		return 2
	}
	fail := func(format string, a ...any) int {
		fmt.Fprintf(stderr, "validation-gen validate: "+format+"\n", a...)
		return 2
	}
	if fs.NArg() == 0 {
		return fail("no manifests given (files, directories, or - for standard input)")
	}
	fv, err := manifest.ParseFieldValidation(o.fieldValidation)
	if err != nil {
		return fail("--field-validation: %v", err)
	}
	if !validFormat(o.output) {
		return fail("-o: unknown format %q (one of %s)", o.output, strings.Join(manifest.Formats, ", "))
	}
	if len(o.crdDirs) == 0 && len(o.openAPI) == 0 {
		return fail("no schemas: give --crd-dir or --openapi-json")
	}
	// The server's decoding and CEL values allocate much per document and keep little: collecting
	// less often costs memory (about 3x the live heap) and saves about a third of the CPU time.
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(400)
	}
	schemas := manifest.NewSchemas()
	if len(o.crdDirs) > 0 {
		if err := schemas.AddCRDs(o.crdDirs...); err != nil {
			return fail("%v", err)
		}
	}
	for _, f := range o.openAPI {
		data, err := os.ReadFile(f)
		if err != nil {
			return fail("%v", err)
		}
		if err := schemas.AddOpenAPI(data, f); err != nil {
			return fail("%v", err)
		}
	}
	v, err := manifest.New(schemas, manifest.Options{FieldValidation: fv, AllErrors: o.allErrors, Old: o.old, Stdin: stdin})
	if err != nil {
		return fail("%v", err)
	}
	report, err := v.ValidatePaths(fs.Args()...)
	if err != nil {
		return fail("%v", err)
	}
	if err := manifest.WriteReport(stdout, report, o.output); err != nil {
		return fail("%v", err)
	}
	if o.output == "text" {
		fmt.Fprintf(stderr, "validation-gen validate: %s\n", report.Summary())
	}
	return report.ExitCode()
}

func validFormat(f string) bool {
	for _, x := range manifest.Formats {
		if f == x {
			return true
		}
	}
	return false
}

// validateHelp is validate --help: the usage, then the flags in definition order.
func validateHelp(fs *flagSet) string {
	return validateUsage + "Flags:\n" + flagsHelp(fs)
}
