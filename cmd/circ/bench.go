package main

import (
	"context"
	"fmt"
	"io"
	"path/filepath"
	"text/tabwriter"
	"time"

	"circ/cfa/cfront"
	"circ/driver"
	"circ/interp"
	"circ/nesc-models/nescmodels"

	"github.com/spf13/pflag"
)

// runBench is `circ bench nesc-models [DIR]`: every model and variable of
// DIR/manifest.json (default DIR: nesc-models) checked under --race-def
// circ, printed next to the expected verdict and the paper's Table 1.
func runBench(args []string, stdout, stderr io.Writer) int {
	fs := pflag.NewFlagSet("circ bench", pflag.ContinueOnError)
	fs.SetOutput(stderr)
	// The budget of nescmodels.TestModels: the slowest model, the race of
	// secureTosBase before the fix, takes about 80 s.
	timeout := fs.Duration("timeout", 5*time.Minute, "give up on one variable after this long (unknown: timeout)")
	maxStates := fs.Int("max-states", 0, "state budget of each reachability (default 200000)")
	fs.Usage = func() {
		fmt.Fprintf(stderr, "Usage: circ bench nesc-models [DIR]\n\nChecks every model and variable of DIR/manifest.json (default DIR nesc-models)\nunder --race-def circ and prints circ's results next to the CIRC paper's Table 1.\n\nFlags:\n%s", fs.FlagUsages())
	}
	if err := fs.Parse(args); err != nil {
		if err == pflag.ErrHelp {
			return 0
		}
		return 2
	}
	if fs.NArg() < 1 || fs.NArg() > 2 || fs.Arg(0) != "nesc-models" {
		fmt.Fprintf(stderr, "circ: bench needs the suite name nesc-models and optionally its directory; see 'circ bench --help'\n")
		return 2
	}
	dir := "nesc-models"
	if fs.NArg() == 2 {
		dir = fs.Arg(1)
	}
	m, err := nescmodels.Load(dir)
	if err != nil {
		fmt.Fprintf(stderr, "circ: %v\n", err)
		return 2
	}
	tw := tabwriter.NewWriter(stdout, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "name\tvariable\tmodel\texpected\tcirc\tpreds\tACFA\tk\ttime\tpaper preds\tpaper ACFA\tpaper time")
	mismatch := 0
	for _, md := range m.Models {
		p, err := cfront.Load(filepath.Join(dir, md.File))
		if err != nil {
			fmt.Fprintf(stderr, "circ: %v\n", err)
			return 2
		}
		name := md.Paper
		if md.Variant != "" {
			name += " (" + md.Variant + ")"
		}
		for _, v := range md.Variables {
			x := p.Global(v.Name)
			if x == nil {
				fmt.Fprintf(stderr, "circ: %s: no global %s\n", md.File, v.Name)
				return 2
			}
			ctx, cancel := context.WithTimeout(context.Background(), *timeout)
			res := driver.Check(ctx, p, x, driver.Options{RaceDef: interp.CIRC, MaxStates: *maxStates})
			cancel()
			acfaSize := 0
			for _, n := range res.ACFASize {
				acfaSize += n
			}
			pp, pa, pt := "-", "-", "-"
			if r, ok := m.PaperFor(md.Paper, v.Name); ok && md.Variant == "" {
				pp, pa, pt = fmt.Sprint(r.Preds), fmt.Sprint(r.ACFA), r.Time
			}
			got := string(res.Verdict)
			if got != v.Circ {
				mismatch++
				got += " (manifest: " + v.Circ + ")"
			}
			fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%d\t%d\t%d\t%.1fs\t%s\t%s\t%s\n",
				name, v.Name, md.File, v.Expected, got, len(res.Predicates), acfaSize, res.K, res.Seconds, pp, pa, pt)
		}
	}
	tw.Flush()
	fmt.Fprintln(stdout, "\nACFA: total locations of circ's final ACFAs (all thread templates); the paper's column is its one ACFA.")
	fmt.Fprintln(stdout, "The paper's times are on a 2GHz IBM T30 with 512MB (BLAST-based CIRC, 2004).")
	if mismatch > 0 {
		fmt.Fprintf(stdout, "%d answer(s) differ from the manifest's record of circ's answers.\n", mismatch)
		return 1
	}
	return 0
}
