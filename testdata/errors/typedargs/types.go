// Package typedargs has mistakes in tags parsed with Kubernetes' grammar (codetags).
package typedargs

type Spec struct {
	// An argument the tag does not know.
	// +k8s:validateFalse(flag: "ShortCircuit")="x"
	A string `json:"a"`

	// An unknown flag.
	// +k8s:validateFalse(flags: "Sometimes")="x"
	B string `json:"b"`

	// Not a quoted string.
	// +k8s:validateFalse=unquoted words
	C string `json:"c"`

	// Arguments on a tag that takes none.
	// +k8s:maxLength(since: "1.37")=5
	D string `json:"d"`
}
