package tags

// Anchor is the GitHub fragment of a Markdown heading's text.
func Anchor(heading string) string { return anchor(heading, nil) }

// Prose is prose, for tests.
var Prose = prose
