package native

import (
	"context"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"circ/cfa"
	"circ/cfa/cfront"
	"circ/driver"
	"circ/explicit"
	"circ/internal/variants"
	"circ/interp"
	"circ/report"
)

// variantSeed and variantCount fix which variants CI judges.
const (
	variantSeed  = 33
	variantCount = 240
)

// nativeUnfit are constructs a free native run cannot reproduce: circ's
// own headers, functions that run atomically by name, and assumptions.
var nativeUnfit = regexp.MustCompile(`circ/|CIRC_|__VERIFIER_atomic_[a-z]+[^_a-z(]|__VERIFIER_atomic_(acquire|release|inc)|__VERIFIER_assume|__VERIFIER_nondet_(long|char|short|pointer)`)

// TestVariantsNeverProvedSafeWhenRacing derives racy variants of the
// race-free test programs (internal/variants), and judges each with
// ThreadSanitizer on native runs and with the explicit engine:
//   - circ must not prove a variable safe on which the explicit engine,
//     which has circ's race definition, finds a race;
//   - circ must not prove every variable of a variant safe when TSan
//     reports a race in it. TSan judges by happens-before, circ's
//     default definition by interleavings: a flag that races makes the
//     data it publishes race for TSan, not for circ, which reports the
//     flag. Such variables are counted apart.
//
// A proof that cites undefined behaviour a run reaches (a finding with
// a trace) is not a plain safe: it says which runs it leaves out.
func TestVariantsNeverProvedSafeWhenRacing(t *testing.T) {
	if testing.Short() {
		t.Skip("the variant judge compiles and runs hundreds of programs")
	}
	if err := Available(context.Background(), ""); err != nil {
		t.Skipf("no native runs here: %v", err)
	}
	files, err := filepath.Glob("../testdata/programs/*_safe.c")
	if err != nil || len(files) < 50 {
		t.Fatalf("want the safe programs, found %d (%v)", len(files), err)
	}
	type job struct {
		base string
		v    variants.Variant
	}
	var all []job
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if nativeUnfit.Match(src) {
			continue
		}
		for _, v := range variants.Derive(string(src)) {
			all = append(all, job{filepath.Base(f), v})
		}
	}
	var vs []variants.Variant
	for _, j := range all {
		v := j.v
		v.Name = strings.TrimSuffix(j.base, ".c") + ":" + v.Name
		vs = append(vs, v)
	}
	vs = variants.Sample(vs, variantCount, variantSeed)

	var (
		mu    sync.Mutex
		stats = map[string]int{}
		lines []string
	)
	count := func(k string) { mu.Lock(); stats[k]++; mu.Unlock() }
	sem := make(chan struct{}, runtime.GOMAXPROCS(0))
	var wg sync.WaitGroup
	for _, v := range vs {
		wg.Add(1)
		sem <- struct{}{}
		go func(v variants.Variant) {
			defer wg.Done()
			defer func() { <-sem }()
			verdict := judgeVariant(t, v, count)
			if verdict != "" {
				mu.Lock()
				lines = append(lines, v.Name+": "+verdict)
				mu.Unlock()
			}
		}(v)
	}
	wg.Wait()
	sort.Strings(lines)
	for _, l := range lines {
		t.Log(l)
	}
	t.Logf("variants: %d derived from %d programs, %d judged (seed %d): %d rejected by circ's front end, %d that gcc does not build; "+
		"of the rest, %d race natively under TSan, %d race in the explicit engine; circ's verdicts: %d race, %d safe, %d safe assuming reached undefined behaviour, %d unknown; %d objects safe under interleavings that TSan reports (a race circ reports elsewhere in the variant); %d wrong safe",
		len(all), len(files), len(vs), variantSeed, stats["rejected"], stats["unbuilt"],
		stats["tsan-racy"], stats["explicit-racy"], stats["race"], stats["safe"], stats["safe-ub"], stats["unknown"], stats["hb-only"], stats["wrong"])
	if stats["wrong"] > 0 {
		t.Errorf("%d variants proved safe while racing", stats["wrong"])
	}
	if len(vs) < 200 {
		t.Errorf("only %d variants judged, want at least 200", len(vs))
	}
}

// hbRace reports whether the explicit engine finds, under C11's
// happens-before, a race on an object TSan names.
func hbRace(ctx context.Context, p *cfa.Program, vars []*cfa.Var, racy map[string]bool) bool {
	ctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	for i, r := range explicit.Check(ctx, p, vars, explicit.Options{RaceDef: interp.C11, Threads: 2, MaxStates: 100_000}) {
		name := vars[i].CName
		if name == "" {
			name = vars[i].Name
		}
		for tsanName := range racy {
			if r.Verdict == report.Race && sameObject(tsanName, objectOf(name)) {
				return true
			}
		}
	}
	return false
}

// judgeVariant runs the three judges on v, counts the outcomes, and
// returns a line for the log ("" for nothing to say).
func judgeVariant(t *testing.T, v variants.Variant, count func(string)) string {
	dir := t.TempDir()
	file := filepath.Join(dir, "variant.c")
	if err := os.WriteFile(file, []byte(v.Src), 0o644); err != nil {
		t.Error(err)
		return ""
	}
	p, err := cfront.Load(file)
	if err != nil {
		count("rejected")
		return ""
	}
	ctx := context.Background()
	racy, err := RunFree(ctx, v.Name, v.Src, 3, 5*time.Second)
	if err != nil {
		count("unbuilt")
		return ""
	}
	vars := p.SharedMemory()
	if len(vars) == 0 {
		return ""
	}
	if len(racy) > 0 {
		count("tsan-racy")
	}
	ectx, cancel := context.WithTimeout(ctx, 10*time.Second)
	eres := explicit.Check(ectx, p, vars, explicit.Options{RaceDef: interp.SVCOMP, Threads: 2, MaxStates: 100_000})
	cancel()
	explicitRace := map[*cfa.Var]bool{}
	for i, r := range eres {
		if r.Verdict == report.Race {
			explicitRace[vars[i]] = true
		}
	}
	if len(explicitRace) > 0 {
		count("explicit-racy")
	}

	// circ as circ check runs it: undefined behaviour decided once for
	// the program, the variables' checks collecting the sites they
	// reach. Per object: an object TSan names races if some variable
	// of it does.
	opts := driver.Options{RaceDef: interp.SVCOMP, CollectUB: driver.HasUndefined(p)}
	var ub driver.Undefined
	w := driver.NewWorker(p)
	if opts.CollectUB {
		// A budget of its own: a run into undefined behaviour that
		// excuses a verdict needs its replayed trace.
		uctx, cancel := context.WithTimeout(ctx, 20*time.Second)
		ub = w.Undefined(uctx, opts)
		cancel()
	}
	cctx, cancel := context.WithTimeout(ctx, 20*time.Second)
	defer cancel()
	results := make([]report.Result, len(vars))
	for i, x := range vars {
		results[i] = w.Check(cctx, x, opts)
	}
	if opts.CollectUB {
		driver.SettleUndefined(results, ub)
	}
	safeObj := map[string]bool{} // every variable of the object proved safe
	// otherObj: some variable raced, is unknown, or is safe only where
	// runs stop at undefined behaviour that a replayed run reaches.
	otherObj := map[string]bool{}
	var wrong []string
	for i, x := range vars {
		res := results[i]
		name := x.CName
		if name == "" {
			name = x.Name
		}
		reached := false
		for _, f := range res.Undefined {
			reached = reached || f.Reached
		}
		switch {
		case res.Verdict == report.Safe && reached:
			count("safe-ub")
			otherObj[objectOf(name)] = true
			continue
		case res.Verdict == report.Safe:
			count("safe")
		default:
			count(string(res.Verdict))
		}
		if res.Verdict != report.Safe {
			otherObj[objectOf(name)] = true
			continue
		}
		safeObj[objectOf(name)] = true
		if explicitRace[x] {
			wrong = append(wrong, name+" (the explicit engine finds a race)")
		}
	}
	if len(otherObj) == 0 && len(racy) > 0 {
		var names []string
		for n := range racy {
			names = append(names, n)
		}
		sort.Strings(names)
		if hbRace(ctx, p, vars, racy) {
			// TSan judges by happens-before, the svcomp definition by
			// interleavings: a race only happens-before shows (an access
			// after a lock that fails on a destroyed mutex, never
			// beside the other) is C11's, which --race-def c11 reports.
			count("hb-only")
		} else {
			wrong = append(wrong, "every variable (TSan reports races on "+strings.Join(names, ", ")+")")
		}
	}
	for obj := range safeObj {
		for tsanName := range racy {
			if sameObject(tsanName, obj) && !otherObj[obj] {
				count("hb-only")
			}
		}
	}
	if len(wrong) > 0 {
		count("wrong")
		t.Errorf("WRONG SAFE on variant %s: %s\n%s", v.Name, strings.Join(wrong, "; "), v.Src)
		return "wrong safe: " + strings.Join(wrong, "; ")
	}
	return ""
}
