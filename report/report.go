// Package report owns circ's verdicts and how they are printed: the
// per-variable Result shared by every engine, the interleaved race Trace,
// the human-readable text report and the JSON document of the CLI
// contract (SARIF and HTML in their own files), the findings of undefined
// behaviour a safe verdict assumes away, and the exit status derived from
// a set of results.
package report

import (
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"strings"

	"circ/cfa"
)

// Verdict is the answer for one variable.
type Verdict string

const (
	Race    Verdict = "race"
	Safe    Verdict = "safe"
	Unknown Verdict = "unknown"
)

// Exit statuses of the CLI contract.
const (
	ExitSafe     = 0
	ExitBadInput = 2
	ExitRace     = 10
	ExitUnknown  = 20
)

// Step is one step of a concrete interleaved trace.
type Step struct {
	Step     int    `json:"step"`
	Thread   string `json:"thread"`   // template#instance, e.g. "worker#2"
	Template string `json:"template"` // the thread's function
	Instance int    `json:"instance"` // 1-based instance of the template
	Pos      string `json:"pos"`      // file:line:column
	Op       string `json:"op"`       // the CFA operation
	// Values are the variables the step read or wrote, after the step,
	// as "name=value" (locals by their source name).
	Values []string `json:"values,omitempty"`
	Atomic bool     `json:"atomic,omitempty"` // the thread is inside an atomic section after the step
	// Ghost marks a step with no counterpart in the C program: circ's
	// choice of which instance of a summary object it tracks.
	Ghost bool `json:"ghost,omitempty"`
	// Approximation is set where the step is one circ approximates (an
	// opaque value, a call of a function without a body): the
	// program may have no run like the trace there.
	Approximation string `json:"approximation,omitempty"`
}

// Access is one side of a race: a thread about to access the variable.
type Access struct {
	Thread string `json:"thread"`
	Pos    string `json:"pos"`
	Op     string `json:"op"`
	Write  bool   `json:"write"`
}

// Trace is a concrete interleaving ending in a race state.
type Trace struct {
	Steps []Step `json:"steps"`
	// Race holds the two (or more) accesses enabled in the final state.
	Race []Access `json:"race"`
	// Threads is the number of threads the trace uses.
	Threads int `json:"threads"`
	// Replayed is set once the concrete interpreter replayed the trace.
	Replayed bool `json:"replayed"`
}

// Result is the verdict for one variable, with the evidence.
type Result struct {
	Variable string  `json:"variable"`
	Verdict  Verdict `json:"verdict"`
	Engine   string  `json:"engine"`
	RaceDef  string  `json:"race_def"`
	Reason   string  `json:"reason,omitempty"` // why unknown; what safe covers
	Trace    *Trace  `json:"trace,omitempty"`

	// Abstract engine statistics.
	Predicates []string `json:"predicates,omitempty"`
	ACFASize   []int    `json:"acfa_size,omitempty"` // per template
	K          int      `json:"k,omitempty"`
	Iterations int      `json:"iterations,omitempty"`
	SMTQueries int      `json:"smt_queries,omitempty"`
	// ACFAs are the final context ACFAs, one per template: the fixpoint
	// for safe, the last context otherwise. Filled only on request
	// (driver.Options.ACFAs) and left out of the JSON document, whose
	// contract they are not part of; the HTML report and 'circ acfa'
	// show them.
	ACFAs []ACFA `json:"-"`

	// Explicit engine statistics.
	States int `json:"states,omitempty"`
	Depth  int `json:"depth,omitempty"`

	Seconds float64 `json:"seconds"`

	// Undefined is the undefined behaviour the check met: the engines
	// cut a run where it takes such a step, so a safe verdict holds
	// only for the runs that do not. Report.CollectFindings moves it
	// into the report's findings and numbers them in Assumes.
	Undefined []Finding `json:"-"`
	// Assumes numbers the findings (1-based, Report.Findings) whose
	// paths a safe verdict assumed to stop: "safe (assuming no
	// undefined behaviour: see finding N)".
	Assumes []int `json:"assumes_no_finding,omitempty"`
	// SeqCst lists the atomic operations with an order weaker than
	// seq_cst that a safe verdict read as seq_cst ("memory_order_relaxed
	// at f.c:3:5"): it holds under sequential consistency, which C11
	// and weakly ordered hardware do not give them.
	SeqCst []string `json:"assumes_seq_cst,omitempty"`
}

// Finding is a defect of the program other than a race: undefined
// behaviour that a run may reach.
type Finding struct {
	Kind    string `json:"kind"` // UndefinedBehaviour or UnmodelledMemory
	Message string `json:"message"`
	Pos     string `json:"pos"`
	// Reached: a trace that the interpreter replays reaches it (Trace).
	// Otherwise no run to it was found, nor a proof that none exists.
	Reached bool   `json:"reached"`
	Trace   *Trace `json:"trace,omitempty"`
}

// Site identifies the finding's site: its position and message.
func (f Finding) Site() string { return f.Pos + "\x00" + f.Message }

// What names the kind of site a finding is, as the report titles it.
func (f Finding) What() string {
	if f.Kind == UnmodelledMemory {
		return "circ's model of memory ends"
	}
	return "undefined behaviour"
}

// Finding.Kind: undefined behaviour, or a site where circ's model of
// memory ends (cfa.Edge.Unmodelled: byte arithmetic leaving the bytes
// it lays out as cells). A run through the latter may be defined C
// that circ cannot follow, so no verdict is safe while one may be
// reached (DemoteUnmodelled).
const (
	UndefinedBehaviour = "undefined-behaviour"
	UnmodelledMemory   = "unmodelled-memory"
)

// FindingOf is the finding of e, an undefined-behaviour edge
// (cfa.Edge.Undefined), with no trace.
func FindingOf(e *cfa.Edge) Finding {
	kind := UndefinedBehaviour
	if e.Unmodelled {
		kind = UnmodelledMemory
	}
	return Finding{Kind: kind, Message: strings.TrimPrefix(e.Note, "undefined behaviour: "), Pos: e.Pos.String()}
}

// DemoteUnmodelled makes unknown each safe verdict whose check met a
// site where circ's model of memory ends (UnmodelledMemory): the runs
// cut there may go on, in C, to a race circ does not see.
func DemoteUnmodelled(results []Result) {
	for i := range results {
		res := &results[i]
		if f := res.unmodelled(); res.Verdict == Safe && f != nil {
			res.Verdict = Unknown
			res.Reason = fmt.Sprintf("%s, but only for the runs that stop at %s, where circ's model of memory ends", res.Reason, f.Pos)
		}
	}
}

// ProofCut reports whether res is a proof of safety that holds only
// for the runs that stop where circ's model of memory ends, which
// DemoteUnmodelled makes unknown.
func (res *Result) ProofCut() bool { return res.Verdict == Safe && res.unmodelled() != nil }

// unmodelled is the first site of res.Undefined where circ's model of
// memory ends, or nil.
func (res *Result) unmodelled() *Finding {
	for i, f := range res.Undefined {
		if f.Kind == UnmodelledMemory {
			return &res.Undefined[i]
		}
	}
	return nil
}

// ACFA is one template's context ACFA, rendered.
type ACFA struct {
	Template string // the thread template's name
	Text     string // the engine's own listing
	DOT      string // a Graphviz digraph
}

// Report is the CLI's JSON document.
type Report struct {
	File string `json:"file"`
	// DataModel is ILP32 when the front end read the program with
	// 32-bit long and pointers (gcc -m32); "" for the host's LP64.
	DataModel      string   `json:"data_model,omitempty"`
	Approximations []string `json:"approximations,omitempty"`
	// Assumptions are what the check was told to assume of the
	// environment (cfa.Program.Assumptions).
	Assumptions []string  `json:"assumptions,omitempty"`
	Results     []Result  `json:"results"`
	Findings    []Finding `json:"findings,omitempty"`
}

// ExitStatus is 10 if any result is a race, else 20 if any is unknown
// or a safe verdict that assumes a finding away, else 0.
func (r *Report) ExitStatus() int {
	status := ExitSafe
	for _, res := range r.Results {
		switch {
		case res.Verdict == Race:
			return ExitRace
		case res.Verdict == Unknown || len(res.Assumes) > 0:
			status = ExitUnknown
		}
	}
	return status
}

// CollectFindings moves the results' undefined behaviour into
// r.Findings, one finding per site (a replayed trace to it wins over
// none), and numbers in each safe result the findings its proof assumed
// away.
func (r *Report) CollectFindings() {
	DemoteUnmodelled(r.Results)
	index := map[string]int{}
	for i, f := range r.Findings {
		index[f.Site()] = i
	}
	for ri := range r.Results {
		res := &r.Results[ri]
		for _, f := range res.Undefined {
			key := f.Site()
			i, ok := index[key]
			if !ok {
				i = len(r.Findings)
				index[key] = i
				r.Findings = append(r.Findings, f)
			} else if f.Reached && !r.Findings[i].Reached {
				r.Findings[i] = f
			}
			if res.Verdict == Safe && !slices.Contains(res.Assumes, i+1) {
				res.Assumes = append(res.Assumes, i+1)
			}
		}
		res.Undefined = nil
		slices.Sort(res.Assumes)
	}
}

// Approximated lists the steps of t that circ approximates.
func (t *Trace) Approximated() []int {
	var steps []int
	for _, s := range t.Steps {
		if s.Approximation != "" {
			steps = append(steps, s.Step)
		}
	}
	return steps
}

// Qualifier is what a verdict line adds to a verdict that rests on
// assumptions: for a safe one, findings assumed away and weaker memory
// orders read as seq_cst; for a race, the trace's approximated steps
// ("" for none).
func (res *Result) Qualifier() string {
	var parts []string
	if res.Verdict == Race && res.Trace != nil {
		if steps := res.Trace.Approximated(); len(steps) > 0 {
			ns := make([]string, len(steps))
			for i, n := range steps {
				ns[i] = fmt.Sprint(n)
			}
			word := "step"
			if len(ns) > 1 {
				word = "steps"
			}
			parts = append(parts, fmt.Sprintf("through approximated %s %s", word, strings.Join(ns, ", ")))
		}
	}
	if len(res.Assumes) > 0 {
		ns := make([]string, len(res.Assumes))
		for i, n := range res.Assumes {
			ns[i] = fmt.Sprint(n)
		}
		word := "finding"
		if len(ns) > 1 {
			word = "findings"
		}
		parts = append(parts, fmt.Sprintf("assuming no undefined behaviour: see %s %s", word, strings.Join(ns, ", ")))
	}
	if len(res.SeqCst) > 0 {
		parts = append(parts, "assuming sequential consistency for "+strings.Join(res.SeqCst, ", "))
	}
	if len(parts) == 0 {
		return ""
	}
	return " (" + strings.Join(parts, "; ") + ")"
}

// WriteJSON writes r as one indented JSON document.
func (r *Report) WriteJSON(w io.Writer) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(r)
}

// WriteText writes the human-readable report.
func (r *Report) WriteText(w io.Writer) error {
	var b strings.Builder
	fmt.Fprintf(&b, "%s\n", r.File)
	if r.DataModel != "" {
		fmt.Fprintf(&b, "  data model: %s (32-bit long and pointers, as gcc -m32 reads it)\n", r.DataModel)
	}
	switch {
	case len(r.Results) > 1:
		fmt.Fprintf(&b, "%s\n", r.Summary())
	case len(r.Results) == 0:
		// Say so, or a user reads an empty report as a crash.
		fmt.Fprintf(&b, "0 locations: no location is accessed by two threads\n")
	}
	for _, a := range r.Assumptions {
		fmt.Fprintf(&b, "  assumption: %s\n", a)
	}
	for _, a := range r.Approximations {
		fmt.Fprintf(&b, "  approximation: %s\n", a)
	}
	for _, res := range r.racesFirst() {
		fmt.Fprintf(&b, "\n%-12s %s%s", res.Variable+":", strings.ToUpper(string(res.Verdict)), res.Qualifier())
		fmt.Fprintf(&b, "   (engine %s, race-def %s, %.2fs)\n", res.Engine, res.RaceDef, res.Seconds)
		if res.Reason != "" {
			fmt.Fprintf(&b, "  %s\n", res.Reason)
		}
		if len(res.Predicates) > 0 {
			fmt.Fprintf(&b, "  predicates: %s\n", strings.Join(res.Predicates, ", "))
		}
		if res.Iterations > 0 {
			fmt.Fprintf(&b, "  iterations %d, k %d, ACFA size %v, SMT queries %d\n", res.Iterations, res.K, res.ACFASize, res.SMTQueries)
		}
		if res.States > 0 {
			fmt.Fprintf(&b, "  states %d, depth %d\n", res.States, res.Depth)
		}
		if t := res.Trace; t != nil {
			writeTrace(&b, t)
		}
	}
	for i, f := range r.Findings {
		fmt.Fprintf(&b, "\nfinding %d: %s at %s: %s\n", i+1, f.What(), f.Pos, f.Message)
		if f.Trace != nil {
			writeTrace(&b, f.Trace)
		} else {
			b.WriteString("  no run to it was found, nor a proof that none exists\n")
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// Summary is the report's one-line count: locations checked, by
// verdict, and for races and safe ones the engines (stages) that
// decided them ("3 safe: 2 by lockset, 1 by circ").
func (r *Report) Summary() string {
	verdicts := map[Verdict]int{}
	engines := map[Verdict]map[string]int{}
	names := map[Verdict][]string{}
	for _, res := range r.Results {
		verdicts[res.Verdict]++
		if engines[res.Verdict] == nil {
			engines[res.Verdict] = map[string]int{}
		}
		if engines[res.Verdict][res.Engine] == 0 {
			names[res.Verdict] = append(names[res.Verdict], res.Engine)
		}
		engines[res.Verdict][res.Engine]++
	}
	count := func(v Verdict, what string) string {
		s := fmt.Sprintf("%d %s", verdicts[v], what)
		if v == Unknown || verdicts[v] == 0 {
			return s
		}
		var by []string
		for _, e := range names[v] {
			by = append(by, fmt.Sprintf("%d by %s", engines[v][e], e))
		}
		return s + " (" + strings.Join(by, ", ") + ")"
	}
	return fmt.Sprintf("%d locations: %s, %s, %s", len(r.Results), count(Race, "race"), count(Unknown, "unknown"), count(Safe, "safe"))
}

// racesFirst orders the results for reading: races, then unknowns,
// then safe locations, each in the report's order.
func (r *Report) racesFirst() []Result {
	out := make([]Result, 0, len(r.Results))
	for _, v := range []Verdict{Race, Unknown, Safe} {
		for _, res := range r.Results {
			if res.Verdict == v {
				out = append(out, res)
			}
		}
	}
	return out
}

// TraceText is t as the text report lists it, indented by two spaces.
func TraceText(t *Trace) string {
	var b strings.Builder
	writeTrace(&b, t)
	return b.String()
}

func writeTrace(b *strings.Builder, t *Trace) {
	fmt.Fprintf(b, "  trace (%d threads", t.Threads)
	if t.Replayed {
		b.WriteString(", replayed by the interpreter")
	}
	b.WriteString("):\n")
	for _, s := range t.Steps {
		atomic := ""
		if s.Atomic {
			atomic = " [atomic]"
		}
		if s.Approximation != "" {
			atomic += " [approximation]"
		}
		fmt.Fprintf(b, "    %3d  %-12s %-24s %s%s", s.Step, s.Thread, s.Pos, s.Op, atomic)
		if len(s.Values) > 0 {
			fmt.Fprintf(b, "   {%s}", strings.Join(s.Values, ", "))
		}
		b.WriteString("\n")
	}
	if len(t.Race) == 0 {
		return
	}
	b.WriteString("  race:\n")
	for _, a := range t.Race {
		kind := "reads"
		if a.Write {
			kind = "writes"
		}
		fmt.Fprintf(b, "    %-12s %s at %s: %s\n", a.Thread, kind, a.Pos, a.Op)
	}
}
