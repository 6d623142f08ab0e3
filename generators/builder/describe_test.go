package builder

import (
	"go/token"
	"testing"

	"github.com/validation-gen/validation-gen/tags"
)

// Descriptions read comments as go/ast's CommentGroup.Text does for openapi-gen: trailing blanks
// trimmed, each run of blank lines one (k8s.io/api's JSONPatch.expression has "//\n//").
func TestDescriptionBlankRuns(t *testing.T) {
	var lines []tags.Line
	for i, s := range []string{"First.", "", "", "Second. \t", "", "+optional", "", "\t  [x]", "Third."} {
		lines = append(lines, tags.Line{Text: s, Pos: token.Position{Filename: "types.go", Line: i + 1}})
	}
	got := description(docText(lines, tags.Extract(lines, tags.Multiline)))
	// The tag line between two blank lines is openapi-gen's "\n\n\n" too.
	want := "First.\n\nSecond.\n\n\n\t  [x]\nThird."
	if got != want {
		t.Errorf("description\n got %q\nwant %q", got, want)
	}
}
