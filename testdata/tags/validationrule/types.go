// Package validationrule exercises +validationRule and each of its parameters.
//
// +groupName=validationrule.example.com
package validationrule

// Range is a pair of bounds; the rule on the type applies wherever it is used.
//
// +validationRule="self.min <= self.max",message="min must not exceed max"
type Range struct {
	Min int32 `json:"min"`
	Max int32 `json:"max"`
}

// Spec shows each parameter of +validationRule.
type Spec struct {
	// Args has a back-quoted rule that continues on the following comment lines.
	// +optional
	// +validationRule=`self.all(a,
	//   a.size() <= 64 &&
	//   !a.startsWith("-"))`,message="each argument must be short and must not start with a dash"
	Args []string `json:"args,omitempty"`

	// Replicas has a message computed by CEL. (A message built with string(self) would be refused:
	// the API server cannot bound the length of that string, so its estimated cost is unbounded.)
	// +validationRule="self <= 100",messageExpression="self > 1000 ? 'replicas is far above 100' : 'replicas is above 100'"
	Replicas int32 `json:"replicas"`

	// Mode reports a Forbidden error at the field below self, with a back-quoted message.
	// +validationRule="self.type != 'Off' || !has(self.level)",reason=Forbidden,field="level",message=`level is "forbidden" when type is Off`
	Mode Mode `json:"mode"`

	// Window takes its rule from Range and adds one of its own.
	// +validationRule="self.max - self.min <= 10",message="window is at most 10 wide",reason=Invalid
	Window Range `json:"window"`

	// Version may only grow; with optionalOldSelf the rule runs on create too.
	// +optional
	// +validationRule="!oldSelf.hasValue() || self >= oldSelf.value()",message="version may not decrease",optionalOldSelf
	Version int64 `json:"version,omitempty"`

	// Keys repeats the tag: every rule applies.
	// +validationRule="size(self) <= 3",message="at most 3 keys"
	// +validationRule="self.all(k, k != 'reserved')",message="the key 'reserved' is reserved",reason=Duplicate
	Keys map[string]string `json:"keys"`

	// Required shows the Required reason with a map-style field path.
	// +validationRule="has(self.a)",message="a is required",reason=Required,field="items['a']"
	Required Items `json:"required"`
}

// Mode configures a mode.
type Mode struct {
	Type  string `json:"type"`
	Level *int32 `json:"level,omitempty"`
}

// Items holds named values.
type Items struct {
	Items map[string]string `json:"items"`
	A     *string           `json:"a,omitempty"`
}

// Window embeds Range inline (its fields are Window's own in JSON): Range's rule applies to a
// Window too, in Go and in the schema.
type Window struct {
	Range `json:",inline"`

	// +optional
	Label string `json:"label,omitempty"`
}

// PtrWindow embeds Range inline by pointer: the rule reads the promoted fields, absent when the
// pointer is nil.
type PtrWindow struct {
	*Range `json:",inline"`
}
