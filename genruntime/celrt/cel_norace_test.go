//go:build !race

package celrt

const celRaceEnabled = false
