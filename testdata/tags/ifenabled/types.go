// Package ifenabled exercises +k8s:ifEnabled: validations that apply only when an option (a
// feature gate) is enabled in the operation.
//
// +k8s:validation-gen=*
package ifenabled

// Spec has validations gated on options.
type Spec struct {
	// +k8s:minimum=1
	// +k8s:ifEnabled(BigReplicas)=+k8s:maximum=1000
	// +k8s:ifEnabled(BigReplicas)=+k8s:ifEnabled(Alpha)=+k8s:maximum=100
	Replicas int32 `json:"replicas"`

	// +k8s:ifEnabled("StrictNames")=+k8s:format=k8s-short-name
	// +k8s:alpha=+k8s:ifEnabled("StrictNames")=+k8s:maxLength=5
	Name string `json:"name"`

	// +k8s:ifEnabled(StrictNames)=+k8s:eachVal=+k8s:neq=""
	Tags []string `json:"tags"`

	// +k8s:ifEnabled(Frozen)=+k8s:immutable
	Class string `json:"class"`
}

// Gated has a union, mode checks, a zero-or-one-of union of list items and a list map, each
// checked only when an option is enabled (disabled).
type Gated struct {
	// +k8s:ifEnabled(Unions)=+k8s:unionMember
	X *string `json:"x,omitempty"`

	// +k8s:ifEnabled(Unions)=+k8s:unionMember
	Y *string `json:"y,omitempty"`

	// +k8s:ifEnabled(Modes)=+k8s:modeDiscriminator
	Mode string `json:"mode"`

	// +k8s:ifEnabled(Modes)=+k8s:ifMode("a")=+k8s:required
	A *string `json:"a,omitempty"`

	// +k8s:listType=map
	// +k8s:listMapKey=name
	// +k8s:ifDisabled(Unions)=+k8s:item(name: "x")=+k8s:zeroOrOneOfMember
	// +k8s:ifDisabled(Unions)=+k8s:item(name: "y")=+k8s:zeroOrOneOfMember
	Tasks []Task `json:"tasks"`

	// +k8s:ifEnabled(Unique)=+k8s:listType=map
	// +k8s:ifEnabled(Unique)=+k8s:listMapKey=name
	Keyed []Task `json:"keyed"`
}

// Task is an item of a list map.
type Task struct {
	Name  string `json:"name"`
	State string `json:"state"`
}

// Presence has requiredness gated on options, as k8s.io/api writes it for the fields of a feature
// behind a feature gate: forbidden while it is disabled, optional (and checked) while enabled.
type Presence struct {
	// +optional
	// +k8s:ifDisabled(Feature)=+k8s:forbidden
	// +k8s:ifEnabled(Feature)=+k8s:optional
	// +k8s:ifEnabled(Feature)=+k8s:maxLength=3
	Gated *string `json:"gated,omitempty"`

	// +optional
	// +k8s:optional
	// +k8s:ifDisabled(Feature)=+k8s:forbidden
	// +k8s:maxItems=2
	Items []string `json:"items,omitempty"`

	// Neither +optional nor +k8s:optional: while the feature is disabled, a zero value is checked.
	// +k8s:ifEnabled(Feature)=+k8s:required
	// +k8s:minimum=1
	Count int32 `json:"count,omitempty"`

	// +optional
	// +k8s:alpha=+k8s:ifEnabled(Feature)=+k8s:required
	// +k8s:ifEnabled(Feature)=+k8s:ifDisabled(Legacy)=+k8s:forbidden
	Level *int32 `json:"level,omitempty"`

	// Gated presence beside +k8s:update on a list (as k8s.io/api's scheduling group has it): the
	// update is checked on the field, not on its value.
	// +optional
	// +k8s:ifDisabled(Feature)=+k8s:forbidden
	// +k8s:ifEnabled(Feature)=+k8s:optional
	// +k8s:listType=map
	// +k8s:listMapKey=name
	// +k8s:update=NoAddItem
	Templates []Template `json:"templates,omitempty"`
}

// Template is an item of Presence.Templates.
type Template struct {
	Name string `json:"name"`
}

// Carried has tags carried to other values under an option: an undefined option is one internal
// error where the gate is written (the list, the map, the struct), as upstream's validate.IfOption
// around the whole value reports it, not one per element.
type Carried struct {
	// +k8s:optional
	// +k8s:ifEnabled(Each)=+k8s:eachVal=+k8s:minimum=1
	Counts []int32 `json:"counts,omitempty"`

	// +k8s:optional
	// +k8s:ifEnabled(Each)=+k8s:eachKey=+k8s:maxLength=1
	// +k8s:ifEnabled(Each)=+k8s:beta=+k8s:eachVal=+k8s:maxLength=1
	Labels map[string]string `json:"labels,omitempty"`

	// +k8s:optional
	// +k8s:ifEnabled(Each)=+k8s:subfield(x)=+k8s:minimum=1
	Point *Point `json:"point,omitempty"`

	// A gate written inside the carried tag is decided at each element.
	// +k8s:optional
	// +k8s:eachVal=+k8s:ifEnabled(Each)=+k8s:minimum=1
	Inner []int32 `json:"inner,omitempty"`
}

// Point is a struct value.
type Point struct {
	X int32 `json:"x"`
}
