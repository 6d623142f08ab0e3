package manifest

import (
	"encoding/xml"
	"fmt"
	"io"
	"strings"
)

// JUnit XML, as CI systems read it: one testsuite per file, one testcase per document, a
// failure (with every error, one per line) for an invalid document, warnings as system-out.
type junitSuites struct {
	XMLName  xml.Name     `xml:"testsuites"`
	Name     string       `xml:"name,attr"`
	Tests    int          `xml:"tests,attr"`
	Failures int          `xml:"failures,attr"`
	Suites   []junitSuite `xml:"testsuite"`
}

type junitSuite struct {
	Name     string      `xml:"name,attr"`
	Tests    int         `xml:"tests,attr"`
	Failures int         `xml:"failures,attr"`
	Cases    []junitCase `xml:"testcase"`
}

type junitCase struct {
	Name      string        `xml:"name,attr"`
	Classname string        `xml:"classname,attr"`
	Failure   *junitFailure `xml:"failure,omitempty"`
	SystemOut string        `xml:"system-out,omitempty"`
}

type junitFailure struct {
	Message string `xml:"message,attr"`
	Type    string `xml:"type,attr"`
	Text    string `xml:",chardata"`
}

func writeJUnit(w io.Writer, r *Report) error {
	out := junitSuites{Name: "validation-gen validate"}
	suites := map[string]int{}
	for _, d := range r.Documents {
		i, ok := suites[d.File]
		if !ok {
			i = len(out.Suites)
			suites[d.File] = i
			out.Suites = append(out.Suites, junitSuite{Name: d.File})
		}
		c := junitCase{Name: d.name(), Classname: d.File}
		if !d.Valid {
			var lines []string
			for _, is := range d.Errors {
				lines = append(lines, fmt.Sprintf("%s:%d:%d: %s", d.File, is.Line, is.Column, is.Text()))
			}
			c.Failure = &junitFailure{Message: fmt.Sprintf("%d error(s)", len(d.Errors)), Type: "invalid", Text: strings.Join(lines, "\n")}
			out.Suites[i].Failures++
			out.Failures++
		}
		var warns []string
		for _, is := range d.Warnings {
			warns = append(warns, fmt.Sprintf("%s:%d:%d: warning: %s", d.File, is.Line, is.Column, is.Text()))
		}
		c.SystemOut = strings.Join(warns, "\n")
		out.Suites[i].Cases = append(out.Suites[i].Cases, c)
		out.Suites[i].Tests++
		out.Tests++
	}
	if _, err := io.WriteString(w, xml.Header); err != nil {
		return err
	}
	enc := xml.NewEncoder(w)
	enc.Indent("", "  ")
	if err := enc.Encode(out); err != nil {
		return err
	}
	_, err := io.WriteString(w, "\n")
	return err
}
