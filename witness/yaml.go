package witness

import (
	"fmt"
	"io"

	"gopkg.in/yaml.v3"
)

// FormatVersion is the YAML witness format written.
const FormatVersion = "2.2"

// The YAML document, in the key order of the format's documentation.
type (
	yamlEntry struct {
		EntryType string        `yaml:"entry_type"`
		Metadata  yamlMetadata  `yaml:"metadata"`
		Content   []yamlSegment `yaml:"content"`
	}
	yamlMetadata struct {
		FormatVersion string       `yaml:"format_version"`
		UUID          string       `yaml:"uuid"`
		CreationTime  string       `yaml:"creation_time"`
		Producer      yamlProducer `yaml:"producer"`
		Task          yamlTask     `yaml:"task"`
	}
	yamlProducer struct {
		Name    string `yaml:"name"`
		Version string `yaml:"version"`
	}
	yamlTask struct {
		InputFiles      []string          `yaml:"input_files"`
		InputFileHashes map[string]string `yaml:"input_file_hashes"`
		Specification   string            `yaml:"specification"`
		DataModel       string            `yaml:"data_model"`
		Language        string            `yaml:"language"`
	}
	yamlSegment struct {
		Segment []yamlItem `yaml:"segment"`
	}
	yamlItem struct {
		Waypoint yamlWaypoint `yaml:"waypoint"`
	}
	yamlWaypoint struct {
		Type       string          `yaml:"type"`
		Action     string          `yaml:"action"`
		ThreadID   int             `yaml:"thread_id"`
		Constraint *yamlConstraint `yaml:"constraint,omitempty"`
		Location   yamlLocation    `yaml:"location"`
	}
	yamlConstraint struct {
		Value  string `yaml:"value"`
		Format string `yaml:"format"`
	}
	yamlLocation struct {
		FileName string `yaml:"file_name"`
		Line     int    `yaml:"line"`
		Column   int    `yaml:"column"`
		Function string `yaml:"function"`
	}
)

// writeYAML writes p as one violation_sequence entry. Every event is a
// segment of its own ending in its follow waypoint, so the segment order
// is the order of the trace across threads:
//
//   - a statement is an assumption waypoint with the constraint 1 at the
//     statement (it only asks the thread to pass there);
//   - a thread creation is a function_enter waypoint of the creating
//     thread at the closing parenthesis of the create call; the created
//     thread appears with the next unused id;
//   - a nondeterministic value is a function_return waypoint at the
//     closing parenthesis of the __VERIFIER_nondet_ call, with the
//     constraint \result == V (format acsl_expression);
//   - the final segment holds two target waypoints, one for each racing
//     access, with the ids of the two threads (the data-race extension of
//     format 2.2).
//
// Columns are 1-based, as in format 2.x.
func writeYAML(w io.Writer, t *Task, p *path) error {
	name, version := t.producerName()
	entry := yamlEntry{
		EntryType: "violation_sequence",
		Metadata: yamlMetadata{
			FormatVersion: FormatVersion,
			UUID:          t.UUID,
			CreationTime:  t.creationTime(),
			Producer:      yamlProducer{Name: name, Version: version},
			Task: yamlTask{
				InputFiles:      []string{t.File},
				InputFileHashes: map[string]string{t.File: t.hash()},
				Specification:   Specification,
				DataModel:       t.DataModel,
				Language:        "C",
			},
		},
	}
	for _, e := range p.events {
		entry.Content = append(entry.Content, yamlSegment{Segment: []yamlItem{{Waypoint: t.yamlWaypoint(e)}}})
	}
	final := yamlSegment{}
	for _, e := range p.targets {
		final.Segment = append(final.Segment, yamlItem{Waypoint: t.yamlWaypoint(e)})
	}
	entry.Content = append(entry.Content, final)

	enc := yaml.NewEncoder(w)
	enc.SetIndent(2)
	if err := enc.Encode([]yamlEntry{entry}); err != nil {
		return fmt.Errorf("witness: %w", err)
	}
	return enc.Close()
}

func (t *Task) yamlWaypoint(e event) yamlWaypoint {
	wp := yamlWaypoint{
		Action:   "follow",
		ThreadID: e.thread,
		Location: yamlLocation{FileName: t.File, Line: e.line, Column: e.col, Function: e.function},
	}
	switch e.kind {
	case statement:
		wp.Type = "assumption"
		wp.Constraint = &yamlConstraint{Value: "1", Format: "c_expression"}
	case create:
		wp.Type = "function_enter"
	case nondet:
		wp.Type = "function_return"
		wp.Constraint = &yamlConstraint{Value: fmt.Sprintf("\\result == %d", e.value), Format: "acsl_expression"}
	case target:
		wp.Type = "target"
	}
	return wp
}
