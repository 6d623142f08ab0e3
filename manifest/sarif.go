package manifest

import (
	"encoding/json"
	"io"
	"path/filepath"
	"sort"
	"strings"
)

// SARIF 2.1.0 (OASIS), the subset code hosts read to show results inline: one run, one rule per
// issue reason or type, one result per issue with its physical location (and a duplicate's first
// occurrence as a related location).
type sarifLog struct {
	Version string     `json:"version"`
	Schema  string     `json:"$schema"`
	Runs    []sarifRun `json:"runs"`
}

type sarifRun struct {
	Tool    sarifTool     `json:"tool"`
	Results []sarifResult `json:"results"`
}

type sarifTool struct {
	Driver sarifDriver `json:"driver"`
}

type sarifDriver struct {
	Name           string      `json:"name"`
	InformationURI string      `json:"informationUri"`
	Rules          []sarifRule `json:"rules"`
}

type sarifRule struct {
	ID               string       `json:"id"`
	Name             string       `json:"name"`
	ShortDescription sarifMessage `json:"shortDescription"`
}

type sarifMessage struct {
	Text string `json:"text"`
}

type sarifResult struct {
	RuleID           string          `json:"ruleId"`
	RuleIndex        int             `json:"ruleIndex"`
	Level            string          `json:"level"`
	Message          sarifMessage    `json:"message"`
	Locations        []sarifLocation `json:"locations"`
	RelatedLocations []sarifLocation `json:"relatedLocations,omitempty"`
}

type sarifLocation struct {
	ID               *int                  `json:"id,omitempty"`
	PhysicalLocation sarifPhysicalLocation `json:"physicalLocation"`
	Message          *sarifMessage         `json:"message,omitempty"`
}

type sarifPhysicalLocation struct {
	ArtifactLocation sarifArtifact `json:"artifactLocation"`
	Region           sarifRegion   `json:"region"`
}

type sarifArtifact struct {
	URI string `json:"uri"`
}

type sarifRegion struct {
	StartLine   int `json:"startLine"`
	StartColumn int `json:"startColumn"`
}

// ruleID is the SARIF rule of an issue: the server's reason for a field error, else its type
// without spaces (UnknownField, DuplicateField, ...).
func ruleID(is Issue) string {
	if is.Reason != "" {
		return is.Reason
	}
	return strings.ReplaceAll(is.Type, " ", "")
}

func writeSARIF(w io.Writer, r *Report) error {
	type issueAt struct {
		d     Document
		is    Issue
		level string
	}
	var all []issueAt
	rules := map[string]string{}
	for _, d := range r.Documents {
		for _, is := range d.Errors {
			all = append(all, issueAt{d, is, "error"})
			rules[ruleID(is)] = is.Type
		}
		for _, is := range d.Warnings {
			all = append(all, issueAt{d, is, "warning"})
			rules[ruleID(is)] = is.Type
		}
	}
	var ids []string
	for id := range rules {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	index := map[string]int{}
	driver := sarifDriver{Name: "validation-gen validate", InformationURI: "https://github.com/validation-gen/validation-gen", Rules: []sarifRule{}}
	for i, id := range ids {
		index[id] = i
		driver.Rules = append(driver.Rules, sarifRule{ID: id, Name: id, ShortDescription: sarifMessage{Text: rules[id]}})
	}
	run := sarifRun{Tool: sarifTool{Driver: driver}, Results: []sarifResult{}}
	for _, a := range all {
		uri := filepath.ToSlash(a.d.File)
		if a.d.File == "-" {
			uri = "stdin"
		}
		loc := func(p Position) sarifPhysicalLocation {
			return sarifPhysicalLocation{ArtifactLocation: sarifArtifact{URI: uri}, Region: sarifRegion{StartLine: max(p.Line, 1), StartColumn: max(p.Column, 1)}}
		}
		res := sarifResult{
			RuleID: ruleID(a.is), RuleIndex: index[ruleID(a.is)], Level: a.level,
			Message:   sarifMessage{Text: a.d.name() + ": " + a.is.Text()},
			Locations: []sarifLocation{{PhysicalLocation: loc(Position{Line: a.is.Line, Column: a.is.Column})}},
		}
		for i, p := range a.is.Related {
			id := i
			res.RelatedLocations = append(res.RelatedLocations, sarifLocation{ID: &id, PhysicalLocation: loc(p), Message: &sarifMessage{Text: "first occurrence"}})
		}
		run.Results = append(run.Results, res)
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(sarifLog{Version: "2.1.0", Schema: "https://json.schemastore.org/sarif-2.1.0.json", Runs: []sarifRun{run}})
}
