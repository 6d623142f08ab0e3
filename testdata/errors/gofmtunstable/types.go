package gofmtunstable

// Flags has a rule continued on an indented line, as gofmt rewrites it (before gofmt, the line was
// "//   a.size() <= 1024)`,...": generators/gofmt_test.go has that form, which testdata cannot hold
// since every file here is gofmt-clean).
// +validationRule=`self.all(a,
//
//	a.size() <= 1024)`,message="each flag must be at most 1024 characters"
type Flags []string

// Names continues without indentation, which gofmt leaves alone.
// +validationRule=`self.all(a,
// a.size() <= 63)`,message="each name must be at most 63 characters"
type Names []string

// Spec uses them; field comments are not reformatted by gofmt, so indentation is fine there.
type Spec struct {
	Flags Flags `json:"flags,omitempty"`
	Names Names `json:"names,omitempty"`
	// +validationRule=`self.all(a,
	//   a.size() <= 10)`,message="short"
	Short []string `json:"short,omitempty"`
}
