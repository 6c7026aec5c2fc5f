package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"runtime"
	"slices"
	"strings"
	"text/tabwriter"
	"time"

	"circ/cfa"
	"circ/cfa/cfront"
	"circ/interp"
	"circ/lockset"
	"circ/nescrule"
	"circ/report"

	"github.com/spf13/pflag"
)

// Outcomes of one compared variable.
const (
	outFalseAlarm = "false alarm removed by circ" // baseline race, circ safe
	outBothRace   = "both race"
	outBothSafe   = "both safe"
	outDisagree   = "circ race, baseline safe" // should not happen for real races: reported
	outUnknown    = "circ unknown"
)

// The baselines circ is compared with: the classic lockset check, and
// nesC's own rule for interrupt-driven C.
var baselines = map[string]func(*cfa.Program, []*cfa.Var) []report.Result{
	lockset.Engine:  lockset.Check,
	nescrule.Engine: nescrule.Check,
}

// baselineFor is the baseline that --baseline choice names for p: auto
// picks nesC's rule for a program with interrupt handlers.
func baselineFor(choice string, p *cfa.Program) string {
	if choice != "auto" {
		return choice
	}
	if nescrule.Applies(p) {
		return nescrule.Engine
	}
	return lockset.Engine
}

// compareRow is one variable of one file.
type compareRow struct {
	Variable        string         `json:"variable"`
	Baseline        report.Verdict `json:"baseline"`
	BaselineReason  string         `json:"baseline_reason,omitempty"`
	BaselineSeconds float64        `json:"baseline_seconds"`
	Circ            report.Verdict `json:"circ"`
	// CircReason is circ's proof where it is safe (the deciding stage's
	// reason, or Predicates of the CIRC engine's fixpoint), why it is
	// unknown otherwise; CircTrace the replayed trace of a race.
	CircReason  string        `json:"circ_reason,omitempty"`
	CircTrace   *report.Trace `json:"circ_trace,omitempty"`
	CircSeconds float64       `json:"circ_seconds"`
	// AssumesNoUB counts the undefined behaviour sites circ's safe
	// assumed no run reaches (none was found reachable, none refuted).
	AssumesNoUB int      `json:"assumes_no_undefined_behaviour,omitempty"`
	Predicates  []string `json:"predicates,omitempty"`
	ACFASize    []int    `json:"acfa_size,omitempty"`
	K           int      `json:"k,omitempty"`
	Outcome     string   `json:"outcome"`
}

type compareFile struct {
	File     string       `json:"file"`
	Baseline string       `json:"baseline,omitempty"` // lockset or nesc
	Error    string       `json:"error,omitempty"`
	Rows     []compareRow `json:"rows"`
}

type compareSummary struct {
	Files                int `json:"files"`
	Variables            int `json:"variables"`
	FalseAlarmsRemoved   int `json:"false_alarms_removed"`
	BothRace             int `json:"both_race"`
	BothSafe             int `json:"both_safe"`
	CircRaceBaselineSafe int `json:"circ_race_baseline_safe"`
	Unknown              int `json:"unknown"`
	BadFiles             int `json:"bad_files,omitempty"`
}

type comparison struct {
	RaceDef string         `json:"race_def"`
	Files   []compareFile  `json:"files"`
	Summary compareSummary `json:"summary"`
}

func outcome(l, c report.Verdict) string {
	switch {
	case c == report.Unknown:
		return outUnknown
	case l == report.Race && c == report.Safe:
		return outFalseAlarm
	case l == report.Race && c == report.Race:
		return outBothRace
	case l == report.Safe && c == report.Safe:
		return outBothSafe
	}
	return outDisagree
}

// runCompare is `circ compare`: for each file and each shared variable,
// the baseline's verdict next to circ's, and closing counts.
func runCompare(args []string, stdout, stderr io.Writer) int {
	fs := pflag.NewFlagSet("circ compare", pflag.ContinueOnError)
	raceDef := fs.String("race-def", "svcomp", "circ's race definition: svcomp or circ (see 'circ check --help')")
	baseline := fs.String("baseline", "auto", "what circ is compared with: lockset (the classic lockset check), nesc (nesC's rule: accessed in async code and written outside atomic) or auto (nesc for programs with interrupt handlers, lockset otherwise)")
	format := fs.String("format", "text", "output format: text, json or markdown")
	timeout := fs.Duration("timeout", 0, "circ's time limit per file (e.g. 30s); unfinished variables are unknown")
	jobs := fs.Int("jobs", runtime.NumCPU(), "variables checked by circ in parallel (one Z3 context each)")
	quiet := fs.BoolP("quiet", "q", false, "no progress lines on stderr")
	var cflags cfront.Options
	addCFlags(fs, &cflags)
	if code, ok := parseFlags(fs, args, "compare", "Usage: circ compare [flags] FILE.c...\n\n"+
		"For each file and each variable shared by two threads: the verdict of a baseline\n"+
		"check next to circ's ('circ check', default options), with circ's proof where it\n"+
		"removes a warning and its replayed trace where the race is real, and closing counts:\n"+
		"false alarms circ removes, races both find, disagreements, unknowns. The baseline is\n"+
		"the classic lockset check ('circ lockset') or, for interrupt-driven C, nesC's own rule.", stdout, stderr); !ok {
		return code
	}
	bad := func(format string, a ...any) int {
		fmt.Fprintf(stderr, "circ: "+format+"\n", a...)
		return 2
	}
	if fs.NArg() == 0 {
		return bad("compare needs at least one input file; see 'circ compare --help'")
	}
	def, err := interp.ParseRaceDef(*raceDef)
	if err != nil {
		return bad("%v", err)
	}
	switch *format {
	case "text", "json", "markdown":
	default:
		return bad("--format must be text, json or markdown, not %q", *format)
	}
	if _, ok := baselines[*baseline]; !ok && *baseline != "auto" {
		return bad("--baseline must be auto, lockset or nesc, not %q", *baseline)
	}
	if *jobs < 1 || *timeout < 0 {
		return bad("--jobs must be at least 1 and --timeout not negative")
	}
	var progress io.Writer
	if !*quiet {
		progress = &lateWriter{w: stderr, start: time.Now()}
	}
	// circ's verdict is 'circ check''s with its default options.
	cf := checkFlags{jobs: *jobs, k: 1, maxK: 8, lockset: true}

	cmp := comparison{RaceDef: def.String(), Files: []compareFile{}}
	status := 0
	for _, file := range fs.Args() {
		cmp.Summary.Files++
		out := compareFile{File: file, Rows: []compareRow{}}
		prog, err := load(file, cflags, readingProgress(*quiet, stderr))
		if err != nil {
			fmt.Fprintf(stderr, "circ: %v\n", err)
			out.Error = err.Error()
			cmp.Summary.BadFiles++
			cmp.Files = append(cmp.Files, out)
			status = 2
			continue
		}
		vars := prog.SharedMemory()
		out.Baseline = baselineFor(*baseline, prog)
		ls := baselines[out.Baseline](prog, vars)
		ctx, cancel := context.Background(), context.CancelFunc(func() {})
		if *timeout > 0 {
			ctx, cancel = context.WithTimeout(ctx, *timeout)
		}
		cs := cf.checkCIRCApart(ctx, file, prog, vars, def, progress)
		report.DemoteUnmodelled(cs)
		cancel()
		for i := range vars {
			l, c := ls[i], cs[i]
			row := compareRow{
				Variable: l.Variable, Baseline: l.Verdict, BaselineReason: l.Reason, BaselineSeconds: l.Seconds,
				Circ: c.Verdict, CircReason: c.Reason, CircTrace: c.Trace, CircSeconds: c.Seconds,
				Predicates: c.Predicates, ACFASize: c.ACFASize, K: c.K,
				Outcome: outcome(l.Verdict, c.Verdict),
			}
			if c.Verdict == report.Safe {
				row.AssumesNoUB = len(c.Undefined)
			}
			out.Rows = append(out.Rows, row)
			s := &cmp.Summary
			s.Variables++
			switch row.Outcome {
			case outFalseAlarm:
				s.FalseAlarmsRemoved++
			case outBothRace:
				s.BothRace++
			case outBothSafe:
				s.BothSafe++
			case outDisagree:
				s.CircRaceBaselineSafe++
			case outUnknown:
				s.Unknown++
			}
		}
		cmp.Files = append(cmp.Files, out)
	}

	switch *format {
	case "json":
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		err = enc.Encode(cmp)
	case "markdown":
		err = cmp.writeMarkdown(stdout)
	default:
		err = cmp.writeText(stdout)
	}
	if err != nil {
		return bad("writing the comparison: %v", err)
	}
	return status
}

func (c *comparison) writeText(w io.Writer) error {
	var b strings.Builder
	fmt.Fprintf(&b, "baseline vs circ (race-def %s)\n", c.RaceDef)
	for _, f := range c.Files {
		fmt.Fprintf(&b, "\n%s\n", f.File)
		switch {
		case f.Error != "":
			fmt.Fprintf(&b, "  error: %s\n", f.Error)
			continue
		case len(f.Rows) == 0:
			b.WriteString("  no variable shared by two threads\n")
			continue
		}
		tw := tabwriter.NewWriter(&b, 0, 0, 2, ' ', 0)
		fmt.Fprintf(tw, "  variable\t%s\tcirc\tcirc time\tpreds\tACFA\tk\toutcome\n", f.Baseline)
		for _, r := range f.Rows {
			fmt.Fprintf(tw, "  %s\t%s\t%s\t%.2fs\t%d\t%s\t%d\t%s\n", r.Variable, r.Baseline, r.circText(), r.CircSeconds, len(r.Predicates), sizes(r.ACFASize), r.K, r.Outcome)
		}
		tw.Flush()
		if slices.ContainsFunc(f.Rows, func(r compareRow) bool { return r.AssumesNoUB > 0 }) {
			b.WriteString("  safe*: assuming no run reaches the undefined behaviour that 'circ check' lists as findings\n")
		}
		for _, r := range f.Rows {
			switch r.Outcome {
			case outFalseAlarm:
				fmt.Fprintf(&b, "\n  %s: %s warns: %s\n  circ proves it safe: %s\n", r.Variable, f.Baseline, r.BaselineReason, r.CircReason)
				if len(r.Predicates) > 0 {
					fmt.Fprintf(&b, "  predicates: %s\n", strings.Join(r.Predicates, ", "))
				}
			case outDisagree:
				fmt.Fprintf(&b, "\n  %s: circ race, %s safe: %s\n", r.Variable, f.Baseline, r.BaselineReason)
			case outUnknown:
				fmt.Fprintf(&b, "\n  %s: circ unknown: %s\n", r.Variable, r.CircReason)
			}
			if r.CircTrace != nil {
				fmt.Fprintf(&b, "  circ's race on %s:\n", r.Variable)
				b.WriteString(report.TraceText(r.CircTrace))
			}
		}
	}
	s := c.Summary
	fmt.Fprintf(&b, "\n%d files, %d variables\n", s.Files, s.Variables)
	tw := tabwriter.NewWriter(&b, 0, 0, 1, ' ', 0)
	fmt.Fprintf(tw, "  false alarms removed by circ (baseline race, circ safe):\t%d\n", s.FalseAlarmsRemoved)
	fmt.Fprintf(tw, "  races both find:\t%d\n", s.BothRace)
	fmt.Fprintf(tw, "  safe for both:\t%d\n", s.BothSafe)
	fmt.Fprintf(tw, "  circ race, baseline safe (disagreements):\t%d\n", s.CircRaceBaselineSafe)
	fmt.Fprintf(tw, "  circ unknown:\t%d\n", s.Unknown)
	if s.BadFiles > 0 {
		fmt.Fprintf(tw, "  files that could not be read:\t%d\n", s.BadFiles)
	}
	tw.Flush()
	_, err := io.WriteString(w, b.String())
	return err
}

func (c *comparison) writeMarkdown(w io.Writer) error {
	var b strings.Builder
	fmt.Fprintf(&b, "Baseline vs circ (race-def `%s`)\n\n", c.RaceDef)
	b.WriteString("| file | variable | baseline | baseline verdict | circ | circ time | predicates | ACFA size | k | outcome |\n")
	b.WriteString("| --- | --- | --- | --- | --- | ---: | ---: | --- | ---: | --- |\n")
	for _, f := range c.Files {
		if f.Error != "" {
			fmt.Fprintf(&b, "| %s | | | | | | | | | error: %s |\n", mdCell(f.File), mdCell(f.Error))
			continue
		}
		for _, r := range f.Rows {
			fmt.Fprintf(&b, "| %s | `%s` | %s | %s | %s | %.2fs | %d | %s | %d | %s |\n",
				mdCell(f.File), r.Variable, f.Baseline, r.Baseline, r.circText(), r.CircSeconds, len(r.Predicates), sizes(r.ACFASize), r.K, mdCell(r.Outcome))
		}
	}
	s := c.Summary
	fmt.Fprintf(&b, "\n%d files, %d variables: **%d false alarms removed by circ** (baseline race, circ safe), "+
		"races both find: %d, safe for both: %d, circ race / baseline safe: %d, circ unknown: %d.\n",
		s.Files, s.Variables, s.FalseAlarmsRemoved, s.BothRace, s.BothSafe, s.CircRaceBaselineSafe, s.Unknown)
	_, err := io.WriteString(w, b.String())
	return err
}

// circText is circ's verdict, safe* for a proof that assumes away
// undefined behaviour.
func (r compareRow) circText() string {
	if r.AssumesNoUB > 0 {
		return string(r.Circ) + "*"
	}
	return string(r.Circ)
}

func sizes(s []int) string {
	if len(s) == 0 {
		return "-"
	}
	parts := make([]string, len(s))
	for i, n := range s {
		parts[i] = fmt.Sprint(n)
	}
	return strings.Join(parts, "+")
}

func mdCell(s string) string {
	return strings.NewReplacer("|", `\|`, "\n", " ").Replace(s)
}
