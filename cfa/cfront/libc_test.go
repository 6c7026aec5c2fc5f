package cfront

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"circ/cfa"
	"circ/include"
)

// TestCallErrors: calls circ cannot model exactly (what an undefined
// function does to memory, setjmp, memory functions without a type or
// a constant size, calls through pointers that never hold a function)
// are errors at their position.
func TestCallErrors(t *testing.T) {
	tests := []struct {
		name, src, want string
	}{
		// A mapping that may alias memory the program has is no fresh
		// block.
		{"mmap-at-fixed-address", "#include <sys/mman.h>\nint page[1024];\nint main(void) {\n  int *p = mmap(page, 4096, PROT_READ | PROT_WRITE, MAP_FIXED | MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);\n  return p[0];\n}\n",
			"t.c:4:53: unsupported: mmap at a fixed address, which may overlay memory the program has"},
		{"mmap-shared-file", "#include <sys/mman.h>\nint main(int argc, char **argv) {\n  int *p = mmap(0, 4096, PROT_READ, MAP_SHARED, argc, 0);\n  return p[0];\n}\n",
			"t.c:3:37: unsupported: a shared mapping of a file, which another mapping of it aliases"},
		{"mmap-flags-not-constant", "#include <sys/mman.h>\nint main(int argc, char **argv) {\n  int *p = mmap(0, 4096, PROT_READ, argc, -1, 0);\n  return p[0];\n}\n",
			"t.c:3:37: unsupported: mmap flags that are not a constant"},
		// sscanf's literal format says what each argument receives.
		{"sscanf-float", "#include <stdio.h>\nfloat f;\nint main(int argc, char **argv) {\n  return sscanf(argv[0], \"%f\", &f);\n}\n",
			"t.c:4:32: unsupported: sscanf into pointer to float"},
		{"sscanf-string-into-int", "#include <stdio.h>\nint v;\nint main(int argc, char **argv) {\n  return sscanf(argv[0], \"%s\", &v);\n}\n",
			"t.c:4:32: unsupported: sscanf of %s into pointer to int"},
		{"sscanf-unknown-conversion", "#include <stdio.h>\nint v;\nint main(int argc, char **argv) {\n  return sscanf(argv[0], \"%y\", &v);\n}\n",
			"t.c:4:26: unsupported: a scanf conversion circ does not know: %y"},
		{"sscanf-unclosed-scan-set", "#include <stdio.h>\nchar b[4];\nint main(int argc, char **argv) {\n  return sscanf(argv[0], \"%3[abc\", b);\n}\n",
			"t.c:4:26: unsupported: a scanf format circ cannot read (an unclosed scan set)"},
		// qsort and bsearch need the elements' type and size.
		{"qsort-of-untyped-array", "#include <stdlib.h>\nint cmp(const void *a, const void *b) { return 0; }\nint main(int argc, char **argv) {\n  void *p = argv;\n  qsort(p, 2, 8, cmp);\n  return 0;\n}\n",
			"t.c:5:9: unsupported: qsort of an array whose element type circ cannot tell (pointer to void)"},
		{"qsort-run-time-count-of-pointers", "#include <stdlib.h>\nint *v[4];\nint cmp(const void *a, const void *b) { return 0; }\nint main(int argc, char **argv) {\n  qsort(v, argc, sizeof v[0], cmp);\n  return 0;\n}\n",
			"t.c:5:12: unsupported: qsort of a run-time count of elements holding pointers, or of more than 256 cells of them"},
		{"qsort-size-not-the-elements", "#include <stdlib.h>\nint v[4];\nint cmp(const void *a, const void *b) { return 0; }\nint main(void) {\n  qsort(v, 2, 2, cmp);\n  return 0;\n}\n",
			"t.c:5:15: unsupported: qsort of elements of a size other than sizeof(int)"},
		{"external-receives-pointer-in-struct-by-value", "struct w { int *p; };\nint lib(struct w);\nint g;\nint main(void) {\n  struct w v = {&g};\n  return lib(v);\n}\n",
			"t.c:6:14: unsupported: undefined function lib receives pointer arg.p in v, passed by value"},
		{"external-receives-void-pointer", "int foo(void *);\nint g;\nint main(void) {\n  void *p = &g;\n  return foo(p);\n}\n",
			"t.c:5:14: unsupported: undefined function foo receives p, a pointer to void"},
		{"external-may-follow-void-pointer", "struct job { int v; void *data; };\nvoid run(struct job *);\nstruct job a;\nint main(void) {\n  run(&a);\n  return 0;\n}\n",
			"t.c:5:3: unsupported: undefined function run may follow a.data, a pointer to void it reaches through &a"},
		{"external-follows-too-many-pointers", "int x;\nint *p1 = &x;\nint **p2 = &p1;\nint ***p3 = &p2;\nint ****p4 = &p3;\nvoid lib(int *****);\nint main(void) {\n  lib(&p4);\n  return 0;\n}\n",
			"t.c:8:3: unsupported: undefined function lib may follow pointer p1, more than 3 pointers away from &p4"},
		{"external-integer-holds-address", "#include <stdint.h>\nvoid lib(uintptr_t cookie);\nint x;\nint main(void) {\n  lib((uintptr_t)&x);\n  return 0;\n}\n",
			"t.c:5:7: unsupported: undefined function lib receives (uintptr_t)&x, an integer that may hold an address"},
		{"external-reaches-integer-holding-address", "#include <stdint.h>\nstruct ev { int events; uintptr_t data; };\nvoid ctl(struct ev *);\nint x;\nint main(void) {\n  struct ev e;\n  e.data = (uintptr_t)&x;\n  ctl(&e);\n  return 0;\n}\n",
			"t.c:8:3: unsupported: &e reaches main::e.data, an integer that may hold an address"},
		{"callback-pointer-argument-dereferenced-by-library", "struct job { int done; };\nvoid submit(void (*fn)(struct job *), struct job *j);\nvoid compute(struct job *j);\nstruct job j;\nvoid fn(struct job *p) { compute(p); }\nint main(void) {\n  submit(fn, &j);\n  return 0;\n}\n",
			"t.c:5:26: unsupported: p may point anywhere"},
		{"equal-string-literals-compared", "const char *a = \"ab\", *b = \"ab\";\nint main(void) {\n  return a == b;\n}\n",
			"t.c:3:3: unsupported: comparison of addresses that may both be string literals"},
		{"external-reaches-mutex", "#include <pthread.h>\nstruct dev { int n; pthread_mutex_t m; };\nvoid reset(struct dev *);\nstruct dev d;\nint main(void) {\n  reset(&d);\n  return 0;\n}\n",
			"t.c:6:3: unsupported: undefined function reset may reach d.m through &d, a synchronization object or thread handle"},
		{"external-reaches-handle", "#include <pthread.h>\nvoid *f(void *a) { return 0; }\nvoid foo(pthread_t *);\nint main(void) {\n  pthread_t t;\n  pthread_create(&t, 0, f, 0);\n  foo(&t);\n  pthread_join(t, 0);\n  return 0;\n}\n",
			"t.c:7:3: unsupported: undefined function foo may reach main::t through &t, a synchronization object or thread handle"},
		// inet_pton's family says how many bytes it stores.
		{"inet-pton-family-not-constant", "#include <arpa/inet.h>\nstruct in6_addr a;\nint main(int argc, char **argv) {\n  return inet_pton(argc, \"::1\", &a);\n}\n",
			"t.c:4:20: unsupported: inet_pton with an address family that is not a constant"},
		// A library's memory read through another struct is any value
		// (TestLibraryMemoryReadThroughAnotherStruct); a write there
		// would leave circ's cells of it stale.
		{"library-memory-written-through-another-struct", "#include <netdb.h>\n#include <netinet/in.h>\nint main(void) {\n  struct addrinfo *res;\n  if (getaddrinfo(\"localhost\", \"80\", 0, &res) == 0)\n    ((struct sockaddr_in *)res->ai_addr)->sin_port = 5;\n  return 0;\n}\n",
			"t.c:6:5: unsupported: ((struct sockaddr_in *)res->ai_addr)->sin_port may point to extern(struct_sockaddr).sa_data[0], of type char, accessed as in_port_t"},
		{"external-returns-void-pointer", "void *get(void);\nint main(void) {\n  return *(int *)get();\n}\n",
			"t.c:3:18: unsupported: undefined function get returns pointer"},
		{"free-library-object", "#include <stdlib.h>\nstruct s { int a; };\nstruct s *s_new(void);\nint main(void) {\n  struct s *p = s_new();\n  free(p);\n  return 0;\n}\n",
			"t.c:6:3: unsupported: p may free or step past extern(struct_s), memory of a library"},
		{"library-keeps-program-address", "struct slot { int *data; };\nstruct slot *get_slot(void);\nstatic int counter;\nint main(void) {\n  get_slot()->data = &counter;\n  return 0;\n}\n",
			"t.c:5:3: unsupported: the program stores the address of counter into extern(struct_slot).data"},
		{"library-condition-variable", "#include <pthread.h>\nstruct q { pthread_mutex_t m; pthread_cond_t c; };\nstruct q *get(void);\nint main(void) {\n  struct q *p = get();\n  pthread_cond_signal(&p->c);\n  return 0;\n}\n",
			"t.c:6:23: unsupported: pthread_cond_t in memory of a library (extern(struct_q).c)"},
		{"longjmp-without-setjmp-in-thread", "#include <setjmp.h>\njmp_buf env;\nint main(void) {\n  longjmp(env, 1);\n}\n",
			"t.c:4:3: unsupported: longjmp to a jmp_buf that no setjmp of this thread fills"},
		{"memset-untyped", "#include <string.h>\nint a[4];\nvoid *v = a;\nint main(void) {\n  memset(v, 0, 8);\n  return 0;\n}\n",
			"t.c:5:10: unsupported: memset through pointer to void (circ needs the object's type)"},
		{"memset-over-mutex-with-nonzero-byte", "#include <pthread.h>\n#include <string.h>\nstruct s { pthread_mutex_t m; int n; } s;\nint main(void) {\n  memset(&s, 1, sizeof s);\n  return 0;\n}\n",
			"t.c:5:14: unsupported: memset over pthread_mutex_t with a byte other than 0"},
		{"memset-over-semaphore", "#include <semaphore.h>\n#include <string.h>\nsem_t s;\nint main(void) {\n  memset(&s, 0, sizeof s);\n  return 0;\n}\n",
			"t.c:5:10: unsupported: memset over sem_t"},
		{"memset-over-recursive-mutex", "#define _GNU_SOURCE\n#include <pthread.h>\n#include <string.h>\npthread_mutex_t m = PTHREAD_RECURSIVE_MUTEX_INITIALIZER_NP;\nint main(void) {\n  memset(&m, 0, sizeof m);\n  return 0;\n}\n",
			"t.c:6:10: unsupported: memset over m, a recursive mutex"},
		// A copy of a run-time size from a struct of the program may
		// read past the struct, into cells circ cannot tell apart.
		{"memcpy-run-time-size-past-program-struct", "#include <string.h>\nstruct pair { int a, b; } src;\nstruct pair dst;\nint main(int argc, char **argv) {\n  memcpy(&dst, &src, argc);\n  return 0;\n}\n",
			"t.c:5:3: unsupported: memcpy of more bytes than sizeof(struct pair {a int; b int}) from &src, which may point into src"},
		// Into a pointer to an array's element, a size past the element
		// goes on into the next one.
		{"memcpy-run-time-size-into-array-element", "#include <string.h>\nstruct pair { int a, b; } arr[2];\nchar buf[16];\nvoid fill(struct pair *d, int n) {\n  memcpy(d, buf, n);\n}\nint main(int argc, char **argv) {\n  fill(&arr[0], argc);\n  return 0;\n}\n",
			"t.c:5:3: unsupported: memcpy of a size that is not a constant into d, which may point into arr, whose bytes go on after it"},
		// Into a union's shorter member, a size past it is defined: the
		// longer member's bytes follow.
		{"memcpy-run-time-size-into-short-union-member", "#include <string.h>\nunion u { struct { int a, b, c; } big; struct { int a; } small; } u;\nchar buf[16];\nint main(int argc, char **argv) {\n  memcpy(&u.small, buf, argc);\n  return 0;\n}\n",
			"t.c:5:3: unsupported: memcpy of a size that is not a constant into &u.small, which may point into u, whose bytes go on after it"},
		// argv is an array of the library's: past its first element,
		// the others.
		{"memcpy-run-time-size-from-argv", "#include <string.h>\nchar *saved[4];\nint main(int argc, char **argv) {\n  memcpy(saved, argv, argc);\n  return 0;\n}\n",
			"t.c:4:3: unsupported: memcpy of more bytes than sizeof(pointer to char) from argv, which may point into argv"},
		{"memcpy-of-mutex", "#include <pthread.h>\n#include <string.h>\npthread_mutex_t a, b;\nint main(void) {\n  memcpy(&a, &b, sizeof a);\n  return 0;\n}\n",
			"t.c:5:10: unsupported: memcpy over pthread_mutex_t"},
		{"call-through-null", "void (*fp)(void);\nint main(void) {\n  fp();\n  return 0;\n}\n",
			"t.c:3:3: unsupported: fp never points to a function here"},
		{"call-under-test-of-uninitialized-pointer", "int main(void) {\n  void (*fp)(void);\n  if (fp) fp();\n  return 0;\n}\n",
			"t.c:3:11: unsupported: fp never points to a function here"},
		{"call-through-pointer-to-undefined", "#include <stdlib.h>\nint (*fp)(void) = rand;\nint main(void) {\n  return fp();\n}\n",
			"t.c:4:10: unsupported: fp may call rand, which circ cannot call there"},
		{"join-value-dereferenced", "#include <pthread.h>\nint g;\nvoid *f(void *p) { return &g; }\nint main(void) {\n  pthread_t t;\n  void *status;\n  pthread_create(&t, 0, f, 0);\n  pthread_join(t, &status);\n  *(int *)status = 1;\n  return 0;\n}\n",
			"t.c:9:3: unsupported: *(int *)status may point anywhere"},
		{"join-value-next-to-a-known-target", "#include <pthread.h>\nint g, x;\nvoid *f(void *p) { return &g; }\nint main(void) {\n  pthread_t t;\n  int *r = &x;\n  pthread_create(&t, 0, f, 0);\n  pthread_join(t, (void **)&r);\n  *r = 1;\n  return 0;\n}\n",
			"t.c:9:3: unsupported: *r may point anywhere"},
		// A format circ cannot read may store a string of any length.
		{"scanf-into-char-array-by-unknown-format", "#include <stdio.h>\nchar buf[4];\nconst char *fmt = \"%3s\";\nint main(void) {\n  scanf(fmt, buf);\n  return 0;\n}\n",
			"t.c:5:14: unsupported: scanf into pointer to char"},
		{"external-with-extern-global", "extern int shared;\nvoid bump(void);\nint main(void) {\n  bump();\n  return shared;\n}\n",
			"t.c:4:3: unsupported: undefined function bump may access shared, which the program declares extern at t.c:1:12"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) { assertParseError(t, tc.src, tc.want) })
	}
}

// TestMemsetBeyondInt64IsHavocked: an unsigned 64-bit cell of all ones
// is beyond circ's int64 values, so memset leaves it unknown rather
// than store -1.
func TestMemsetBeyondInt64IsHavocked(t *testing.T) {
	p := mustParse(t, "#include <string.h>\nunsigned long flag;\nint main(void) {\n  memset(&flag, 0xff, sizeof flag);\n  return flag > 0;\n}\n")
	for _, e := range p.Main().Edges {
		if e.LHS != nil && e.LHS.Name == "flag" && e.Kind != cfa.Havoc {
			t.Errorf("memset stores %v", e)
		}
	}
}

// TestThreadRoutineCallsThroughPointer: a thread routine (itself
// address-taken) that calls through a pointer gets no arm for itself,
// so the call is not a recursion.
func TestThreadRoutineCallsThroughPointer(t *testing.T) {
	mustParse(t, "#include <pthread.h>\nint counter;\nstruct task { void (*fn)(void *); void *data; };\nvoid bump(void *d) { counter++; }\n"+
		"struct task tk = { bump, 0 };\nvoid *worker(void *arg) { struct task *t = arg; t->fn(t->data); return 0; }\n"+
		"int main(void) { pthread_t a; pthread_create(&a, 0, worker, &tk); return 0; }\n")
}

// TestMemoryFunctionsWriteCells: memset writes its byte into every byte
// of every cell it covers, as the cell's type reads them; memcpy copies
// cell by cell, through pointers whose targets the points-to analysis
// settles.
func TestMemoryFunctionsWriteCells(t *testing.T) {
	tests := []struct {
		name, src string
		want      map[string]int64
	}{
		{"memset", "#include <string.h>\nstruct s { int a; unsigned char b; short c[2]; } s;\nint tail = 7;\n" +
			"int main(void) {\n  memset(&s, 255, sizeof s);\n  return 0;\n}\n",
			map[string]int64{"s.a": -1, "s.b": 255, "s.c[0]": -1, "s.c[1]": -1, "tail": 7}},
		{"memcpy", "#include <string.h>\nint src[3] = {4, 5, 6};\nint dst[3];\n" +
			"int main(void) {\n  int *from = src;\n  memcpy(dst, from + 1, 2 * sizeof(int));\n  return 0;\n}\n",
			map[string]int64{"dst[0]": 5, "dst[1]": 6, "dst[2]": 0}},
		{"__builtin_memset", "int a[2] = {3, 4};\nint main(void) {\n  __builtin_memset(a, 0, sizeof a);\n  return 0;\n}\n",
			map[string]int64{"a[0]": 0, "a[1]": 0}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := mustParse(t, tc.src)
			vals, failed := run(t, p)
			if failed {
				t.Fatalf("%s stopped with an error:\n%v", tc.name, p)
			}
			for name, w := range tc.want {
				if got := vals[name]; got != w {
					t.Errorf("%s = %d after %s, want %d", name, got, tc.name, w)
				}
			}
		})
	}
}

// TestIndirectCallKeepsOnlyPossibleTargets: a call through a pointer
// that only ever holds &inc inlines inc alone, though dec's address is
// taken too.
func TestIndirectCallKeepsOnlyPossibleTargets(t *testing.T) {
	p := mustParse(t, "int n;\nvoid inc(void) { n = n + 1; }\nvoid dec(void) { n = n - 1; }\n"+
		"void (*keep)(void) = dec;\nint main(void) {\n  void (*f)(void) = inc;\n  f();\n  return 0;\n}\n")
	vals, failed := run(t, p)
	if failed || vals["n"] != 1 {
		t.Fatalf("n = %d (error %v) after f(), want 1:\n%v", vals["n"], failed, p)
	}
	for _, e := range p.Main().Edges {
		if e.Kind == cfa.Assign && e.LHS.Name == "n" && strings.Contains(e.RHS.String(), "-") {
			t.Errorf("dec's body is still inlined at f(): %v", e)
		}
	}
}

// TestExternalCallbackRunsInNewThreads: a function handed to an
// undefined function may run in any number of new threads, and the
// assumption is listed among the approximations.
func TestExternalCallbackRunsInNewThreads(t *testing.T) {
	p := mustParse(t, "extern void later(void (*)(void));\nint n;\nvoid cb(void) { n = 1; }\nint main(void) {\n  later(cb);\n  return 0;\n}\n")
	creates := 0
	for _, e := range p.Main().Edges {
		if e.Kind == cfa.Create && e.Template.Name == "cb" {
			creates++
			if !p.Main().OnCycle(e) {
				t.Errorf("cb is created once, not any number of times")
			}
		}
	}
	if creates != 1 {
		t.Errorf("%d creations of cb, want 1:\n%v", creates, p)
	}
	if len(p.Approximations) == 0 || !strings.Contains(p.Approximations[0].Note, "may run cb in any number of new threads") {
		t.Errorf("approximations %v do not name the callback", p.Approximations)
	}
}

// TestExternalTouchesWholeObject: an undefined function given a pointer
// into an array may overwrite every element (C keeps its arithmetic
// inside the array, not inside the element), reads only through a
// pointer to const, runs the function pointers it reaches in new
// threads, and does nothing with a null pointer.
func TestExternalTouchesWholeObject(t *testing.T) {
	p := mustParse(t, `struct ops { void (*run)(void); int n; };
void fill(int *);
void show(const int *);
void setup(struct ops *);
int a[3], b[2], hits;
void cb(void) { hits = 1; }
struct ops ops = { cb, 0 };
int main(void) {
  fill(&a[1]);
  show(b);
  setup(&ops);
  fill(0);
  return 0;
}
`)
	var havocs, reads []string
	creates := 0
	for _, e := range p.Main().Edges {
		switch {
		case e.Kind == cfa.Havoc && e.LHS.Global:
			havocs = append(havocs, e.LHS.CName)
		case e.Kind == cfa.Assign:
			for _, v := range e.Reads {
				reads = append(reads, v.CName)
			}
		case e.Kind == cfa.Create && e.Template.Name == "cb":
			creates++
		}
	}
	sort.Strings(havocs)
	if got := strings.Join(havocs, " "); got != "a[0] a[1] a[2] ops.n" {
		t.Errorf("library writes %q, want a[0] a[1] a[2] ops.n", got)
	}
	sort.Strings(reads)
	if got := strings.Join(reads, " "); !strings.Contains(got, "b[0] b[1]") {
		t.Errorf("library reads %q, want b[0] b[1] among them", got)
	}
	if creates != 1 {
		t.Errorf("%d creations of cb through ops.run, want 1", creates)
	}
	for _, e := range p.Main().Edges {
		if e.Kind == cfa.Error {
			t.Errorf("a library's pointer argument stops the program: %v", e)
		}
	}
}

// TestRandUpdatesHiddenState: rand reads and writes its generator's
// state, which is what makes unsynchronized calls race.
func TestRandUpdatesHiddenState(t *testing.T) {
	p := mustParse(t, "#include <stdlib.h>\nint main(void) {\n  return rand() % 6;\n}\n")
	st := p.Global("rand::state")
	if st == nil {
		t.Fatalf("no rand::state global:\n%v", p)
	}
	for _, e := range p.Main().Edges {
		if e.LHS == st {
			return
		}
	}
	t.Errorf("rand() does not write rand::state:\n%v", p)
}

// TestCountingLoopIsUnrolled: a loop that fills a handle array gets one
// creation per iteration, for a constant handle cell, off any cycle; a
// loop whose body writes its counter, or whose bound is a variable,
// stays a loop (one creation arm per cell the address may designate).
func TestCountingLoopIsUnrolled(t *testing.T) {
	tests := []struct {
		name, body string
		creates    int
		cycle      bool
	}{
		{"counting", "for (i = 0; i < 3; i++) pthread_create(&h[i], 0, w, 0);", 3, false},
		{"declared-counter-le", "for (int j = 1; j <= 2; ++j) pthread_create(&h[j], 0, w, 0);", 2, false},
		{"body-writes-counter", "for (i = 0; i < 3; i++) { pthread_create(&h[i], 0, w, 0); i += 0; }", 3, true},
		{"bound-not-constant", "for (i = 0; i < n; i++) pthread_create(&h[i], 0, w, 0);", 3, true},
		{"range-overflows", "long long j; for (j = -9223372036854775807LL; j < 9223372036854775807LL; j++) pthread_create(&h[j + 9223372036854775807LL], 0, w, 0);", 3, true},
		{"unsigned-comparison", "unsigned u; for (u = 0; u < 3; u++) pthread_create(&h[u], 0, w, 0);", 3, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := mustParse(t, "#include <pthread.h>\npthread_t h[3];\nint n = 3;\nvoid *w(void *a) { return 0; }\nint main(void) {\n  int i;\n  "+tc.body+"\n  return 0;\n}\n")
			creates := 0
			for _, e := range p.Main().Edges {
				if e.Kind == cfa.Create {
					creates++
					if p.Main().OnCycle(e) != tc.cycle {
						t.Errorf("creation on a cycle: %v, want %v", !tc.cycle, tc.cycle)
					}
				}
			}
			if creates != tc.creates {
				t.Errorf("%d creation edges, want %d:\n%v", creates, tc.creates, p)
			}
		})
	}
}

// TestJoinValueIsUntracked: the value a joined thread returns reaches
// the joiner as an unknown value, listed as an approximation.
func TestJoinValueIsUntracked(t *testing.T) {
	p := mustParse(t, "#include <pthread.h>\nvoid *f(void *p) { return p; }\nint main(void) {\n  pthread_t t;\n  void *status;\n  pthread_create(&t, 0, f, 0);\n  pthread_join(t, &status);\n  return status != 0;\n}\n")
	found := false
	for _, a := range p.Approximations {
		found = found || strings.Contains(a.Note, "the value the thread returned is not tracked")
	}
	if !found {
		t.Errorf("no approximation for the join value: %v", p.Approximations)
	}
}

// TestLibraryPointerIsSummarized: a pointer from an undefined function
// reaches the library's summary of its type, whose tracked instance's
// cell is the variable accessed (its other instances through a scratch
// read marked untracked); the arms for cells it never reaches are gone.
func TestLibraryPointerIsSummarized(t *testing.T) {
	p := mustParse(t, "struct s { int a; int b; };\nstruct s *get(void);\nint main(void) {\n  return get()->b;\n}\n")
	b := p.Global("extern(struct_s).b")
	if b == nil || p.Global("extern(struct_s)::instance") == nil {
		t.Fatalf("no summary of struct s:\n%s", p)
	}
	var tracked, untracked bool
	for _, e := range p.Main().Edges {
		if e.Kind == cfa.Assign && e.RHS == (cfa.Ref{V: b}) {
			tracked = true
		}
		if e.Kind == cfa.Havoc && e.Like == b && e.Untracked {
			untracked = true
		}
		if e.Kind == cfa.Assume && strings.Contains(e.Cond.String(), "4096 +") {
			t.Errorf("arm for field a kept: %s", e)
		}
	}
	if !tracked || !untracked {
		t.Errorf("tracked arm %v, untracked arm %v:\n%s", tracked, untracked, p)
	}
}

// TestLibraryTypedefIsItsStruct: a typedef name and its struct are one
// library type, so pointers spelled either way reach one summary.
func TestLibraryTypedefIsItsStruct(t *testing.T) {
	p := mustParse(t, "struct s { int x; };\ntypedef struct s S;\nS *get1(void);\nstruct s *get2(void);\nint main(void) {\n  get1()->x = 1;\n  return get2()->x;\n}\n")
	if p.Global("extern(struct_s).x") == nil || p.Global("extern(struct_s).x#2") != nil {
		t.Errorf("want one summary of struct s:\n%s", p)
	}
}

// TestExternalResultMayPointIntoArguments: an undefined function that
// returns a T* and receives pointers may return an address inside what
// they point into (strchr, bsearch), besides its own objects.
func TestExternalResultMayPointIntoArguments(t *testing.T) {
	p := mustParse(t, "int *pick(int *a, int n);\nint arr[4];\nint main(void) {\n  int *r = pick(arr, 4);\n  if (r) *r = 1;\n  return 0;\n}\n")
	var written []string
	for _, e := range p.Main().Edges {
		if e.Kind == cfa.Assign && e.LHS.Global && strings.HasPrefix(e.LHS.Name, "arr[") {
			written = append(written, e.LHS.Name)
		}
	}
	sort.Strings(written)
	if strings.Join(written, " ") != "arr[0] arr[1] arr[2] arr[3]" {
		t.Errorf("*r may write %v, want every element of arr", written)
	}
}

// TestExternalStructResult: an undefined function's struct result has
// each member as a result of its own (a pointer into the argument it was
// given, here), and CIL's cast of a struct to its own const type is its
// value.
func TestExternalStructResult(t *testing.T) {
	p := mustParse(t, "struct mode { int width; int *buf; };\nstruct mode find(int *a);\nint arr[2];\nint main(void) {\n  struct mode m = find(arr);\n  struct mode c = (struct mode const)m;\n  *c.buf = c.width;\n  return 0;\n}\n")
	var havocked, written []string
	for _, e := range p.Main().Edges {
		switch {
		case e.Kind == cfa.Havoc && e.Note == "result of undefined function find":
			havocked = append(havocked, e.LHS.CName)
		case e.Kind == cfa.Assign && e.LHS.Global && strings.HasPrefix(e.LHS.Name, "arr["):
			written = append(written, e.LHS.Name)
		}
	}
	sort.Strings(written)
	if len(havocked) != 1 || !strings.HasSuffix(havocked[0], ".width") || strings.Join(written, " ") != "arr[0] arr[1]" {
		t.Errorf("havocked %v, *m.buf writes %v; want the width, and every element of arr", havocked, written)
	}
}

// TestLibraryGlobalsDeclaredInTheFile: a combined or preprocessed file
// declares the C library's own globals (stderr) in its own text; an
// undefined function may still be called, since what the library does
// with its globals touches nothing of the program's. Another global the
// file declares extern, does not define and names still stops it.
func TestLibraryGlobalsDeclaredInTheFile(t *testing.T) {
	const head = "struct _IO_FILE;\ntypedef struct _IO_FILE FILE;\nextern FILE *stderr;\nextern int gethostid(void);\n"
	if _, err := Parse("t.c", []byte(head+"int main(void) {\n  return gethostid();\n}\n")); err != nil {
		t.Errorf("stderr declared in the file: %v", err)
	}
	_, err := Parse("t.c", []byte(head+"extern int shared_counter;\nint main(void) {\n  return gethostid() + shared_counter;\n}\n"))
	if err == nil || !strings.Contains(err.Error(), "may access shared_counter") {
		t.Errorf("a program's own extern global: got %v, want an error naming shared_counter", err)
	}
}

// TestExternGlobalsAnUndefinedFunctionMayAccess: a global the program
// declares extern, does not define and names may be what an undefined
// function reads or writes, wherever the program declares it: in the
// file, in a header of its own, or in a block. One the library's
// headers declare, or one the program never names, is not.
func TestExternGlobalsAnUndefinedFunctionMayAccess(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "shared.h"), []byte("extern int shared;\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	const body = "void bump(void);\nint main(void) {\n  bump();\n  return %s;\n}\n"
	tests := []struct {
		name, src, want string // want: the error's text after "t.c:L:C: ", or "" for none
	}{
		{"file scope", "extern int shared;\n" + fmt.Sprintf(body, "shared"), "undefined function bump may access shared, which the program declares extern at t.c:1:12"},
		{"program header", "#include \"shared.h\"\n" + fmt.Sprintf(body, "shared"), "undefined function bump may access shared, which the program declares extern at " + filepath.Join(dir, "shared.h") + ":1:12"},
		{"block scope", fmt.Sprintf(body, "({ extern int shared; shared; })"), "undefined function bump may access shared, which the program declares extern at t.c:4:24"},
		{"never named", "extern int shared;\n" + fmt.Sprintf(body, "0"), ""},
		{"library header", "#include <math.h>\n" + fmt.Sprintf(body, "signgam"), ""},
		// A combined file (CIL's, a .c with line markers) says where its
		// declarations come from.
		{"combined library header", "# 1 \"/usr/include/netdb.h\"\nextern int liberr;\n# 3 \"t.c\"\n" + fmt.Sprintf(body, "liberr"), ""},
		{"combined program header", "# 1 \"shared.h\"\nextern int shared;\n# 3 \"t.c\"\n" + fmt.Sprintf(body, "shared"), "undefined function bump may access shared, which the program declares extern at t.c:2:12 (shared.h:1)"},
	}
	// The checked file itself is the program's, wherever it lies.
	_, err := ParseWith(filepath.Join(include.Dir, "t.c"), []byte("extern int shared;\n"+fmt.Sprintf(body, "shared")), Options{})
	if err == nil || !strings.Contains(err.Error(), "may access shared") {
		t.Errorf("file under an include directory: got %v, want an error naming shared", err)
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := ParseWith("t.c", []byte(tc.src), Options{IncludeDirs: []string{dir}})
			switch {
			case tc.want == "" && err != nil:
				t.Errorf("got %v, want no error", err)
			case tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)):
				t.Errorf("got %v, want %q", err, tc.want)
			}
		})
	}
}

// TestExternalRejectsOnlyWhatItMayReach: what circ cannot say a library
// does with an object (a void pointer it could follow) is an error only
// where the points-to analysis lets the library reach that object, not
// for every object with a cell of the argument's type.
func TestExternalRejectsOnlyWhatItMayReach(t *testing.T) {
	const decls = "struct job { int v; void *data; };\nstruct plain { int v; int w; };\nvoid use(struct plain *);\nstruct job j;\nstruct plain pl;\nstruct job *keep = &j;\n"
	mustParse(t, decls+"int main(void) {\n  struct plain *p = &pl;\n  use(p);\n  return 0;\n}\n")
	assertParseError(t, decls+"int main(void) {\n  struct plain *p = (struct plain *)&j;\n  use(p);\n  return 0;\n}\n",
		"t.c:9:3: unsupported: undefined function use may follow j.data, a pointer to void it reaches through p")
}

// TestLibraryRowThroughVoidPointerUnderHavoc: a row of the library
// table cannot read bytes through a pointer to void only; under
// --unknown-functions havoc the call is an unknown function's instead,
// and otherwise an error naming it.
func TestLibraryRowThroughVoidPointerUnderHavoc(t *testing.T) {
	src := "#include <string.h>\nstruct s { const void *key; } e;\nint k, r;\nint main(void) {\n  e.key = &k;\n  r = memcmp(e.key, &k, sizeof k);\n  return r;\n}\n"
	if _, err := ParseWith("t.c", []byte(src), Options{}); err == nil || !strings.Contains(err.Error(), "circ models byte buffers of chars") {
		t.Errorf("without havoc: got %v, want the byte-buffer error", err)
	}
	if _, err := ParseWith("t.c", []byte(src), Options{HavocUnknown: true}); err != nil {
		t.Errorf("with havoc: %v", err)
	}
}

// TestLibraryNumbersConvertInILP32 checks that what the library stores
// or returns as a number, converted to an integer as wide as a 32-bit
// pointer, is no value that may be an address (which circ would have to
// keep whole and rejects when it may also be a number).
func TestLibraryNumbersConvertInILP32(t *testing.T) {
	const ilp32 = "typedef unsigned int size_t;\n"
	tests := []struct{ name, src string }{
		// Older glibc headers' inline fstat calls __fxstat.
		{"fxstat", "struct stat { long long st_dev; long st_size; };\nextern int __fxstat(int, int, struct stat *);\nunsigned int n;\nint main(void) {\n  struct stat sb;\n  if (__fxstat(3, 0, &sb) == 0) n = (unsigned int)sb.st_size;\n  return 0;\n}\n"},
		{"getrlimit", "struct rlimit { unsigned long long rlim_cur, rlim_max; };\nextern int getrlimit(int, struct rlimit *);\nint n;\nint main(void) {\n  struct rlimit r;\n  getrlimit(7, &r);\n  n = (int)(r.rlim_max - 16);\n  return 0;\n}\n"},
		{"sscanf", "extern int sscanf(const char *, const char *, ...);\nunsigned long long v;\nunsigned int n;\nint main(int argc, char **argv) {\n  sscanf(argv[0], \"%llu\", &v);\n  n = (unsigned int)v;\n  return 0;\n}\n"},
		// A char holds no address: chars of unknown values compare as
		// numbers in a program with string literals.
		{"chars-of-unknown-values", "extern int mystery(int);\nconst char *msg = \"hi\";\nunsigned char a, b;\nint main(void) {\n  a = (unsigned char)mystery(1);\n  b = (unsigned char)mystery(2);\n  return a == b;\n}\n"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			mustParse(t, ilp32+tc.src)
		})
	}
}

// TestLibraryMemoryReadThroughAnotherStruct: getaddrinfo's list says
// struct sockaddr where it stores a sockaddr_in; a program reads the
// address through the struct it is. circ lays the library's object out
// as the declared struct, so the read's cell is of another type: the
// read touches every cell of the object (a race with a write of any of
// its bytes is seen) and takes any value.
func TestLibraryMemoryReadThroughAnotherStruct(t *testing.T) {
	p := mustParse(t, `#include <netdb.h>
#include <netinet/in.h>
unsigned short port;
int main(void) {
  struct addrinfo *res;
  if (getaddrinfo("localhost", "80", 0, &res) != 0)
    return 1;
  port = ((struct sockaddr_in *)res->ai_addr)->sin_port;
  return 0;
}
`)
	read := map[string]bool{}
	anyValue := false
	for _, e := range tmpl(t, p, "main").Edges {
		if e.Pos.Line != 8 {
			continue
		}
		if e.Kind == cfa.Assign {
			if r, ok := e.RHS.(cfa.Ref); ok && strings.HasPrefix(r.V.Name, "extern(struct_sockaddr)") {
				read[r.V.Name] = true
			}
		}
		if e.Kind == cfa.Havoc && e.Approx && strings.Contains(e.Note, "through another type") {
			anyValue = true
			if lo, hi := e.Lo.(cfa.Const), e.Hi.(cfa.Const); lo.Val != 0 || hi.Val != 65535 {
				t.Errorf("the value is in [%d, %d], want in_port_t's [0, 65535]", lo.Val, hi.Val)
			}
		}
	}
	if !anyValue {
		t.Errorf("no havoc of the value read through another struct")
	}
	for _, name := range []string{"extern(struct_sockaddr).sa_family", "extern(struct_sockaddr).sa_data[0]", "extern(struct_sockaddr).sa_data[13]"} {
		if !read[name] {
			t.Errorf("the read does not touch %s (reads %v)", name, read)
		}
	}
}

// TestMemcpyOfRunTimeSizeFromLibraryStruct: a copy of a size known only
// at run time from the struct sockaddr getaddrinfo hands out, into a
// pointer to a whole struct, reads the cells of the sockaddr the size
// reaches, and takes bytes past it for the library's, an approximation
// the report lists (a program's struct as the source, or a destination
// inside an array, is rejected: TestCallErrors).
func TestMemcpyOfRunTimeSizeFromLibraryStruct(t *testing.T) {
	// Into a pointer to a whole object, as brubeck copies its address.
	p := mustParse(t, "#include <netdb.h>\n#include <netinet/in.h>\n#include <stddef.h>\n#include <string.h>\n#include <sys/socket.h>\n"+
		"struct sockaddr_in peer;\nvoid fill(struct sockaddr_in *addr, struct addrinfo *res) {\n  memcpy(addr, res->ai_addr, res->ai_addrlen);\n}\n"+
		"int main(int argc, char **argv) {\n  struct addrinfo *res;\n"+
		"  if (getaddrinfo(NULL, \"80\", NULL, &res) != 0)\n    return 1;\n  fill(&peer, res);\n  return 0;\n}\n")
	var readsFamily, past bool
	for _, e := range p.Main().Edges {
		switch {
		case e.Kind == cfa.Assign && e.RHS != nil && strings.Contains(e.RHS.String(), "sa_family"):
			readsFamily = true
		case e.Approx && strings.Contains(e.Note, "from res->ai_addr: the bytes past it are a library's"):
			past = true
		}
	}
	if !readsFamily || !past {
		t.Errorf("reads the source's sa_family: %v, lists the bytes past the sockaddr: %v; want both", readsFamily, past)
	}
}

// TestLiteralZeroForAnOptionalString: a plain 0 where the library takes
// a string or null (getaddrinfo's node) is null, as C converts it.
func TestLiteralZeroForAnOptionalString(t *testing.T) {
	mustParse(t, "#include <netdb.h>\n#include <stddef.h>\nint main(void) {\n  struct addrinfo *res;\n  return getaddrinfo(0, \"80\", 0, &res);\n}\n")
}
