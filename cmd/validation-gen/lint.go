package main

import (
	"flag"
	"fmt"
	"os"

	"github.com/validation-gen/validation-gen/review/lint"
)

const lintUsage = `validation-gen lint checks that the served versions of each kind carry the same validation.

Usage:
  validation-gen lint [flags] [PACKAGE-PATTERN...]

The packages (default ./...) are loaded and checked as for generation. For each kind, each pair of
its served versions adjacent in priority order (v1 and v1beta2, v1beta2 and v1beta1) is compared
field by field, as validation-gen diff compares revisions; every difference but a neutral one (a
message, an equivalent rewrite) is an error unless an exceptions file lists it, with a reason and an
owner. The exceptions file is ` + lint.FileName + ` in the directory that holds the group's version
packages, or one named by --exceptions; a field renamed between versions is matched through a
renames entry. An entry that matches nothing is stale, and an error too. Generation runs the same
lint with --lint.

Exit status: 0 when the versions agree (or every difference is listed); 1 when a difference is not
listed or an entry is stale; 2 on a usage or input error.

Flags:
`

func init() {
	register(command{
		name: "lint", usage: "[flags] [PACKAGE-PATTERN...]",
		summary: "check that the served versions of each kind carry the same validation, unless " + lint.FileName + " lists the difference",
		run:     runLint,
	})
}

func runLint(args []string) int {
	fs := &flagSet{FlagSet: flag.NewFlagSet("validation-gen lint", flag.ContinueOnError)}
	var files, readOnly stringList
	fs.Var(&files, fs.name("exceptions"), "an exceptions `FILE` that applies to every kind, besides those next to the groups (repeatable)")
	fs.Var(&readOnly, fs.name("readonly-pkg"), "a package `PATTERN` loaded and checked as input but never written (as for generation)")
	fs.SetOutput(os.Stderr)
	fs.Usage = func() {}
	if err := fs.Parse(args); err != nil {
		if err == flag.ErrHelp {
			fmt.Print(lintUsage + flagsHelp(fs))
			return 0
		}
		fmt.Fprintln(os.Stderr, "validation-gen lint: run validation-gen lint --help for usage")
		return 2
	}
	patterns := fs.Args()
	if len(patterns) == 0 {
		patterns = []string{"./..."}
	}
	wd, err := os.Getwd()
	if err != nil {
		fmt.Fprintf(os.Stderr, "validation-gen lint: %v\n", err)
		return 2
	}
	s, err := loadSurface(wd, patterns, readOnly)
	if err != nil {
		fmt.Fprintf(os.Stderr, "validation-gen lint: %v\n", err)
		return 2
	}
	findings, err := lint.Run(s, files)
	if err != nil {
		fmt.Fprintf(os.Stderr, "validation-gen lint: %v\n", err)
		return 2
	}
	for _, f := range findings {
		fmt.Fprintln(os.Stderr, f.Format(wd))
	}
	if len(findings) > 0 {
		fmt.Fprintf(os.Stderr, "validation-gen lint: %d finding(s)\n", len(findings))
		return 1
	}
	return 0
}
