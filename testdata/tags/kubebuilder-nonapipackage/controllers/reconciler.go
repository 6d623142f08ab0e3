// Package controllers is a controller, which a run over ./... reaches as controller-gen's usual
// paths="./..." does: its only tags are the markers of controller-gen's other generators (RBAC
// roles, kubebuilder's scaffolding, +kubebuilder:skip), so it is no API package. Its reconciler
// holds a chan and a func, which have no OpenAPI representation, and would otherwise get validators
// (Client is required: its json name has no omitempty).
package controllers

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// +kubebuilder:skip

// WidgetReconciler reconciles Widgets.
type WidgetReconciler struct {
	Client  *metav1.ObjectMeta
	Updates chan struct{}
	Fetch   func() error
}

// +kubebuilder:rbac:groups=example.com,resources=widgets,verbs=get;list;watch
// +kubebuilder:rbac:groups=example.com,resources=widgets/status,verbs=get;update;patch

// Reconcile reconciles.
func (r *WidgetReconciler) Reconcile() error {
	// +kubebuilder:scaffold:builder
	return nil
}

// event looks like a kind to controller-gen's finder, in a package without +groupName.
type event struct {
	metav1.TypeMeta
	metav1.ObjectMeta
}

var _ = event{}
