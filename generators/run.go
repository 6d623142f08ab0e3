// Package generators wires validation-gen's pipeline. Each stage is its own package and takes
// what the one before gives:
//
//	loader      Go packages (go/packages) → loader.Program: declarations, comments, positions
//	builder     loader.Program → model.Universe: tags parsed and accumulated along type chains
//	check       model.Universe → diagnostics: whole-model checks, CEL compiled and cost-checked
//	openapi     model.Universe → Go definitions, the JSON document, CRDs (through schema)
//	validators  model.Universe → typed Go validators (CEL fast path through nativecel)
//
// model is the contract between the stages; schema (model → spec.Schema) is shared by check and
// the OpenAPI emitter; output collects every file and writes them together. Run never writes:
// the caller writes or verifies the Outputs it returns.
package generators

import (
	"os"
	"path/filepath"

	"k8s.io/klog/v2"

	"github.com/validation-gen/validation-gen/generators/builder"
	"github.com/validation-gen/validation-gen/generators/check"
	"github.com/validation-gen/validation-gen/generators/loader"
	"github.com/validation-gen/validation-gen/generators/openapi"
	"github.com/validation-gen/validation-gen/generators/output"
	"github.com/validation-gen/validation-gen/generators/validators"
	"github.com/validation-gen/validation-gen/model"
)

// Config is one run of the generator, as the command line describes it.
type Config struct {
	// Dir is where package patterns are resolved (the working directory by default).
	Dir      string
	Patterns []string
	// Header is prepended to every generated Go file.
	Header []byte
	// OpenAPIOutputFile is the name of the Go definitions file written into each input package;
	// empty turns it off.
	OpenAPIOutputFile string
	// OutputFile is the name of the typed validators file written into each input package that
	// has a type carrying validation; empty turns it off.
	OutputFile string
	// OpenAPIJSON is the path of the JSON document; empty turns it off.
	OpenAPIJSON string
	// CRDDir is the directory for CRD YAML; empty turns it off.
	CRDDir string
	Options
}

// Options are the settings that change what is checked and what the emitters publish.
type Options = model.Options

// Outputs is every file a run produces.
type Outputs = output.Outputs

// Run loads, builds, checks and emits. It returns every output, or the diagnostics that stopped
// it; it never writes.
func Run(cfg Config) (*Outputs, model.Diagnostics, error) {
	dir := cfg.Dir
	if dir == "" {
		var err error
		if dir, err = os.Getwd(); err != nil {
			return nil, nil, err
		}
	}
	prog, diags, err := loader.Load(dir, cfg.Patterns)
	if err != nil || len(diags) > 0 {
		return nil, diags, err
	}
	if cfg.CRDDir != "" {
		cfg.Options.CostLimits = true // the limits are those of CRDs
	}
	u, diags := builder.Build(prog)
	diags = append(diags, check.Model(u, cfg.Options)...)
	// CEL types self from the model: types with diagnostics of their own are left out, the
	// rules of all others are compiled, so that one run reports everything.
	diags = append(diags, check.CELExcept(u, cfg.Options, diags)...)
	diags = append(diags, check.Defaults(u, cfg.Options, diags)...)
	if len(diags) > 0 {
		return nil, diags, nil
	}
	out := &Outputs{}
	for _, p := range u.Packages {
		klog.V(1).Infof("package %s: %d definitions", p.Path, len(p.Definitions))
		if cfg.OpenAPIOutputFile != "" && len(p.Definitions) > 0 { // a package of functions defines nothing
			src, err := openapi.GoFile(p, cfg.Options, cfg.Header)
			if err != nil {
				return nil, nil, err
			}
			out.Add(filepath.Join(p.Dir, cfg.OpenAPIOutputFile), src)
		}
		if cfg.OutputFile != "" {
			src, err := validators.GoFile(p, u, cfg.Options, cfg.Header)
			if err != nil {
				return nil, nil, err
			}
			if src != nil {
				out.Add(filepath.Join(p.Dir, cfg.OutputFile), src)
			}
		}
	}
	if cfg.OpenAPIJSON != "" {
		doc, err := openapi.JSONDocument(u.Definitions, cfg.Options)
		if err != nil {
			return nil, nil, err
		}
		out.Add(abs(dir, cfg.OpenAPIJSON), doc)
	}
	if cfg.CRDDir != "" {
		files, diags, err := openapi.CRDs(u, cfg.Options)
		if err != nil || len(diags) > 0 {
			return nil, diags, err
		}
		for _, f := range files {
			out.Add(filepath.Join(abs(dir, cfg.CRDDir), f.Path), f.Content)
		}
	}
	return out, nil, nil
}

func abs(dir, p string) string {
	if filepath.IsAbs(p) {
		return p
	}
	return filepath.Join(dir, p)
}
