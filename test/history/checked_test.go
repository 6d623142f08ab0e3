package history

import (
	"os"
	"testing"

	"go.yaml.in/yaml/v3"

	"github.com/validation-gen/validation-gen/review/diff"
)

// checked is one change checked by hand: where it is, the verdict and effect it must have, why
// (from the types and the release notes), and what crdify reports for the same CRD pair.
type checked struct {
	Pair    string `yaml:"pair"` // OLD..NEW
	Kind    string `yaml:"kind"`
	Version string `yaml:"version"`
	Path    string `yaml:"path"`
	What    string `yaml:"what"`
	Verdict string `yaml:"verdict"`
	Effect  string `yaml:"effect"`
	Reason  string `yaml:"reason"`
	// Notes is what the release notes say of it; NotesBreaking is set when they call it a breaking
	// change. Differs explains why this project's effect disagrees, where it does (breaking here
	// and not there, or the other way).
	Notes         string `yaml:"notes"`
	NotesBreaking bool   `yaml:"notesBreaking"`
	Differs       string `yaml:"differs"`
	// Crdify is what crdify's checks report for the same change of the published CRD, and why this
	// project's verdict differs when it does.
	Crdify string `yaml:"crdify"`
}

// checkHandChecked reads the hand-checked changes and requires each in the reports, with its
// verdict and effect; a change the notes call breaking must have the effect breaking.
func checkHandChecked(t *testing.T, path string, reports []pairReport) {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var entries []checked
	if err := yaml.Unmarshal(data, &entries); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	byPair := map[string]*diff.Report{}
	for _, r := range reports {
		byPair[r.old+".."+r.new] = r.rep
	}
	verdicts, breaking, notesBreaking, disagree := map[string]int{}, 0, 0, 0
	for i, e := range entries {
		rep := byPair[e.Pair]
		if rep == nil {
			t.Errorf("%s entry %d: no pair %s", path, i+1, e.Pair)
			continue
		}
		if e.Reason == "" || e.Crdify == "" {
			t.Errorf("%s entry %d (%s %s %s %s): give the reason and what crdify reports", path, i+1, e.Pair, e.Kind, e.Path, e.What)
		}
		found := false
		for _, c := range rep.Changes {
			if c.Kind == e.Kind && c.Version == e.Version && c.Path == e.Path && c.What == e.What {
				found = true
				if string(c.Verdict) != e.Verdict || string(c.Effect) != e.Effect {
					t.Errorf("%s entry %d: %s %s %s %s %s: got %s/%s, checked by hand as %s/%s (%s)", path, i+1, e.Pair, e.Kind, e.Version, e.Path, e.What,
						c.Verdict, c.Effect, e.Verdict, e.Effect, e.Reason)
				}
				break
			}
		}
		if !found {
			t.Errorf("%s entry %d: %s %s %s %s %s is not in the report", path, i+1, e.Pair, e.Kind, e.Version, e.Path, e.What)
		}
		if e.NotesBreaking != (e.Effect == "breaking") {
			disagree++
			if e.Differs == "" {
				t.Errorf("%s entry %d: the release notes say breaking=%v, the effect is %s: say why in differs", path, i+1, e.NotesBreaking, e.Effect)
			}
		} else if e.Differs != "" {
			t.Errorf("%s entry %d: differs is set but the effect agrees with the notes", path, i+1)
		}
		verdicts[e.Verdict]++
		if e.Effect == "breaking" {
			breaking++
		}
		if e.NotesBreaking {
			notesBreaking++
		}
	}
	// Every breaking verdict is checked by hand.
	type key struct{ pair, kind, version, path, what string }
	listed := map[key]bool{}
	for _, e := range entries {
		listed[key{e.Pair, e.Kind, e.Version, e.Path, e.What}] = true
	}
	for _, r := range reports {
		for _, c := range r.rep.Changes {
			if c.Effect == diff.Breaking && !listed[key{r.old + ".." + r.new, c.Kind, c.Version, c.Path, c.What}] {
				t.Errorf("%s: the breaking change %s..%s %s %s %s %s is not checked by hand", path, r.old, r.new, c.Kind, c.Version, c.Path, c.What)
			}
		}
	}
	if len(entries) < 60 {
		t.Errorf("%s: %d hand-checked changes, want at least 60", path, len(entries))
	}
	t.Logf("hand-checked: %d changes, verdicts %v; %d breaking here, %d called breaking by the release notes; %d disagree with the notes (each explained)",
		len(entries), verdicts, breaking, notesBreaking, disagree)
}
