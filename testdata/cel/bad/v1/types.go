package v1

import (
	"k8s.io/apimachinery/pkg/api/resource"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
)

// Every kind below is one case; the types it uses are its own (the test requires it), so that a
// diagnostic is attributed to exactly one case.

// SyntaxError tests a rule that does not parse.
type SyntaxError struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec SyntaxErrorSpec `json:"spec"`
}

// SyntaxErrorSpec has a dangling operator.
//
// +validationRule=`self.replicas > > 1`
type SyntaxErrorSpec struct {
	Replicas int32 `json:"replicas"`
}

// TypeMismatch tests comparing an int with a string.
type TypeMismatch struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec TypeMismatchSpec `json:"spec"`
}

// TypeMismatchSpec compares replicas with a string.
//
// +validationRule=`self.replicas == 'three'`
type TypeMismatchSpec struct {
	Replicas int32 `json:"replicas"`
}

// NonBoolResult tests a rule whose result is not a bool.
type NonBoolResult struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec NonBoolResultSpec `json:"spec"`
}

// NonBoolResultSpec has an arithmetic rule.
//
// +validationRule=`self.replicas + 1`
type NonBoolResultSpec struct {
	Replicas int32 `json:"replicas"`
}

// UndefinedField tests a misspelt field.
type UndefinedField struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec UndefinedFieldSpec `json:"spec"`
}

// UndefinedFieldSpec reads replica, not replicas.
//
// +validationRule=`self.replica > 0`
type UndefinedFieldSpec struct {
	Replicas int32 `json:"replicas"`
}

// UnknownFunction tests a function the API server does not offer (upperAscii exists, toUpper
// does not).
type UnknownFunction struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec UnknownFunctionSpec `json:"spec"`
}

// UnknownFunctionSpec calls toUpper.
type UnknownFunctionSpec struct {
	// +maxLength=16
	// +validationRule=`self.toUpper() == self`
	Name string `json:"name"`
}

// UnescapedDash tests a property with '-' used unescaped: self.x-prop is self.x minus prop.
type UnescapedDash struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec UnescapedDashSpec `json:"spec"`
}

// UnescapedDashSpec has x-prop.
//
// +validationRule=`self.x-prop > 0`
type UnescapedDashSpec struct {
	XProp int32 `json:"x-prop"`
}

// UnescapedInKeyword tests a property named in, a CEL operator, selected unescaped.
type UnescapedInKeyword struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec UnescapedInKeywordSpec `json:"spec"`
}

// UnescapedInKeywordSpec has in, which CEL reaches only as __in__.
//
// +validationRule=`self.in > 0`
type UnescapedInKeywordSpec struct {
	In int32 `json:"in"`
}

// UnescapedDot tests a property with '.' used unescaped: self.a.b selects b of a.
type UnescapedDot struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec UnescapedDotSpec `json:"spec"`
}

// UnescapedDotSpec has a.b, which CEL reaches only as a__dot__b.
//
// +validationRule=`self.a.b > 0`
type UnescapedDotSpec struct {
	AB int32 `json:"a.b"`
}

// UnescapedUnderscores tests a property with '__' used unescaped.
type UnescapedUnderscores struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec UnescapedUnderscoresSpec `json:"spec"`
}

// UnescapedUnderscoresSpec has __internal, which CEL reaches only as __underscores__internal.
//
// +validationRule=`self.__internal > 0`
type UnescapedUnderscoresSpec struct {
	Internal int32 `json:"__internal"`
}

// FieldOnScalar tests field selection on a string.
type FieldOnScalar struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec FieldOnScalarSpec `json:"spec"`
}

// FieldOnScalarSpec selects a field of name.
//
// +validationRule=`self.name.first == 'a'`
type FieldOnScalarSpec struct {
	// +maxLength=16
	Name string `json:"name"`
}

// HasOnNonField tests has() on something that is not a field selection.
type HasOnNonField struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec HasOnNonFieldSpec `json:"spec"`
}

// HasOnNonFieldSpec asks has(self).
//
// +validationRule=`has(self)`
type HasOnNonFieldSpec struct {
	// +optional
	Replicas *int32 `json:"replicas,omitempty"`
}

// HasOnIndex tests has() on a list index.
type HasOnIndex struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec HasOnIndexSpec `json:"spec"`
}

// HasOnIndexSpec asks has(self.items[0]).
//
// +validationRule=`has(self.items[0])`
type HasOnIndexSpec struct {
	// +maxItems=4
	Items []int32 `json:"items"`
}

// MetadataLabelsAtRoot tests a root rule reading metadata.labels: only name and generateName of
// metadata are visible to rules.
//
// +validationRule=`self.metadata.labels.size() < 3`
type MetadataLabelsAtRoot struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec MetadataLabelsAtRootSpec `json:"spec"`
}

// MetadataLabelsAtRootSpec is empty.
type MetadataLabelsAtRootSpec struct {
	// +optional
	Replicas int32 `json:"replicas,omitempty"`
}

// QuantityOperator tests comparing quantities with '>': the library has isGreaterThan instead.
type QuantityOperator struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec QuantityOperatorSpec `json:"spec"`
}

// QuantityOperatorSpec holds a memory quantity.
type QuantityOperatorSpec struct {
	// +validationRule=`quantity(string(self)) > quantity('64Mi')`
	Memory resource.Quantity `json:"memory"`
}

// InvalidRegexLiteral tests a regular expression literal that does not compile.
type InvalidRegexLiteral struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec InvalidRegexLiteralSpec `json:"spec"`
}

// InvalidRegexLiteralSpec has an unclosed class.
type InvalidRegexLiteralSpec struct {
	// +maxLength=16
	// +validationRule=`self.matches('[a-z')`
	Name string `json:"name"`
}

// InvalidDurationLiteral tests a duration literal that does not parse.
type InvalidDurationLiteral struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec InvalidDurationLiteralSpec `json:"spec"`
}

// InvalidDurationLiteralSpec has a bad unit.
type InvalidDurationLiteralSpec struct {
	// +optional
	// +validationRule=`duration(self) < duration('1x')`
	Timeout *metav1.Duration `json:"timeout,omitempty"`
}

// HeterogeneousListLiteral tests a list literal mixing types, which the API server's
// environment forbids.
type HeterogeneousListLiteral struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec HeterogeneousListLiteralSpec `json:"spec"`
}

// HeterogeneousListLiteralSpec checks membership in a mixed list.
type HeterogeneousListLiteralSpec struct {
	// +validationRule=`self in [1, 'one']`
	Count int32 `json:"count"`
}

// AtomicListItemTransition tests a transition rule on the items of an atomic list, which old and
// new objects cannot correlate.
type AtomicListItemTransition struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec AtomicListItemTransitionSpec `json:"spec"`
}

// AtomicListItemTransitionSpec holds the atomic list.
type AtomicListItemTransitionSpec struct {
	// +maxItems=8
	Items []AtomicListItemTransitionItem `json:"items"`
}

// AtomicListItemTransitionItem compares with its old self.
//
// +validationRule=`self.value == oldSelf.value`
type AtomicListItemTransitionItem struct {
	Value int32 `json:"value"`
}

// TransitionInSet tests a transition rule on the items of a +listType=set list.
type TransitionInSet struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec TransitionInSetSpec `json:"spec"`
}

// TransitionInSetSpec holds the set.
type TransitionInSetSpec struct {
	// +listType=set
	// +maxItems=8
	Tags []TransitionInSetTag `json:"tags"`
}

// TransitionInSetTag may not change.
//
// +maxLength=16
// +validationRule=`self == oldSelf`
type TransitionInSetTag string

// TransitionBelowAtomicListItems tests a transition rule two levels below the items of an atomic
// list: everything under such items is uncorrelatable.
type TransitionBelowAtomicListItems struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec TransitionBelowAtomicListItemsSpec `json:"spec"`
}

// TransitionBelowAtomicListItemsSpec holds groups.
type TransitionBelowAtomicListItemsSpec struct {
	// +listType=atomic
	// +maxItems=8
	Groups []TransitionBelowAtomicListItemsGroup `json:"groups"`
}

// TransitionBelowAtomicListItemsGroup has members by name: a map, which would be correlatable
// on its own.
type TransitionBelowAtomicListItemsGroup struct {
	// +maxProperties=8
	Members map[string]TransitionBelowAtomicListItemsMember `json:"members"`
}

// TransitionBelowAtomicListItemsMember may not lower its level.
//
// +validationRule=`self.level >= oldSelf.level`
type TransitionBelowAtomicListItemsMember struct {
	Level int32 `json:"level"`
}

// EmbeddedKindTransition tests a root kind used in another kind's atomic list: this kind's CRD
// inlines it, and there its transition rule is on items that cannot be correlated.
type EmbeddedKindTransition struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec EmbeddedKindTransitionSpec `json:"spec"`
}

// EmbeddedKindTransitionSpec holds parts.
type EmbeddedKindTransitionSpec struct {
	// +maxItems=4
	Parts []EmbeddedKindTransitionPart `json:"parts"`
}

// EmbeddedKindTransitionPart is a root kind too (the test does not take it for a case: see
// embeddedKinds); in its own CRD the transition rule is fine.
//
// +validationRule=`self.spec.size == oldSelf.spec.size`,message="size is immutable"
type EmbeddedKindTransitionPart struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec EmbeddedKindTransitionPartSpec `json:"spec"`
}

// EmbeddedKindTransitionPartSpec holds a size.
type EmbeddedKindTransitionPartSpec struct {
	Size int32 `json:"size"`
}

// OptionalOldSelfUnused tests optionalOldSelf on a rule that does not use oldSelf.
type OptionalOldSelfUnused struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec OptionalOldSelfUnusedSpec `json:"spec"`
}

// OptionalOldSelfUnusedSpec holds replicas.
type OptionalOldSelfUnusedSpec struct {
	// +validationRule=`self > 0`,optionalOldSelf
	Replicas int32 `json:"replicas"`
}

// OptionalOldSelfNotUnwrapped tests optionalOldSelf with oldSelf used as if it were not optional.
type OptionalOldSelfNotUnwrapped struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec OptionalOldSelfNotUnwrappedSpec `json:"spec"`
}

// OptionalOldSelfNotUnwrappedSpec holds a version.
type OptionalOldSelfNotUnwrappedSpec struct {
	// +validationRule=`self >= oldSelf`,optionalOldSelf
	Version int64 `json:"version"`
}

// CostNestedUnboundedLists tests a quadratic rule over two lists without +maxItems, of strings
// without +maxLength.
type CostNestedUnboundedLists struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec CostNestedUnboundedListsSpec `json:"spec"`
}

// CostNestedUnboundedListsSpec compares every allowed name with every denied one.
//
// +validationRule=`self.allowed.all(a, self.denied.all(d, !a.startsWith(d)))`
type CostNestedUnboundedListsSpec struct {
	Allowed []string `json:"allowed"`
	Denied  []string `json:"denied"`
}

// CostUnboundedMaps tests a rule on the values of a map of maps, neither with +maxProperties.
type CostUnboundedMaps struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec CostUnboundedMapsSpec `json:"spec"`
}

// CostUnboundedMapsSpec holds settings per group.
type CostUnboundedMapsSpec struct {
	Groups map[string]CostUnboundedMapsGroup `json:"groups"`
}

// CostUnboundedMapsGroup is a map whose every key must appear among its values.
//
// +validationRule=`self.all(k, self.exists(j, self[j].contains(k)))`
type CostUnboundedMapsGroup map[string]string

// CostOverKindLimit tests the API server's per-CRD cost limit: each of the 13 rules (about 8.1
// million) fits the per-rule limit of 10 million, but together they exceed the 100 million of a
// CRD.
type CostOverKindLimit struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec CostOverKindLimitSpec `json:"spec"`
}

// CostOverKindLimitSpec uses the block 13 times.
type CostOverKindLimitSpec struct {
	A CostOverKindLimitBlock `json:"a"`
	B CostOverKindLimitBlock `json:"b"`
	C CostOverKindLimitBlock `json:"c"`
	D CostOverKindLimitBlock `json:"d"`
	E CostOverKindLimitBlock `json:"e"`
	F CostOverKindLimitBlock `json:"f"`
	G CostOverKindLimitBlock `json:"g"`
	H CostOverKindLimitBlock `json:"h"`
	I CostOverKindLimitBlock `json:"i"`
	J CostOverKindLimitBlock `json:"j"`
	K CostOverKindLimitBlock `json:"k"`
	L CostOverKindLimitBlock `json:"l"`
	M CostOverKindLimitBlock `json:"m"`
}

// CostOverKindLimitBlock compares every pair of its items.
//
// +validationRule=`self.items.all(a, self.items.all(b, a == b || !a.startsWith(b)))`,message="no item may be a prefix of another"
type CostOverKindLimitBlock struct {
	// +maxItems=100
	Items []CostOverKindLimitItem `json:"items"`
}

// CostOverKindLimitItem is a long string.
//
// +maxLength=1000
type CostOverKindLimitItem string

// CostMessageExpression tests a messageExpression that joins an unbounded list.
type CostMessageExpression struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec CostMessageExpressionSpec `json:"spec"`
}

// CostMessageExpressionSpec holds names.
type CostMessageExpressionSpec struct {
	// +validationRule=`self.size() <= 3`,messageExpression=`'too many names: ' + self.map(n, n + n).join(', ')`
	Names []string `json:"names"`
}

// MessageExpressionNotString tests a messageExpression that returns an int.
type MessageExpressionNotString struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec MessageExpressionNotStringSpec `json:"spec"`
}

// MessageExpressionNotStringSpec holds replicas.
type MessageExpressionNotStringSpec struct {
	// +validationRule=`self <= 10`,messageExpression=`self - 10`
	Replicas int32 `json:"replicas"`
}

// MessageExpressionSyntax tests a messageExpression that does not parse.
type MessageExpressionSyntax struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec MessageExpressionSyntaxSpec `json:"spec"`
}

// MessageExpressionSyntaxSpec holds replicas.
type MessageExpressionSyntaxSpec struct {
	// +validationRule=`self <= 10`,messageExpression=`'too many: ' +`
	Replicas int32 `json:"replicas"`
}

// MessageExpressionUndefined tests a messageExpression reading a field that does not exist.
type MessageExpressionUndefined struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec MessageExpressionUndefinedSpec `json:"spec"`
}

// MessageExpressionUndefinedSpec holds replicas.
//
// +validationRule=`self.replicas <= 10`,messageExpression=`'too many: ' + self.nope`
type MessageExpressionUndefinedSpec struct {
	Replicas int32 `json:"replicas"`
}

// FieldPathMissingField tests a fieldPath naming a field self does not have.
type FieldPathMissingField struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec FieldPathMissingFieldSpec `json:"spec"`
}

// FieldPathMissingFieldSpec reports at replica, not replicas.
//
// +validationRule=`self.replicas >= 0`,field="replica",message="replicas must not be negative"
type FieldPathMissingFieldSpec struct {
	Replicas int32 `json:"replicas"`
}

// FieldPathThroughScalar tests a fieldPath that continues below a string.
type FieldPathThroughScalar struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec FieldPathThroughScalarSpec `json:"spec"`
}

// FieldPathThroughScalarSpec reports at name.first.
//
// +validationRule=`self.name.size() > 0`,field="name.first",message="name must be set"
type FieldPathThroughScalarSpec struct {
	// +maxLength=16
	Name string `json:"name"`
}

// FieldPathIntoListItem tests a fieldPath that indexes a list: field paths name fields and map
// keys only.
type FieldPathIntoListItem struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec FieldPathIntoListItemSpec `json:"spec"`
}

// FieldPathIntoListItemSpec reports at steps[0].
//
// +validationRule=`self.steps.all(s, s > 0)`,field="steps[0]",message="steps must be positive"
type FieldPathIntoListItemSpec struct {
	// +maxItems=8
	Steps []int32 `json:"steps"`
}

// MultiLineRuleWithoutMessage tests a rule with line breaks and no message: the API server
// requires a message for those.
type MultiLineRuleWithoutMessage struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec MultiLineRuleWithoutMessageSpec `json:"spec"`
}

// MultiLineRuleWithoutMessageSpec holds arguments.
type MultiLineRuleWithoutMessageSpec struct {
	// +maxItems=8
	// +validationRule=`self.all(a,
	//   a.size() <= 64)`
	Args []string `json:"args"`
}

// NewerLibraryFunction tests a function newer than the compatibility version: lists' includes
// came with 1.37, and the test runs this case at 1.36 (see caseCompat in the test).
type NewerLibraryFunction struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec NewerLibraryFunctionSpec `json:"spec"`
}

// NewerLibraryFunctionSpec holds zones.
type NewerLibraryFunctionSpec struct {
	// +maxItems=8
	// +validationRule=`self.includes('default')`
	Zones []NewerLibraryFunctionZone `json:"zones"`
}

// NewerLibraryFunctionZone is a zone name.
//
// +maxLength=32
type NewerLibraryFunctionZone string

// RuleUsesUndeclaredVariable tests a variable other than self and oldSelf.
type RuleUsesUndeclaredVariable struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec RuleUsesUndeclaredVariableSpec `json:"spec"`
}

// RuleUsesUndeclaredVariableSpec compares with other.
//
// +validationRule=`self.replicas <= other.replicas`
type RuleUsesUndeclaredVariableSpec struct {
	Replicas int32 `json:"replicas"`
}

// FieldOfRawExtension tests selecting a field of a runtime.RawExtension: free-form JSON
// (x-kubernetes-preserve-unknown-fields without properties) has no fields a rule can name.
type FieldOfRawExtension struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec FieldOfRawExtensionSpec `json:"spec"`
}

// FieldOfRawExtensionSpec holds free-form JSON.
//
// +validationRule=`!has(self.extra) || has(self.extra.kind)`
type FieldOfRawExtensionSpec struct {
	// +optional
	Extra *runtime.RawExtension `json:"extra,omitempty"`
}

// NestedMetadataOpaque tests reading metadata.name of an object nested in the spec: CRDs keep
// nested metadata as free-form JSON, so unlike the root's it has no fields for rules.
type NestedMetadataOpaque struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec NestedMetadataOpaqueSpec `json:"spec"`
}

// NestedMetadataOpaqueSpec holds a template.
//
// +validationRule=`!has(self.template.metadata) || self.template.metadata.name != 'x'`
type NestedMetadataOpaqueSpec struct {
	Template NestedMetadataOpaqueTemplate `json:"template"`
}

// NestedMetadataOpaqueTemplate has object metadata.
type NestedMetadataOpaqueTemplate struct {
	// +optional
	metav1.ObjectMeta `json:"metadata,omitempty"`
}

// ListMapInsideAtomicItems tests a transition rule on list-map items inside an atomic list's
// items: the outer list makes everything below it uncorrelatable.
type ListMapInsideAtomicItems struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec ListMapInsideAtomicItemsSpec `json:"spec"`
}

// ListMapInsideAtomicItemsSpec holds the atomic list.
type ListMapInsideAtomicItemsSpec struct {
	// +maxItems=4
	Groups []ListMapInsideAtomicItemsGroup `json:"groups"`
}

// ListMapInsideAtomicItemsGroup holds a list-map.
type ListMapInsideAtomicItemsGroup struct {
	// +listType=map
	// +listMapKey=key
	// +maxItems=4
	Entries []ListMapInsideAtomicItemsEntry `json:"entries"`
}

// ListMapInsideAtomicItemsEntry may not change its value.
//
// +validationRule=`self.value == oldSelf.value`
type ListMapInsideAtomicItemsEntry struct {
	// +maxLength=8
	Key   string `json:"key"`
	Value int32  `json:"value"`
}

// The cases below are refused by the tag layer (Build) before any CEL is compiled, so their CRDs
// carry no rule; the test takes the API server's verdict from an edited copy of the good case
// ReasonAndFieldPath's CRD instead (editedCases in the test).

// BadReason tests a reason the API server does not support.
type BadReason struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec BadReasonSpec `json:"spec"`
}

// BadReasonSpec reports with reason Bogus.
//
// +validationRule=`self.type != 'Off' || !has(self.level)`,reason=Bogus,field="level",message="level is forbidden when type is Off"
type BadReasonSpec struct {
	// +maxLength=8
	Type string `json:"type"`
	// +optional
	Level *int32 `json:"level,omitempty"`
}

// ReasonWrongCase tests a reason spelt in the wrong case.
type ReasonWrongCase struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec ReasonWrongCaseSpec `json:"spec"`
}

// ReasonWrongCaseSpec reports with reason forbidden.
//
// +validationRule=`self.type != 'Off' || !has(self.level)`,reason=forbidden,field="level",message="level is forbidden when type is Off"
type ReasonWrongCaseSpec struct {
	// +maxLength=8
	Type string `json:"type"`
	// +optional
	Level *int32 `json:"level,omitempty"`
}

// FieldPathSyntax tests a fieldPath with an unclosed subscript.
type FieldPathSyntax struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec FieldPathSyntaxSpec `json:"spec"`
}

// FieldPathSyntaxSpec reports at level[x.
//
// +validationRule=`self.type != 'Off' || !has(self.level)`,reason=Forbidden,field="level[x",message="level is forbidden when type is Off"
type FieldPathSyntaxSpec struct {
	// +maxLength=8
	Type string `json:"type"`
	// +optional
	Level *int32 `json:"level,omitempty"`
}

// FieldPathWithBlank tests a fieldPath with a trailing blank.
type FieldPathWithBlank struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec FieldPathWithBlankSpec `json:"spec"`
}

// FieldPathWithBlankSpec reports at "level ".
//
// +validationRule=`self.type != 'Off' || !has(self.level)`,reason=Forbidden,field="level ",message="level is forbidden when type is Off"
type FieldPathWithBlankSpec struct {
	// +maxLength=8
	Type string `json:"type"`
	// +optional
	Level *int32 `json:"level,omitempty"`
}
