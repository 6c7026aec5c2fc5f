package explicit

import (
	"context"
	"strings"
	"testing"
	"time"

	"circ/cfa"
	"circ/interp"
	"circ/report"
)

// Hand-built CFAs exercise the engine's verdict logic without the C front
// end.

func global(name string) *cfa.Var {
	return &cfa.Var{Name: name, CName: name, Global: true}
}

func edge(c *cfa.CFA, from, to int, e cfa.Edge) {
	e.From, e.To = from, to
	e.Pos = cfa.Pos{File: "h.c", Line: len(c.Edges) + 1, Col: 1}
	c.AddEdge(&e)
}

func template(name string, nlocs int) *cfa.CFA {
	c := &cfa.CFA{Name: name}
	for i := 0; i < nlocs; i++ {
		c.NewLoc(false, cfa.Pos{})
	}
	return c
}

func ref(v *cfa.Var) cfa.Expr { return cfa.Ref{V: v} }
func num(n int64) cfa.Expr    { return cfa.Const{Val: n} }
func bin(op cfa.BinOp, x, y cfa.Expr) cfa.Expr {
	return cfa.Binary{Op: op, X: x, Y: y}
}

// workers builds: main creates worker (in a loop when loop is set, else
// twice); worker runs body (edges from 0 to final location n-1).
func workers(loop bool, globals []*cfa.Var, worker *cfa.CFA) *cfa.Program {
	m := template("main", 3)
	if loop {
		edge(m, 0, 0, cfa.Edge{Kind: cfa.Create, Template: worker})
	} else {
		edge(m, 0, 1, cfa.Edge{Kind: cfa.Create, Template: worker})
		edge(m, 1, 2, cfa.Edge{Kind: cfa.Create, Template: worker})
	}
	p := &cfa.Program{File: "h.c", Globals: globals, Templates: []*cfa.CFA{m, worker}}
	p.Finish()
	return p
}

func TestVerdicts(t *testing.T) {
	tests := []struct {
		name    string
		build   func() (*cfa.Program, *cfa.Var)
		opts    Options
		verdict report.Verdict
		reason  string // substring of the reason
	}{
		{"unprotected write races", func() (*cfa.Program, *cfa.Var) {
			x := global("x")
			w := template("worker", 2)
			edge(w, 0, 1, cfa.Edge{Kind: cfa.Assign, LHS: x, RHS: num(1)})
			return workers(false, []*cfa.Var{x}, w), x
		}, Options{}, report.Race, ""},
		{"bool havoc is exhaustive", func() (*cfa.Program, *cfa.Var) {
			x, b := global("x"), global("b")
			w := template("worker", 3)
			edge(w, 0, 1, cfa.Edge{Kind: cfa.Havoc, LHS: b, Lo: num(0), Hi: num(1)})
			edge(w, 1, 2, cfa.Edge{Kind: cfa.Assume, Cond: bin(cfa.Eq, ref(b), num(7))})
			edge(w, 2, 0, cfa.Edge{Kind: cfa.Assign, LHS: x, RHS: num(1)})
			return workers(false, []*cfa.Var{x, b}, w), x
		}, Options{}, report.Safe, "all"},
		{"unbounded havoc is not exhaustive", func() (*cfa.Program, *cfa.Var) {
			x, b := global("x"), global("b")
			w := template("worker", 3)
			edge(w, 0, 1, cfa.Edge{Kind: cfa.Havoc, LHS: b})
			edge(w, 1, 2, cfa.Edge{Kind: cfa.Assume, Cond: bin(cfa.Eq, ref(b), num(7))})
			edge(w, 2, 0, cfa.Edge{Kind: cfa.Assign, LHS: x, RHS: num(1)})
			return workers(false, []*cfa.Var{x, b}, w), x
		}, Options{}, report.Unknown, "nondeterministic values limited to -2..2"},
		{"wider nondet range finds the race", func() (*cfa.Program, *cfa.Var) {
			x, b := global("x"), global("b")
			w := template("worker", 3)
			edge(w, 0, 1, cfa.Edge{Kind: cfa.Havoc, LHS: b})
			edge(w, 1, 2, cfa.Edge{Kind: cfa.Assume, Cond: bin(cfa.Eq, ref(b), num(7))})
			edge(w, 2, 0, cfa.Edge{Kind: cfa.Assign, LHS: x, RHS: num(1)})
			return workers(false, []*cfa.Var{x, b}, w), x
		}, Options{NondetLo: 0, NondetHi: 8}, report.Race, ""},
		{"thread bound hit", func() (*cfa.Program, *cfa.Var) {
			x, m := global("x"), global("m")
			m.Kind = cfa.Mutex
			w := template("worker", 4)
			edge(w, 0, 1, cfa.Edge{Kind: cfa.Lock, Mutex: m})
			edge(w, 1, 2, cfa.Edge{Kind: cfa.Assign, LHS: x, RHS: bin(cfa.Sub, num(1), ref(x))})
			edge(w, 2, 3, cfa.Edge{Kind: cfa.Unlock, Mutex: m})
			return workers(true, []*cfa.Var{x, m}, w), x
		}, Options{Threads: 2}, report.Unknown, "no race with up to 2 instances of worker"},
		{"division by zero", func() (*cfa.Program, *cfa.Var) {
			x, d := global("x"), global("d")
			w := template("worker", 2)
			edge(w, 0, 1, cfa.Edge{Kind: cfa.Assume, Cond: bin(cfa.Eq, bin(cfa.Div, num(1), ref(d)), num(1))})
			p := workers(false, []*cfa.Var{x, d}, w)
			return p, x
		}, Options{}, report.Unknown, "division by zero reachable at h.c:1:1"},
		{"state budget", func() (*cfa.Program, *cfa.Var) {
			x := global("x")
			w := template("worker", 1)
			edge(w, 0, 0, cfa.Edge{Kind: cfa.Assign, LHS: x, RHS: bin(cfa.Add, ref(x), num(1))})
			return workers(false, []*cfa.Var{x}, w), global("unused")
		}, Options{MaxStates: 100}, report.Unknown, "state budget of 100 states exhausted"},
		{"depth bound", func() (*cfa.Program, *cfa.Var) {
			x := global("x")
			w := template("worker", 1)
			edge(w, 0, 0, cfa.Edge{Kind: cfa.Assign, LHS: x, RHS: bin(cfa.Add, ref(x), num(1))})
			return workers(false, []*cfa.Var{x}, w), global("unused")
		}, Options{MaxDepth: 5}, report.Unknown, "depth bound 5 reached"},
		{"a mutex is not data", func() (*cfa.Program, *cfa.Var) {
			m := global("m")
			m.Kind = cfa.Mutex
			w := template("worker", 3)
			edge(w, 0, 1, cfa.Edge{Kind: cfa.Lock, Mutex: m})
			edge(w, 1, 2, cfa.Edge{Kind: cfa.Unlock, Mutex: m})
			return workers(false, []*cfa.Var{m}, w), m
		}, Options{}, report.Unknown, "not a data or thread-handle global"},
		{"atomic vs plain write: circ", func() (*cfa.Program, *cfa.Var) {
			x := global("x")
			w := template("worker", 4)
			w.Locs[1].Atomic = true
			edge(w, 0, 1, cfa.Edge{Kind: cfa.Skip})
			edge(w, 1, 2, cfa.Edge{Kind: cfa.Assign, LHS: x, RHS: num(1)})
			m := template("main", 3)
			edge(m, 0, 1, cfa.Edge{Kind: cfa.Create, Template: w})
			edge(m, 1, 2, cfa.Edge{Kind: cfa.Assign, LHS: x, RHS: num(2)})
			p := &cfa.Program{Globals: []*cfa.Var{x}, Templates: []*cfa.CFA{m, w}}
			p.Finish()
			return p, x
		}, Options{RaceDef: interp.CIRC}, report.Safe, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p, x := tc.build()
			if x.Index == 0 && p.Global(x.Name) == nil {
				p.Globals = append(p.Globals, x)
				p.Finish()
			}
			res, traces := Run(context.Background(), p, []*cfa.Var{x}, tc.opts)
			r := res[0]
			if r.Verdict != tc.verdict || !strings.Contains(r.Reason, tc.reason) {
				t.Fatalf("verdict %s (%s), want %s (%q)", r.Verdict, r.Reason, tc.verdict, tc.reason)
			}
			if r.Engine != "explicit" || r.States == 0 {
				t.Errorf("result = %+v", r)
			}
			checkRaces(t, p, []*cfa.Var{x}, tc.opts.RaceDef, res, traces)
		})
	}
}

// checkRaces replays every race result independently of the engine.
func checkRaces(t *testing.T, p *cfa.Program, vars []*cfa.Var, def interp.RaceDef, res []report.Result, traces []interp.Trace) {
	t.Helper()
	for i, r := range res {
		if r.Verdict != report.Race {
			continue
		}
		if r.Trace == nil || !r.Trace.Replayed {
			t.Errorf("%s: race without a replayed trace", r.Variable)
			continue
		}
		rt, err := interp.Replay(p, vars[i], def, traces[i])
		if err != nil {
			t.Errorf("%s: independent replay failed: %v", r.Variable, err)
			continue
		}
		if len(rt.Steps) != len(r.Trace.Steps) || rt.Threads != r.Trace.Threads {
			t.Errorf("%s: replayed trace differs from the reported one", r.Variable)
		}
	}
}

func TestShortestTrace(t *testing.T) {
	x := global("x")
	w := template("worker", 3)
	edge(w, 0, 1, cfa.Edge{Kind: cfa.Skip})
	edge(w, 1, 2, cfa.Edge{Kind: cfa.Assign, LHS: x, RHS: num(1)})
	p := workers(false, []*cfa.Var{x}, w)
	r := Check(context.Background(), p, []*cfa.Var{x}, Options{})[0]
	// create, create, skip, skip: both workers at the write.
	if r.Verdict != report.Race || len(r.Trace.Steps) != 4 || r.Trace.Threads != 3 {
		t.Fatalf("result %+v", r)
	}
}

func TestTimeout(t *testing.T) {
	x := global("x")
	w := template("worker", 1)
	edge(w, 0, 0, cfa.Edge{Kind: cfa.Assign, LHS: x, RHS: bin(cfa.Add, ref(x), num(1))})
	p := workers(true, []*cfa.Var{x}, w)
	unused := global("unused")
	p.Globals = append(p.Globals, unused)
	p.Finish()
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	r := Check(ctx, p, []*cfa.Var{unused}, Options{})[0]
	if r.Verdict != report.Unknown || !strings.Contains(r.Reason, "timeout") {
		t.Fatalf("result %+v", r)
	}
}

// benchProgram: unboundedly many workers loop forever doing the lost
// update a := x; x := (a + 1) % 3. The checked variable y is never
// accessed, so the search covers the whole state space.
func benchProgram() (*cfa.Program, *cfa.Var) {
	x, y := global("x"), global("y")
	w := template("worker", 2)
	a := &cfa.Var{Name: "worker::a", CName: "a"}
	w.Locals = []*cfa.Var{a}
	edge(w, 0, 1, cfa.Edge{Kind: cfa.Assign, LHS: a, RHS: ref(x)})
	edge(w, 1, 0, cfa.Edge{Kind: cfa.Assign, LHS: x, RHS: bin(cfa.Mod, bin(cfa.Add, ref(a), num(1)), num(3))})
	return workers(true, []*cfa.Var{x, y}, w), y
}

// BenchmarkExplicit reports the engine's throughput in states per second.
func BenchmarkExplicit(b *testing.B) {
	p, x := benchProgram()
	states := 0
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		r := Check(context.Background(), p, []*cfa.Var{x}, Options{Threads: 5})[0]
		if r.Verdict != report.Unknown {
			b.Fatalf("verdict %s", r.Verdict)
		}
		states += r.States
	}
	b.ReportMetric(float64(states)/b.Elapsed().Seconds(), "states/s")
}
