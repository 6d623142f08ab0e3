// Package celundefinedfield has a rule spanning several comment lines whose mistake is on the
// second line: the diagnostic points at that line and column of the source.
package celundefinedfield

// Spec holds containers.
type Spec struct {
	// +maxItems=8
	// +validationRule=`self.all(c,
	//   c.image.endsWith(':latest') == false)`,message="images must name a version"
	Containers []Container `json:"containers"`
}

// Container has an image reference, not an image.
type Container struct {
	// +maxLength=256
	Name string `json:"name"`
	// +maxLength=512
	ImageRef string `json:"imageRef"`
}
