package report

import (
	"encoding/json"
	"fmt"
	"io"
	"net/url"
	"os"
	"path/filepath"
	"strings"
)

// The SARIF 2.1.0 log circ writes (OASIS SARIF 2.1.0, errata 01). Only
// the properties circ fills are declared; the field names follow the
// schema's property names.

const (
	sarifSchemaURI = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"
	sarifVersion   = "2.1.0"
	// srcRoot is the base of the relative artifact URIs: the directory
	// circ ran in, as run.originalUriBaseIds says.
	srcRoot = "SRCROOT"
)

// The rule and the notification descriptors, by index.
const (
	ruleDataRace = iota
	ruleUndefined
	ruleUnmodelled
)

const (
	noteSafe = iota
	noteUnknown
	noteApproximation
)

type sarifLog struct {
	Schema  string     `json:"$schema"`
	Version string     `json:"version"`
	Runs    []sarifRun `json:"runs"`
}

type sarifRun struct {
	Tool               sarifTool                        `json:"tool"`
	Invocations        []sarifInvocation                `json:"invocations"`
	OriginalURIBaseIDs map[string]sarifArtifactLocation `json:"originalUriBaseIds,omitempty"`
	Results            []sarifResult                    `json:"results"`
	ColumnKind         string                           `json:"columnKind"`
}

type sarifTool struct {
	Driver sarifDriver `json:"driver"`
}

type sarifDriver struct {
	Name           string            `json:"name"`
	Version        string            `json:"version,omitempty"`
	InformationURI string            `json:"informationUri,omitempty"`
	Rules          []sarifDescriptor `json:"rules"`
	Notifications  []sarifDescriptor `json:"notifications"`
}

// sarifDescriptor is a reportingDescriptor: a rule or a notification.
type sarifDescriptor struct {
	ID                   string        `json:"id"`
	Name                 string        `json:"name"`
	ShortDescription     sarifMessage  `json:"shortDescription"`
	FullDescription      *sarifMessage `json:"fullDescription,omitempty"`
	DefaultConfiguration *sarifConfig  `json:"defaultConfiguration,omitempty"`
}

type sarifConfig struct {
	Level string `json:"level"`
}

type sarifInvocation struct {
	ExecutionSuccessful        bool                `json:"executionSuccessful"`
	ExitCode                   int                 `json:"exitCode"`
	ToolExecutionNotifications []sarifNotification `json:"toolExecutionNotifications,omitempty"`
}

type sarifNotification struct {
	Descriptor sarifDescriptorRef `json:"descriptor"`
	Level      string             `json:"level"`
	Message    sarifMessage       `json:"message"`
	Locations  []sarifLocation    `json:"locations,omitempty"`
	Properties map[string]any     `json:"properties,omitempty"`
}

type sarifDescriptorRef struct {
	ID    string `json:"id"`
	Index int    `json:"index"`
}

type sarifResult struct {
	RuleID     string          `json:"ruleId"`
	RuleIndex  int             `json:"ruleIndex"`
	Level      string          `json:"level"`
	Message    sarifMessage    `json:"message"`
	Locations  []sarifLocation `json:"locations,omitempty"`
	CodeFlows  []sarifCodeFlow `json:"codeFlows,omitempty"`
	Properties map[string]any  `json:"properties,omitempty"`
}

type sarifMessage struct {
	Text string `json:"text"`
}

type sarifLocation struct {
	PhysicalLocation *sarifPhysicalLocation `json:"physicalLocation,omitempty"`
	Message          *sarifMessage          `json:"message,omitempty"`
}

type sarifPhysicalLocation struct {
	ArtifactLocation sarifArtifactLocation `json:"artifactLocation"`
	Region           *sarifRegion          `json:"region,omitempty"`
}

type sarifArtifactLocation struct {
	URI       string `json:"uri"`
	URIBaseID string `json:"uriBaseId,omitempty"`
}

type sarifRegion struct {
	StartLine   int `json:"startLine"`
	StartColumn int `json:"startColumn,omitempty"`
}

type sarifCodeFlow struct {
	Message     sarifMessage      `json:"message"`
	ThreadFlows []sarifThreadFlow `json:"threadFlows"`
}

type sarifThreadFlow struct {
	ID        string                    `json:"id"`
	Message   sarifMessage              `json:"message"`
	Locations []sarifThreadFlowLocation `json:"locations"`
}

type sarifThreadFlowLocation struct {
	Location       sarifLocation           `json:"location"`
	ExecutionOrder int                     `json:"executionOrder"`
	State          map[string]sarifMessage `json:"state,omitempty"`
	Kinds          []string                `json:"kinds,omitempty"`
	Importance     string                  `json:"importance,omitempty"`
	Properties     map[string]any          `json:"properties,omitempty"`
}

// WriteSARIF writes r as one SARIF 2.1.0 log, with one run by the tool
// circ of the given version. Each race is a result of the rule
// "data-race" whose locations are the racing accesses and whose code
// flow has one thread flow per thread of the trace; safe and unknown
// verdicts and the front end's approximations are notifications of the
// run's invocation, since SARIF results are for problems found.
func (r *Report) WriteSARIF(w io.Writer, toolVersion string) error {
	run := sarifRun{
		Tool: sarifTool{Driver: sarifDriver{
			Name:    "circ",
			Version: toolVersion,
			Rules: []sarifDescriptor{ruleDataRace: {
				ID:                   "data-race",
				Name:                 "DataRace",
				ShortDescription:     sarifMessage{"Two threads can access a shared variable at the same time, at least one of them writing."},
				FullDescription:      &sarifMessage{"circ found a concrete interleaving, replayed by its interpreter, after which two threads are both about to access the variable and at least one access is a write. The code flow gives the interleaving, one thread flow per thread."},
				DefaultConfiguration: &sarifConfig{Level: "error"},
			}, ruleUndefined: {
				ID:                   UndefinedBehaviour,
				Name:                 "UndefinedBehaviour",
				ShortDescription:     sarifMessage{"A run of the program may reach undefined behaviour (an access out of bounds, a call through a pointer to no function)."},
				FullDescription:      &sarifMessage{"circ cuts a run where it reaches undefined behaviour, so its safe verdicts hold only for the runs that do not; each such verdict names the findings it assumed away. With a code flow, a run that circ's interpreter replays reaches it; without one, circ found no run to it and no proof that none exists."},
				DefaultConfiguration: &sarifConfig{Level: "error"},
			}, ruleUnmodelled: {
				ID:                   UnmodelledMemory,
				Name:                 "UnmodelledMemory",
				ShortDescription:     sarifMessage{"A run of the program may leave circ's model of memory (byte arithmetic past the bytes it lays out as cells)."},
				FullDescription:      &sarifMessage{"Past such a site circ's cells are not C's bytes, so it cannot follow the run; no verdict is safe while a run may reach one. With a code flow, a run that circ's interpreter replays reaches it; without one, circ found no run to it and no proof that none exists."},
				DefaultConfiguration: &sarifConfig{Level: "warning"},
			}},
			Notifications: []sarifDescriptor{
				noteSafe: {ID: "verdict-safe", Name: "VerdictSafe",
					ShortDescription: sarifMessage{"The variable is free of data races (for the numbers of threads the reason gives)."}},
				noteUnknown: {ID: "verdict-unknown", Name: "VerdictUnknown",
					ShortDescription: sarifMessage{"circ could neither prove the variable race-free nor find a race."}},
				noteApproximation: {ID: "approximation", Name: "Approximation",
					ShortDescription: sarifMessage{"The C front end over-approximated a construct it does not model exactly."}},
			},
		}},
		Results:    []sarifResult{},
		ColumnKind: "unicodeCodePoints",
	}
	if wd, err := os.Getwd(); err == nil {
		run.OriginalURIBaseIDs = map[string]sarifArtifactLocation{srcRoot: {URI: fileURI(wd) + "/"}}
	}
	inv := sarifInvocation{ExecutionSuccessful: true, ExitCode: r.ExitStatus()}
	for _, a := range r.Approximations {
		n := sarifNotification{
			Descriptor: sarifDescriptorRef{ID: "approximation", Index: noteApproximation},
			Level:      "warning",
			Message:    sarifMessage{"approximation: " + a},
		}
		if p, text, ok := splitApproximation(a); ok {
			n.Message.Text = "approximation: " + text
			n.Locations = []sarifLocation{{PhysicalLocation: physical(p)}}
		}
		inv.ToolExecutionNotifications = append(inv.ToolExecutionNotifications, n)
	}
	for _, res := range r.Results {
		props := resultProperties(res)
		switch res.Verdict {
		case Race:
			run.Results = append(run.Results, sarifRace(res, props))
		case Safe, Unknown:
			ref, level := sarifDescriptorRef{"verdict-safe", noteSafe}, "note"
			if res.Verdict == Unknown {
				ref, level = sarifDescriptorRef{"verdict-unknown", noteUnknown}, "warning"
			}
			text := fmt.Sprintf("%s: %s%s", res.Variable, res.Verdict, res.Qualifier())
			if res.Reason != "" {
				text += ": " + res.Reason
			}
			inv.ToolExecutionNotifications = append(inv.ToolExecutionNotifications, sarifNotification{
				Descriptor: ref, Level: level, Message: sarifMessage{text}, Properties: props,
			})
		}
	}
	for i, f := range r.Findings {
		run.Results = append(run.Results, sarifFinding(i+1, f))
	}
	run.Invocations = []sarifInvocation{inv}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(sarifLog{Schema: sarifSchemaURI, Version: sarifVersion, Runs: []sarifRun{run}})
}

// resultProperties is the property bag of a verdict: what the JSON
// report has beyond the trace.
func resultProperties(res Result) map[string]any {
	p := map[string]any{
		"variable": res.Variable,
		"verdict":  string(res.Verdict),
		"engine":   res.Engine,
		"raceDef":  res.RaceDef,
		"seconds":  res.Seconds,
	}
	if len(res.Predicates) > 0 {
		p["predicates"] = res.Predicates
	}
	if res.Iterations > 0 {
		p["iterations"] = res.Iterations
		p["k"] = res.K
	}
	if res.States > 0 {
		p["states"] = res.States
	}
	return p
}

// sarifRace is the result for a race verdict.
func sarifRace(res Result, props map[string]any) sarifResult {
	out := sarifResult{
		RuleID: "data-race", RuleIndex: ruleDataRace, Level: "error",
		Message:    sarifMessage{fmt.Sprintf("Data race on %s.", res.Variable)},
		Properties: props,
	}
	t := res.Trace
	if t == nil {
		return out
	}
	props["replayed"] = t.Replayed
	var sides []string
	for _, a := range t.Race {
		sides = append(sides, fmt.Sprintf("%s %ss at %s (%s)", a.Thread, a.accessKind(), a.Pos, a.Op))
		out.Locations = append(out.Locations, sarifLocation{
			PhysicalLocation: physicalAt(a.Pos),
			Message:          &sarifMessage{fmt.Sprintf("racing %s by %s: %s", a.accessKind(), a.Thread, a.Op)},
		})
	}
	out.Message.Text = fmt.Sprintf("Data race on %s: %s.", res.Variable, strings.Join(sides, " while "))
	out.CodeFlows = []sarifCodeFlow{sarifFlow(t)}
	return out
}

// sarifFinding is the result for finding n (1-based, as verdicts cite
// it).
func sarifFinding(n int, f Finding) sarifResult {
	rule := ruleUndefined
	if f.Kind == UnmodelledMemory {
		rule = ruleUnmodelled
	}
	out := sarifResult{
		RuleID: f.Kind, RuleIndex: rule, Level: "warning",
		Message:    sarifMessage{fmt.Sprintf("Finding %d: %s at %s: %s (no run to it found, nor a proof that none exists).", n, f.What(), f.Pos, f.Message)},
		Locations:  []sarifLocation{{PhysicalLocation: physicalAt(f.Pos)}},
		Properties: map[string]any{"finding": n, "reached": f.Reached},
	}
	if f.Trace != nil {
		out.Level = "error"
		out.Message.Text = fmt.Sprintf("Finding %d: %s at %s: %s.", n, f.What(), f.Pos, f.Message)
		out.CodeFlows = []sarifCodeFlow{sarifFlow(f.Trace)}
	}
	return out
}

// sarifFlow is the code flow of trace t: one thread flow per thread,
// and the racing accesses, if any, last.
func sarifFlow(t *Trace) sarifCodeFlow {
	flows := map[string]*sarifThreadFlow{}
	var order []*sarifThreadFlow
	for _, th := range t.threads() {
		f := &sarifThreadFlow{ID: th, Message: sarifMessage{"thread " + th}}
		flows[th] = f
		order = append(order, f)
	}
	for _, s := range t.Steps {
		loc := sarifThreadFlowLocation{
			Location:       sarifLocation{PhysicalLocation: physicalAt(s.Pos), Message: &sarifMessage{s.Op}},
			ExecutionOrder: s.Step,
		}
		for _, v := range s.Values {
			name, value := splitValue(v)
			if loc.State == nil {
				loc.State = map[string]sarifMessage{}
			}
			loc.State[name] = sarifMessage{value}
		}
		if s.Atomic {
			loc.Properties = map[string]any{"atomic": true}
		}
		flows[s.Thread].Locations = append(flows[s.Thread].Locations, loc)
	}
	// The racing accesses come after the last step, at the same time:
	// both threads are about to take them.
	last := len(t.Steps) + 1
	for _, a := range t.Race {
		flows[a.Thread].Locations = append(flows[a.Thread].Locations, sarifThreadFlowLocation{
			Location: sarifLocation{
				PhysicalLocation: physicalAt(a.Pos),
				Message:          &sarifMessage{fmt.Sprintf("racing %s: %s", a.accessKind(), a.Op)},
			},
			ExecutionOrder: last,
			Kinds:          []string{"danger"},
			Importance:     "essential",
		})
	}
	flow := sarifCodeFlow{Message: sarifMessage{fmt.Sprintf("an interleaving of %d steps by %d threads", len(t.Steps), len(order))}}
	if t.Replayed {
		flow.Message.Text += ", replayed by circ's interpreter"
	}
	for _, f := range order {
		flow.ThreadFlows = append(flow.ThreadFlows, *f)
	}
	return flow
}

// physicalAt is the physical location of pos, nil without one.
func physicalAt(pos string) *sarifPhysicalLocation {
	p, ok := parsePos(pos)
	if !ok {
		return nil
	}
	return physical(p)
}

func physical(p position) *sarifPhysicalLocation {
	loc := &sarifPhysicalLocation{
		ArtifactLocation: artifact(p.File),
		Region:           &sarifRegion{StartLine: p.Line, StartColumn: p.Col},
	}
	return loc
}

// artifact is the artifact location of a file name as circ printed it:
// relative names relative to the directory circ ran in, absolute ones
// as file URIs.
func artifact(file string) sarifArtifactLocation {
	if filepath.IsAbs(file) {
		return sarifArtifactLocation{URI: fileURI(file)}
	}
	u := &url.URL{Path: filepath.ToSlash(file)}
	return sarifArtifactLocation{URI: u.String(), URIBaseID: srcRoot}
}

// fileURI is the file: URI of an absolute path.
func fileURI(path string) string {
	p := filepath.ToSlash(path)
	if !strings.HasPrefix(p, "/") {
		p = "/" + p // a Windows drive letter
	}
	return (&url.URL{Scheme: "file", Path: p}).String()
}
