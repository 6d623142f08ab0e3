package builder

import (
	"go/ast"
	"testing"
)

func TestControllerGenDoc(t *testing.T) {
	comments := func(lines ...string) *ast.CommentGroup {
		g := &ast.CommentGroup{}
		for _, l := range lines {
			g.List = append(g.List, &ast.Comment{Text: l})
		}
		return g
	}
	for _, c := range []struct {
		name string
		in   *ast.CommentGroup
		want string
	}{
		{"line breaks kept, markers dropped",
			comments("// Hostname is a name.", "// It has two lines.", "//", "// +kubebuilder:validation:MaxLength=253", "// +optional"),
			"Hostname is a name.\nIt has two lines."},
		{"paragraphs, TODO lines dropped, nothing after ---",
			comments("// First.", "//", "// TODO: remove", "// Second.", "// ---", "// internal notes"),
			"First.\n\nSecond."},
		{"fenced code keeps TODO and ---",
			comments("// Example:", "// ```", "// TODO in code", "// ---", "// ```", "// After."),
			"Example:\n```\nTODO in code\n---\n```\nAfter."},
		{"tags such as <gateway:experimental> are text", comments("// Name is a name.", "//", "// <gateway:experimental>"),
			"Name is a name.\n\n<gateway:experimental>"},
		{"no comment", nil, ""},
	} {
		if got := controllerGenDoc(c.in); got != c.want {
			t.Errorf("%s: got %q, want %q", c.name, got, c.want)
		}
	}
}
