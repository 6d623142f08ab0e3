// Package generators wires validation-gen's pipeline. Each stage is its own package and takes
// what the one before gives:
//
//	loader      Go packages (go/packages) → loader.Program: declarations, comments, positions
//	builder     loader.Program → model.Universe: tags parsed and accumulated along type chains
//	check       model.Universe → diagnostics: whole-model checks, CEL compiled and cost-checked
//	openapi     model.Universe → Go definitions, the JSON document, CRDs (through schema)
//	validators  model.Universe → typed Go validators (CEL rules compiled to Go through nativecel)
//
// model is the contract between the stages; schema (model → spec.Schema) is shared by check and
// the OpenAPI emitter; output collects every file and writes them together. Run never writes:
// the caller writes or verifies the Outputs it returns.
package generators

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"

	"k8s.io/klog/v2"

	"github.com/validation-gen/validation-gen/generators/builder"
	"github.com/validation-gen/validation-gen/generators/check"
	"github.com/validation-gen/validation-gen/generators/loader"
	"github.com/validation-gen/validation-gen/generators/openapi"
	"github.com/validation-gen/validation-gen/generators/output"
	"github.com/validation-gen/validation-gen/generators/output/goheader"
	"github.com/validation-gen/validation-gen/generators/validators"
	"github.com/validation-gen/validation-gen/model"
	"github.com/validation-gen/validation-gen/review"
	"github.com/validation-gen/validation-gen/review/docs"
	"github.com/validation-gen/validation-gen/review/lint"
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
	// ReadOnly are package patterns (--readonly-pkg) of packages that are loaded and validated
	// but never written; see loader.LoadReadOnly.
	ReadOnly []string
	// Lint runs the version-drift lint (review/lint) over the input packages' kinds; its findings
	// are errors. LintExceptions are exceptions files that apply to every kind, besides those next
	// to the groups.
	Lint           bool
	LintExceptions []string
	// DocsAPI is the directory of the validation reference for reviewers (review/docs); empty
	// turns it off.
	DocsAPI string
	// CELReport, when set, receives one line per CEL rule of the validators (--output-file):
	// "file:line: native" when it runs as Go, "file:line: interpreted: <why>" when in cel-go.
	CELReport io.Writer
	Options
}

// Options are the settings that change what is checked and what the emitters publish.
type Options = model.Options

// Outputs is every file a run produces.
type Outputs = output.Outputs

// Run loads, builds, checks and emits. It returns every output and the run's warnings, or (with a
// nil *Outputs) the diagnostics that stopped it, warnings included, or an error for a header that
// is not Go comments and for outputs that collide with each other or would overwrite a Go file
// validation-gen does not own. With Options.Strict every warning is an error. It never writes.
func Run(cfg Config) (*Outputs, model.Diagnostics, error) {
	dir, err := prepare(cfg)
	if err != nil {
		return nil, nil, err
	}
	lap := stopwatch()
	prog, diags, err := loader.LoadReadOnly(dir, cfg.Patterns, cfg.ReadOnly)
	lap("load")
	if err != nil || diags.HasErrors() {
		return finish(cfg, nil, diags, err)
	}
	out, diags, err := generate(cfg, dir, prog, diags)
	return finish(cfg, out, diags, err)
}

// finish applies --strict to a run's diagnostics and drops the outputs of a run with errors.
func finish(cfg Config, out *Outputs, diags model.Diagnostics, err error) (*Outputs, model.Diagnostics, error) {
	diags = diags.Superseded()
	if cfg.Strict {
		diags = diags.Strict()
	}
	if err != nil || diags.HasErrors() {
		return nil, diags, err
	}
	return out, diags, nil
}

// prepare returns the directory a run resolves its patterns from, after refusing, before
// loading, what would make every output wrong: a header that is not Go comments breaks every Go
// output, and equal Go output names would collide in every package.
func prepare(cfg Config) (string, error) {
	dir := cfg.Dir
	if dir == "" {
		var err error
		if dir, err = os.Getwd(); err != nil {
			return "", err
		}
	}
	dir, err := filepath.Abs(dir)
	if err != nil {
		return "", err
	}
	// Refuse before loading: a header that is not Go comments breaks every Go output, an output
	// file flag that is not a Go file's name writes where no package compiles it, and equal Go
	// output names would collide in every package.
	if err := goheader.CheckHeader(cfg.Header); err != nil {
		return "", err
	}
	for _, f := range []struct{ flag, name string }{{"openapi-output-file", cfg.OpenAPIOutputFile}, {"output-file", cfg.OutputFile}} {
		if err := checkFileName(f.flag, f.name); err != nil {
			return "", err
		}
	}
	if cfg.OutputFile != "" && strings.EqualFold(cfg.OutputFile, cfg.OpenAPIOutputFile) {
		// (EqualFold: on a file system that ignores case, ZZ.go and zz.go are one file.)
		if cfg.OutputFile == cfg.OpenAPIOutputFile {
			return "", fmt.Errorf("--openapi-output-file and --output-file are both %q; give them different names", cfg.OutputFile)
		}
		return "", fmt.Errorf("--openapi-output-file %q and --output-file %q differ only in case, which is one file on some file systems; "+
			"give them different names", cfg.OpenAPIOutputFile, cfg.OutputFile)
	}
	return dir, nil
}

// generate builds, checks and emits the outputs of a loaded program; diags are the load's.
func generate(cfg Config, dir string, prog *loader.Program, diags model.Diagnostics) (*Outputs, model.Diagnostics, error) {
	lap := stopwatch()
	if cfg.CRDDir != "" {
		cfg.Options.CostLimits = true // the limits are those of CRDs
	}
	u, built := builder.BuildWith(prog, cfg.Options)
	lap("build")
	diags = append(diags, built...)
	diags = append(diags, check.Model(u, cfg.Options)...)
	// CEL types self from the model: types with diagnostics of their own are left out, the
	// rules of all others are compiled, so that one run reports everything.
	celDiags, costs := check.CELCosts(u, cfg.Options, diags)
	diags = append(diags, celDiags...)
	diags = append(diags, check.Defaults(u, cfg.Options, diags)...)
	diags = append(diags, checkOutputPackages(u, cfg.Options)...)
	lap("check")
	if diags.HasErrors() {
		return nil, diags, nil
	}
	var surface *review.Surface
	if cfg.Lint || cfg.DocsAPI != "" {
		surface = review.Build(u, costs.Of)
	}
	if cfg.Lint {
		lintDiags, err := lintSurface(surface, cfg.LintExceptions)
		if err != nil {
			return nil, diags, err
		}
		if diags = append(diags, lintDiags...); diags.HasErrors() {
			return nil, diags, nil
		}
	}
	if cfg.OpenAPIJSON != "" || cfg.OpenAPIOutputFile != "" {
		diags = append(diags, openapi.RefAllOfDropped(u)...)
	}
	out := &Outputs{Root: moduleRoot(prog, dir)}
	byPath := map[string]*model.Package{}
	for _, p := range u.Packages {
		byPath[p.Path] = p
	}
	runtimeChecked := false // the module's k8s.io/apimachinery, once: one build list per run
	for _, p := range u.Packages {
		if p.ReadOnly {
			klog.V(1).Infof("package %s: read-only, %d definitions", p.Path, len(p.Definitions))
			continue // never written: its validators go where it is an input or where it is used
		}
		klog.V(1).Infof("package %s: %d definitions", p.Path, len(p.Definitions))
		// The Go output names are claimed in every input package: a previous output there that
		// this run no longer produces is stale.
		if cfg.OpenAPIOutputFile != "" {
			path := filepath.Join(p.Dir, cfg.OpenAPIOutputFile)
			out.ClaimFile(path)
			if len(p.GoDefinitions(cfg.Options)) > 0 { // nothing +k8s:openapi-gen selects, or a package of functions
				src, err := openapi.GoFile(p, cfg.Options, cfg.Header)
				if err != nil {
					return nil, nil, err
				}
				out.Add(path, "the Go definitions of "+p.Path+" (--openapi-output-file)", src)
			}
		}
		if cfg.OutputFile != "" {
			path := filepath.Join(p.Dir, cfg.OutputFile)
			out.ClaimFile(path)
			typesPkg := p // the package whose types get Validate_T: this one, or its +k8s:validation-gen-input
			if in := p.ValidationGenInput; in != nil {
				typesPkg = byPath[in.Value] // loaded as an input by LoadReadOnly
			}
			src, report, registryDiags, err := validators.GoFileInto(typesPkg, p, u, cfg.Options, cfg.Header)
			if err != nil {
				return nil, nil, err
			}
			diags = append(diags, registryDiags...)
			if cfg.CELReport != nil {
				for _, l := range report {
					if rel, err := filepath.Rel(dir, l.Pos.Filename); err == nil && !strings.HasPrefix(rel, "..") {
						l.Pos.Filename = rel
					}
					fmt.Fprintln(cfg.CELReport, l)
				}
			}
			if src != nil && !runtimeChecked {
				runtimeChecked = true
				diags = append(diags, checkRuntimeVersion(dir, typesPkg, cfg.Options, cfg.OutputFile)...)
			}
			if src != nil {
				what := "the validators of " + p.Path + " (--output-file)"
				if typesPkg != p {
					what = "the validators of " + typesPkg.Path + " in " + p.Path + " (--output-file, +k8s:validation-gen-input)"
				}
				out.Add(path, what, src)
			}
		}
	}
	lap("go files")
	if diags.HasErrors() { // registrations that would not compile
		return nil, diags, nil
	}
	if cfg.OpenAPIJSON != "" {
		doc, err := openapi.JSONDocument(u.Definitions, cfg.Options)
		if err != nil {
			return nil, nil, err
		}
		out.Add(abs(dir, cfg.OpenAPIJSON), "the OpenAPI document (--openapi-json)", doc)
		lap("openapi json")
	}
	if cfg.CRDDir != "" {
		files, crdDiags, err := openapi.CRDs(u, cfg.Options)
		diags = append(diags, crdDiags...)
		if err != nil || diags.HasErrors() {
			return nil, diags, err
		}
		crdDir := abs(dir, cfg.CRDDir)
		var groupVersions []string // the run's: other runs may write into the same directory
		for _, p := range u.Packages {
			if p.GroupName != "" {
				groupVersions = append(groupVersions, p.GroupName+"/"+p.Version())
			}
		}
		out.ClaimCRDDir(crdDir, groupVersions)
		for _, f := range files {
			// (<group>_<plural>.yaml names one CRD: openapi.CRDs refuses the names the API server
			// refuses, which alone could share a file, and two kinds of one group and plural.)
			out.Add(filepath.Join(crdDir, f.Path), "a CRD (--crd-dir)", f.Content)
		}
		lap("crds")
	}
	if cfg.DocsAPI != "" {
		docsDir := abs(dir, cfg.DocsAPI)
		out.ClaimDir(docsDir, ".md")
		for _, p := range docs.Pages(surface) {
			out.Add(filepath.Join(docsDir, p.Name), "the validation reference (--docs-api)", p.Content)
		}
	}
	if err := out.Check(); err != nil {
		return nil, diags, err
	}
	return out, diags, nil
}

// lintSurface runs the version-drift lint; each finding is an error at its position.
func lintSurface(s *review.Surface, exceptions []string) (model.Diagnostics, error) {
	findings, err := lint.Run(s, exceptions)
	if err != nil {
		return nil, err
	}
	var diags model.Diagnostics
	for _, f := range findings {
		diags = append(diags, model.Diagnostic{Pos: f.Pos, Msg: "lint: " + f.Msg})
	}
	return diags, nil
}

// stopwatch returns a function that logs (at -v=2) the time since its previous call, or since
// stopwatch, as the time of a stage: where a run's time goes, without a profiler.
func stopwatch() func(stage string) {
	last := time.Now()
	return func(stage string) {
		now := time.Now()
		klog.V(2).Infof("%s: %v", stage, now.Sub(last).Round(time.Microsecond))
		last = now
	}
}

// checkOutputPackages reports output packages (+k8s:validation-gen-input) whose input package is
// not there to generate for, and warns about their own types that carry validation tags: as in
// upstream's validation-gen, an output package's validators are those of its input's types, and
// its own types get none (apimachinery's meta/v1/validation declares untagged option types of
// its own, which is fine and not reported).
func checkOutputPackages(u *model.Universe, opts model.Options) model.Diagnostics {
	var diags model.Diagnostics
	loaded := map[string]*model.Package{}
	for _, p := range u.Packages {
		loaded[p.Path] = p
	}
	for _, p := range u.Packages {
		in := p.ValidationGenInput
		if in == nil || p.ReadOnly {
			continue
		}
		if t := loaded[in.Value]; t == nil || !t.ReadOnly {
			diags.Add(in.Pos, in.Written(), "input package %s was not loaded", in.Value)
		}
		for _, d := range validators.Tagged(p, opts) {
			diags.Warn(d.Pos, "", "type %s carries validation tags, but gets no validators: its package is the output package of %s "+
				"(+k8s:validation-gen-input at %s:%d), whose types' validators are written here instead, as upstream's validation-gen "+
				"does; move %s into another package to validate it", d.GoName, in.Value, filepath.Base(in.Pos.Filename), in.Pos.Line, d.GoName)
		}
	}
	return diags
}

// moduleRoot is the directory of the main module that holds dir (the innermost, in a workspace),
// or dir itself outside any module.
func moduleRoot(prog *loader.Program, dir string) string {
	if a, err := filepath.Abs(dir); err == nil {
		dir = a
	}
	root := dir
	found := false
	for _, p := range prog.Inputs {
		if m := p.Module; m != nil && m.Main && m.Dir != "" && within(dir, m.Dir) && (!found || len(m.Dir) > len(root)) {
			root, found = m.Dir, true
		}
	}
	return root
}

func within(path, dir string) bool {
	rel, err := filepath.Rel(dir, path)
	return err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator))
}

func abs(dir, p string) string {
	if filepath.IsAbs(p) {
		return p
	}
	return filepath.Join(dir, p)
}
