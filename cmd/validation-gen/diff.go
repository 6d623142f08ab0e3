package main

import (
	"flag"
	"fmt"
	"os"
	"strings"
	"sync"

	"github.com/validation-gen/validation-gen/review"
	"github.com/validation-gen/validation-gen/review/diff"
)

const diffUsage = `validation-gen diff compares the validation of two revisions of API packages and classifies every
change.

Usage:
  validation-gen diff [flags] --base REVISION [PACKAGE-PATTERN...]
  validation-gen diff [flags] OLD-DIR NEW-DIR [PACKAGE-PATTERN...]

With --base, the packages (default ./...) of the working tree are compared with the same packages at
the git REVISION, loaded from a temporary git worktree. With two directories (two copies of the same
API packages, each inside a module), the packages (default ./...) are resolved in each.

Each change has a verdict: tightened (objects valid before may be invalid now), loosened, neutral
(a message, an equivalent rewrite), added or removed (a field, a version), changed (neither provably
tighter nor looser: a rewritten CEL rule, a pattern; judged as if it tightened); and an effect on
stored objects: ratcheted (the API server keeps accepting updates that leave the offending value
unchanged: KEP-4008 for CRDs, unchanged values for native types' Go validators), gated (+k8s:alpha,
+k8s:beta, +k8s:ifEnabled), breaking, or none.

Policy: a tightening of an existing field that neither ratchets nor is gated, a loosening that
clients rely on (a required field that may be missing, a default that goes), a type, default or
list-map key change, and a removed field or version break it.
Exit status: 0 when nothing breaks the policy; 1 when something does; 2 on a usage or input error.

Flags:
`

func init() {
	register(command{
		name: "diff", usage: "[flags] --base REVISION [PACKAGE-PATTERN...] | OLD-DIR NEW-DIR [PACKAGE-PATTERN...]",
		summary: "classify the validation changes between two revisions (tightened, loosened, ...; ratcheted, gated, breaking); exit 1 on a breaking change",
		run:     runDiff,
	})
}

func runDiff(args []string) int {
	fs := &flagSet{FlagSet: flag.NewFlagSet("validation-gen diff", flag.ContinueOnError)}
	base := fs.String(fs.name("base"), "", "compare the working tree with git `REVISION` (a branch, tag or commit)")
	format := fs.String(fs.name("o"), "text", "output `FORMAT`: text, markdown (a table per kind, for a pull request) or json ({\"changes\": [...]})")
	var readOnly stringList
	fs.Var(&readOnly, fs.name("readonly-pkg"), "a package `PATTERN` loaded and checked as input but never written (as for generation)")
	fs.SetOutput(os.Stderr)
	fs.Usage = func() {}
	if err := fs.Parse(args); err != nil {
		if err == flag.ErrHelp {
			fmt.Print(diffUsage + flagsHelp(fs))
			return 0
		}
		fmt.Fprintln(os.Stderr, "validation-gen diff: run validation-gen diff --help for usage")
		return 2
	}
	if *format != "text" && *format != "markdown" && *format != "json" {
		fmt.Fprintf(os.Stderr, "validation-gen diff: -o %s: want text, markdown or json\n", *format)
		return 2
	}
	var oldDir, newDir string
	patterns := []string{"./..."}
	if *base != "" {
		if fs.NArg() > 0 {
			patterns = fs.Args()
		}
		wd, err := os.Getwd()
		if err != nil {
			fmt.Fprintf(os.Stderr, "validation-gen diff: %v\n", err)
			return 2
		}
		dir, cleanup, err := review.Checkout(wd, *base)
		if err != nil {
			fmt.Fprintf(os.Stderr, "validation-gen diff: %v\n", err)
			return 2
		}
		defer cleanup()
		oldDir, newDir = dir, wd
	} else {
		if fs.NArg() < 2 {
			fmt.Fprintln(os.Stderr, "validation-gen diff: want --base REVISION, or two directories OLD NEW (see --help)")
			return 2
		}
		oldDir, newDir = fs.Arg(0), fs.Arg(1)
		if fs.NArg() > 2 {
			patterns = fs.Args()[2:]
		}
		for _, d := range []string{oldDir, newDir} {
			if st, err := os.Stat(d); err != nil || !st.IsDir() {
				fmt.Fprintf(os.Stderr, "validation-gen diff: %s is not a directory\n", d)
				return 2
			}
		}
	}
	// Both revisions load at once: loading dominates, and the two are independent.
	var wg sync.WaitGroup
	var surfaces [2]*review.Surface
	var errs [2]error
	for i, d := range []string{oldDir, newDir} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			surfaces[i], errs[i] = loadSurface(d, patterns, readOnly)
		}()
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			fmt.Fprintf(os.Stderr, "validation-gen diff: %v\n", err)
			return 2
		}
	}
	rep := diff.Compare(surfaces[0], surfaces[1])
	switch *format {
	case "json":
		if err := rep.WriteJSON(os.Stdout); err != nil {
			fmt.Fprintf(os.Stderr, "validation-gen diff: %v\n", err)
			return 2
		}
	case "markdown":
		rep.WriteMarkdown(os.Stdout)
	default:
		rep.WriteText(os.Stdout)
	}
	if b := rep.Breaking(); len(b) > 0 {
		var what []string
		for _, c := range b {
			p := c.Path
			if p == "" {
				p = c.What
			}
			what = append(what, c.Kind+" "+c.Version+" "+p)
		}
		if len(what) > 5 {
			what = append(what[:5], "...")
		}
		fmt.Fprintf(os.Stderr, "validation-gen diff: %d change(s) break the policy: %s\n", len(b), strings.Join(what, ", "))
		return 1
	}
	return 0
}
