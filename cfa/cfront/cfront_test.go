package cfront

import (
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"circ/cfa"
	"circ/internal/expect"
)

const hdr = `#include <pthread.h>
#include <assert.h>
#include <stdio.h>
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_atomic_begin(void);
extern void __VERIFIER_atomic_end(void);
extern void reach_error(void);
`

func mustParse(t *testing.T, src string) *cfa.Program {
	t.Helper()
	p, err := Parse("t.c", []byte(src))
	if err != nil {
		t.Fatalf("Parse: %v", err)
	}
	return p
}

func tmpl(t *testing.T, p *cfa.Program, name string) *cfa.CFA {
	t.Helper()
	for _, c := range p.Templates {
		if c.Name == name {
			return c
		}
	}
	t.Fatalf("no template %s in\n%s", name, p)
	return nil
}

// run executes the main template sequentially (creates, joins and locks
// are skipped; havoc picks the lower bound or 0; the first enabled edge is
// taken) and returns the final values of the globals, or "error" set if
// an Error edge was taken.
func run(t *testing.T, p *cfa.Program) (map[string]int64, bool) {
	t.Helper()
	c := p.Main()
	env := map[*cfa.Var]int64{}
	for _, g := range p.Globals {
		env[g] = g.Init
	}
	var eval func(e cfa.Expr) int64
	eval = func(e cfa.Expr) int64 {
		switch e := e.(type) {
		case cfa.Const:
			return e.Val
		case cfa.Ref:
			return env[e.V]
		case cfa.Unary:
			x := eval(e.X)
			switch e.Op {
			case cfa.Neg:
				return -x
			case cfa.Not:
				return b2i(x == 0)
			case cfa.BitNot:
				return ^x
			}
			to, _ := e.Op.IntType()
			r, _ := to.Wrap(x)
			return r
		case cfa.Binary:
			x, y := eval(e.X), eval(e.Y)
			switch e.Op {
			case cfa.And:
				return b2i(x != 0 && y != 0)
			case cfa.Or:
				return b2i(x != 0 || y != 0)
			}
			v, ok := fold(e.Op, x, y)
			if !ok {
				t.Fatalf("cannot evaluate %v", e)
			}
			return v
		case cfa.Cond:
			if eval(e.C) != 0 {
				return eval(e.T)
			}
			return eval(e.F)
		}
		t.Fatalf("bad expr %T", e)
		return 0
	}
	l := c.Entry
	for steps := 0; steps < 100000; steps++ {
		var next *cfa.Edge
		for _, e := range c.Out[l] {
			if e.Kind != cfa.Assume || eval(e.Cond) != 0 {
				next = e
				break
			}
		}
		if next == nil {
			break
		}
		switch next.Kind {
		case cfa.Assign:
			v := eval(next.RHS)
			if next.LHS.Bool {
				v = b2i(v != 0)
			}
			env[next.LHS] = v
		case cfa.Havoc:
			env[next.LHS] = 0
			if next.Lo != nil {
				env[next.LHS] = eval(next.Lo)
			}
		case cfa.TryLock:
			env[next.LHS] = 0
		case cfa.Error:
			return nil, true
		}
		l = next.To
	}
	out := map[string]int64{}
	for _, g := range p.Globals {
		out[g.Name] = env[g]
	}
	return out, false
}

func TestSemantics(t *testing.T) {
	tests := []struct {
		name string
		body string // globals and functions; main is appended
		main string
		want map[string]int64
		err  bool
	}{
		{"arith", "int a, b = 7, c;", "a = b * 3 - 1; c = a / 4 + a % 4 - (-b); b = ~0 & 5 | 8 ^ 1; a <<= 2; c >>= 1;", map[string]int64{"a": 80, "b": 13, "c": 6}, false},
		{"incdec", "int a = 5, b, c;", "b = a++; c = ++a; a--; --c; b += a-- + --a;", map[string]int64{"a": 4, "b": 15, "c": 6}, false},
		{"shortcircuit", "int a, b, c;", "if (a && b++) c = 1; if (a || b++) c = 2; a = (b++ || c++); c = b && 0;", map[string]int64{"a": 1, "b": 2, "c": 0}, false},
		{"cond", "int a = 3, b, c;", "b = a > 2 ? a++ : a--; c = a ? : 9; a = 0 ? 1 : 2;", map[string]int64{"a": 2, "b": 3, "c": 4}, false},
		{"comma-assign", "int a, b, c;", "a = (b = 3, c = b + 1); a = b = c = 9;", map[string]int64{"a": 9, "b": 9, "c": 9}, false},
		{"bool", "_Bool f; int a;", "f = 5; a = f + (_Bool)7; f++; f--;", map[string]int64{"f": 0, "a": 2}, false},
		{"loops", "int s, n;", "for (int i = 0; i < 5; i++) { if (i == 2) continue; s += i; } while (n < 3) n++; do { n += 10; } while (n < 25); for (;;) { if (s > 100) break; s *= 2; }", map[string]int64{"s": 128, "n": 33}, false},
		{"switch", "int a, r;", "for (a = 0; a < 4; a++) switch (a) { case 0: r += 1; case 1: r += 10; break; default: r += 100; case 3: r += 1000; }", map[string]int64{"r": 2121}, false},
		{"goto", "int a;", "L: a++; if (a < 3) goto L; goto M; a = 100; M: ;", map[string]int64{"a": 3}, false},
		{"inline", "int g; int sq(int x) { return x * x; } int add(int x, int y) { g++; return x + y; } void nop(void) { g += 100; return; }", "g = add(sq(2), add(1, 2)) + sq(3); nop();", map[string]int64{"g": 116}, false},
		{"static", "int g; int cnt(void) { static int n = 10; return ++n; }", "cnt(); g = cnt();", map[string]int64{"g": 12}, false},
		{"enum", "enum E { A, B = 5, C }; int g; enum E e = C;", "g = e + B + sizeof(int);", map[string]int64{"g": 15}, false},
		{"stmt-expr", "int g;", "g = ({ int t = 4; t + 1; });", map[string]int64{"g": 5}, false},
		{"assert-ok", "int g = 1;", "assert(g == 1); g = 2;", map[string]int64{"g": 2}, false},
		{"assert-fail", "int g = 1;", "assert(g == 2); g = 2;", nil, true},
		{"reach-error", "int g;", "if (g == 0) reach_error();", nil, true},
		// run takes a havoc's lower bound: an unknown value is one of its type.
		// A char array from a string literal holds its chars, then zeros;
		// a pointer from one takes nothing from the chars after it.
		{"string-initialized-arrays", "char g[6] = \"hey\"; struct s { int n; char name[4]; } gs = {1, \"ab\"}; char names[2][3] = {\"x\", \"yz\"}; struct t { char *p; char d; } gt = {\"hello world\"}; int a, b, c, d, e;", "char l[5] = \"loc\"; struct t lt = {\"hello world\"}; a = g[1] + g[3]; b = gs.name[1]; c = names[1][1]; d = l[2] + l[4]; e = gt.d + lt.d;", map[string]int64{"a": 101, "b": 98, "c": 122, "d": 99, "e": 0}, false},
		// strtok and strtok_r skip leading delimiters, end a token at the
		// next one (which becomes 0) or at the 0, and give null at the
		// end (values checked against glibc).
		// A recursion through a pointer runs as a loop back to its
		// first call, each return going on after the recursive call.
		{"recursion-through-pointer", "int g, r; int f(int *p, int n) { if (n == 0) return 0; *p += n; return f(p, n - 1) + 1; }", "r = f(&g, 3);", map[string]int64{"g": 6, "r": 3}, false},
		{"strtok", "char *strtok(char *, const char *); char *strtok_r(char *, const char *, char **); char s[] = \"::ab:c:\"; char u[] = \"x,,y\"; int a, b, c, d, e, f;",
			"char *t1 = strtok(s, \":\"); a = t1 - s; char *t2 = strtok(0, \":\"); b = t2 - s; char *t3 = strtok(0, \":\"); c = t3 == 0; char *sv; char *u1 = strtok_r(u, \",\", &sv); d = u1[0] + (sv - u); char *u2 = strtok_r(0, \",\", &sv); e = u2 - u; f = s[4] + s[6] + (sv - u);",
			map[string]int64{"a": 2, "b": 5, "c": 1, "d": 122, "e": 3, "f": 4}, false},
		// sizeof of a variable-length array is its length where it was
		// declared, whatever the length's variable holds later.
		{"vla", "int g, h, n = 3;", "int a[n]; for (int i = 0; i < n; i++) a[i] = i + 7; n = 9; g = a[0] + sizeof(a); h = sizeof(a) / sizeof(a[0]);", map[string]int64{"g": 19, "h": 3}, false},
		// offsetof is in bytes (cc/v4 defines it as (size_t)&((T *)0)->m).
		{"offsetof", "struct q { char c; int i; long l; int a[3]; }; int g, h, k;", "g = __builtin_offsetof(struct q, i); h = __builtin_offsetof(struct q, l); k = __builtin_offsetof(struct q, a[2]);", map[string]int64{"g": 4, "h": 8, "k": 24}, false},
		{"ctz-of-zero-is-undefined", "int g, z;", "g = __builtin_ctz(z);", nil, true},
		{"vla-length-not-positive", "int g, n;", "int a[n]; g = 1;", nil, true},
		{"nondet", "extern unsigned __VERIFIER_nondet_uint(void); int g; unsigned h; unsigned char u;", "g = __VERIFIER_nondet_int(); h = __VERIFIER_nondet_uint() - 1; u = 3;", map[string]int64{"g": -2147483648, "h": 4294967295, "u": 3}, false},
		{"locks", "pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER; int g;", "pthread_mutex_init(&m, 0); pthread_mutex_lock(&m); g = pthread_mutex_trylock(&m) + 4; pthread_mutex_unlock(&m);", map[string]int64{"g": 4, "m": 0}, false},
		{"unsigned-wraps", "unsigned u; unsigned char c; unsigned long l; int g;", "u = 0; u = u - 1; c = 255; c++; l = 0; l += 5; g = u == 4294967295u && c == 0 && -1u == u;", map[string]int64{"u": 4294967295, "c": 0, "l": 5, "g": 1}, false},
		{"narrowing-store", "unsigned char c; signed char s; char p; short h; int g = 300;", "c = g; s = 255; p = 200; h = 65535 + g;", map[string]int64{"c": 44, "s": -1, "p": -56, "h": 299}, false},
		{"usual-conversions", "int i = -1; unsigned u = 1; long l = -1; int g, h, k;", "g = i < u; h = l < u; k = (unsigned char)i;", map[string]int64{"g": 0, "h": 1, "k": 255}, false},
		{"conditional-converts", "int i = -1; unsigned u = 1; int g; unsigned long w;", "w = g ? u : i; g = (g ? u : i) > 0;", map[string]int64{"w": 4294967295, "g": 1}, false},
		{"initializers-convert", "unsigned char c = 511; signed char s = 128; int g;", "unsigned short h = -1; g = h;", map[string]int64{"c": 255, "s": -128, "g": 65535}, false},
		{"case-label-converts", "unsigned u; int g;", "u = 4294967295u; switch (u) { case -1: g = 1; break; default: g = 2; }", map[string]int64{"g": 1}, false},
		{"shadow", "int g;", "int x = 1; { int x = 2; g = x; } g += x;", map[string]int64{"g": 3}, false},
		// glibc's FD_ZERO on x86: a repeated string store of the accumulator.
		{"rep-stos", "int set[4] = {1, 2, 3, 4}; int tail = 5; int d0, d1;", `__asm__ volatile("cld; rep; stosl" : "=c"(d0), "=D"(d1) : "a"(0), "0"(4), "1"(&set[0]) : "memory");`, map[string]int64{"set[0]": 0, "set[3]": 0, "tail": 5, "d0": 0}, false},
		// cc/v4 declares these parameters in main's block (protoscope.go).
		{"prototype-scope", "int (*f)(double); void (*h)(double, double); int g, k;", "int offset = 3; f = (int (*)(double offset))0; h = (void (*)(double offset, double c))0; g = (f == 0) + offset; k = sizeof(int (*)(int n, int a[n]));", map[string]int64{"g": 4, "k": 8}, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := mustParse(t, hdr+tc.body+"\nint main(void) {\n"+tc.main+"\nreturn 0;\n}\n")
			got, failed := run(t, p)
			if failed != tc.err {
				t.Fatalf("error reached = %v, want %v\n%s", failed, tc.err, p)
			}
			for k, v := range tc.want {
				if got[k] != v {
					t.Errorf("%s = %d, want %d\n%s", k, got[k], v, p)
				}
			}
		})
	}
}

// TestSplitByArgument: create sites with different constant arguments
// get one template each, named after the argument, with their own
// locals; sites that do not differ, or are in a thread the template
// itself may create, do not split.
func TestSplitByArgument(t *testing.T) {
	tests := []struct {
		name, threads, main string
		want                string // templates after main, with instance counts
	}{
		{"two constants", "", "pthread_create(&a, 0, w, (void *)0); pthread_create(&b, 0, w, (void *)1);", "w(0):1 w(1):1"},
		{"same constant twice", "", "pthread_create(&a, 0, w, (void *)1); pthread_create(&b, 0, w, (void *)1);", "w:2"},
		{"null and a constant", "", "pthread_create(&a, 0, w, 0); pthread_create(&b, 0, w, (void *)2);", "w(0):1 w(2):1"},
		{"constant and unknown", "", "pthread_create(&a, 0, w, (void *)1); pthread_create(&b, 0, w, (void *)(long)__VERIFIER_nondet_int());", "w(1):1 w:1"},
		{"loop with one constant", "", "while (__VERIFIER_nondet_int()) pthread_create(&a, 0, w, (void *)3);", "w:unbounded"},
		{"site outside main", "void *s(void *p) { pthread_t c; pthread_create(&c, 0, w, (void *)1); return 0; }",
			"pthread_create(&a, 0, w, (void *)0); pthread_create(&b, 0, s, 0);", "w(0):1 w(1):1 s:1"},
		{"site in a thread the split one creates", "void *v(void *p) { pthread_t c; pthread_create(&c, 0, w, (void *)1); return 0; }\nvoid *u(void *p) { pthread_t c; pthread_create(&c, 0, v, 0); return 0; }",
			"pthread_create(&a, 0, w, (void *)0); pthread_create(&b, 0, u, 0);", "w(0):1 w(1):1 u:1 v:1"},
		{"creator and created both split", "void *s(void *p) { pthread_t c, d; pthread_create(&c, 0, w, (void *)5); pthread_create(&d, 0, w, (void *)6); return 0; }",
			"pthread_create(&a, 0, s, (void *)0); pthread_create(&b, 0, s, (void *)1);", "s(0):1 s(1):1 w(5):2 w(6):2"},
		{"site in the thread itself", "void *r(void *p) { pthread_t c; if (p) pthread_create(&c, 0, r, (void *)0); return 0; }",
			"pthread_create(&a, 0, r, (void *)1);", "r:unbounded"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			src := hdr + "int x;\nvoid *w(void *arg) { if ((long)arg == 0) x = 1; return 0; }\n" + tc.threads +
				"\nint main(void) { pthread_t a, b;\n" + tc.main + "\nreturn 0; }\n"
			p := mustParse(t, src)
			var got []string
			for _, c := range p.Templates[1:] {
				got = append(got, c.Name+":"+c.Mult.String())
			}
			if strings.Join(got, " ") != tc.want {
				t.Fatalf("templates %q, want %q\n%s", got, tc.want, p)
			}
			// Each clone reads its own copy of the parameter.
			seen := map[*cfa.Var]bool{}
			for _, c := range p.Templates[1:] {
				if c.Param == nil || seen[c.Param] {
					t.Errorf("%s: parameter %v shared or missing", c.Name, c.Param)
				}
				seen[c.Param] = true
				for _, e := range c.Edges {
					if e.Kind == cfa.Assume {
						vars := map[*cfa.Var]bool{}
						cfa.Vars(e.Cond, vars)
						if !vars[c.Param] {
							t.Errorf("%s: %s does not test its own parameter %s", c.Name, e, c.Param)
						}
					}
				}
			}
		})
	}
}

func TestTemplatesAndMultiplicity(t *testing.T) {
	src := hdr + `
int x, y;
void *once(void *a) { x = y + 1; return NULL; }
void *twice(void *arg) { int id = (int)arg; y = id; return 0; }
void *many(void *arg) { pthread_t t; pthread_create(&t, 0, once, 0); return (void *)0; }
int main() {
  pthread_t a, b, c;
  int n = __VERIFIER_nondet_int();
  pthread_create(&a, 0, once, 0);
  pthread_create(&b, 0, twice, (void *)1);
  pthread_create(&b, 0, twice, (void *)1);
  while (n-- > 0) pthread_create(&c, 0, many, 0);
  pthread_join(a, 0);
  return 0;
}
`
	p := mustParse(t, src)
	if len(p.Templates) != 4 || p.Templates[0].Name != "main" {
		t.Fatalf("templates: %v", p)
	}
	wantMult := map[string]string{"main": "1", "once": "unbounded", "twice": "2", "many": "unbounded"}
	for name, m := range wantMult {
		if got := tmpl(t, p, name).Mult.String(); got != m {
			t.Errorf("%s: instances %s, want %s", name, got, m)
		}
	}
	tw := tmpl(t, p, "twice")
	if tw.Param == nil || tw.Param.Global {
		t.Errorf("twice: param %v", tw.Param)
	}
	// Create edges carry the argument; once's edge reads y and writes x.
	var creates []string
	for _, e := range p.Main().Edges {
		if e.Kind == cfa.Create {
			creates = append(creates, e.String())
		}
	}
	if strings.Join(creates, "; ") != "main::a := create once(0); main::b := create twice(1); main::b := create twice(1); main::c := create many(0)" {
		t.Errorf("creates: %q", creates)
	}
	found := false
	for _, e := range tmpl(t, p, "once").Edges {
		if e.Kind == cfa.Assign && len(e.Writes) == 1 && e.Writes[0].Name == "x" {
			found = true
			if len(e.Reads) != 1 || e.Reads[0].Name != "y" {
				t.Errorf("once: reads %v", e.Reads)
			}
		}
	}
	if !found {
		t.Errorf("once: no write of x:\n%s", p)
	}
	shared := map[string]bool{}
	for _, v := range p.SharedMemory() {
		shared[v.Name] = true
	}
	if !shared["x"] || !shared["y"] {
		t.Errorf("shared: %v", shared)
	}

	// Only main.
	p = mustParse(t, "int g; int main() { g = 1; return 0; }")
	if len(p.Templates) != 1 || p.Main().Mult.String() != "1" {
		t.Errorf("single: %v", p)
	}
	// Created once.
	p = mustParse(t, hdr+"void *f(void *a) { return 0; } int main() { pthread_t t; pthread_create(&t, 0, f, 0); pthread_join(t, 0); return 0; }")
	if m := tmpl(t, p, "f").Mult; m.Unbounded || m.Count != 1 {
		t.Errorf("once: %v", m)
	}
}

func atomicCount(c *cfa.CFA) int {
	n := 0
	for _, l := range c.Locs {
		if l.Atomic {
			n++
		}
	}
	return n
}

func TestAtomic(t *testing.T) {
	src := hdr + `
int g, h;
typedef unsigned char __nesc_atomic_t;
__nesc_atomic_t __nesc_atomic_start(void);
void __nesc_atomic_end(__nesc_atomic_t s);
void __VERIFIER_atomic_inc(void) { g++; h++; }
int main() {
  g = 1;
  __VERIFIER_atomic_begin();
  g = 2;
  h = 3;
  __VERIFIER_atomic_end();
  __VERIFIER_atomic_inc();
  { __nesc_atomic_t s = __nesc_atomic_start(); g = 5; __nesc_atomic_end(s); }
  return 0;
}
`
	p := mustParse(t, src)
	c := p.Main()
	// Every write of g or h except the first happens from an atomic location.
	for _, e := range c.Edges {
		if len(e.Writes) == 0 {
			continue
		}
		want := !(e.Kind == cfa.Assign && e.RHS.String() == "1")
		if c.Locs[e.From].Atomic != want {
			t.Errorf("edge %s at %v: atomic source %v, want %v", e, e.Pos, c.Locs[e.From].Atomic, want)
		}
	}
	// begin edges: non-atomic -> atomic; end edges: atomic -> non-atomic.
	var begins, ends int
	for _, e := range c.Edges {
		if e.Kind != cfa.Skip {
			continue
		}
		from, to := c.Locs[e.From].Atomic, c.Locs[e.To].Atomic
		switch {
		case !from && to:
			begins++
		case from && !to:
			ends++
		}
	}
	if begins != 3 || ends != 3 {
		t.Errorf("begins %d ends %d\n%s", begins, ends, p)
	}
	if n := atomicCount(c); n < 5 {
		t.Errorf("atomic locations: %d\n%s", n, p)
	}
	if c.Locs[c.Entry].Atomic {
		t.Error("entry is atomic")
	}
}

// TestHandlerRegions: the locations between __CIRC_handler_enter and
// __CIRC_handler_exit, and only those, are handler locations, and
// __CIRC_await_no_handler becomes its own edge.
func TestHandlerRegions(t *testing.T) {
	src := hdr + `
void __CIRC_handler_enter(void);
void __CIRC_handler_exit(void);
void __CIRC_await_no_handler(void);
int g, h;
int main() {
  g = 1;
  __CIRC_handler_enter();
  h = 2;
  __CIRC_handler_exit();
  __CIRC_await_no_handler();
  g = 3;
  return 0;
}
`
	c := mustParse(t, src).Main()
	kinds := map[cfa.OpKind]int{}
	for _, e := range c.Edges {
		kinds[e.Kind]++
		inside := (e.Kind == cfa.Assign && e.LHS.Name == "h") || e.Kind == cfa.HandlerExit
		if c.Locs[e.From].Handler != inside {
			t.Errorf("edge %s at %v: handler source %v, want %v", e, e.Pos, c.Locs[e.From].Handler, inside)
		}
	}
	for _, k := range []cfa.OpKind{cfa.HandlerEnter, cfa.HandlerExit, cfa.AwaitNoHandler} {
		if kinds[k] != 1 {
			t.Errorf("%d %s edges, want 1", kinds[k], k)
		}
	}
}

func TestErrors(t *testing.T) {
	tests := []struct {
		name, src, want string
	}{
		{"syntax", "int main() {\n  int x = ;\n}\n", "t.c:2:11: "},
		// cc joins L"\x41" L"B" into L"\x41B": a hex escape of three
		// digits may be two literals.
		{"wide-string-long-hex-escape", "#include <wchar.h>\nconst wchar_t *s = L\"\\x41\" L\"B\";\nint main() {\n  return s[0];\n}\n", "t.c:2:20: unsupported: wide string literal L\"\\x41B\": a hex escape of more than two digits"},
		// Initializing an int, the builtin's long value would be
		// narrowed where cc sees no conversion.
		{"sync-builtin-long-value-into-int", "long big;\nint main() {\n  int v = __sync_fetch_and_add(&big, 1);\n  return v;\n}\n", "t.c:3:11: unsupported: the value of __sync_fetch_and_add on an object of type long (circ's C front end types it int)"},
		// cc reads L"\xc3\xa9" as one UTF-8 char: its sizeof would be
		// 8, not 12.
		{"wide-string-length-cc-miscounts", "#include <wchar.h>\nint n = sizeof(L\"\\xc3\\xa9\");\nint main() {\n  return n;\n}\n", "t.c:2:16: unsupported: wide string literal L\"\\xc3\\xa9\": cc/v4 counts 2 elements where C has 3"},
		{"complex", "int main() {\n  _Complex double f;\n  return 0;\n}\n", "t.c:2:19: unsupported: complex variable f"},
		// A recursion circ runs as a loop back to the first call
		// (recursion.go) must not need the frames it merges apart.
		{"recursion-pointer-used-after-return", "int g;\nvoid walk(char *p, int n) {\n  char buf[4];\n  if (n <= 0)\n    return;\n  buf[0] = (char)n;\n  walk(buf, n - 1);\n  g = buf[0] + p[0];\n}\nint main() {\n  char s[4] = \"ab\";\n  walk(s, 2);\n  return g;\n}\n",
			"t.c:7:3: unsupported: recursive call to walk, after which its caller still uses p, which may hold an address (circ merges the calls' frames)"},
		{"recursion-local-address-kept-in-global", "char *last;\nint g;\nvoid rec(int n) {\n  char buf[4];\n  buf[0] = (char)n;\n  last = buf;\n  if (n > 0)\n    rec(n - 1);\n  g = n;\n}\nint main() {\n  rec(2);\n  return g;\n}\n",
			"t.c:8:5: unsupported: recursive function rec keeps rec::buf in memory, whose address last holds (circ merges the calls' frames)"},
		{"recursion-variadic-argument-into-memory", "#include <stdio.h>\n#include <stdarg.h>\nchar name[4];\nvoid logf2(int depth, const char *fmt, ...) {\n  va_list ap;\n  va_start(ap, fmt);\n  vprintf(fmt, ap);\n  va_end(ap);\n  if (depth < 2)\n    logf2(depth + 1, \"%s\", name);\n}\nint main() {\n  logf2(0, \"x\");\n  return 0;\n}\n",
			"t.c:10:5: unsupported: recursive call to logf2 with variadic argument name, which points to name (circ reads the first call's variadic arguments)"},
		// Constants the layout decides, folded before settle's check.
		{"constant-address-ordered-against-number", "#include <stdint.h>\nint g, x;\nint main() {\n  if ((uintptr_t)&g > 0x100000000ul) x = 2;\n  return x;\n}\n",
			"t.c:4:7: unsupported: (uintptr_t)&g > 0x100000000ul may order an address against a number (where the object lies is the machine's)"},
		{"constant-addresses-of-two-globals-ordered", "#include <stdint.h>\nint a, x;\nint b = 1;\nint main() {\n  if ((uintptr_t)&a > (uintptr_t)&b) x = 2;\n  return x;\n}\n",
			"t.c:5:7: unsupported: (uintptr_t)&a > (uintptr_t)&b may order addresses of two objects (C leaves their order unspecified)"},
		{"recursion-calling-setjmp", "#include <setjmp.h>\nint a, z;\nint *q = &z;\njmp_buf env;\nvoid f(int k) {\n  if (k) {\n    if (setjmp(env)) { if (k) a = 1; return; }\n    f(0);\n  } else {\n    *q = 0;\n    longjmp(env, 1);\n  }\n}\nint main() {\n  f(1);\n  return 0;\n}\n",
			"t.c:15:3: unsupported: recursive function f calls setjmp"},
		// A recursion that never returns is checked too.
		{"recursion-never-returning-keeps-local-address", "#include <stdlib.h>\nint x;\nint *gp;\nvoid f(int n) {\n  int a = n;\n  if (n == 1) { gp = &a; f(0); }\n  if (*gp == 1) x = 1;\n  exit(0);\n}\nint main() {\n  f(1);\n  return 0;\n}\n",
			"t.c:6:26: unsupported: recursive function f keeps f::a in memory, whose address gp holds (circ merges the calls' frames)"},
		{"recursion-with-local-mutex", "#include <pthread.h>\nint g;\nint *q = &g;\nint f(int n) {\n  pthread_mutex_t m;\n  pthread_mutex_init(&m, 0);\n  *q = n;\n  return n > 0 ? f(n - 1) : 0;\n}\nint main() {\n  return f(3);\n}\n",
			"t.c:11:10: unsupported: recursive function f has m, which is no plain data"},
		{"no-main", "int g;\n", "t.c:0:0: no main function"},
		{"cleanup-handlers-with-cancel", "#include <pthread.h>\nvoid done(void *a) {}\nvoid *w(void *a) {\n  pthread_cleanup_push(done, 0);\n  pthread_cleanup_pop(1);\n  return 0;\n}\nint main() {\n  pthread_t t;\n  pthread_create(&t, 0, w, 0);\n  pthread_cancel(t);\n  return 0;\n}\n",
			"t.c:4:3: unsupported: cleanup handlers (pthread_cleanup_push) in a program that cancels threads"},
		{"nesting", "void __VERIFIER_atomic_begin(void);\nvoid __VERIFIER_atomic_end(void);\nint g;\nint main() {\n  if (g)\n    __VERIFIER_atomic_begin();\n  g = 1;\n  return 0;\n}\n", "t.c:5:3: atomic section not well nested"},
		{"end-without-begin", "void __VERIFIER_atomic_end(void);\nint main() {\n  __VERIFIER_atomic_end();\n  return 0;\n}\n", "t.c:3:3: atomic section not well nested"},
		{"handler-exit-outside", "void __CIRC_handler_exit(void);\nint main() {\n  __CIRC_handler_exit();\n  return 0;\n}\n", "t.c:3:3: handler region not well nested: exit outside a handler region"},
		{"handler-nested", "void __CIRC_handler_enter(void);\nint main() {\n  __CIRC_handler_enter();\n  __CIRC_handler_enter();\n  return 0;\n}\n", "t.c:4:3: handler region not well nested: handler regions cannot nest in one thread"},
		{"handler-join", "void __CIRC_handler_enter(void);\nint g;\nint main() {\n  if (g)\n    __CIRC_handler_enter();\n  g = 1;\n  return 0;\n}\n", "t.c:5:5: handler region not well nested: paths join inside and outside a handler region"},
		{"thread-specific-data-destructor", "#include <pthread.h>\n#include <stdlib.h>\npthread_key_t k;\nint main() {\n  pthread_key_create(&k, free);\n  return 0;\n}\n", "t.c:5:26: unsupported: pthread_key_create with a destructor"},
		{"robust-mutex", "#include <pthread.h>\npthread_mutexattr_t a;\nint main() {\n  pthread_mutexattr_setrobust(&a, PTHREAD_MUTEX_ROBUST);\n  return 0;\n}\n", "t.c:4:3: unsupported: pthread_mutexattr_setrobust (robust mutexes)"},
		// Bytes memcpy copies in whole may be a pointer's (one copied out
		// and back): they stay any address, not a number.
		{"pointer-bytes-copied-back", "#include <string.h>\nint a;\nint main(int argc, char **argv) {\n  int *p = &a, *q = 0;\n  unsigned char buf[sizeof p];\n  memcpy(buf, &p, sizeof p);\n  memcpy(&q, buf, argc);\n  *q = 2;\n  return 0;\n}\n",
			"t.c:8:3: unsupported: *q may point anywhere"},
		// A floating-point value is a number only while no address
		// converts to one (checkFloatSources).
		{"address-converted-to-double", "int x;\ndouble d;\nint main(void) {\n  d = (double)(long)&x * 2.0;\n  return 0;\n}\n",
			"t.c:4:7: unsupported: conversion to floating point of (long)&x, which may be an address"},
		{"address-stored-in-double", "int x;\ndouble d;\nint main(void) {\n  d = (long)&x;\n  return 0;\n}\n",
			"t.c:4:3: unsupported: floating-point object d may be given an address"},
		{"address-added-to-double", "int x;\nint main(void) {\n  long p = (long)&x;\n  p += 1.0;\n  return 0;\n}\n",
			"t.c:4:3: unsupported: conversion to floating point of p, which may be an address"},
		// A value computed in doubles is a number, so a pointer made of it
		// points to no object (it was any address, rejected as such).
		{"pointer-made-from-a-double", "double d = 2.0;\nint main(void) {\n  long x = (long)(d * 2);\n  int *p = (int *)x;\n  *p = 1;\n  return 0;\n}\n",
			"t.c:5:3: unsupported: *p never points to an object here (uninitialized?); circ does not check past undefined behaviour"},
		{"address-passed-as-double", "int x;\ndouble half(double v) { return v / 2; }\nint main(void) {\n  long p = (long)&x;\n  return (int)half(p);\n}\n",
			"t.c:5:15: unsupported: conversion to floating point of p, which may be an address"},
		{"address-in-an-initializer-list-of-a-double", "long x;\nstruct t { double f; int k; };\nint main(void) {\n  struct t v = { (long)&x, 1 };\n  return v.k;\n}\n",
			"t.c:4:18: unsupported: conversion to floating point of (long)&x, which may be an address"},
		{"address-written-over-a-union-double", "int x;\nunion u { double d; int *p; } u;\nint main(void) {\n  u.p = &x;\n  return 0;\n}\n",
			"t.c:4:3: unsupported: conversion to floating point of u.p, which may be an address"},
		// An undefined function's double may hold an address's bits,
		// as its integer may: every conversion of a double is then any
		// value.
		{"pointer-made-from-an-undefined-functions-double", "double get(void);\nint main(void) {\n  double d = get();\n  int *p = (int *)(long)d;\n  *p = 1;\n  return 0;\n}\n",
			"t.c:5:3: unsupported: *p may point anywhere"},
		// An asm that names a symbol returns its address.
		{"pointer-made-by-asm-naming-a-global", "long x;\nint main(void) {\n  long w;\n  __asm__(\"lea x(%%rip), %0\" : \"=r\"(w));\n  *(long *)w = 1;\n  return 0;\n}\n",
			"t.c:5:3: unsupported: *(long *)w may point anywhere"},
		{"pointer-made-from-rdtsc", "int main(void) {\n  long w;\n  __asm__ volatile(\"rdtsc\" : \"=a\"(w));\n  *(long *)w = 1;\n  return 0;\n}\n",
			"t.c:4:3: unsupported: *(long *)w never points to an object here (uninitialized?); circ does not check past undefined behaviour"},
		{"join-value-into-int", "#include <pthread.h>\nint r;\nvoid *f(void *p) { return 0; }\nint main() {\n  pthread_t t;\n  pthread_create(&t, 0, f, 0);\n  pthread_join(t, (void **)&r);\n  return 0;\n}\n", "t.c:7:19: unsupported: (void **)&r may point to r, of type int, accessed as pointer to void"},
		{"wrong-object", "#include <pthread.h>\npthread_mutex_t m;\nint main() {\n  pthread_rwlock_rdlock(&m);\n  return 0;\n}\n", "t.c:4:26: pthread_rwlock_rdlock: m is not a pthread_rwlock_t"},
		{"sync-object-value", "#include <semaphore.h>\nsem_t s;\nint main() {\n  sem_t t = s;\n  return 0;\n}\n", "t.c:4:13: unsupported: initializer of synchronization object t"},
		{"constructor-without-body", "int x;\n__attribute__((constructor)) void init(void);\nint main() { return x; }\n", "t.c:2:16: unsupported: init, which a constructor or destructor attribute names, has no body"},
		{"constructor-with-parameters", "int x;\n__attribute__((constructor)) void init(int a) { x = a; }\nint main() { return x; }\n", "t.c:2:35: unsupported: constructor or destructor init takes parameters"},
		{"msp430-nmi", "int g;\n__attribute__((interrupt(28))) void nmi(void) { g = 1; }\nint main() { g = 2; return 0; }\n", "t.c:2:16: unsupported: interrupt(28) is the MSP430's non-maskable interrupt"},
		{"cleanup", "void done(int *p) {}\nint main() {\n  int y __attribute__((cleanup(done))) = 3;\n  return 0;\n}\n", "t.c:3:24: unsupported: __attribute__((cleanup))"},
		{"packed-enum", "enum e { A, B } __attribute__((packed));\nenum e v;\nint main() { return v; }\n", "t.c:1:32: unsupported: packed enum"},
		{"mode-variable", "int v __attribute__((mode(DI)));\nint main() { return 0; }\n", "t.c:1:22: unsupported: __attribute__((mode))"},
		{"mode-typedef-used", "typedef unsigned u64 __attribute__((mode(DI)));\ntypedef u64 w;\nw *p;\nint main() { return 0; }\n", "t.c:2:13: unsupported: a type declared with __attribute__((mode))"},
		{"sizeof-packed-struct", "struct s { char c; int i; } __attribute__((packed));\nint main() { return sizeof(struct s); }\n", "t.c:2:21: unsupported: the layout of struct s"},
		{"sizeof-struct-holding-packed", "struct s { char c; int i __attribute__((packed)); };\nstruct o { struct s a[2]; };\nint k = sizeof(struct o);\nint main() { return k; }\n", "t.c:3:9: unsupported: the layout of struct s"},
		// Packing moves the union in o to offset 1 and makes o 5 bytes, though the union alone has no padding.
		{"sizeof-struct-holding-packed-union-without-padding", "union u { unsigned char b[4]; unsigned w; } __attribute__((packed));\nstruct o { char c; union u a; };\nint main() { return sizeof(struct o); }\n", "t.c:3:21: unsupported: the layout of union u"},
		// Packed, b starts at bit 7, not in a unit of its own at byte 2.
		{"sizeof-packed-struct-with-bit-fields-moved", "struct h { unsigned char a : 7; unsigned short b : 10; } __attribute__((packed));\nint main() { return sizeof(struct h); }\n", "t.c:2:21: unsupported: the layout of struct h"},
		{"alignof-packed-union-without-padding", "union u { unsigned char b[4]; unsigned w; } __attribute__((packed));\nint main() { return _Alignof(union u); }\n", "t.c:2:21: unsupported: the alignment of union u"},
		{"offsetof-packed-struct", "struct s { char c; int i; } __attribute__((packed));\nint main() { return __builtin_offsetof(struct s, i); }\n", "t.c:2:21: unsupported: the layout of struct s"},
		{"malloc-packed-struct", "#include <stdlib.h>\nstruct s { char c; int i; } __attribute__((packed));\nstruct s *p;\nint main() {\n  p = malloc(8);\n  return 0;\n}\n", "t.c:5:7: unsupported: malloc of struct s"},
		{"plain-pointer-to-atomic", "_Atomic int a;\nint *q = (int *)&a;\nint main() {\n  *q = 1;\n  return 0;\n}\n", "t.c:4:3: unsupported: atomic object a accessed through *q, whose type is not _Atomic"},
		{"plain-pointer-param-to-atomic", "_Atomic int a;\nvoid set(int *p) { p[0] = 1; }\nint main() {\n  set((int *)&a);\n  return 0;\n}\n", "t.c:2:20: unsupported: atomic object a accessed through p[0], whose type is not _Atomic"},
		{"atomic-pointer-to-plain", "int g;\n_Atomic int *q = (_Atomic int *)&g;\nint main() {\n  (*q)++;\n  return 0;\n}\n", "t.c:4:4: unsupported: plain object g accessed through *q, whose type is _Atomic"},
		{"atomic-pointer-to-block-allocated-plain", "#include <stdlib.h>\nint main() {\n  int *v = malloc(sizeof(int));\n  if (!v) return 0;\n  _Atomic int *a = (_Atomic int *)v;\n  *a = 1;\n  return 0;\n}\n", "t.c:6:3: unsupported: plain object malloc@t.c:3 accessed through *a, whose type is _Atomic"},
		{"plain-cast-of-atomic-at-constant-address", "_Atomic int ag;\nint main() {\n  *(int *)&ag = 5;\n  return 0;\n}\n", "t.c:3:3: unsupported: atomic object ag accessed through *(int *)&ag, whose type is not _Atomic"},
		{"plain-cast-of-atomic-array-element", "_Atomic int arr[2];\nint main() {\n  ((int *)arr)[1] = 7;\n  return 0;\n}\n", "t.c:3:3: unsupported: atomic object arr[1] accessed through ((int *)arr)[1]"},
		{"atomic-cast-of-plain-at-constant-address", "int pg;\nint main() {\n  *(_Atomic int *)&pg += 1;\n  return 0;\n}\n", "t.c:3:3: unsupported: plain object pg accessed through *(_Atomic int *)&pg, whose type is _Atomic"},
		{"atomic-builtin-through-pointer-of-other-signedness", "signed char sc = -1;\nint g;\nint main() {\n  unsigned char *up = (unsigned char *)&sc;\n  if (__atomic_load_n(up, __ATOMIC_SEQ_CST) == 255) g = 1;\n  return 0;\n}\n", "t.c:5:23: unsupported: __atomic_load_n on sc, of type signed char, through a pointer to unsigned char"},
		{"atomic-builtin-cast-to-other-signedness", "short s = -1;\nint main() {\n  return __atomic_fetch_add((unsigned short *)&s, 0, __ATOMIC_SEQ_CST);\n}\n", "t.c:3:29: unsupported: __atomic_fetch_add on s, of type short, through a pointer to unsigned short"},
		{"vla-typedef", "int g;\nint main() {\n  typedef int T[g];\n  return 0;\n}\n", "t.c:3:15: unsupported: typedef T of a variable-length array type"},
		{"pointer-to-vla", "int g;\nint main() {\n  int (*p)[g] = 0;\n  return p != 0;\n}\n", "t.c:3:9: unsupported: p of a type derived from a variable-length array"},
		{"vla-of-vlas", "int g;\nint main() {\n  int a[2][g];\n  return 0;\n}\n", "t.c:3:7: unsupported: variable-length array a whose elements are of variable size"},
		{"vla-cast", "int g;\nint main() {\n  return (int (*)[g])0 != 0;\n}\n", "t.c:3:11: unsupported: type name of a variable-length array type here"},
		{"sizeof-typedef-vla", "int g;\nint main() {\n  typedef int T[g];\n  return sizeof(T);\n}\n", "t.c:3:15: unsupported: typedef T of a variable-length array type"},
		{"plain-struct-pointer-to-atomic-struct", "struct S { int x; int y; };\n_Atomic struct S s;\nint main() {\n  struct S *p = (struct S *)&s;\n  p->x = 1;\n  return 0;\n}\n", "t.c:5:3: unsupported: atomic object s.x accessed through p->x, whose type is not _Atomic"},
		{"mode-member", "typedef struct S { int x __attribute__((mode(QI))); } T;\nstruct S v;\nint main() { return v.x; }\n", "t.c:1:41: unsupported: __attribute__((mode))"},
		{"struct-copy-into-atomic-through-unknown-pointer", "struct S { int x; int y; };\n_Atomic struct S a;\nstruct S *get(void) { return (struct S *)&a; }\nint main() {\n  struct S v = {1, 2};\n  *get() = v;\n  return 0;\n}\n", "t.c:6:3: unsupported: atomic object a.x written through a pointer"},
		{"pragma-pack", "#pragma pack(push, 1)\nstruct s { char c; int i; };\n#pragma pack(pop)\nint main() { return 0; }\n", "t.c:1:9: unsupported: #pragma pack"},
		{"memory-order-variable", "int x, o;\nint main() {\n  return __atomic_load_n(&x, o);\n}\n", "t.c:3:30: unsupported: __atomic_load_n with a memory order that is not a constant"},
		{"atomic-of-mutex", "#include <pthread.h>\npthread_mutex_t m;\nint main() {\n  __atomic_store_n(&m, 1, 5);\n  return 0;\n}\n", "t.c:4:21: __atomic_store_n: m is not an integer object"},
		{"int128-variable", "int main() {\n  unsigned __int128 u = 0;\n  return 0;\n}\n", "t.c:2:21: unsupported: 128-bit integer variable u"},
		{"atomic-value-of-unsigned", "_Atomic unsigned g;\nint x;\nint main() {\n  if (__atomic_load_n(&g, 5) > 0) x = 1;\n  return 0;\n}\n", "t.c:4:7: unsupported: the value of __atomic_load_n on an object of type unsigned"},
		{"struct-with-atomic-field-copied-through-pointer", "struct s { _Atomic int a; int b; } g;\nint main() {\n  struct s *p = &g;\n  struct s l = *p;\n  return l.b;\n}\n", "t.c:4:12: unsupported: copy of struct l through a pointer, which holds atomic field g.a"},
		{"thread-local-mutex", "#include <pthread.h>\n__thread pthread_mutex_t m;\nint main() {\n  pthread_mutex_lock(&m);\n  return 0;\n}\n", "t.c:2:26: unsupported: thread-local synchronization object variable m"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) { assertParseError(t, tc.src, tc.want) })
	}
}

// assertParseError checks that src (as t.c) is rejected with one line
// starting with want, as an *Error, never an internal error.
func assertParseError(t *testing.T, src, want string) {
	t.Helper()
	p, err := Parse("t.c", []byte(src))
	if err == nil {
		t.Fatalf("no error; program:\n%s", p)
	}
	var fe *Error
	if !errors.As(err, &fe) {
		t.Fatalf("error %T %v is not *Error", err, err)
	}
	if !strings.HasPrefix(err.Error(), want) {
		t.Errorf("got  %q\nwant %q...", err.Error(), want)
	}
	if strings.Contains(err.Error(), "\n") || strings.Contains(err.Error(), "cfront internal error") {
		t.Errorf("bad error %q", err.Error())
	}
}

func TestLoad(t *testing.T) {
	_, err := Load("/nonexistent/dir/x.c")
	var fe *Error
	if !errors.As(err, &fe) || err.Error() != "/nonexistent/dir/x.c:0:0: cannot read file: no such file or directory" {
		t.Errorf("missing file: %v", err)
	}
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "inc.h"), []byte("int g;\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, "a.c")
	if err := os.WriteFile(path, []byte("#include \"inc.h\"\nint main() { g = 1; return 0; }\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	p, err := Load(path)
	if err != nil {
		t.Fatal(err)
	}
	if p.Global("g") == nil || p.File != path {
		t.Errorf("program: %v", p)
	}
	// A .i file: already preprocessed, with line markers; linux is an
	// ordinary name there.
	ipath := filepath.Join(dir, "b.i")
	src := "# 1 \"b.c\"\nint linux;\nint main() { linux = 2; return 0; }\n"
	if err := os.WriteFile(ipath, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	p, err = Load(ipath)
	if err != nil {
		t.Fatal(err)
	}
	if p.Global("linux") == nil {
		t.Errorf("program: %v", p)
	}
	if pos := p.Main().Edges[0].Pos.String(); pos != "b.c:2:14" {
		t.Errorf(".i position %s, want b.c:2:14 (line markers)", pos)
	}
	_, err = Parse("c.i", []byte("# 1 \"c.c\"\nint main() {\n  _Complex double f;\n  return 0;\n}\n"))
	if err == nil || err.Error() != "c.c:2:19: unsupported: complex variable f" {
		t.Errorf(".i error: %v", err)
	}
}

func TestPositionsAndLocals(t *testing.T) {
	src := "int g;\nint f(int a) {\n  int b = a + g;\n  return b;\n}\nint main() {\n  g = f(1) + f(2);\n  return 0;\n}\n"
	p := mustParse(t, src)
	c := p.Main()
	names := map[string]bool{}
	for _, v := range c.Locals {
		if v.Global {
			t.Errorf("local %s is global", v.Name)
		}
		if names[v.Name] {
			t.Errorf("duplicate local %s", v.Name)
		}
		names[v.Name] = true
	}
	if !names["f::a"] || !names["f::a#2"] || !names["f::b"] || !names["f::b#2"] {
		t.Errorf("locals: %v", names)
	}
	for _, e := range c.Edges {
		if e.Pos.File != "t.c" || e.Pos.Line == 0 {
			t.Errorf("edge %s has position %v", e, e.Pos)
		}
	}
	for _, l := range c.Locs {
		if l.Pos.File != "t.c" {
			t.Errorf("location %d has position %v", l.ID, l.Pos)
		}
	}
	// Conditions become two assume edges, c and !c.
	p = mustParse(t, "int g;\nint main() {\n  if (g > 1) g = 0;\n  return 0;\n}\n")
	var conds []string
	for _, e := range p.Main().Edges {
		if e.Kind == cfa.Assume {
			conds = append(conds, e.Cond.String()+"@"+e.Pos.String())
		}
	}
	if strings.Join(conds, " ") != "g > 1@t.c:3:7 !(g > 1)@t.c:3:7" {
		t.Errorf("conditions: %v", conds)
	}
}

// TestLiveLocals: a local is live where it may still be read before being
// written: an inlined callee's locals die when it returns, a loop counter
// lives through its loop, and a local read before its first write in a
// loop body lives around the whole loop.
func TestLiveLocals(t *testing.T) {
	src := hdr + `
int g;
int get(void) { int r = g; return r + 1; }
void *w(void *arg) {
  int n = 0;
  int stale;
  while (n < 3) {
    g = stale;
    stale = get();
    n = n + 1;
  }
  return 0;
}
int main(void) { pthread_t a; pthread_create(&a, 0, w, 0); return 0; }
`
	p := mustParse(t, src)
	w := tmpl(t, p, "w")
	local := func(name string) *cfa.Var {
		for _, v := range w.Locals {
			if v.CName == name || v.Name == name {
				return v
			}
		}
		t.Fatalf("no local %s in %v", name, w.Locals)
		return nil
	}
	// liveWhere reports at which locations writing g (the loop body's
	// first statement) the local is live.
	at := func(pred func(e *cfa.Edge) bool) int {
		for _, e := range w.Edges {
			if pred(e) {
				return e.From
			}
		}
		t.Fatalf("no such edge in\n%s", p)
		return -1
	}
	writeG := at(func(e *cfa.Edge) bool { return e.Kind == cfa.Assign && e.LHS.Name == "g" })
	exit := at(func(e *cfa.Edge) bool { return e.Kind == cfa.Exit })
	var r *cfa.Var
	for _, v := range w.Locals {
		if strings.HasPrefix(v.Name, "get::r") {
			r = v
		}
	}
	if r == nil {
		t.Fatalf("no inlined local get::r in %v", w.Locals)
	}
	tests := []struct {
		v    *cfa.Var
		loc  int
		want bool
	}{
		{local("n"), writeG, true},
		{local("stale"), writeG, true}, // read before written in the body
		{r, writeG, false},             // get's local is dead outside get
		{local("n"), exit, false},
		{local("stale"), exit, false},
	}
	vars := []*cfa.Var{local("n"), local("stale"), r}
	live := w.Live(vars)
	for _, tc := range tests {
		if got := live.Has(tc.loc, slices.Index(vars, tc.v)); got != tc.want {
			t.Errorf("%s live at L%d = %v, want %v\n%s", tc.v.Name, tc.loc, got, tc.want, p)
		}
	}
}

// TestHavocRangesFitTheirVariables loads every test program, example
// and nesC model and wants every havoc's range inside its variable's C
// type: the engines read a variable's type as the range of its values,
// so a wider havoc would give a variable a value C cannot store in it.
func TestHavocRangesFitTheirVariables(t *testing.T) {
	var files []string
	for pat, min := range map[string]int{"../../testdata/programs/*.c": 100, "../../examples/*.c": 1, "../../nesc-models/*.c": 1} {
		files = append(files, expect.Programs(t, pat, min)...)
	}
	for _, f := range files {
		p, err := Load(f)
		if err != nil {
			continue // a program the front end rejects on purpose
		}
		for _, c := range p.Templates {
			for _, e := range c.Edges {
				if e.Kind != cfa.Havoc || !e.LHS.Int.Valid() {
					continue
				}
				min, max, hasMax := e.LHS.Int.Bounds()
				lo, loOK := e.Lo.(cfa.Const)
				hi, hiOK := e.Hi.(cfa.Const)
				if !loOK || lo.Val < min || (hasMax && (!hiOK || hi.Val > max)) {
					t.Errorf("%s: %s: havoc %s in [%v, %v] exceeds %s", f, e.Pos, e.LHS, e.Lo, e.Hi, e.LHS.Int)
				}
			}
		}
	}
}

// TestBlocksOfSitesThatAllocateMoreThanOnce: a site that allocates
// blocks of a size known only at run time more than once (strdup in a
// loop, alloca in a loop, realloc growth) is accepted as one summary of
// its blocks (cfa.Object.Block); blocks a thread that runs more than
// once keeps to itself are its locals; an array of large rows is a
// summary of its scalars.
func TestBlocksOfSitesThatAllocateMoreThanOnce(t *testing.T) {
	const loop = "extern int __VERIFIER_nondet_int(void);\n"
	tests := []struct {
		name, src, object string
		private           bool // the blocks' cells are locals of their thread
	}{
		{"strdup in a loop", loop + "#include <string.h>\nchar *last;\nint main(void) {\n  while (__VERIFIER_nondet_int())\n    last = strdup(\"x\");\n  return 0;\n}\n", "strdup@t.c:6", false},
		{"realloc growth", loop + "#include <stdlib.h>\nint *a; int n;\nint main(void) {\n  while (__VERIFIER_nondet_int()) {\n    int *g = realloc(a, sizeof(int) * (n + 1));\n    if (!g) break;\n    a = g; a[n++] = 1;\n  }\n  return 0;\n}\n", "realloc@t.c:6", false},
		{"malloc in unboundedly many threads, shared", "#include <pthread.h>\n#include <stdlib.h>\nint *g;\nvoid *w(void *a) {\n  g = malloc(__VERIFIER_nondet_int() * sizeof(int));\n  return 0;\n}\nint main(void) {\n  pthread_t h;\n  while (1) pthread_create(&h, 0, w, 0);\n}\n", "malloc@t.c:5", false},
		{"alloca in a worker's loop", loop + "#include <alloca.h>\n#include <pthread.h>\nvoid *w(void *arg) {\n  while (__VERIFIER_nondet_int()) {\n    char *b = alloca(__VERIFIER_nondet_int() & 7);\n    b[0] = 1;\n  }\n  return 0;\n}\nint main(void) {\n  pthread_t t1, t2;\n  pthread_create(&t1, 0, w, 0);\n  pthread_create(&t2, 0, w, 0);\n  return 0;\n}\n", "alloca@t.c:6", true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := mustParse(t, tc.src)
			var o *cfa.Object
			for _, x := range p.Memory.Objects {
				if x.Name == tc.object {
					o = x
				}
			}
			if o == nil || o.Block == nil || !o.Elements() {
				t.Fatalf("no summary of the blocks of %s: %+v", tc.object, o)
			}
			if private := !o.Cells[0].Global; private != tc.private {
				t.Errorf("%s's cells private = %v, want %v", tc.object, private, tc.private)
			}
		})
	}
	// A worker's large buffer is its own; its length stays the
	// array's constant.
	p := mustParse(t, "#include <pthread.h>\nint g;\nvoid *w(void *a) {\n  char buf[100000];\n  buf[5] = 1;\n  g = buf[5];\n  return 0;\n}\nint main(void) {\n  pthread_t t1, t2;\n  pthread_create(&t1, 0, w, 0);\n  pthread_create(&t2, 0, w, 0);\n  return 0;\n}\n")
	for _, x := range p.Memory.Objects {
		if x.Elements() && x.Cells[0].Global {
			t.Errorf("%s: a worker's buffer is shared", x.Name)
		}
		if x.Elements() && (!x.Len.Global || x.Len.Init != 100000) {
			t.Errorf("%s: length %v (global %v), want the constant 100000", x.Name, x.Len.Init, x.Len.Global)
		}
	}
	p = mustParse(t, "char rows[9][8193];\nint main(void) {\n  rows[3][17] = 1;\n  return rows[8][8192];\n}\n")
	o := p.Memory.Objects[0]
	for _, x := range p.Memory.Objects {
		if x.Name == "rows" {
			o = x
		}
	}
	if o.Name != "rows" || o.Stride != 1 || o.Len.Init != 9*8193 {
		t.Errorf("rows: stride %d, length %v, want a summary of 9*8193 chars", o.Stride, o.Len)
	}
}
