// Package validation shows kube-openapi's markers (+k8s:validation:<property>), read as openapi-gen
// reads them: JSON values, the > raw form, cel[i] rules, nested items:, properties:<name>: and
// additionalProperties:, on fields and on a struct type.
package validation

// Limits carries one marker of each property on the values it fits.
// +k8s:validation:maxProperties=8
// +k8s:validation:minProperties=1
// +k8s:validation:cel[0]:rule="!has(self.low) || !has(self.high) || self.low <= self.high"
// +k8s:validation:cel[0]:message="low must not exceed high"
// +k8s:validation:cel[0]:fieldPath=".low"
type Limits struct {
	// +k8s:validation:minimum=-5
	// +k8s:validation:maximum=100
	// +k8s:validation:multipleOf=5
	// +optional
	Low *int32 `json:"low,omitempty"`
	// +k8s:validation:minimum=0
	// +k8s:validation:exclusiveMinimum
	// +k8s:validation:maximum=1.5
	// +k8s:validation:exclusiveMaximum=true
	// +optional
	High *float64 `json:"high,omitempty"`
	// +k8s:validation:minLength=2
	// +k8s:validation:maxLength=128
	// +k8s:validation:pattern="^[a-z][a-z0-9.-]*$"
	// +optional
	Name string `json:"name,omitempty"`
	// +k8s:validation:minItems=1
	// +k8s:validation:maxItems=4
	// +k8s:validation:uniqueItems
	// +listType=atomic
	// +optional
	Ports []int32 `json:"ports,omitempty"`
	// +k8s:validation:maxProperties=3
	// +optional
	Labels map[string]string `json:"labels,omitempty"`
}

// Rules shows cel rules: indices, the > raw form over several lines, every field of a rule.
type Rules struct {
	// +k8s:validation:cel[0]:rule="oldSelf == self"
	// +k8s:validation:cel[0]:message="immutable field"
	// +k8s:validation:cel[1]:rule>self.size() <= 10 ||
	// +k8s:validation:cel[1]:rule>  self.startsWith("x-")
	// +k8s:validation:cel[1]:message="at most 10 characters, unless it starts with x-"
	// +k8s:validation:cel[1]:reason="FieldValueForbidden"
	// +optional
	Token string `json:"token,omitempty"`
	// +k8s:validation:cel[0]:rule>self.?operator.orValue("") != "In" || !self.?values.orValue([]).exists(v, v == 0)
	// +k8s:validation:cel[0]:messageExpression="'In takes no 0, got ' + string(self.values.size()) + ' values'"
	// +k8s:validation:cel[0]:fieldPath>.values
	// +k8s:validation:cel[0]:reason="Invalid"
	// +optional
	Selector *Selector `json:"selector,omitempty"`
	// +k8s:validation:cel[0]:rule="!oldSelf.hasValue() || self >= oldSelf.value()"
	// +k8s:validation:cel[0]:message="may only grow"
	// +k8s:validation:cel[0]:optionalOldSelf
	// +optional
	Generation int64 `json:"generation,omitempty"`
}

// Selector is a struct the rules of Rules.Selector are about.
type Selector struct {
	// +optional
	Operator string `json:"operator,omitempty"`
	// +listType=atomic
	// +optional
	Values []int64 `json:"values,omitempty"`
}

// Nested shows the markers for a value's items, fields and map values, written on the value:
// openapi-gen publishes them as an allOf entry.
type Nested struct {
	// +k8s:validation:items:maxLength=63
	// +k8s:validation:items:pattern>^[a-z]+$
	// +k8s:validation:items:cel[0]:rule="self != 'default'"
	// +k8s:validation:items:cel[0]:message="default is reserved"
	// +listType=atomic
	// +optional
	Names []string `json:"names,omitempty"`
	// +k8s:validation:additionalProperties:maxLength=16
	// +optional
	Tags map[string]string `json:"tags,omitempty"`
	// +k8s:validation:properties:operator:maxLength=8
	// +k8s:validation:properties:values:items:minimum=1
	// +optional
	Selector *Selector `json:"selector,omitempty"`
	// +k8s:validation:items={"minLength": 1, "maxLength": 4}
	// +k8s:validation:maxItems=2
	// +listType=atomic
	// +optional
	Codes []string `json:"codes,omitempty"`
}

// Ignored shows what openapi-gen parses but does not publish, and what it ignores: warnings here,
// and nothing published or checked.
type Ignored struct {
	// +k8s:validation:format="ip"
	// +k8s:validation:enum=["a","b"]
	// +k8s:validation:nullable
	// +k8s:validation:maxlength=3
	// +optional
	Address string `json:"address,omitempty"`
	// +optional
	Code Code `json:"code,omitempty"`
}

// Code is a string type: openapi-gen reads no markers on it.
// +k8s:validation:maxLength=5
type Code string

// Unfit has nested markers that do not fit the items they are about: openapi-gen does not check
// nested levels, and publishes them; generated validators have nothing to check (no Validate_Unfit).
type Unfit struct {
	// +k8s:validation:items:maxLength=3
	// +k8s:validation:items:uniqueItems
	// +listType=atomic
	// +optional
	Numbers []int32 `json:"numbers,omitempty"`
}
