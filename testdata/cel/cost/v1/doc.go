// Package v1 holds rules whose estimated cost at their place is over the API server's per-call
// limit: they run compiled to Go for values small enough to stay under it, and in cel-go, which
// counts cost as it runs, for larger ones (generators/validators/celcost.go). The differential test
// runs them on random (small) values and on the fixed objects below, large enough for the API
// server to stop the rule at the limit.
//
// +groupName=cost.cel.example.com
package v1
