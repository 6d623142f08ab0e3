// Package fakes is no API package: no tag in its comments; its exported struct holds
// a func, which has no OpenAPI representation.
package fakes

// FakeWidgetClient is a test fake.
type FakeWidgetClient struct {
	GetStub func() string
}
