//go:build !race

package genruntime

const celRaceEnabled = false
