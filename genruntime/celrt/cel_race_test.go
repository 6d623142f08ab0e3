//go:build race

package celrt

const celRaceEnabled = true
