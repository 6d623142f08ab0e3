// Package controllergen compares validation-gen's CRDs with controller-gen's on a real
// kubebuilder-dialect API module (gateway-api). It runs only when VALIDATION_GEN_CONTROLLERGEN=1:
// it fetches the module and controller-gen through the Go module proxy.
package controllergen
