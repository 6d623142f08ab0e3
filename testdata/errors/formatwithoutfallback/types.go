package formatwithoutfallback

// Spec has formats that API servers at 1.33 do not enforce; flags.txt turns the fallback off.
type Spec struct {
	// +format=k8s-short-name
	Name string `json:"name"`

	// +format=ipv4
	Address string `json:"address"`
}
