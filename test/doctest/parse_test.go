package doctest

import (
	"reflect"
	"strings"
	"testing"
)

func TestParse(t *testing.T) {
	src := "text\n<!-- usermodule: run -->\n```sh\necho a\n\necho b\n```\nmore\n<!-- usermodule: file api/x.go -->\n```go\npackage x\n```\n" +
		"<!-- check bad: file types.go strict=true -->\n```go\npackage x\n```\n<!-- check bad: prints -->\n```\n```\n" +
		"```md\n<!-- usermodule: runn -->\n```\n<!-- BEGIN GENERATED TAGS -->\n<!-- not run: an example -->\n```sh\nrm -rf /\n```\n"
	got, err := parse(page{Path: "README.md", Lines: strings.Split(src, "\n")})
	if err != nil {
		t.Fatal(err)
	}
	want := []block{
		{Page: "README.md", Line: 2, Kind: kindRecipe, Name: "usermodule", Verb: "run", Lang: "sh", Content: "echo a\n\necho b\n", First: 3, End: 6},
		{Page: "README.md", Line: 9, Kind: kindRecipe, Name: "usermodule", Verb: "file", Arg: "api/x.go", Lang: "go", Content: "package x\n", First: 10, End: 11},
		{Page: "README.md", Line: 13, Kind: kindCheck, Name: "bad", Verb: "file", Arg: "types.go", Flags: map[string]string{"strict": "true"}, Lang: "go", Content: "package x\n", First: 14, End: 15},
		{Page: "README.md", Line: 17, Kind: kindCheck, Name: "bad", Verb: "prints", First: 18, End: 18},
		{Page: "README.md", Line: 24, Kind: kindNotRun, Arg: "an example", Lang: "sh", Content: "rm -rf /\n", First: 25, End: 26},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("parse =\n%+v\nwant\n%+v", got, want)
	}
	for src, msg := range map[string]string{
		"<!-- usermodule: runn -->\n```sh\n```\n":           "README.md:1: malformed marker",
		"<!-- check x: print -->\n```\n```\n":               "README.md:1: malformed marker",
		"<!-- not run: -->\n```sh\n```\n":                   "README.md:1: malformed marker",
		"<!-- usermodule: run -->\n\n```sh\n```\n":          "README.md:1: the marker is not followed by a fenced block",
		"<!-- usermodule: run -->\n```sh\necho\n":           "README.md:2: the fenced block is not closed",
		"<!-- usermodule: file ../x.go -->\n```go\n```\n":   `README.md:1: file "../x.go" is not a path inside the module`,
		"<!-- usermodule: file /etc/x.go -->\n```go\n```\n": `README.md:1: file "/etc/x.go" is not a path inside the module`,
		"<!-- check x: file a/../../x -->\n```go\n```\n":    `README.md:1: file "a/../../x" is not a path inside the module`,
	} {
		if _, err := parse(page{Path: "README.md", Lines: strings.Split(src, "\n")}); err == nil || !strings.HasPrefix(err.Error(), msg) {
			t.Errorf("parse(%q) = %v, want an error starting %q", src, err, msg)
		}
	}
}
