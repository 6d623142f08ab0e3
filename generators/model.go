package generators

import (
	"os"

	"github.com/validation-gen/validation-gen/generators/builder"
	"github.com/validation-gen/validation-gen/generators/check"
	"github.com/validation-gen/validation-gen/generators/loader"
	"github.com/validation-gen/validation-gen/model"
)

// Checked is a built model that passed every check, with what only the checks know about it.
type Checked struct {
	Universe *model.Universe
	// Costs are the CEL rules' estimated costs per evaluation, as the API server estimates them.
	Costs check.Costs
}

// Model runs the pipeline up to its checks, as Run does, and returns the checked model instead
// of outputs: the input of the commands that read the model (diff, lint). Only Dir, Patterns,
// ReadOnly and Options of cfg are used. With errors (warnings only, with Options.Strict) the
// model is nil and the diagnostics say why.
func Model(cfg Config) (*Checked, model.Diagnostics, error) {
	dir := cfg.Dir
	if dir == "" {
		var err error
		if dir, err = os.Getwd(); err != nil {
			return nil, nil, err
		}
	}
	prog, diags, err := loader.LoadReadOnly(dir, cfg.Patterns, cfg.ReadOnly)
	if err != nil || diags.HasErrors() {
		return nil, diags, err
	}
	u, built := builder.BuildWith(prog, cfg.Options)
	diags = append(diags, built...)
	diags = append(diags, check.Model(u, cfg.Options)...)
	celDiags, costs := check.CELCosts(u, cfg.Options, diags)
	diags = append(diags, celDiags...)
	diags = append(diags, check.Defaults(u, cfg.Options, diags)...)
	if cfg.Strict {
		diags = diags.Strict()
	}
	if diags.HasErrors() {
		return nil, diags, nil
	}
	return &Checked{Universe: u, Costs: costs}, diags, nil
}
