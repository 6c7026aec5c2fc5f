// Package svcomp owns circ's side of the SV-COMP conventions: reading a
// task definition (format 2.x: one input file, properties with expected
// verdicts, language and data model), recognising the one property circ
// decides (no-data-race), and the verdict line SV-COMP tools print
// ("RESULT: true", "RESULT: false(no-data-race)", "RESULT: unknown").
// A task or property circ cannot check is an error, never a silent check
// of something else.
package svcomp

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"

	"circ/report"

	"gopkg.in/yaml.v3"
)

// NoDataRace is the LTL text of SV-COMP's no-data-race.prp.
const NoDataRace = "CHECK( init(main()), LTL(G ! data-race) )"

// Task is a task definition reduced to what circ uses.
type Task struct {
	Path       string   // the .yml file
	InputFiles []string // resolved against the task's folder
	// Property is the no-data-race property file of the task (resolved),
	// and Expected its expected verdict: "true", "false" or "" if the task
	// does not give one.
	Property string
	Expected string
	Language string
	// DataModel is ILP32 or LP64 ("" if the task does not say).
	DataModel string
}

// taskFile is the YAML shape of format 2.0.
type taskFile struct {
	FormatVersion string    `yaml:"format_version"`
	InputFiles    yaml.Node `yaml:"input_files"`
	Properties    []struct {
		PropertyFile    string    `yaml:"property_file"`
		ExpectedVerdict yaml.Node `yaml:"expected_verdict"`
		Subproperty     string    `yaml:"subproperty"`
	} `yaml:"properties"`
	Options map[string]any `yaml:"options"`
	// RequiredFiles are files the input needs (headers); circ finds them
	// as the compiler would, so they are read and otherwise ignored.
	RequiredFiles yaml.Node `yaml:"required_files"`
}

// IsTaskFile reports whether path names a task definition.
func IsTaskFile(path string) bool {
	ext := strings.ToLower(filepath.Ext(path))
	return ext == ".yml" || ext == ".yaml"
}

// ReadTask reads and checks the task definition at path. The task must
// have exactly one input file and a no-data-race property (other
// properties may be listed too; circ checks only that one). language must
// be C; data_model ILP32 or LP64.
func ReadTask(path string) (*Task, error) {
	src, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("%s: cannot read task: %v", path, unwrapPath(err))
	}
	var tf taskFile
	dec := yaml.NewDecoder(bytes.NewReader(src))
	dec.KnownFields(true)
	if err := dec.Decode(&tf); err != nil {
		msg := strings.Join(strings.Fields(strings.ReplaceAll(err.Error(), "\n", ";")), " ")
		return nil, fmt.Errorf("%s: not an SV-COMP task definition: %s", path, msg)
	}
	if !strings.HasPrefix(tf.FormatVersion, "2.") {
		return nil, fmt.Errorf("%s: format_version %q: circ reads task definitions of format 2.x", path, tf.FormatVersion)
	}
	dir := filepath.Dir(path)
	t := &Task{Path: path}
	inputs, err := stringList(tf.InputFiles)
	if err != nil {
		return nil, fmt.Errorf("%s: input_files: %v", path, err)
	}
	for _, in := range inputs {
		matches, err := filepath.Glob(resolve(dir, in))
		if err != nil || len(matches) == 0 {
			return nil, fmt.Errorf("%s: input file %s: no such file", path, in)
		}
		sort.Strings(matches)
		t.InputFiles = append(t.InputFiles, matches...)
	}
	switch len(t.InputFiles) {
	case 0:
		return nil, fmt.Errorf("%s: the task names no input file", path)
	case 1:
	default:
		return nil, fmt.Errorf("%s: %d input files: circ checks one translation unit per task", path, len(t.InputFiles))
	}
	var others []string
	for _, p := range tf.Properties {
		// property_file is a pattern that must name one file.
		files, _ := filepath.Glob(resolve(dir, p.PropertyFile))
		if len(files) != 1 {
			return nil, fmt.Errorf("%s: property_file %s names %d files, want one", path, p.PropertyFile, len(files))
		}
		file := files[0]
		ok, err := IsNoDataRace(file)
		if err != nil {
			return nil, fmt.Errorf("%s: %v", path, err)
		}
		if !ok {
			others = append(others, p.PropertyFile)
			continue
		}
		if p.Subproperty != "" {
			return nil, fmt.Errorf("%s: property %s: subproperty %q is not part of no-data-race", path, p.PropertyFile, p.Subproperty)
		}
		if t.Property != "" {
			return nil, fmt.Errorf("%s: the task lists no-data-race twice", path)
		}
		t.Property = file
		if !p.ExpectedVerdict.IsZero() {
			switch v := p.ExpectedVerdict.Value; {
			case p.ExpectedVerdict.Kind == yaml.ScalarNode && (v == "true" || v == "false"):
				t.Expected = v
			default:
				return nil, fmt.Errorf("%s: line %d: expected_verdict: want true or false", path, p.ExpectedVerdict.Line)
			}
		}
	}
	if t.Property == "" {
		if len(others) == 0 {
			return nil, fmt.Errorf("%s: the task lists no property; circ checks no-data-race", path)
		}
		return nil, fmt.Errorf("%s: property %s is not supported: circ checks only no-data-race (%s)", path, strings.Join(others, ", "), NoDataRace)
	}
	if lang, ok := tf.Options["language"]; ok {
		t.Language = fmt.Sprint(lang)
		if t.Language != "C" {
			return nil, fmt.Errorf("%s: language %s: circ reads C", path, t.Language)
		}
	}
	if dm, ok := tf.Options["data_model"]; ok {
		t.DataModel = fmt.Sprint(dm)
		if err := CheckDataModel(t.DataModel); err != nil {
			return nil, fmt.Errorf("%s: %v", path, err)
		}
	}
	return t, nil
}

// CheckDataModel accepts SV-COMP's two data models, which circ reads
// as gcc -m32 (ILP32) and gcc on x86-64 (LP64) do.
func CheckDataModel(dm string) error {
	if dm != "ILP32" && dm != "LP64" {
		return fmt.Errorf("data_model %s: want ILP32 or LP64", dm)
	}
	return nil
}

var blanks = regexp.MustCompile(`\s+`)

// IsNoDataRace reports whether the property file at path is
// no-data-race; an unreadable file is an error.
func IsNoDataRace(path string) (bool, error) {
	src, err := os.ReadFile(path)
	if err != nil {
		return false, fmt.Errorf("property file %s: %v", path, unwrapPath(err))
	}
	return normalize(string(src)) == normalize(NoDataRace), nil
}

// CheckProperty is IsNoDataRace with the error a user sees for any other
// property.
func CheckProperty(path string) error {
	ok, err := IsNoDataRace(path)
	if err != nil {
		return err
	}
	if !ok {
		return fmt.Errorf("property file %s: not supported: circ checks only no-data-race (%s)", path, NoDataRace)
	}
	return nil
}

func normalize(s string) string {
	return blanks.ReplaceAllString(strings.TrimSpace(s), "")
}

// Result is the SV-COMP verdict of a whole report: false if some
// variable races, true if every checked variable is proved safe (by
// default circ checks every global two threads access, thread handles
// included), unknown otherwise.
//
// The property is about data races only: a safe verdict that assumes
// undefined behaviour away (a finding) counts as safe, as SV-COMP's
// tasks are meant to be free of undefined behaviour.
func Result(r *report.Report) string {
	status := "true"
	for _, res := range r.Results {
		switch res.Verdict {
		case report.Race:
			return "false(no-data-race)"
		case report.Unknown:
			status = "unknown"
		}
	}
	return status
}

// ResultLine is the line SV-COMP tools print last.
func ResultLine(r *report.Report) string { return "RESULT: " + Result(r) }

// stringList reads a YAML scalar or sequence of scalars.
func stringList(n yaml.Node) ([]string, error) {
	switch n.Kind {
	case 0:
		return nil, nil
	case yaml.ScalarNode:
		return []string{n.Value}, nil
	case yaml.SequenceNode:
		var out []string
		for _, c := range n.Content {
			if c.Kind != yaml.ScalarNode {
				return nil, fmt.Errorf("line %d: want a file name", c.Line)
			}
			out = append(out, c.Value)
		}
		return out, nil
	}
	return nil, fmt.Errorf("line %d: want a file name or a list of them", n.Line)
}

// resolve reads a task's path relative to the task's folder.
func resolve(dir, path string) string {
	if filepath.IsAbs(path) {
		return path
	}
	return filepath.Join(dir, path)
}

func unwrapPath(err error) error {
	if pe, ok := err.(*os.PathError); ok {
		return pe.Err
	}
	return err
}
