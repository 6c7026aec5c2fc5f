package cfront

import (
	"strings"
	"testing"

	"circ/cfa"
)

// callsOf returns the distinct lowered calls of function fn in c.
func callsOf(c *cfa.CFA, fn string) []*cfa.SyncCall {
	var out []*cfa.SyncCall
	seen := map[*cfa.SyncCall]bool{}
	for _, e := range c.Edges {
		if s := e.Sync; s != nil && s.Func == fn && !seen[s] {
			seen[s] = true
			out = append(out, s)
		}
	}
	return out
}

func hasLocal(c *cfa.CFA, cname string) bool {
	for _, l := range c.Locals {
		if l.CName == cname {
			return true
		}
	}
	return false
}

// TestMutexKinds: a mutex is lowered for the one kind it can have (its
// static initializer's, or every attribute's it is initialized with);
// with several possible kinds, m.kind holds it at run time.
func TestMutexKinds(t *testing.T) {
	tests := []struct {
		name, decl, init string
		want             cfa.MutexKind
		held             bool // a per-thread hold count
	}{
		{"static normal", "pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;", "", cfa.NormalMutex, false},
		{"zero", "pthread_mutex_t m;", "", cfa.NormalMutex, false},
		{"static recursive", "pthread_mutex_t m = PTHREAD_RECURSIVE_MUTEX_INITIALIZER_NP;", "", cfa.RecursiveMutex, true},
		{"static error-checking", "pthread_mutex_t m = PTHREAD_ERRORCHECK_MUTEX_INITIALIZER_NP;", "", cfa.ErrorCheckMutex, true},
		{"init NULL", "pthread_mutex_t m;", "pthread_mutex_init(&m, 0);", cfa.NormalMutex, false},
		{"attribute", "pthread_mutex_t m; pthread_mutexattr_t a;",
			"pthread_mutexattr_init(&a); pthread_mutexattr_settype(&a, PTHREAD_MUTEX_RECURSIVE); pthread_mutex_init(&m, &a);", cfa.UnknownMutexKind, true},
		// Recursive until an init (here never run) makes it normal: the
		// run-time kind starts at the initializer's.
		{"static recursive, init later", "pthread_mutex_t m = PTHREAD_RECURSIVE_MUTEX_INITIALIZER_NP;", "if (0) pthread_mutex_init(&m, 0);", cfa.UnknownMutexKind, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := mustParse(t, "#define _GNU_SOURCE\n"+hdr+tc.decl+"\nint main(void) { "+tc.init+" pthread_mutex_lock(&m); return 0; }\n")
			calls := callsOf(p.Main(), "pthread_mutex_lock")
			if len(calls) != 1 {
				t.Fatalf("%d lock calls, want 1:\n%s", len(calls), p)
			}
			if calls[0].Kind != tc.want || calls[0].Effect != cfa.Acquire {
				t.Errorf("kind %s, effect %d; want %s, acquire", calls[0].Kind, calls[0].Effect, tc.want)
			}
			if got := hasLocal(p.Main(), "held(m)"); got != tc.held {
				t.Errorf("held(m) local: %v, want %v", got, tc.held)
			}
			if got := p.Global("m.kind") != nil; got != (tc.want == cfa.UnknownMutexKind) {
				t.Errorf("m.kind global: %v", got)
			}
			if k := p.Global("m.kind"); k != nil && strings.Contains(tc.decl, "RECURSIVE") && k.Init != 1 {
				t.Errorf("m.kind starts at %d, want 1 (recursive)", k.Init)
			}
		})
	}
}

// TestSyncCalls: the edges of one lowered call share its SyncCall, which
// names the call and starts at the location its first edge leaves; the
// code a pthread_once runs is the user's, not the call's.
func TestSyncCalls(t *testing.T) {
	p := mustParse(t, hdr+`
pthread_rwlock_t rw;
pthread_once_t once = PTHREAD_ONCE_INIT;
int x;
void setup(void) { x = 1; }
int main(void) {
  int r = pthread_rwlock_tryrdlock(&rw);
  pthread_rwlock_unlock(&rw);
  pthread_once(&once, setup);
  return 0;
}
`)
	c := p.Main()
	try := callsOf(c, "pthread_rwlock_tryrdlock")
	if len(try) != 1 || try[0].Effect != cfa.TryAcquire || try[0].Mode != cfa.Shared || try[0].Result == nil || try[0].String() != "pthread_rwlock_tryrdlock(&rw)" {
		t.Fatalf("tryrdlock call %+v", try)
	}
	entryLeft := false
	for _, e := range c.Edges {
		if e.Sync == try[0] && e.From == try[0].Entry {
			entryLeft = true
		}
	}
	if !entryLeft {
		t.Errorf("no edge of the call leaves its entry L%d", try[0].Entry)
	}
	if u := callsOf(c, "pthread_rwlock_unlock"); len(u) != 1 || u[0].Effect != cfa.Release || u[0].Object != try[0].Object {
		t.Errorf("unlock call %+v", u)
	}
	for _, e := range c.Edges {
		if w := e.Writes; len(w) == 1 && w[0].Name == "x" && e.Sync != nil {
			t.Errorf("the once routine's write %s is tagged as part of %s", e, e.Sync)
		}
	}
	if len(callsOf(c, "pthread_once")) != 1 {
		t.Error("pthread_once not lowered as one call")
	}
	if !strings.Contains(p.String(), "(pthread_once(&once))") {
		t.Errorf("circ cfa does not name the call:\n%s", p)
	}
}

// TestThreadLocal: a __thread variable is a local of every template that
// uses it, set to its initializer when the thread starts, and no global.
func TestThreadLocal(t *testing.T) {
	p := mustParse(t, hdr+`
__thread int tl = 7;
void *w(void *a) { tl = tl + 1; return 0; }
int main(void) { pthread_t t; pthread_create(&t, 0, w, 0); tl = 2; return 0; }
`)
	if p.Global("tl") != nil {
		t.Fatal("tl is a global")
	}
	for _, c := range p.Templates {
		var v *cfa.Var
		for _, l := range c.Locals {
			if l.CName == "tl" {
				v = l
			}
		}
		if v == nil {
			t.Fatalf("%s has no copy of tl", c.Name)
		}
		first := c.Out[c.Entry][0]
		if first.Kind != cfa.Assign || first.LHS != v || first.RHS != (cfa.Const{Val: 7}) {
			t.Errorf("%s starts with %s, want %s := 7", c.Name, first, v.Name)
		}
	}
}

// TestAtomicAccesses: each access to an _Atomic object is an atomic
// section of its own (the edge leaves an atomic location); the plain
// operands of an atomic store are read outside it.
func TestAtomicAccesses(t *testing.T) {
	p := mustParse(t, hdr+`
_Atomic int a;
int g;
int main(void) { a++; a = g + 1; int v = a; return v; }
`)
	c := p.Main()
	for _, e := range c.Edges {
		touchesA, touchesG := false, false
		for _, v := range append(append([]*cfa.Var{}, e.Reads...), e.Writes...) {
			touchesA = touchesA || v.Name == "a"
			touchesG = touchesG || v.Name == "g"
		}
		if touchesA && !c.Locs[e.From].Atomic {
			t.Errorf("access %s leaves non-atomic L%d", e, e.From)
		}
		if touchesG && c.Locs[e.From].Atomic {
			t.Errorf("plain read %s leaves atomic L%d", e, e.From)
		}
		if touchesA && touchesG {
			t.Errorf("%s reads the plain g inside a's atomic access", e)
		}
	}
	vals, _ := run(t, p)
	if vals["a"] != 1 {
		t.Errorf("a = %d after a++; a = g + 1, want 1", vals["a"])
	}
}
