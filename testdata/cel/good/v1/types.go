package v1

import (
	"k8s.io/apimachinery/pkg/api/resource"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/util/intstr"
)

// Every kind below is one case; the types it uses are its own (the test requires it), so that a
// diagnostic is attributed to exactly one case.

// EscapedPropertyNames tests property names that CEL reaches only escaped: '-' is __dash__, '.'
// is __dot__, '/' is __slash__ and '__' is __underscores__.
type EscapedPropertyNames struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec EscapedPropertyNamesSpec `json:"spec"`
}

// EscapedPropertyNamesSpec holds the oddly named properties.
//
// +validationRule=`self.x__dash__prop.size() > 0 && self.a__dot__b >= 0 && (!has(self.__underscores__internal) || self.__underscores__internal != self.path__slash__name)`,message="x-prop must be set and __internal must differ from path/name"
type EscapedPropertyNamesSpec struct {
	// +maxLength=32
	XProp string `json:"x-prop"`
	AB    int32  `json:"a.b"`
	// +optional
	// +maxLength=32
	Internal *string `json:"__internal,omitempty"`
	// +maxLength=32
	PathName string `json:"path/name"`
}

// EscapedReservedWords tests property names that are CEL reserved words, reached as __{word}__.
type EscapedReservedWords struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec EscapedReservedWordsSpec `json:"spec"`
}

// EscapedReservedWordsSpec holds properties named like CEL keywords.
//
// +validationRule=`self.__in__ <= self.__return__ && self.__namespace__ != 'kube-system' && (!has(self.__var__) || self.__var__)`,message="in must not exceed return"
type EscapedReservedWordsSpec struct {
	In     int64 `json:"in"`
	Return int64 `json:"return"`
	// +maxLength=63
	Namespace string `json:"namespace"`
	// +optional
	Var *bool `json:"var,omitempty"`
}

// ReservedWordsAsFieldNames tests reserved words selected without escaping: the API server's
// environment recognizes a keyword after '.' as the escaped field name (self.namespace is
// self.__namespace__).
type ReservedWordsAsFieldNames struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec ReservedWordsAsFieldNamesSpec `json:"spec"`
}

// ReservedWordsAsFieldNamesSpec holds properties named like CEL reserved words.
//
// +validationRule=`self.namespace != 'kube-system' && (!has(self.package) || self.package == self.__namespace__)`,message="namespace must not be kube-system"
type ReservedWordsAsFieldNamesSpec struct {
	// +maxLength=63
	Namespace string `json:"namespace"`
	// +optional
	// +maxLength=63
	Package *string `json:"package,omitempty"`
}

// IntOrStringPercent tests a rule on an int-or-string value, whose CEL type is dyn: type()
// tells the two apart.
type IntOrStringPercent struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec IntOrStringPercentSpec `json:"spec"`
}

// IntOrStringPercentSpec holds an int-or-string.
type IntOrStringPercentSpec struct {
	// +validationRule=`type(self) == int ? self >= 0 : self.endsWith('%') && int(self.replace('%', '')) <= 100`,message="must be a non-negative number or a percentage up to 100%"
	MaxUnavailable intstr.IntOrString `json:"maxUnavailable"`
}

// ListMapEquality tests equality of +listType=map lists, which CEL compares by key, not by
// order, in a transition rule on the list's parent.
type ListMapEquality struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec ListMapEqualitySpec `json:"spec"`
}

// ListMapEqualitySpec holds a list-map that is locked once set.
//
// +validationRule=`!has(oldSelf.ports) || self.ports == oldSelf.ports || self.unlocked`,message="ports may only change when unlocked"
type ListMapEqualitySpec struct {
	// +optional
	// +listType=map
	// +listMapKey=name
	// +listMapKey=protocol
	// +maxItems=16
	// +validationRule=`self.all(p, p.port > 0 && p.port < 65536)`,message="ports must be between 1 and 65535"
	Ports []ListMapEqualityPort `json:"ports,omitempty"`
	// +optional
	Unlocked bool `json:"unlocked,omitempty"`
}

// ListMapEqualityPort is one port, keyed by name and protocol.
type ListMapEqualityPort struct {
	// +maxLength=15
	Name string `json:"name"`
	// +maxLength=4
	Protocol string `json:"protocol"`
	Port     int32  `json:"port"`
}

// ListMapItemTransition tests a transition rule on the items of a +listType=map list, which old
// and new objects correlate by key.
type ListMapItemTransition struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec ListMapItemTransitionSpec `json:"spec"`
}

// ListMapItemTransitionSpec holds the list.
type ListMapItemTransitionSpec struct {
	// +listType=map
	// +listMapKey=key
	// +maxItems=32
	Entries []ListMapItemTransitionEntry `json:"entries"`
}

// ListMapItemTransitionEntry may not change its value once locked.
//
// +validationRule=`!oldSelf.locked || self.value == oldSelf.value`,message="a locked entry's value may not change"
type ListMapItemTransitionEntry struct {
	// +maxLength=63
	Key string `json:"key"`
	// +maxLength=256
	Value string `json:"value"`
	// +optional
	Locked bool `json:"locked,omitempty"`
}

// OptionalChaining tests optional field selection (self.?a.?b) with orValue defaults.
type OptionalChaining struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec OptionalChainingSpec `json:"spec"`
}

// OptionalChainingSpec has optional limits.
//
// +validationRule=`self.?limits.?max.orValue(100) >= self.?limits.?min.orValue(0)`,message="max must not be below min"
type OptionalChainingSpec struct {
	// +optional
	Limits *OptionalChainingLimits `json:"limits,omitempty"`
}

// OptionalChainingLimits are two optional bounds.
type OptionalChainingLimits struct {
	// +optional
	Min *int32 `json:"min,omitempty"`
	// +optional
	Max *int32 `json:"max,omitempty"`
}

// OptionalMapIndex tests optional indexing of a map (self[?key]) and optional.of.
type OptionalMapIndex struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec OptionalMapIndexSpec `json:"spec"`
}

// OptionalMapIndexSpec holds labels.
type OptionalMapIndexSpec struct {
	// +optional
	// +maxProperties=16
	// +validationRule=`self[?'tier'].orValue('web') in ['web', 'db'] && self[?'owner'].or(optional.of('nobody')).value().size() <= 63`,message="tier must be web or db"
	Labels map[string]OptionalMapIndexValue `json:"labels,omitempty"`
}

// OptionalMapIndexValue is a short label value.
//
// +maxLength=63
type OptionalMapIndexValue string

// HasNestedFields tests has() on fields two and three levels below self, guarded level by level.
type HasNestedFields struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec HasNestedFieldsSpec `json:"spec"`
}

// HasNestedFieldsSpec holds the nesting.
//
// +validationRule=`!has(self.outer) || !has(self.outer.inner) || has(self.outer.inner.leaf) == has(self.outer.inner.twin)`,message="leaf and twin are set together"
type HasNestedFieldsSpec struct {
	// +optional
	Outer *HasNestedFieldsOuter `json:"outer,omitempty"`
}

// HasNestedFieldsOuter is the middle level.
type HasNestedFieldsOuter struct {
	// +optional
	Inner *HasNestedFieldsInner `json:"inner,omitempty"`
}

// HasNestedFieldsInner holds two optional leaves.
type HasNestedFieldsInner struct {
	// +optional
	Leaf *string `json:"leaf,omitempty"`
	// +optional
	Twin *string `json:"twin,omitempty"`
}

// Quantities tests the quantity library on resource.Quantity, an int-or-string in CRDs (so
// string(self) first).
type Quantities struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec QuantitiesSpec `json:"spec"`
}

// QuantitiesSpec holds a request and a limit.
//
// +validationRule=`!has(self.request) || !has(self.limit) || quantity(string(self.request)).compareTo(quantity(string(self.limit))) <= 0`,message="request must not exceed limit"
type QuantitiesSpec struct {
	// +optional
	Request *resource.Quantity `json:"request,omitempty"`
	// +optional
	// +validationRule=`isQuantity(string(self)) && quantity(string(self)).isLessThan(quantity('1Ti')) && quantity(string(self)).isGreaterThan(quantity('0'))`,message="limit must be positive and below 1Ti"
	Limit *resource.Quantity `json:"limit,omitempty"`
}

// IPAndCIDR tests the ip and cidr libraries together.
type IPAndCIDR struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec IPAndCIDRSpec `json:"spec"`
}

// IPAndCIDRSpec holds an address and the subnet it must lie in.
//
// +validationRule=`isIP(self.address) && isCIDR(self.subnet) && cidr(self.subnet).containsIP(self.address) && ip(self.address).family() == cidr(self.subnet).ip().family() && !ip(self.address).isLoopback()`,message="address must be a non-loopback IP inside subnet"
type IPAndCIDRSpec struct {
	// +maxLength=45
	Address string `json:"address"`
	// +maxLength=49
	Subnet string `json:"subnet"`
}

// FormatLibrary tests the format library: a named format's validate() returns an optional list
// of errors.
type FormatLibrary struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec FormatLibrarySpec `json:"spec"`
}

// FormatLibrarySpec holds names.
type FormatLibrarySpec struct {
	// +maxLength=63
	// +validationRule=`!format.dns1123Label().validate(self).hasValue()`,message="must be a DNS label"
	Label string `json:"label"`
	// +maxLength=253
	// +validationRule=`format.named('dns1123Subdomain').hasValue() && !format.named('dns1123Subdomain').value().validate(self).hasValue()`,message="must be a DNS subdomain"
	Subdomain string `json:"subdomain"`
}

// URLParts tests the url library: isURL, then the parts of the parsed URL.
type URLParts struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec URLPartsSpec `json:"spec"`
}

// URLPartsSpec holds an endpoint.
type URLPartsSpec struct {
	// +maxLength=2048
	// +validationRule=`isURL(self) && url(self).getScheme() == 'https' && url(self).getHostname().endsWith('.example.com') && url(self).getQuery().size() == 0`,message="must be an https URL on example.com without a query"
	Endpoint string `json:"endpoint"`
}

// RegexFind tests matches, find and findAll with escapes in a back-quoted rule.
type RegexFind struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec RegexFindSpec `json:"spec"`
}

// RegexFindSpec holds a versioned name.
type RegexFindSpec struct {
	// +maxLength=64
	// +validationRule=`self.matches('^[a-z]+-\\d+$') && self.find('[0-9]+') != '0' && self.findAll('-').size() == 1`,message="must be name-number with a non-zero number"
	Name string `json:"name"`
}

// ScalarTransition tests transition rules on scalars: a counter that only grows and a phase that
// cannot leave Done.
type ScalarTransition struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec ScalarTransitionSpec `json:"spec"`
}

// ScalarTransitionSpec holds the scalars.
type ScalarTransitionSpec struct {
	// +validationRule=`self >= oldSelf`,message="generation may not decrease"
	Generation int64 `json:"generation"`
	// +maxLength=16
	// +validationRule=`oldSelf != 'Done' || self == 'Done'`,message="a Done phase is final"
	Phase string `json:"phase"`
}

// OptionalOldSelf tests optionalOldSelf: oldSelf is an optional, unwrapped with hasValue/value
// and with orValue.
type OptionalOldSelf struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec OptionalOldSelfSpec `json:"spec"`
}

// OptionalOldSelfSpec holds a version that only grows, also on create.
type OptionalOldSelfSpec struct {
	// +validationRule=`!oldSelf.hasValue() || oldSelf.value() <= self`,optionalOldSelf,message="version may not decrease"
	// +validationRule=`oldSelf.orValue(0) <= self`,optionalOldSelf,message="version may not decrease"
	Version int64 `json:"version"`
}

// MessageExpressionBounded tests a messageExpression that concatenates a bounded string, whose
// cost the API server can estimate.
type MessageExpressionBounded struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec MessageExpressionBoundedSpec `json:"spec"`
}

// MessageExpressionBoundedSpec holds a name.
type MessageExpressionBoundedSpec struct {
	// +maxLength=63
	// +validationRule=`self != 'admin'`,messageExpression=`'the name ' + self + ' is reserved'`
	Name string `json:"name"`
}

// MessageExpressionOnItems tests a messageExpression on list items: the API server holds a
// messageExpression's cost to the per-rule limit once, not once per item as it does rules.
type MessageExpressionOnItems struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec MessageExpressionOnItemsSpec `json:"spec"`
}

// MessageExpressionOnItemsSpec holds many long notes.
type MessageExpressionOnItemsSpec struct {
	// +maxItems=1000
	Notes []MessageExpressionOnItemsNote `json:"notes"`
}

// MessageExpressionOnItemsNote is a note whose error message repeats it with blanks replaced.
//
// +maxLength=100000
// +validationRule=`!self.startsWith(' ')`,messageExpression=`'note must not start with a blank: ' + self.replace(' ', '_')`
type MessageExpressionOnItemsNote string

// StringFunctions tests the strings extension: lowerAscii, split, replace, trim.
type StringFunctions struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec StringFunctionsSpec `json:"spec"`
}

// StringFunctionsSpec holds a dotted name.
type StringFunctionsSpec struct {
	// +maxLength=128
	// +validationRule=`self.lowerAscii() == self && self.split('.').size() <= 4 && self.split('.').all(p, p.size() > 0) && self.replace('.', '-').lowerAscii() == self.replace('.', '-') && self.trim() == self`,message="must be lower-case, at most four dotted parts, without blanks"
	Dotted string `json:"dotted"`
}

// ListsLibrary tests the Kubernetes lists library: isSorted, sum, min, indexOf.
type ListsLibrary struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec ListsLibrarySpec `json:"spec"`
}

// ListsLibrarySpec holds weights.
type ListsLibrarySpec struct {
	// +maxItems=16
	// +validationRule=`self.isSorted() && self.sum() <= 1000 && (self.size() == 0 || self.min() >= 0) && self.indexOf(0) <= 0`,message="weights must be sorted, non-negative, sum to at most 1000, and a 0 may only come first"
	Weights []int32 `json:"weights"`
}

// BoundedNestedAll tests a quadratic rule over a list that fits the cost limit because the list
// has a +maxItems and its strings a +maxLength.
type BoundedNestedAll struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec BoundedNestedAllSpec `json:"spec"`
}

// BoundedNestedAllSpec holds a list of named items.
type BoundedNestedAllSpec struct {
	// +maxItems=64
	// +validationRule=`self.all(a, self.exists_one(b, b.name == a.name))`,message="names must be unique"
	Items []BoundedNestedAllItem `json:"items"`
}

// BoundedNestedAllItem is one named item.
type BoundedNestedAllItem struct {
	// +maxLength=63
	Name string `json:"name"`
}

// SetsLibrary tests the sets extension on a +listType=set list.
type SetsLibrary struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec SetsLibrarySpec `json:"spec"`
}

// SetsLibrarySpec holds verbs.
type SetsLibrarySpec struct {
	// +listType=set
	// +maxItems=8
	// +validationRule=`sets.contains(['get', 'list', 'watch', 'create'], self) && !sets.intersects(self, ['escalate'])`,message="verbs must be get, list, watch or create"
	Verbs []SetsLibraryVerb `json:"verbs"`
}

// SetsLibraryVerb is a short verb.
//
// +maxLength=16
type SetsLibraryVerb string

// TimestampDuration tests timestamps (metav1.Time, format date-time, is a CEL timestamp) and
// durations (metav1.Duration is a string, converted with duration()).
type TimestampDuration struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec TimestampDurationSpec `json:"spec"`
}

// TimestampDurationSpec holds a window and a timeout.
//
// +validationRule=`!has(self.start) || !has(self.end) || (self.end > self.start && self.end - self.start <= duration('168h'))`,message="the window must be at most a week"
// +validationRule=`!has(self.timeout) || duration(self.timeout) < duration('1h')`,message="timeout must be under an hour"
type TimestampDurationSpec struct {
	// +optional
	Start *metav1.Time `json:"start,omitempty"`
	// +optional
	End *metav1.Time `json:"end,omitempty"`
	// +optional
	Timeout *metav1.Duration `json:"timeout,omitempty"`
}

// TwoVarComprehension tests the two-variable forms of all and exists over a map (key, value).
type TwoVarComprehension struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec TwoVarComprehensionSpec `json:"spec"`
}

// TwoVarComprehensionSpec holds roles by name.
type TwoVarComprehensionSpec struct {
	// +maxProperties=16
	// +validationRule=`self.all(k, v, k.size() + v.size() <= 128) && self.exists_one(k, v, v == 'primary')`,message="exactly one role must be primary"
	Roles map[string]TwoVarComprehensionRole `json:"roles"`
}

// TwoVarComprehensionRole is a short role.
//
// +maxLength=64
type TwoVarComprehensionRole string

// SemverLibrary tests the semver library.
type SemverLibrary struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec SemverLibrarySpec `json:"spec"`
}

// SemverLibrarySpec holds a version.
type SemverLibrarySpec struct {
	// +maxLength=64
	// +validationRule=`isSemver(self) && semver(self).isGreaterThan(semver('1.0.0')) && semver(self).major() < 100`,message="must be a semantic version after 1.0.0"
	Version string `json:"version"`
}

// ExtListsLibrary tests the CEL lists extension: distinct, sort, first (an optional).
type ExtListsLibrary struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec ExtListsLibrarySpec `json:"spec"`
}

// ExtListsLibrarySpec holds zones.
type ExtListsLibrarySpec struct {
	// +maxItems=8
	// +validationRule=`self.distinct().size() == self.size() && self.sort() == self && self.first().orValue('none') != 'default' && self.all(z, z.size() > 0)`,message="zones must be sorted, distinct and non-empty, and not start with default"
	Zones []ExtListsLibraryZone `json:"zones"`
}

// ExtListsLibraryZone is a zone name.
//
// +maxLength=32
type ExtListsLibraryZone string

// RootLevelRule tests a rule on the root kind: self is the whole object, where metadata.name and
// spec are both visible.
//
// +validationRule=`self.metadata.name.startsWith(self.spec.prefix)`,message="the name must start with spec.prefix"
type RootLevelRule struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec RootLevelRuleSpec `json:"spec"`
}

// RootLevelRuleSpec holds the prefix.
type RootLevelRuleSpec struct {
	// +maxLength=32
	Prefix string `json:"prefix"`
}

// ReasonAndFieldPath tests reason and fieldPath. The test also edits this kind's CRD into the bad
// cases that validation-gen refuses before CEL (a bad reason, a malformed fieldPath), so it
// must keep exactly one rule.
type ReasonAndFieldPath struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec ReasonAndFieldPathSpec `json:"spec"`
}

// ReasonAndFieldPathSpec reports a Forbidden error at level.
//
// +validationRule=`self.type != 'Off' || !has(self.level)`,reason=Forbidden,field="level",message="level is forbidden when type is Off"
type ReasonAndFieldPathSpec struct {
	// +maxLength=8
	Type string `json:"type"`
	// +optional
	Level *int32 `json:"level,omitempty"`
}

// FieldPathIndexed tests fieldPaths that index into a map by key and into a nested field.
type FieldPathIndexed struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec FieldPathIndexedSpec `json:"spec"`
}

// FieldPathIndexedSpec has errors reported below self.
//
// +validationRule=`!has(self.settings) || !('mode' in self.settings) || self.settings['mode'] != 'off'`,reason=Invalid,field="settings['mode']",message="mode may not be off"
// +validationRule=`!has(self.nested) || self.nested.limit <= 10`,reason=Invalid,field="nested.limit",message="limit is at most 10"
type FieldPathIndexedSpec struct {
	// +optional
	// +maxProperties=8
	Settings map[string]FieldPathIndexedValue `json:"settings,omitempty"`
	// +optional
	Nested *FieldPathIndexedNested `json:"nested,omitempty"`
}

// FieldPathIndexedValue is a short value.
//
// +maxLength=16
type FieldPathIndexedValue string

// FieldPathIndexedNested holds a limit.
type FieldPathIndexedNested struct {
	Limit int32 `json:"limit"`
}

// GeneratedRules tests the rules validation-gen writes itself: the tags nameFormat (on
// metadata) and immutable, and a format whose fallback is a rule.
type GeneratedRules struct {
	metav1.TypeMeta `json:",inline"`
	// +nameFormat=dns1123label
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec GeneratedRulesSpec `json:"spec"`
}

// GeneratedRulesSpec holds an immutable class and a subdomain.
type GeneratedRulesSpec struct {
	// +immutable
	// +maxLength=63
	Class string `json:"class"`
	// +format=k8s-long-name
	Host string `json:"host"`
	// +optional
	// +format=k8s-ip
	Address string `json:"address,omitempty"`
}

// CrossTypeNumeric tests comparisons between ints and doubles, which need no conversion.
type CrossTypeNumeric struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec CrossTypeNumericSpec `json:"spec"`
}

// CrossTypeNumericSpec holds a count and a ratio.
//
// +validationRule=`self.count > 0.5 && self.ratio < 2 && self.count >= self.ratio`,message="count must be positive and at least ratio, ratio below 2"
type CrossTypeNumericSpec struct {
	Count int32   `json:"count"`
	Ratio float64 `json:"ratio"`
}

// BytesValue tests a []byte field, which CEL sees as bytes.
type BytesValue struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec BytesValueSpec `json:"spec"`
}

// BytesValueSpec holds a key.
type BytesValueSpec struct {
	// +maxLength=64
	// +validationRule=`self.size() == 32 && self != b'\x00'`,message="key must be 32 bytes"
	Key []byte `json:"key"`
}

// MapValueTransition tests a transition rule on map values, which old and new objects correlate
// by key.
type MapValueTransition struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec MapValueTransitionSpec `json:"spec"`
}

// MapValueTransitionSpec holds counters by name.
type MapValueTransitionSpec struct {
	// +maxProperties=32
	Counters map[string]MapValueTransitionCounter `json:"counters"`
}

// MapValueTransitionCounter only grows.
//
// +validationRule=`self.value >= oldSelf.value`,message="a counter may not decrease"
type MapValueTransitionCounter struct {
	Value int64 `json:"value"`
}

// MultiLineRule tests a back-quoted rule on several comment lines, with the message the API
// server requires for a rule with line breaks.
type MultiLineRule struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec MultiLineRuleSpec `json:"spec"`
}

// MultiLineRuleSpec holds arguments.
type MultiLineRuleSpec struct {
	// +maxItems=32
	// +validationRule=`self.all(a,
	//   a.size() <= 64 &&
	//   !a.startsWith("-"))`,message="each argument must be short and must not start with a dash"
	Args []string `json:"args"`
}

// EnumTransition tests a transition rule between enum values, with in over a list literal.
type EnumTransition struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec EnumTransitionSpec `json:"spec"`
}

// EnumTransitionSpec holds a level.
type EnumTransitionSpec struct {
	// +validationRule=`!(self == 'High' && oldSelf == 'Low') && !(self == 'Low' && oldSelf == 'High')`,message="cannot move directly between Low and High"
	// +validationRule=`self in ['Low', 'Medium', 'High']`,message="unknown level"
	Level EnumTransitionLevel `json:"level"`
}

// EnumTransitionLevel is a level.
//
// +enum
type EnumTransitionLevel string

// The levels.
const (
	EnumTransitionLow    EnumTransitionLevel = "Low"
	EnumTransitionMedium EnumTransitionLevel = "Medium"
	EnumTransitionHigh   EnumTransitionLevel = "High"
)

// CostUnderKindLimit tests the API server's per-CRD cost limit from below: 12 rules of about
// 8.1 million each stay under the 100 million that all the rules of a CRD may cost together.
type CostUnderKindLimit struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec CostUnderKindLimitSpec `json:"spec"`
}

// CostUnderKindLimitSpec uses the block 12 times.
type CostUnderKindLimitSpec struct {
	A CostUnderKindLimitBlock `json:"a"`
	B CostUnderKindLimitBlock `json:"b"`
	C CostUnderKindLimitBlock `json:"c"`
	D CostUnderKindLimitBlock `json:"d"`
	E CostUnderKindLimitBlock `json:"e"`
	F CostUnderKindLimitBlock `json:"f"`
	G CostUnderKindLimitBlock `json:"g"`
	H CostUnderKindLimitBlock `json:"h"`
	I CostUnderKindLimitBlock `json:"i"`
	J CostUnderKindLimitBlock `json:"j"`
	K CostUnderKindLimitBlock `json:"k"`
	L CostUnderKindLimitBlock `json:"l"`
}

// CostUnderKindLimitBlock compares every pair of its items.
//
// +validationRule=`self.items.all(a, self.items.all(b, a == b || !a.startsWith(b)))`,message="no item may be a prefix of another"
type CostUnderKindLimitBlock struct {
	// +maxItems=100
	Items []CostUnderKindLimitItem `json:"items"`
}

// CostUnderKindLimitItem is a long string.
//
// +maxLength=1000
type CostUnderKindLimitItem string

// FormattedStrings tests strings whose format gives them another CEL type: format duration is a
// CEL duration and format date a timestamp, so they compare with duration() and timestamp().
type FormattedStrings struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec FormattedStringsSpec `json:"spec"`
}

// FormattedStringsSpec holds a period and a start date.
type FormattedStringsSpec struct {
	// +format=duration
	// +validationRule=`self >= duration('1m') && self < duration('24h')`,message="period must be between a minute and a day"
	Period string `json:"period"`
	// +format=date
	// +validationRule=`self > timestamp('2000-01-01T00:00:00Z') && self.getFullYear() < 2100`,message="start must be in this century"
	Start string `json:"start"`
}

// RootSpecAndStatus tests a root rule that reads kind, apiVersion, spec and the optional status
// together.
//
// +validationRule=`self.kind == 'RootSpecAndStatus' && self.apiVersion.startsWith('good.cel.example.com/') && (!has(self.status) || self.status.ready <= self.spec.replicas)`,message="status.ready must not exceed spec.replicas"
type RootSpecAndStatus struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec RootSpecAndStatusSpec `json:"spec"`
	// +optional
	Status *RootSpecAndStatusStatus `json:"status,omitempty"`
}

// RootSpecAndStatusSpec holds replicas.
type RootSpecAndStatusSpec struct {
	Replicas int32 `json:"replicas"`
}

// RootSpecAndStatusStatus holds ready replicas.
type RootSpecAndStatusStatus struct {
	Ready int32 `json:"ready"`
}

// InlinedStructRules tests a rule reading fields of a struct embedded with json ",inline": they
// are properties of the spec itself.
type InlinedStructRules struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec InlinedStructRulesSpec `json:"spec"`
}

// InlinedStructRulesSpec reads an inlined field.
//
// +validationRule=`self.inlined > 0 && self.own >= self.inlined`,message="own must be at least inlined, which must be positive"
type InlinedStructRulesSpec struct {
	InlinedStructRulesCommon `json:",inline"`
	Own                      int32 `json:"own"`
}

// InlinedStructRulesCommon is inlined into the spec.
type InlinedStructRulesCommon struct {
	Inlined int32 `json:"inlined"`
}

// QuantitiesAndIntOrStringInCollections tests quantities in a list and int-or-strings as map
// values, both typed dyn inside the comprehension.
type QuantitiesAndIntOrStringInCollections struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec QuantitiesAndIntOrStringInCollectionsSpec `json:"spec"`
}

// QuantitiesAndIntOrStringInCollectionsSpec holds sizes and limits.
type QuantitiesAndIntOrStringInCollectionsSpec struct {
	// +maxItems=8
	// +validationRule=`self.all(q, quantity(string(q)).isLessThan(quantity('1Gi')))`,message="every size must be below 1Gi"
	Sizes []resource.Quantity `json:"sizes"`
	// +maxProperties=8
	// +validationRule=`self.all(k, type(self[k]) == string ? self[k].endsWith('%') : self[k] > 0)`,message="limits are positive numbers or percentages"
	Limits map[string]intstr.IntOrString `json:"limits"`
}

// MapFilterMacros tests map() and filter() building lists, their errors (a division by zero in
// the transform or the predicate), and a messageExpression built from them (which fails, falling
// back to the default message, when the list is empty).
type MapFilterMacros struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec MapFilterMacrosSpec `json:"spec"`
}

// MapFilterMacrosSpec holds names and sizes.
//
// +validationRule=`self.names.map(n, n.size()).sum() <= 12`,messageExpression=`'names too long: ' + self.names.map(n, n + '!')[0]`
// +validationRule=`self.sizes.map(s, 100 / s).all(q, q > 10)`,message="sizes must be below 10"
// +validationRule=`self.sizes.filter(s, 10 / s > 1).size() <= 2 || self.names.map(n, n + '-x').exists(m, m == 'a-x')`,message="at most two small sizes, unless a name is a"
type MapFilterMacrosSpec struct {
	// +listType=atomic
	// +maxItems=4
	Names []MapFilterName `json:"names"`
	// +listType=atomic
	// +maxItems=4
	Sizes []int64 `json:"sizes"`
}

// MapFilterName is a short name.
//
// +maxLength=8
type MapFilterName string

// RatchetedRules tests the rules validation-gen writes with an optional oldSelf (a union ratcheted
// by its membership, +k8s:subfield checks ratcheted by the subfield) where old and new values
// correlate, and without oldSelf below an atomic list, where a rule may not use it.
type RatchetedRules struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec RatchetedRulesSpec `json:"spec"`
}

// RatchetedRulesSpec holds the same types in both kinds of places.
type RatchetedRulesSpec struct {
	// +optional
	// +k8s:subfield(port)=+k8s:minimum=1024
	Choice *RatchetedRulesChoice `json:"choice,omitempty"`

	// +optional
	// +listType=atomic
	// +maxItems=8
	// +k8s:eachVal=+k8s:subfield(port)=+k8s:minimum=1024
	Choices []RatchetedRulesChoice `json:"choices,omitempty"`
}

// RatchetedRulesChoice sets at most one of its members.
type RatchetedRulesChoice struct {
	// +optional
	// +k8s:zeroOrOneOfMember
	Name *string `json:"name,omitempty"`
	// +optional
	// +k8s:zeroOrOneOfMember
	Port *int32 `json:"port,omitempty"`
}
