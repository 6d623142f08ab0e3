package openapimarkers

// Mistakes openapi-gen fails on, each at its line.
type Mistakes struct {
	// +k8s:validation:maxLength=3
	Count int32 `json:"count"`
	// +k8s:validation:maxItems=3
	// +k8s:validation:additionalProperties:maxLength=3
	Name string `json:"name"`
	// +k8s:validation:pattern=^[a-z]+$
	Word string `json:"word"`
	// +k8s:validation:minLength=1
	// +k8s:validation:minLength=2
	Twice string `json:"twice"`
	// +k8s:validation:cel[0]:rule="self > 0"
	// +k8s:validation:cel[0]:message="positive"
	// +k8s:validation:cel[2]:rule="self < 10"
	// +k8s:validation:cel[2]:message="small"
	Indexed int32 `json:"indexed"`
	// +k8s:validation:cel[0]:rule>self > 0
	// +k8s:validation:cel[0]:message="positive"
	// +k8s:validation:cel[0]:rule>|| self < -5
	Split int32 `json:"split"`
	// +k8s:validation:cel[0]:rule="self > 0"
	NoMessage int32 `json:"noMessage"`
	// +k8s:validation:minLength=-1
	Negative string `json:"negative"`
	// +k8s:validation:minimum=3
	// +k8s:validation:maximum=3
	// +k8s:validation:exclusiveMaximum
	Empty int32 `json:"empty"`
	// +k8s:validation:properties:missing:maxLength=3
	Inner Inner `json:"inner"`
	// +k8s:validation:cel[x]:rule="true"
	BadIndex string `json:"badIndex"`
	// +k8s:validation:max Length=3
	Syntax string `json:"syntax"`
	// +k8s:validation:maxLength="3"
	Quoted string `json:"quoted"`
}

// Inner has no field missing.
type Inner struct {
	A string `json:"a"`
}
