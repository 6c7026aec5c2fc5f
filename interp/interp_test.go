package interp

import (
	"errors"
	"math"
	"strings"
	"testing"

	"circ/cfa"
)

// builder assembles a CFA by hand: locations are created on demand by
// number, atomic ones listed up front.
type builder struct{ c *cfa.CFA }

func newTemplate(name string, nlocs int, atomic ...int) *builder {
	c := &cfa.CFA{Name: name}
	for i := 0; i < nlocs; i++ {
		c.NewLoc(false, cfa.Pos{File: "t.c", Line: i + 1})
	}
	for _, a := range atomic {
		c.Locs[a].Atomic = true
	}
	return &builder{c}
}

func (b *builder) edge(from, to int, e cfa.Edge) *cfa.Edge {
	e.From, e.To = from, to
	if e.Pos.File == "" {
		e.Pos = cfa.Pos{File: "t.c", Line: 100 + len(b.c.Edges), Col: 1}
	}
	return b.c.AddEdge(&e)
}

func (b *builder) local(name string) *cfa.Var {
	v := &cfa.Var{Name: b.c.Name + "::" + name, CName: name}
	b.c.Locals = append(b.c.Locals, v)
	return v
}

func global(name string, kind cfa.VarKind) *cfa.Var {
	return &cfa.Var{Name: name, CName: name, Global: true, Kind: kind}
}

func program(globals []*cfa.Var, ts ...*builder) *cfa.Program {
	p := &cfa.Program{File: "t.c", Globals: globals}
	for _, b := range ts {
		p.Templates = append(p.Templates, b.c)
	}
	p.Finish()
	return p
}

func ref(v *cfa.Var) cfa.Expr { return cfa.Ref{V: v} }
func num(n int64) cfa.Expr    { return cfa.Const{Val: n} }
func bin(op cfa.BinOp, x, y cfa.Expr) cfa.Expr {
	return cfa.Binary{Op: op, X: x, Y: y}
}

func mustApply(t *testing.T, s *State, st Step) *State {
	t.Helper()
	n, err := Apply(s, st)
	if err != nil {
		t.Fatalf("apply %v: %v", st.Edge, err)
	}
	return n
}

// twoWorkers: main creates two workers (handles h1, h2), then joins both
// and reads x. A worker enters an atomic section, writes x, leaves it,
// and exits.
func twoWorkers() (p *cfa.Program, x, h1, h2 *cfa.Var, e map[string]*cfa.Edge) {
	x = global("x", cfa.Data)
	h1, h2 = global("h1", cfa.Handle), global("h2", cfa.Handle)
	w := newTemplate("worker", 5, 1, 2)
	arg := w.local("arg")
	w.c.Param = arg
	e = map[string]*cfa.Edge{}
	e["begin"] = w.edge(0, 1, cfa.Edge{Kind: cfa.Skip})
	e["wx"] = w.edge(1, 2, cfa.Edge{Kind: cfa.Assign, LHS: x, RHS: bin(cfa.Add, ref(x), ref(arg))})
	e["end"] = w.edge(2, 3, cfa.Edge{Kind: cfa.Skip})
	e["exit"] = w.edge(3, 4, cfa.Edge{Kind: cfa.Exit})
	m := newTemplate("main", 6)
	e["c1"] = m.edge(0, 1, cfa.Edge{Kind: cfa.Create, LHS: h1, Template: w.c, Arg: num(1)})
	e["c2"] = m.edge(1, 2, cfa.Edge{Kind: cfa.Create, LHS: h2, Template: w.c, Arg: num(10)})
	e["j1"] = m.edge(2, 3, cfa.Edge{Kind: cfa.Join, Handle: ref(h1)})
	e["j2"] = m.edge(3, 4, cfa.Edge{Kind: cfa.Join, Handle: ref(h2)})
	e["rx"] = m.edge(4, 5, cfa.Edge{Kind: cfa.Assume, Cond: bin(cfa.Eq, ref(x), num(11))})
	return program([]*cfa.Var{x, h1, h2}, m, w), x, h1, h2, e
}

func TestCreateInstancesAndParams(t *testing.T) {
	p, x, h1, h2, e := twoWorkers()
	s := Initial(p)
	s = mustApply(t, s, Step{Thread: 0, Edge: e["c1"]})
	s = mustApply(t, s, Step{Thread: 0, Edge: e["c2"]})
	if len(s.Threads) != 3 {
		t.Fatalf("threads = %d, want 3", len(s.Threads))
	}
	for i, want := range []struct {
		name string
		arg  int64
	}{{"worker#1", 1}, {"worker#2", 10}} {
		th := s.Threads[i+1]
		if th.Name() != want.name || th.ID != i+1 || th.Locals[0] != want.arg || th.Loc != th.Template.Entry {
			t.Errorf("thread %d = %+v, want %s with arg %d", i+1, th, want.name, want.arg)
		}
	}
	// pthread_t values are ThreadID: 0 names no thread, main is 1.
	if s.Value(0, h1) != 2 || s.Value(0, h2) != 3 {
		t.Errorf("handles = %d, %d; want 2, 3", s.Value(0, h1), s.Value(0, h2))
	}
	if s.Value(0, x) != 0 {
		t.Errorf("x = %d", s.Value(0, x))
	}
	if got := s.Instances(p.Templates[1]); got != 2 {
		t.Errorf("Instances = %d, want 2", got)
	}
}

func TestAtomicSchedulingAndJoin(t *testing.T) {
	p, x, _, _, e := twoWorkers()
	s := Initial(p)
	s = mustApply(t, s, Step{Thread: 0, Edge: e["c1"]})
	s = mustApply(t, s, Step{Thread: 0, Edge: e["c2"]})
	// Join waits for worker#1.
	if _, err := Apply(s, Step{Thread: 0, Edge: e["j1"]}); err == nil || !strings.Contains(err.Error(), "has not exited") {
		t.Fatalf("join before exit: err = %v", err)
	}
	s = mustApply(t, s, Step{Thread: 1, Edge: e["begin"]})
	// worker#1 is atomic: only it may move.
	moves, errs := s.Moves()
	if len(errs) != 0 || len(moves) != 1 || moves[0].Thread != 1 || moves[0].Edge != e["wx"] {
		t.Fatalf("moves inside atomic = %+v %v", moves, errs)
	}
	if _, err := Apply(s, Step{Thread: 2, Edge: e["begin"]}); err == nil || !strings.Contains(err.Error(), "not scheduled") {
		t.Fatalf("other thread moved during atomic section: err = %v", err)
	}
	s = mustApply(t, s, Step{Thread: 1, Edge: e["wx"]})
	s = mustApply(t, s, Step{Thread: 1, Edge: e["end"]})
	moves, _ = s.Moves()
	if len(moves) != 2 { // worker#1 exit, worker#2 begin (main's join blocked)
		t.Fatalf("moves after atomic = %+v", moves)
	}
	s = mustApply(t, s, Step{Thread: 1, Edge: e["exit"]})
	if !s.Threads[1].Done {
		t.Fatal("worker#1 not done after exit")
	}
	s = mustApply(t, s, Step{Thread: 0, Edge: e["j1"]})
	if s.Value(0, x) != 1 {
		t.Fatalf("x = %d, want 1", s.Value(0, x))
	}
	if _, err := Apply(s, Step{Thread: 0, Edge: e["j2"]}); err == nil {
		t.Fatal("join of a live thread succeeded")
	}
	for _, k := range []string{"begin", "wx", "end", "exit"} {
		s = mustApply(t, s, Step{Thread: 2, Edge: e[k]})
	}
	s = mustApply(t, s, Step{Thread: 0, Edge: e["j2"]})
	s = mustApply(t, s, Step{Thread: 0, Edge: e["rx"]})
	if !s.Threads[0].Done {
		t.Error("main not done at its final location")
	}
	if moves, _ := s.Moves(); len(moves) != 0 {
		t.Errorf("moves in final state: %+v", moves)
	}
}

// lockProgram: main creates a worker; both run lock m; x := x+1; unlock m.
// The worker also has r := trylock m.
func lockProgram() (p *cfa.Program, x, m *cfa.Var, e map[string]*cfa.Edge) {
	x, m = global("x", cfa.Data), global("m", cfa.Mutex)
	e = map[string]*cfa.Edge{}
	w := newTemplate("worker", 6)
	r := w.local("r")
	e["try"] = w.edge(0, 1, cfa.Edge{Kind: cfa.TryLock, LHS: r, Mutex: m})
	e["tryok"] = w.edge(1, 2, cfa.Edge{Kind: cfa.Assume, Cond: bin(cfa.Eq, ref(r), num(0))})
	e["tryfail"] = w.edge(1, 5, cfa.Edge{Kind: cfa.Assume, Cond: bin(cfa.Ne, ref(r), num(0))})
	e["winc"] = w.edge(2, 3, cfa.Edge{Kind: cfa.Assign, LHS: x, RHS: bin(cfa.Add, ref(x), num(1))})
	e["wunlock"] = w.edge(3, 4, cfa.Edge{Kind: cfa.Unlock, Mutex: m})
	mn := newTemplate("main", 5)
	e["create"] = mn.edge(0, 1, cfa.Edge{Kind: cfa.Create, Template: w.c})
	e["lock"] = mn.edge(1, 2, cfa.Edge{Kind: cfa.Lock, Mutex: m})
	e["inc"] = mn.edge(2, 3, cfa.Edge{Kind: cfa.Assign, LHS: x, RHS: bin(cfa.Add, ref(x), num(1))})
	e["unlock"] = mn.edge(3, 4, cfa.Edge{Kind: cfa.Unlock, Mutex: m})
	return program([]*cfa.Var{x, m}, mn, w), x, m, e
}

func TestLockAndTryLock(t *testing.T) {
	p, x, m, e := lockProgram()
	s := Initial(p)
	s = mustApply(t, s, Step{Thread: 0, Edge: e["create"]})
	s = mustApply(t, s, Step{Thread: 0, Edge: e["lock"]})
	if s.Value(0, m) != 1 {
		t.Fatal("lock did not set the mutex")
	}
	if _, err := Apply(s, Step{Thread: 0, Edge: e["lock"]}); err == nil {
		t.Fatal("edge taken from the wrong location")
	}
	// trylock fails while main holds m.
	f := mustApply(t, s, Step{Thread: 1, Edge: e["try"]})
	if f.Threads[1].Locals[0] != cfa.EBUSY || f.Value(0, m) != 1 {
		t.Fatalf("failed trylock: r=%d m=%d", f.Threads[1].Locals[0], f.Value(0, m))
	}
	if _, err := Apply(f, Step{Thread: 1, Edge: e["tryok"]}); err == nil {
		t.Fatal("assume r == 0 taken with r == 1")
	}
	mustApply(t, f, Step{Thread: 1, Edge: e["tryfail"]})
	// After unlock, trylock succeeds and blocks main's next lock.
	s = mustApply(t, s, Step{Thread: 0, Edge: e["inc"]})
	s = mustApply(t, s, Step{Thread: 0, Edge: e["unlock"]})
	s = mustApply(t, s, Step{Thread: 1, Edge: e["try"]})
	if s.Threads[1].Locals[0] != 0 || s.Value(0, m) != 1 {
		t.Fatalf("successful trylock: r=%d m=%d", s.Threads[1].Locals[0], s.Value(0, m))
	}
	s = mustApply(t, s, Step{Thread: 1, Edge: e["tryok"]})
	s = mustApply(t, s, Step{Thread: 1, Edge: e["winc"]})
	if s.Value(0, x) != 2 {
		t.Fatalf("x = %d", s.Value(0, x))
	}
	// Mutexes are never racy data.
	if _, _, ok := RaceOn(s, m, SVCOMP); ok {
		t.Fatal("race reported on a mutex")
	}
}

func TestLockBlocksInMoves(t *testing.T) {
	p, _, _, e := lockProgram()
	s := Initial(p)
	s = mustApply(t, s, Step{Thread: 0, Edge: e["create"]})
	s = mustApply(t, s, Step{Thread: 1, Edge: e["try"]})
	s = mustApply(t, s, Step{Thread: 1, Edge: e["tryok"]})
	moves, _ := s.Moves()
	for _, m := range moves {
		if m.Edge == e["lock"] {
			t.Fatal("lock enabled while the mutex is held")
		}
	}
	if _, err := Apply(s, Step{Thread: 0, Edge: e["lock"]}); err == nil || !strings.Contains(err.Error(), "held") {
		t.Fatalf("err = %v", err)
	}
}

// TestAwaitNoHandler: a thread waits at AwaitNoHandler while another one
// is at a handler location, and not while only itself is.
func TestAwaitNoHandler(t *testing.T) {
	w := newTemplate("worker", 3)
	w.c.Locs[1].Handler = true
	enter := w.edge(0, 1, cfa.Edge{Kind: cfa.HandlerEnter})
	exit := w.edge(1, 2, cfa.Edge{Kind: cfa.HandlerExit})
	m := newTemplate("main", 4)
	create := m.edge(0, 1, cfa.Edge{Kind: cfa.Create, Template: w.c})
	await := m.edge(1, 2, cfa.Edge{Kind: cfa.AwaitNoHandler})
	m.edge(2, 3, cfa.Edge{Kind: cfa.Exit})
	p := program(nil, m, w)
	s := Initial(p)
	s = mustApply(t, s, Step{Thread: 0, Edge: create})
	if _, err := Apply(s, Step{Thread: 0, Edge: await}); err != nil {
		t.Fatalf("await with the worker outside its handler: %v", err)
	}
	s = mustApply(t, s, Step{Thread: 1, Edge: enter})
	if _, err := Apply(s, Step{Thread: 0, Edge: await}); err == nil || !strings.Contains(err.Error(), "worker#1 is in a handler") {
		t.Fatalf("await with the worker in its handler: err = %v", err)
	}
	moves, _ := s.Moves()
	for _, mv := range moves {
		if mv.Edge == await {
			t.Fatal("await enabled while the worker is in its handler")
		}
	}
	s = mustApply(t, s, Step{Thread: 1, Edge: exit})
	mustApply(t, s, Step{Thread: 0, Edge: await})
}

// raceState builds a state with main at location ml and a worker at wl of
// a program where main reads x (non-atomically at 0, atomically at 1) and
// the worker writes x (non-atomically at 0, atomically at 1) or reads it
// (at 2).
func raceProgram() (*cfa.Program, *cfa.Var) {
	x := global("x", cfa.Data)
	y := global("y", cfa.Data)
	w := newTemplate("worker", 4, 1)
	w.edge(0, 3, cfa.Edge{Kind: cfa.Assign, LHS: x, RHS: num(1)})
	w.edge(1, 3, cfa.Edge{Kind: cfa.Assign, LHS: x, RHS: num(2)})
	w.edge(2, 3, cfa.Edge{Kind: cfa.Assume, Cond: bin(cfa.Gt, ref(x), ref(y))})
	m := newTemplate("main", 4, 1, 3)
	m.edge(0, 2, cfa.Edge{Kind: cfa.Assume, Cond: bin(cfa.Eq, ref(x), num(7))}) // guard false: still an access
	m.edge(1, 2, cfa.Edge{Kind: cfa.Assign, LHS: y, RHS: ref(x)})
	m.edge(3, 2, cfa.Edge{Kind: cfa.Skip})
	m.edge(2, 0, cfa.Edge{Kind: cfa.Create, Template: w.c})
	return program([]*cfa.Var{x, y}, m, w), x
}

func TestRaceDefinitions(t *testing.T) {
	p, x := raceProgram()
	mk := func(ml, wl int) *State {
		s := Initial(p)
		s.Threads[0].Loc = ml
		w := p.Templates[1]
		s.Threads = append(s.Threads, Thread{ID: 1, Template: w, Instance: 1, Loc: wl})
		return s
	}
	tests := []struct {
		name         string
		ml, wl       int
		svcomp, circ bool
	}{
		{"read vs write, both plain", 0, 0, true, true},
		{"atomic read vs plain write", 1, 0, true, false},
		{"plain read vs atomic write", 0, 1, true, false},
		{"both atomic", 1, 1, false, false},
		{"read vs read", 0, 2, false, false},
		{"no access vs write", 2, 0, false, false},
		{"other thread atomic without access", 3, 0, false, false},
	}
	for _, tc := range tests {
		s := mk(tc.ml, tc.wl)
		for _, d := range []struct {
			def  RaceDef
			want bool
		}{{SVCOMP, tc.svcomp}, {CIRC, tc.circ}} {
			a, b, ok := RaceOn(s, x, d.def)
			if ok != d.want {
				t.Errorf("%s under %s: race = %v, want %v", tc.name, d.def, ok, d.want)
			}
			if ok && (a.Thread == b.Thread || (!a.Write && !b.Write)) {
				t.Errorf("%s: bad witness %+v %+v", tc.name, a, b)
			}
		}
	}
	// Done threads have no accesses.
	s := mk(0, 0)
	s.Threads[1].Done = true
	if _, _, ok := RaceOn(s, x, SVCOMP); ok {
		t.Error("race with a done thread")
	}
}

func TestReplay(t *testing.T) {
	p, x, _, _, e := twoWorkers()
	// The workers' writes are atomic; main's read of x (after the joins)
	// never overlaps them. A race needs two plain accesses: none here, so
	// every trace must be rejected at the end.
	good := Trace{{0, e["c1"], 0}, {0, e["c2"], 0}, {1, e["begin"], 0}}
	if _, err := Replay(p, x, SVCOMP, good); err == nil || !strings.Contains(err.Error(), "not a race") {
		t.Fatalf("non-race final state accepted: %v", err)
	}
	bad := Trace{{0, e["c1"], 0}, {0, e["j1"], 0}}
	if _, err := Replay(p, x, SVCOMP, bad); err == nil || !strings.Contains(err.Error(), "step 2") {
		t.Fatalf("disabled step accepted: %v", err)
	}
	wrongThread := Trace{{1, e["c1"], 0}}
	if _, err := Replay(p, x, SVCOMP, wrongThread); err == nil {
		t.Fatal("step of a nonexistent thread accepted")
	}

	// The race program: worker writes x while main reads it.
	rp, rx := raceProgram()
	m := rp.Templates[0]
	cr := m.Out[2][0]
	// main starts at 0 (assume x == 7, guard false): to get there main must
	// create the worker first, but main's entry is 0, whose only edge is
	// the false assume. Use entry 2 instead.
	m.Entry = 2
	tr := Trace{{0, cr, 0}}
	rt, err := Replay(rp, rx, SVCOMP, tr)
	if err != nil {
		t.Fatal(err)
	}
	if !rt.Replayed || rt.Threads != 2 || len(rt.Steps) != 1 || len(rt.Race) != 2 {
		t.Fatalf("trace = %+v", rt)
	}
	if rt.Steps[0].Thread != "main#1" || rt.Race[1].Thread != "worker#1" || !rt.Race[1].Write {
		t.Errorf("trace = %+v", rt)
	}
	if _, err := Replay(rp, rp.Globals[1], SVCOMP, tr); err == nil {
		t.Error("race on y accepted")
	}
}

func TestHavocAndBool(t *testing.T) {
	b := global("b", cfa.Data)
	b.Bool = true
	v := global("v", cfa.Data)
	m := newTemplate("main", 3)
	hv := m.edge(0, 1, cfa.Edge{Kind: cfa.Havoc, LHS: v, Lo: num(-1), Hi: num(3)})
	as := m.edge(1, 2, cfa.Edge{Kind: cfa.Assign, LHS: b, RHS: ref(v)})
	p := program([]*cfa.Var{b, v}, m)
	s := Initial(p)
	if _, err := Apply(s, Step{0, hv, 4}); err == nil || !strings.Contains(err.Error(), "outside") {
		t.Fatalf("out-of-range havoc: %v", err)
	}
	// Inside the havoc's range but not in v's type (unsigned char).
	v.Int = cfa.IntType{Bits: 8}
	if _, err := Apply(s, Step{0, hv, -1}); err == nil || !strings.Contains(err.Error(), "is no uint8_t") {
		t.Fatalf("havoc value outside the variable's type: %v", err)
	}
	v.Int = cfa.IntType{}
	s = mustApply(t, s, Step{0, hv, -1})
	s = mustApply(t, s, Step{0, as, 0})
	if s.Globals[0] != 1 || s.Globals[1] != -1 {
		t.Fatalf("globals = %v, want [1 -1]", s.Globals)
	}
	if !s.Threads[0].Done {
		t.Error("main not done")
	}
}

func TestEval(t *testing.T) {
	tests := []struct {
		op   cfa.BinOp
		x, y int64
		want int64
		err  error
	}{
		{cfa.Div, 7, 2, 3, nil},
		{cfa.Div, -7, 2, -3, nil},
		{cfa.Mod, -7, 2, -1, nil},
		{cfa.Mod, 7, -2, 1, nil},
		{cfa.Div, 1, 0, 0, ErrDivZero},
		{cfa.Mod, 1, 0, 0, ErrDivZero},
		{cfa.Div, math.MinInt64, -1, 0, ErrOverflow},
		{cfa.Add, math.MaxInt64, 1, 0, ErrOverflow},
		{cfa.Sub, math.MinInt64, 1, 0, ErrOverflow},
		{cfa.Mul, 1 << 32, 1 << 32, 0, ErrOverflow},
		{cfa.Mul, -(1 << 31), 1 << 32, math.MinInt64, nil},
		{cfa.Shl, 1, 64, 0, ErrShift},
		{cfa.Shr, -8, 1, -4, nil},
		{cfa.Shl, 3, -1, 0, ErrShift},
		{cfa.BitAnd, -1, 6, 6, nil},
		{cfa.BitXor, 5, 3, 6, nil},
		{cfa.Le, 3, 3, 1, nil},
		{cfa.And, 2, 3, 1, nil},
		{cfa.Or, 0, 0, 0, nil},
	}
	s := &State{}
	for _, tc := range tests {
		got, err := s.Eval(0, bin(tc.op, num(tc.x), num(tc.y)))
		if !errors.Is(err, tc.err) || (err == nil && got != tc.want) {
			t.Errorf("%d %s %d = %d, %v; want %d, %v", tc.x, tc.op, tc.y, got, err, tc.want, tc.err)
		}
	}
	// && short-circuits: 0 && (1/0) is 0, not an error.
	if got, err := s.Eval(0, bin(cfa.And, num(0), bin(cfa.Div, num(1), num(0)))); err != nil || got != 0 {
		t.Errorf("short circuit: %d, %v", got, err)
	}
}

func TestDivisionByZeroIsReported(t *testing.T) {
	x := global("x", cfa.Data)
	m := newTemplate("main", 2)
	d := m.edge(0, 1, cfa.Edge{Kind: cfa.Assign, LHS: x, RHS: bin(cfa.Div, num(1), ref(x))})
	p := program([]*cfa.Var{x}, m)
	s := Initial(p)
	moves, errs := s.Moves()
	if len(moves) != 0 || len(errs) != 1 || !errors.Is(errs[0].Err, ErrDivZero) {
		t.Fatalf("moves %v errs %v", moves, errs)
	}
	if _, err := Apply(s, Step{0, d, 0}); err == nil || !strings.Contains(err.Error(), "division by zero") {
		t.Fatalf("err = %v", err)
	}
}

func TestKey(t *testing.T) {
	p, _, _, _, e := twoWorkers()
	s := Initial(p)
	a := mustApply(t, s, Step{Thread: 0, Edge: e["c1"]})
	b := mustApply(t, s, Step{Thread: 0, Edge: e["c1"]})
	if a.Key() != b.Key() {
		t.Error("equal states, different keys")
	}
	c := mustApply(t, a, Step{Thread: 1, Edge: e["begin"]})
	if a.Key() == c.Key() || s.Key() == a.Key() {
		t.Error("different states, equal keys")
	}
	// Apply does not modify its argument.
	if a.Threads[1].Loc != 0 || len(s.Threads) != 1 {
		t.Error("Apply modified its argument")
	}
}

func TestParseRaceDef(t *testing.T) {
	for _, s := range []string{"svcomp", "circ", "c11"} {
		d, err := ParseRaceDef(s)
		if err != nil || d.String() != s {
			t.Errorf("ParseRaceDef(%q) = %v, %v", s, d, err)
		}
	}
	if _, err := ParseRaceDef("tso"); err == nil {
		t.Error("ParseRaceDef accepted tso")
	}
}
