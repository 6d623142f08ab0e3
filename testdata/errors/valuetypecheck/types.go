// Package valuetypecheck has a named type that no field uses and whose tags contradict each
// other: under +k8s:validation-gen it gets a validator of its own, so its tags are checked too.
//
// +k8s:validation-gen=*
package valuetypecheck

// Unused is never used.
// +k8s:minLength=5
// +k8s:maxLength=2
type Unused string

// Names is never used; its items' rule does not compile.
// +k8s:eachVal=+validationRule="self.size() > "
type Names []string
