package model

import "strings"

// LimitInDialect spells a size limit (maxItems, maxProperties, maxLength) in the dialect of a
// rule's tag, for hints: +kubebuilder:validation:MaxItems beside controller-gen's markers,
// +k8s:maxItems beside +k8s: tags, +maxItems otherwise.
func LimitInDialect(ruleTag, limit string) string {
	switch {
	case strings.HasPrefix(ruleTag, "kubebuilder:"):
		return "kubebuilder:validation:" + strings.ToUpper(limit[:1]) + limit[1:]
	case strings.HasPrefix(ruleTag, "k8s:"):
		return "k8s:" + limit
	}
	return limit
}
