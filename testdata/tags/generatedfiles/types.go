// Package generatedfiles shows which files the loader reads: every file the go command builds,
// generated files of other tools included (zz_generated.register.go defines GroupName, which a
// handwritten constant here refers to), except this generator's own previous outputs
// (zz_generated.openapi.go is a stale one that would not compile).
//
// +groupName=generatedfiles.example.com
package generatedfiles

// Resource is the qualified resource name, from the generated GroupName.
const Resource = "widgets." + GroupName

// Mode is how a widget runs.
// +enum
type Mode string

const (
	// ModeFast runs fast.
	ModeFast Mode = "Fast"
	// ModeSlow runs slow; its value is in the other tool's generated file.
	ModeSlow Mode = ModeSlowValue
)

// Widget is a widget.
type Widget struct {
	// +maxLength=10
	Name string `json:"name"`

	Mode Mode `json:"mode"`
}
