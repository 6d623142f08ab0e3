// Package outputfilepath shows an --openapi-output-file that is a path, not a file name: the
// generators write the file into each input package, so a path would reach outside it (or, as
// here, into a sub-folder that is a package of its own). Nothing is written.
package outputfilepath

// Widget is a widget.
type Widget struct {
	// +maxLength=10
	Name string `json:"name"`
}
