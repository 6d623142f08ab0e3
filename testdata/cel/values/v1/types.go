package v1

import (
	"k8s.io/apimachinery/pkg/api/resource"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/util/intstr"
)

// Durations are strings of format duration, and metav1.Duration (a plain string in its schema).
type Durations struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec DurationsSpec `json:"spec"`
}

// +validationRule=`self.val1.getHours() == 1`
// +validationRule=`self.val1.getMinutes() >= 60 && self.val1.getSeconds() >= 3600 && self.val1.getMilliseconds() >= 0`
// +validationRule=`self.val1 > duration('1h') && self.val1 - duration('1h') < duration('5m')`
// +validationRule=`duration(self.plain) == self.val1`
// +validationRule=`self.list.sum() < duration('10h')`
// +validationRule=`self.list.min() <= self.list.max()`
// +validationRule=`self.list.isSorted()`
// +validationRule=`self.list.all(d, d >= duration('0s'))`
// +validationRule=`self.list.exists(d, d == self.val1)`
// +validationRule=`string(self.val1) == '3723.004s'`
// +validationRule=`int(self.val1) > 0`
// +validationRule=`!has(self.opt) || self.opt != self.val1`
// +validationRule=`self.go.endsWith('s') && self.go.size() > 1`
// +validationRule=`self.val1 + self.val1 == duration('2h') || duration('0s') - self.val1 < duration('0s')`
// +validationRule=`'%s-%d:%s'.format([self.plain, size(self.list), self.list.size() > 0]).startsWith(self.plain + '-')`
// +validationRule=`'%d|%s|%d|%s'.format([42, -17, 10u, self.list.size() > 0]).startsWith('42|-17|10|')`
type DurationsSpec struct {
	// +format=duration
	// +maxLength=32
	Val1 string `json:"val1"`
	// +maxLength=32
	Plain string `json:"plain"`
	// +optional
	// +format=duration
	// +maxLength=32
	Opt *string `json:"opt,omitempty"`
	// +maxItems=8
	// +kubebuilder:validation:items:Format=duration
	// +kubebuilder:validation:items:MaxLength=32
	List []string `json:"list"`
	// Go is a metav1.Duration: its schema is a string without format.
	Go metav1.Duration `json:"go"`
}

// Dates are strings of format date and date-time, and metav1.Time.
type Dates struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec DatesSpec `json:"spec"`
}

// +validationRule=`self.d == timestamp('1997-07-16T00:00:00Z')`
// +validationRule=`self.d.getFullYear() == 1997 && self.d.getMonth() == 6 && self.d.getDate() == 16 && self.d.getDayOfMonth() == 15`
// +validationRule=`self.dt.getHours() == 19 && self.dt.getHours('+01:00') == 20 && self.dt.getDayOfWeek('America/Los_Angeles') >= 0`
// +validationRule=`self.dt > self.d && self.dt - self.d < duration('24h')`
// +validationRule=`self.d + duration('24h') > self.dt`
// +validationRule=`self.dates.min() <= self.d`
// +validationRule=`self.dates.max() >= self.d`
// +validationRule=`self.dates.all(x, x.getDayOfYear() < 366)`
// +validationRule=`string(self.dt).startsWith('1997')`
// +validationRule=`int(self.dt) > 0`
// +validationRule=`!has(self.created) || self.created > timestamp('2000-01-01T00:00:00Z')`
// +validationRule=`!has(self.start) || self.start.getSeconds() < 60`
// +validationRule=`!has(self.micro) || self.micro.getMilliseconds() < 1000`
// +validationRule=`timestamp(self.plain) < self.dt`
// +validationRule=`self.dt.getMilliseconds() == 0 || self.dt.getMinutes() == 0`
type DatesSpec struct {
	// +format=date
	// +maxLength=32
	D string `json:"d"`
	// +format=date-time
	// +maxLength=40
	DT string `json:"dt"`
	// +maxLength=40
	Plain string `json:"plain"`
	// +maxItems=8
	// +kubebuilder:validation:items:Format=date
	// +kubebuilder:validation:items:MaxLength=32
	Dates []string `json:"dates"`
	// +optional
	Created *metav1.Time `json:"created,omitempty"`
	Start   metav1.Time  `json:"start"`
	// +optional
	Micro metav1.MicroTime `json:"micro,omitempty"`
}

// Numbers are int-or-strings, quantities and unsigned integers.
type Numbers struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec NumbersSpec `json:"spec"`
}

// +validationRule=`self.port == 80 || self.port == '80%' || self.port != 'http'`
// +validationRule=`type(self.port) == int ? self.port > 0 : self.port.endsWith('%')`
// +validationRule=`string(self.port) != ""`
// +validationRule=`self.port == oldSelf.port`
// +validationRule=`quantity(self.size).isLessThan(quantity('2Gi'))`
// +validationRule=`self.size == '1Gi' || quantity(string(self.size)).compareTo(quantity('1')) >= 0`
// +validationRule=`self.small + self.medium < 100000 && self.big > 0`
// +validationRule=`!quantity(self.size).isInteger() || quantity(self.size).asInteger() >= 0`
// +validationRule=`[1, 2, 3].exists(x, x == self.small) || self.small > 0 && double(self.medium) >= 2.5`
type NumbersSpec struct {
	Port   intstr.IntOrString `json:"port"`
	Size   resource.Quantity  `json:"size"`
	Small  uint8              `json:"small"`
	Medium uint32             `json:"medium"`
	Big    uint64             `json:"big"`
}

// Shapes are presence, maps, lists and objects.
type Shapes struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec ShapesSpec `json:"spec"`
}

// ShapeItem is an item of the list map.
type ShapeItem struct {
	// +maxLength=16
	Name string `json:"name"`
	// +optional
	Port int32 `json:"port,omitempty"`
	// +optional
	// +maxLength=16
	Note *string `json:"note,omitempty"`
}

// ResourceName is a named key type.
type ResourceName string

// +validationRule=`!has(self.raw) || self.raw.size() >= 0`
// +validationRule=`has(self.empty) == (self.empty.size() >= 0)`
// +validationRule=`self.byName.all(k, self.byName[k] > 0) && (!('cpu' in self.byName) || self.byName['cpu'] >= 1)`
// +validationRule=`self.items == oldSelf.items`
// +validationRule=`self.set == oldSelf.set && self.set == ['a', 'b']`
// +validationRule=`self.atomic == oldSelf.atomic`
// +validationRule=`self.set.size() == 0 || self.set[0] in self.set`
// +validationRule=`self == oldSelf`
// +validationRule=`sets.contains(self.set, ['a']) && sets.intersects(self.set, ['b', 'c']) && sets.equivalent(self.set, self.atomic.map(i, i.name))`
// +validationRule=`[].sum() == 0 && [].isSorted() && [].indexOf(1) == -1`
// +validationRule=`self.items.exists(i, i.name == 'a' && i.?note.orValue("") == "")`
// +validationRule=`!format.dns1123Label().validate(self.name).hasValue() && format.named('labelValue').hasValue() && !format.named('nope').hasValue()`
// +validationRule=`self.byName.all(k, v, v > 0 || k == "") && self.byName.exists(k, v, true) == (self.byName.size() > 0)`
// +validationRule=`self.atomic.all(i, it, i == 0 || it.name != self.atomic[i-1].name) && !self.atomic.exists(i, it, i < 0)`
// +validationRule=`self.set.existsOne(i, s, s == 'a') || !('a' in self.set)`
// +validationRule=`size(self.name) == 0 || format.dns1123Label().validate(self.name) != null`
// +validationRule=`{"web": 1, "api": 2, "db": 3}[self.name] >= 1 || !(self.name in {"web": 1, "api": 2})`
// +validationRule=`has(self.raw) ? {"Auto": 0, "1.0": 1}[self.name] <= {"1.0": 1, "Auto": 5}[self.name] : true`
// +validationRule=`size({}) == 0 && !(self.name in {}) && size({"a": true, "b": false}) == 2 && {"a": 1.5}["a"] > 1.0`
// +validationRule=`size(self.name) < 4`,messageExpression=`'name %s is %d long, over %d%% of %s'.format([self.name, size(self.name), 39, true])`
type ShapesSpec struct {
	// +optional
	// +maxItems=8
	// +kubebuilder:validation:items:MaxLength=16
	Raw []string `json:"raw"`
	// +optional
	// +maxItems=8
	// +kubebuilder:validation:items:MaxLength=16
	Empty []string `json:"empty"`
	// +maxProperties=8
	ByName map[ResourceName]int32 `json:"byName"`
	// +listType=map
	// +listMapKey=name
	// +maxItems=8
	Items []ShapeItem `json:"items"`
	// +listType=set
	// +maxItems=8
	// +kubebuilder:validation:items:MaxLength=16
	Set []string `json:"set"`
	// +maxItems=8
	Atomic []ShapeItem `json:"atomic"`
	// +maxLength=63
	Name string `json:"name"`
}

// Root reads the metadata of a resource, as the API server exposes it to rules.
//
// +validationRule=`!has(self.metadata.name) || self.metadata.name.size() < 40`
// +validationRule=`has(self.metadata.generateName) || has(self.metadata.name)`
// +validationRule=`self.spec.prefix == "" || self.metadata.name.startsWith(self.spec.prefix)`
type Root struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec RootSpec `json:"spec"`
}

// RootSpec is the spec of Root.
type RootSpec struct {
	// +maxLength=16
	Prefix string `json:"prefix"`
}

// Typical has rules of the kinds real CRDs have, over formats, int-or-strings, list maps, sets,
// quantities and metadata: a valid object runs them all compiled to Go without allocating.
//
// +validationRule=`self.metadata.name.size() <= 40 && (!has(self.metadata.generateName) || self.metadata.generateName.endsWith('-'))`
type Typical struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec TypicalSpec `json:"spec"`
}

// TypicalPort is an item of the list map of TypicalSpec.
type TypicalPort struct {
	// +maxLength=16
	Name string `json:"name"`
	Port int32  `json:"port"`
	// +optional
	TargetPort *intstr.IntOrString `json:"targetPort,omitempty"`
}

// +validationRule=`self.timeout >= duration('1s') && self.timeout <= duration('1h')`
// +validationRule=`!has(self.notAfter) || self.notAfter > self.notBefore`
// +validationRule=`self.notBefore.getFullYear() >= 2000`
// +validationRule=`self.ports.all(p, p.port > 0 && p.port < 65536 && (!has(p.targetPort) || type(p.targetPort) == string || p.targetPort != 0))`
// +validationRule=`self.ports.exists_one(p, p.name == 'http')`
// +validationRule=`self.zones.all(z, z in ['a', 'b', 'c'])`
// +validationRule=`!format.dns1123Label().validate(self.name).hasValue()`
// +validationRule=`quantity(self.memory).isGreaterThan(quantity('64Mi'))`
// +validationRule=`self.maxSurge == 1 || self.maxSurge == '25%'`
// +validationRule=`self.ports == oldSelf.ports || self.mutable`
type TypicalSpec struct {
	// +format=duration
	// +maxLength=16
	Timeout string `json:"timeout"`
	// +format=date-time
	// +maxLength=40
	NotBefore string `json:"notBefore"`
	// +optional
	NotAfter *metav1.Time `json:"notAfter,omitempty"`
	// +listType=map
	// +listMapKey=name
	// +maxItems=8
	Ports []TypicalPort `json:"ports"`
	// +listType=set
	// +maxItems=3
	// +kubebuilder:validation:items:MaxLength=1
	Zones []string `json:"zones"`
	// +maxLength=63
	Name     string             `json:"name"`
	Memory   resource.Quantity  `json:"memory"`
	MaxSurge intstr.IntOrString `json:"maxSurge"`
	// +optional
	Mutable bool `json:"mutable"`
}

// Payloads are the presence and membership of values the API server parses: has() of a field and
// of a map key, and in on a map, read the value they find, so a []byte whose standard base64 has
// a '+' or '/' (the server decodes the URL alphabet), or a string not of its format, is their
// error too.
type Payloads struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec PayloadsSpec `json:"spec"`
}

// Timeout is a string of format duration, as map values.
//
// +format=duration
// +maxLength=16
type Timeout string

// +validationRule=`self.type == 'Binary' ? has(self.binary) : !has(self.binary)`
// +validationRule=`!has(self.binary) || size(self.binary) < 16`
// +validationRule=`has(self.blob) ? size(self.blob) < 16 : self.type != 'Blob'`
// +validationRule=`has(self.timeout) || self.type == 'Text'`
// +validationRule=`has(self.day) == has(self.at)`
// +validationRule=`!('a' in self.timeouts) || has(self.timeouts.b)`
// +validationRule=`self.timeouts.all(k, k != "")`
// +validationRule=`self.binaries.all(b, size(b) < 16)`
type PayloadsSpec struct {
	// +maxLength=16
	Type string `json:"type"`
	// +optional
	// +maxLength=16
	Binary []byte `json:"binary,omitempty"`
	// +optional
	// +format=byte
	// +maxLength=24
	Blob string `json:"blob,omitempty"`
	// +optional
	// +format=duration
	// +maxLength=16
	Timeout *string `json:"timeout,omitempty"`
	// +optional
	// +format=date
	// +maxLength=16
	Day *string `json:"day,omitempty"`
	// +optional
	// +format=date-time
	// +maxLength=40
	At string `json:"at,omitempty"`
	// +maxProperties=4
	Timeouts map[string]Timeout `json:"timeouts"`
	// +maxItems=4
	Binaries [][]byte `json:"binaries"`
}
