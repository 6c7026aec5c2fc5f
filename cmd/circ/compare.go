package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"runtime"
	"strings"
	"text/tabwriter"
	"time"

	"circ/cfa/cfront"
	"circ/interp"
	"circ/lockset"
	"circ/report"

	"github.com/spf13/pflag"
)

// Outcomes of one compared variable.
const (
	outFalseAlarm = "false alarm removed by circ" // lockset race, circ safe
	outBothRace   = "both race"
	outBothSafe   = "both safe"
	outDisagree   = "circ race, lockset safe" // should not happen for real races: reported
	outUnknown    = "circ unknown"
)

// compareRow is one variable of one file.
type compareRow struct {
	Variable       string         `json:"variable"`
	Lockset        report.Verdict `json:"lockset"`
	LocksetReason  string         `json:"lockset_reason,omitempty"`
	LocksetSeconds float64        `json:"lockset_seconds"`
	Circ           report.Verdict `json:"circ"`
	CircReason     string         `json:"circ_reason,omitempty"`
	CircSeconds    float64        `json:"circ_seconds"`
	Predicates     int            `json:"predicates"`
	ACFASize       []int          `json:"acfa_size,omitempty"`
	K              int            `json:"k,omitempty"`
	Outcome        string         `json:"outcome"`
}

type compareFile struct {
	File  string       `json:"file"`
	Error string       `json:"error,omitempty"`
	Rows  []compareRow `json:"rows"`
}

type compareSummary struct {
	Files               int `json:"files"`
	Variables           int `json:"variables"`
	FalseAlarmsRemoved  int `json:"false_alarms_removed"`
	BothRace            int `json:"both_race"`
	BothSafe            int `json:"both_safe"`
	CircRaceLocksetSafe int `json:"circ_race_lockset_safe"`
	Unknown             int `json:"unknown"`
	BadFiles            int `json:"bad_files,omitempty"`
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
// the lockset verdict next to circ's, and closing counts.
func runCompare(args []string, stdout, stderr io.Writer) int {
	fs := pflag.NewFlagSet("circ compare", pflag.ContinueOnError)
	raceDef := fs.String("race-def", "svcomp", "circ's race definition: svcomp or circ (see 'circ check --help')")
	format := fs.String("format", "text", "output format: text, json or markdown")
	timeout := fs.Duration("timeout", 0, "circ's time limit per file (e.g. 30s); unfinished variables are unknown")
	jobs := fs.Int("jobs", runtime.NumCPU(), "variables checked by circ in parallel (one Z3 context each)")
	quiet := fs.BoolP("quiet", "q", false, "no progress lines on stderr")
	var cflags cfront.Options
	addCFlags(fs, &cflags)
	if code, ok := parseFlags(fs, args, "compare", "Usage: circ compare [flags] FILE.c...\n\n"+
		"For each file and each variable shared by two threads: the verdict of the classic\n"+
		"lockset check ('circ lockset') next to circ's ('circ check', default options), and\n"+
		"closing counts: false alarms circ removes, races both find, disagreements, unknowns.", stdout, stderr); !ok {
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
	if *jobs < 1 || *timeout < 0 {
		return bad("--jobs must be at least 1 and --timeout not negative")
	}
	var progress io.Writer
	if !*quiet {
		progress = &lateWriter{w: stderr, start: time.Now()}
	}
	cf := checkFlags{jobs: *jobs, k: 1, maxK: 8}

	cmp := comparison{RaceDef: def.String(), Files: []compareFile{}}
	status := 0
	for _, file := range fs.Args() {
		cmp.Summary.Files++
		out := compareFile{File: file, Rows: []compareRow{}}
		prog, err := cfront.LoadWith(file, cflags)
		if err != nil {
			fmt.Fprintf(stderr, "circ: %v\n", err)
			out.Error = err.Error()
			cmp.Summary.BadFiles++
			cmp.Files = append(cmp.Files, out)
			status = 2
			continue
		}
		vars := prog.SharedMemory()
		ls := lockset.Check(prog, vars)
		ctx, cancel := context.Background(), context.CancelFunc(func() {})
		if *timeout > 0 {
			ctx, cancel = context.WithTimeout(ctx, *timeout)
		}
		cs := checkCIRC(ctx, prog, vars, cf, def, progress)
		cancel()
		for i := range vars {
			l, c := ls[i], cs[i]
			row := compareRow{
				Variable: l.Variable, Lockset: l.Verdict, LocksetReason: l.Reason, LocksetSeconds: l.Seconds,
				Circ: c.Verdict, CircReason: c.Reason, CircSeconds: c.Seconds,
				Predicates: len(c.Predicates), ACFASize: c.ACFASize, K: c.K,
				Outcome: outcome(l.Verdict, c.Verdict),
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
				s.CircRaceLocksetSafe++
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
	fmt.Fprintf(&b, "lockset vs circ (race-def %s)\n", c.RaceDef)
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
		fmt.Fprintln(tw, "  variable\tlockset\tcirc\tcirc time\tpreds\tACFA\tk\toutcome")
		for _, r := range f.Rows {
			fmt.Fprintf(tw, "  %s\t%s\t%s\t%.2fs\t%d\t%s\t%d\t%s\n", r.Variable, r.Lockset, r.Circ, r.CircSeconds, r.Predicates, sizes(r.ACFASize), r.K, r.Outcome)
		}
		tw.Flush()
		for _, r := range f.Rows {
			switch r.Outcome {
			case outDisagree:
				fmt.Fprintf(&b, "  %s: circ race, lockset safe: %s\n", r.Variable, r.LocksetReason)
			case outUnknown:
				fmt.Fprintf(&b, "  %s: circ unknown: %s\n", r.Variable, r.CircReason)
			}
		}
	}
	s := c.Summary
	fmt.Fprintf(&b, "\n%d files, %d variables\n", s.Files, s.Variables)
	tw := tabwriter.NewWriter(&b, 0, 0, 1, ' ', 0)
	fmt.Fprintf(tw, "  false alarms removed by circ (lockset race, circ safe):\t%d\n", s.FalseAlarmsRemoved)
	fmt.Fprintf(tw, "  races both find:\t%d\n", s.BothRace)
	fmt.Fprintf(tw, "  safe for both:\t%d\n", s.BothSafe)
	fmt.Fprintf(tw, "  circ race, lockset safe (disagreements):\t%d\n", s.CircRaceLocksetSafe)
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
	fmt.Fprintf(&b, "Lockset vs circ (race-def `%s`)\n\n", c.RaceDef)
	b.WriteString("| file | variable | lockset | circ | circ time | predicates | ACFA size | k | outcome |\n")
	b.WriteString("| --- | --- | --- | --- | ---: | ---: | --- | ---: | --- |\n")
	for _, f := range c.Files {
		if f.Error != "" {
			fmt.Fprintf(&b, "| %s | | | | | | | | error: %s |\n", mdCell(f.File), mdCell(f.Error))
			continue
		}
		for _, r := range f.Rows {
			fmt.Fprintf(&b, "| %s | `%s` | %s | %s | %.2fs | %d | %s | %d | %s |\n",
				mdCell(f.File), r.Variable, r.Lockset, r.Circ, r.CircSeconds, r.Predicates, sizes(r.ACFASize), r.K, mdCell(r.Outcome))
		}
	}
	s := c.Summary
	fmt.Fprintf(&b, "\n%d files, %d variables: **%d false alarms removed by circ** (lockset race, circ safe), "+
		"races both find: %d, safe for both: %d, circ race / lockset safe: %d, circ unknown: %d.\n",
		s.Files, s.Variables, s.FalseAlarmsRemoved, s.BothRace, s.BothSafe, s.CircRaceLocksetSafe, s.Unknown)
	_, err := io.WriteString(w, b.String())
	return err
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
