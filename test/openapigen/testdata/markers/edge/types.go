// Package edge holds the edge cases of kube-openapi's +k8s:validation: markers that test/openapigen
// compares with openapi-gen: JSON object and list forms, keys matched without case below the
// first, nested levels, verbatim reasons, properties openapi-gen parses but does not publish, and
// markers it ignores.
package edge

// Edge has the markers on its fields.
// +k8s:validation:cel=[{"rule": "!has(self.ratio) || self.ratio < 2.0", "message": "ratio below 2", "reason": "Invalid"}]
type Edge struct {
	// +k8s:validation:items={"MaxLength": 3, "cel": [{"rule": "self != 'x'", "message": "not x"}]}
	// +optional
	Short []string `json:"short,omitempty"`
	// +k8s:validation:items:items:maxlength=2
	// +optional
	Grid [][]string `json:"grid,omitempty"`
	// +k8s:validation:additionalProperties:items:minLength=1
	// +k8s:validation:minProperties=1
	// +optional
	Lists map[string][]string `json:"lists,omitempty"`
	// +k8s:validation:properties:known:maxLength=3
	// +optional
	Known map[string]string `json:"known,omitempty"`
	// +k8s:validation:maximum=1e3
	// +k8s:validation:exclusiveMaximum=false
	// +k8s:validation:minimum=-5
	// +optional
	Count int64 `json:"count,omitempty"`
	// +k8s:validation:minimum=-0.5
	// +optional
	Ratio *float64 `json:"ratio,omitempty"`
	// +k8s:validation:minProperties=1
	// +optional
	Inner *Inner `json:"inner,omitempty"`
	// +k8s:validation:pattern>^[a-z]+$
	// +k8s:validation:format="dns-label"
	// +k8s:validation:enum=["a","b"]
	// +k8s:validation:nullable
	// +k8s:validation:maxlength=3
	// +k8s:validation:Required
	Word string `json:"word"`
	// +k8s:validation:cel[0]:rule="self.size() > 0"
	// +k8s:validation:cel[0]:message="not empty"
	// +k8s:validation:cel[0]:fieldPath="field"
	// +k8s:validation:cel[0]:optionalOldSelf=false
	// +optional
	Path string `json:"path,omitempty"`
	// +optional
	Label Label `json:"label,omitempty"`
}

// Inner is a struct Edge.Inner bounds.
type Inner struct {
	// +optional
	A string `json:"a,omitempty"`
	// +optional
	B string `json:"b,omitempty"`
}

// Label is a string type: openapi-gen reads no markers on it.
// +k8s:validation:maxLength=5
type Label string
