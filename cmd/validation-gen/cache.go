package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"k8s.io/klog/v2"

	"github.com/validation-gen/validation-gen/generators"
	"github.com/validation-gen/validation-gen/generators/cache"
	"github.com/validation-gen/validation-gen/internal/gogenerate"
)

// openCache opens the result cache that VALIDATION_GEN_CACHE names (generators/cache). A cache
// that cannot be opened is no reason to fail a run: it runs without, saying so when the user
// chose the cache's place.
func openCache() *cache.Cache {
	setting := os.Getenv(cache.EnvVar)
	c, err := cache.Open(setting)
	if err != nil {
		if setting != "" {
			fmt.Fprintf(os.Stderr, "validation-gen: result cache off: %v\n", err)
		} else {
			klog.V(1).Infof("result cache off: %v", err)
		}
		return nil
	}
	return c
}

// siblings returns, when go generate runs this process, the runs of the module's other
// directives (//go:generate lines) that run validation-gen (see generators.RunCached), as their own
// processes will make them; otherwise nothing. A directive whose flags do not parse, or that runs
// a subcommand or writes nothing, is left out: its own run reports it.
func siblings(wd string) []generators.Config {
	file, line, ok := gogenerate.Self()
	if !ok {
		return nil
	}
	root := moduleDir(wd)
	if root == "" {
		return nil
	}
	ds, err := gogenerate.Module(root)
	if err != nil {
		klog.V(1).Infof("reading the go:generate directives of %s: %v", root, err)
		return nil
	}
	var out []generators.Config
	for _, d := range ds {
		args, ok := validationGenArgs(d.Args)
		if !ok || d.Dir == wd && d.File == file && d.Line == line {
			continue
		}
		if len(args) > 0 {
			if _, sub := commands[args[0]]; sub {
				continue
			}
		}
		var v discard
		fs, o := defineFlags(&v)
		fs.SetOutput(discard{})
		if fs.Parse(args) != nil || o.docs || o.celReport || fs.NArg() == 0 {
			continue
		}
		cv, err := parseCompat(o.compat)
		if err != nil {
			continue
		}
		cfg, err := config(fs, o, cv, d.Dir)
		if err != nil {
			continue
		}
		out = append(out, cfg)
	}
	klog.V(1).Infof("go generate: %d other validation-gen directives in %s", len(out), root)
	return out
}

// validationGenArgs returns the arguments of a directive that runs validation-gen: as a go tool
// (go tool validation-gen, by name or package path), with go run, or as a command on the path.
func validationGenArgs(args []string) ([]string, bool) {
	isCmd := func(s string) bool {
		s = strings.TrimSuffix(s, ".exe")
		if i := strings.LastIndex(s, "@"); i > 0 && strings.Contains(s, "/") {
			s = s[:i] // go run pkg@version
		}
		return s == "validation-gen" || strings.HasSuffix(s, "/validation-gen")
	}
	switch {
	case len(args) >= 1 && isCmd(args[0]):
		return args[1:], true
	case len(args) >= 3 && args[0] == "go" && args[1] == "tool" && isCmd(args[2]):
		return args[3:], true
	case len(args) >= 3 && args[0] == "go" && args[1] == "run":
		for i := 2; i < len(args); i++ {
			if !strings.HasPrefix(args[i], "-") {
				if isCmd(args[i]) {
					return args[i+1:], true
				}
				break
			}
		}
	}
	return nil, false
}

// moduleDir returns the directory of the go.mod that applies to dir, or "".
func moduleDir(dir string) string {
	for d := dir; ; {
		if _, err := os.Stat(filepath.Join(d, "go.mod")); err == nil {
			return d
		}
		parent := filepath.Dir(d)
		if parent == d {
			return ""
		}
		d = parent
	}
}

// discard is a flag value and an output that keep nothing: a sibling's -v must not change this
// process's logging, and its flag errors are its own run's to report.
type discard struct{}

func (discard) String() string              { return "" }
func (discard) Set(string) error            { return nil }
func (discard) Write(p []byte) (int, error) { return len(p), nil }

var _ flag.Value = discard{}
