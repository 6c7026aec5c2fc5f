package cfront

import (
	"fmt"
	"slices"
	"sort"
	"strings"
	"testing"

	"circ/cfa"
)

const spawnT = "int main(void) { pthread_t h; pthread_create(&h, 0, t, 0); "

// TestMemoryErrors: what the memory model cannot represent exactly is an
// error at its position, never a guess.
func TestMemoryErrors(t *testing.T) {
	tests := []struct {
		name, src, want string
	}{
		{"handle-past-an-array-summary", "#include <pthread.h>\npthread_t t[6];\nvoid *t2(void *a) { return 0; }\nint main(void) { pthread_create(&t[6], 0, t2, 0); return 0; }\n",
			"t.c:4:33: unsupported: &t[6] never points to an object here (uninitialized?)"},
		{"type-punning", "#include <pthread.h>\nint x;\nchar *p = (char *)&x;\nvoid *t(void *a) { *p = 1; return 0; }\n" + spawnT + "return 0; }\n",
			"t.c:4:20: unsupported: *p may point to x, of type int, accessed as char"},
		{"address-through-bit-operations", "#include <pthread.h>\nint x;\nvoid *t(void *a) { int *q = (int *)((unsigned long)a & ~1UL); *q = 1; return 0; }\nint main(void) { pthread_t h; pthread_create(&h, 0, t, (void *)((unsigned long)&x | 1UL)); return 0; }\n",
			"t.c:4:65: unsupported: integer arithmetic on an address ((unsigned long)&x | 1UL): circ numbers memory in cells, not bytes"},
		{"byte-arithmetic-on-integer-address", "#include <stdint.h>\nint a[4];\nint main(void) {\n  uintptr_t u = (uintptr_t)&a[0];\n  u += sizeof(int);\n  return *(int *)u;\n}\n",
			"t.c:5:3: unsupported: integer arithmetic on an address (u += sizeof(int))"},
		{"constant-byte-arithmetic-on-address", "#include <stdint.h>\nint a[4];\nint main(void) {\n  int *q = (int *)((uintptr_t)&a[3] - sizeof(int));\n  return *q;\n}\n",
			"t.c:4:20: unsupported: integer arithmetic on an address ((uintptr_t)&a[3] - sizeof(int))"},
		{"alignment-test-on-address", "#include <stdint.h>\nint a[4];\nint g;\nint main(void) {\n  if ((uintptr_t)&a[1] % 8 == 0) g = 1;\n  return 0;\n}\n",
			"t.c:5:7: unsupported: integer arithmetic on an address ((uintptr_t)&a[1] % 8)"},
		{"narrowing-cast-of-address", "#include <stdint.h>\nint a[2];\nint g;\nint main(void) {\n  unsigned char c = (unsigned char)(uintptr_t)&a[0];\n  if (c == 0) g = 1;\n  return 0;\n}\n",
			"t.c:5:21: unsupported: conversion of an address to uint8_t ((unsigned char)(uintptr_t)&a[0]): it keeps only some of the address's bits"},
		{"address-stored-into-int", "int a[2];\nint g;\nint main(void) {\n  int i = (long)&a[1];\n  if (i == 0) g = 1;\n  return 0;\n}\n",
			"t.c:4:11: unsupported: conversion of an address to int32_t"},
		{"order-of-two-objects", "#include <pthread.h>\n#include <stdlib.h>\nint g;\nint main(void) {\n  int *p = malloc(sizeof(int)), *q = malloc(sizeof(int));\n  if (p < q) g = 1;\n  return 0;\n}\n",
			"t.c:6:7: unsupported: p < q may order addresses of two objects (C leaves their order unspecified)"},
		{"order-of-blocks-of-one-site", "#include <stdlib.h>\n#include <stdint.h>\nint *a[2];\nint g;\nint main(void) {\n  for (int n = 0; n < 2 && __VERIFIER_nondet_int(); n++) a[n] = malloc(sizeof(int));\n  if ((uintptr_t)a[1] < (uintptr_t)a[0]) g = 1;\n  return 0;\n}\n",
			"t.c:7:7: unsupported: (uintptr_t)a[1] < (uintptr_t)a[0] may order addresses of two objects"},
		{"order-of-address-and-number", "#include <stdint.h>\nint x;\nint g;\nint main(void) {\n  int *p = &x;\n  if ((uintptr_t)p < 0x10000) g = 1;\n  return 0;\n}\n",
			"t.c:6:7: unsupported: (uintptr_t)p < 0x10000 may order an address against a number"},
		{"order-of-number-and-pointer", "int x;\nint g;\nint main(void) {\n  int *p = &x;\n  if ((int *)4096 > p) g = 1;\n  return 0;\n}\n",
			"t.c:5:7: unsupported: (int *)4096 > p may order an address against a number"},
		{"order-of-integer-that-may-be-address-or-number", "#include <stdint.h>\nint x;\nint g;\nint main(void) {\n  uintptr_t p = (uintptr_t)&x, q = __VERIFIER_nondet_int() ? (uintptr_t)&x : (uintptr_t)0x10000000;\n  if (p <= q) g = 1;\n  return 0;\n}\n",
			"t.c:6:7: unsupported: p <= q may order an address against a number"},
		{"increment-of-integer-address", "#include <stdint.h>\nint a[4];\nint main(void) {\n  uintptr_t u = (uintptr_t)a;\n  u++;\n  return 0;\n}\n",
			"t.c:5:3: unsupported: integer arithmetic on an address (u)"},
		{"byte-arithmetic", "int a[4];\nint main(void) {\n  char *c = (char *)a;\n  c = c + 4;\n  return 0;\n}\n",
			"t.c:4:7: unsupported: arithmetic on a pointer to char (byte offsets)"},
		{"int-arithmetic-across-union-members", "struct { int x; union { int a; int b; } u; int w; } s;\nint main(void) {\n  int *ip = (int *)&s;\n  ip[2] = 7;\n  return 0;\n}\n",
			"t.c:4:3: unsupported: arithmetic on a pointer to int into s, whose union members or bit-fields share bytes that circ gives cells of their own"},
		{"int-arithmetic-across-bit-fields", "struct { unsigned a : 4, b : 4; int w; } s;\nint main(void) {\n  int *ip = (int *)&s;\n  return ip[1];\n}\n",
			"t.c:4:10: unsupported: arithmetic on a pointer to int into s, whose union members or bit-fields share bytes that circ gives cells of their own"},
		{"byte-offset-of-member-across-padding", "struct { char a[3]; int x; } s;\nint g[8];\nint main(void) {\n  long off = (char *)&s.x - (char *)&s;\n  return g[off];\n}\n",
			"t.c:4:14: unsupported: arithmetic on a pointer to char (byte offsets) into s, which may leave its bytes for cells that are not bytes"},
		{"atomic-fetch-on-pointer", "int a[4];\nint *ap = a;\nint main(void) {\n  __atomic_fetch_add(&ap, 4, __ATOMIC_SEQ_CST);\n  return 0;\n}\n",
			"t.c:4:3: unsupported: __atomic_fetch_add on a pointer"},
		{"malloc-untyped", "#include <stdlib.h>\nint main(void) {\n  malloc(4);\n  return 0;\n}\n",
			"t.c:3:3: unsupported: malloc whose result is not used as a typed pointer"},
		{"type-punning-everywhere", "#include <pthread.h>\nstruct { long *p; int n; } s;\nvoid *t(void *a) { int *q = (int *)&s.p; *q = 1; return 0; }\n" + spawnT + "return 0; }\n",
			"t.c:3:42: unsupported: *q may point to s.p, of type pointer to long, accessed as int"},
		{"uninitialized-pointer", "#include <pthread.h>\nint g;\nvoid *t(void *a) { pthread_mutex_t *m; pthread_mutex_lock(m); g++; return 0; }\n" + spawnT + "return 0; }\n",
			"t.c:3:59: unsupported: m never points to an object here (uninitialized?)"},
		{"shared-by-unbounded-threads", "#include <pthread.h>\nint *g;\nvoid *t(void *a) { int x = 0; g = &x; return 0; }\nint main(void) { pthread_t h; while (1) pthread_create(&h, 0, t, 0); }\n",
			"t.c:3:24: unsupported: t::x is shared between threads of t, which can run more than once"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) { assertParseError(t, tc.src, tc.want) })
	}
}

// TestByteArithmeticLeavingItsBytesIsUnmodelledSite: byte arithmetic
// that may leave the bytes circ lays out as cells (into an int, back
// into an earlier member, over padding) is no error: it is guarded at
// run time, and a run that fails the guard stops at a site where circ's
// model of memory ends (cfa.Edge.Unmodelled), which the engines decide
// as they decide undefined behaviour.
func TestByteArithmeticLeavingItsBytesIsUnmodelledSite(t *testing.T) {
	for _, tc := range []struct{ name, src, pos, note string }{
		{"byte-arithmetic-across-struct-members", "struct { char a[4]; int x; char b[4]; } s;\nint main(void) {\n  char *c = (char *)&s;\n  c[8] = 1;\n  return 0;\n}\n",
			"t.c:4:3", "arithmetic on a pointer to char (byte offsets) into s may leave its bytes for cells that are not bytes"},
		{"byte-arithmetic-back-into-earlier-member", "struct { char a[4]; int x; char b[4]; } s;\nint main(void) {\n  char *c = s.b;\n  c = c - 5;\n  return 0;\n}\n",
			"t.c:4:7", "arithmetic on a pointer to char (byte offsets) into s may leave its bytes for cells that are not bytes"},
		{"byte-difference-across-runs", "struct { char a[3]; int x; char b[4]; } s;\nint main(void) {\n  long d = &s.b[0] - &s.a[0];\n  return (int)d;\n}\n",
			"t.c:3:12", "arithmetic on a pointer to char (byte offsets) into s may leave its bytes for cells that are not bytes"},
		{"byte-step-over-padding-between-runs", "struct { char a[3]; _Alignas(4) char b[2]; int x; } s;\nint main(void) {\n  char *p = s.a + 3;\n  char *q = p + 1;\n  *q = 2;\n  return 0;\n}\n",
			"t.c:3:13", "arithmetic on a pointer to char (byte offsets) into s may leave its bytes for cells that are not bytes"},
		{"byte-walk-over-padding-between-runs", "#include <string.h>\nstruct { char a[3]; _Alignas(4) char b[4]; } s;\nunsigned long len = 5;\nint main(void) {\n  char *p = (char *)&s;\n  memset(p, 'z', len);\n  return 0;\n}\n",
			"t.c:6:10", "arithmetic on a pointer to char (byte offsets) into s may leave its bytes for cells that are not bytes"},
		{"byte-loop-through-parameter-walks-into-int", "struct { unsigned char a[4]; int x; } s;\nvoid clear(unsigned char *p, int n) {\n  for (int i = 0; i < n; i++)\n    p[i] = 0;\n}\nint main(void) {\n  clear(s.a, 8);\n  return 0;\n}\n",
			"t.c:4:5", "arithmetic on a pointer to unsigned char (byte offsets) into s may leave its bytes for cells that are not bytes"},
		// memchr over an object's bytes may return a position in any of
		// its cells, not only in its leading char array's: the store
		// through it is guarded.
		{"memchr-over-a-struct", "#include <string.h>\nstruct rec { char tag[4]; int used; } s = {\"abc\", 5};\nint main(void) {\n  char *p = memchr(&s, 5, sizeof s);\n  if (p) *p = 6;\n  return 0;\n}\n",
			"t.c:5:10", "*p may reach a cell that is no byte, which circ does not read as bytes"},
		// A pointer stepped along a string (with a copy taken before the
		// step: CIL's *p++ = 1) may, for the points-to analysis, be one
		// past the buffer, on the int after it: the read of the
		// terminator is guarded (the store through the copy is then
		// on the buffer, which the ranges stage shows).
		{"read-of-a-stepped-pointer", "struct rec { char tag[4]; int used; } s = {\"ab\", 0};\nint main(void) {\n  char *p = s.tag, *tmp;\n  while (*p) {\n    tmp = p;\n    p++;\n    *tmp = 1;\n  }\n  return 0;\n}\n",
			"t.c:4:10", "*p may reach a cell that is no byte, which circ does not read as bytes"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			sites := unmodelledSites(mustParse(t, tc.src))
			if want := tc.pos + ": " + tc.note; !slices.Contains(sites, want) {
				t.Errorf("unmodelled sites %q, want %q", sites, want)
			}
		})
	}
}

// unmodelledSites lists p's sites where circ's model of memory ends, as
// position: note.
func unmodelledSites(p *cfa.Program) []string {
	var sites []string
	for _, c := range p.Templates {
		for _, e := range c.Edges {
			if e.Unmodelled {
				sites = append(sites, e.Pos.String()+": "+e.Note)
			}
		}
	}
	return sites
}

// TestByteAccessGuardDischarged: a store through a copy taken before the
// pointer steps, which the points-to analysis lets reach the int after
// the buffer, is guarded; the ranges stage shows that the loop's bound
// keeps the copy on the buffer, and the guard is gone.
func TestByteAccessGuardDischarged(t *testing.T) {
	p := mustParse(t, "struct rec { char tag[4]; int used; } s;\nint main(int argc, char **argv) {\n  char *p = s.tag, *tmp;\n  while (argc-- > 0 && p < s.tag + 3) {\n    tmp = p;\n    p++;\n    *tmp = 1;\n  }\n  return 0;\n}\n")
	if sites := unmodelledSites(p); len(sites) > 0 {
		t.Errorf("unmodelled sites %q, want none", sites)
	}
}

// TestAddressesAvoidTheProgramsConstants: memory starts past the
// integer constants the program writes, so that a test against one is
// no test against an object (its branch is kept) and arithmetic on one
// is no arithmetic on an address (accepted).
func TestAddressesAvoidTheProgramsConstants(t *testing.T) {
	p := mustParse(t, "int x;\nint *p = &x;\nint a[4];\nint g;\nint main(void) {\n  int n = __VERIFIER_nondet_int();\n"+
		"  if (n == 4096) g = 2;\n  if (n % 8192 == 3) g = 3;\n  a[n % 4] = 1;\n  return 0;\n}\n")
	for _, o := range p.Memory.Objects {
		if o.Base <= 8192 && 4096 < o.End() {
			t.Errorf("%s spans [%d, %d], which holds a constant of the program", o.Name, o.Base, o.End())
		}
	}
	wrote := 0
	for _, e := range p.Main().Edges {
		if e.Kind == cfa.Assign && e.LHS.Name == "g" {
			wrote++
		}
	}
	if wrote != 2 {
		t.Errorf("%d writes of g kept, want 2:\n%v", wrote, p)
	}
}

// TestIntegerArithmeticBesideAddressesIsKept: integer arithmetic on
// values that are no addresses (a pointer difference, an index, a
// library's result) is exact in cells and stays accepted, as do
// comparisons of addresses held in integers.
func TestIntegerArithmeticBesideAddressesIsKept(t *testing.T) {
	mustParse(t, "#include <stdint.h>\n#include <stdlib.h>\nint a[4];\nint g;\nint main(void) {\n"+
		"  int *p = &a[3], *q = &a[1];\n  long d = (p - q) * 2;\n  int i = 1;\n  i = -i + 2;\n  a[i % 4] = (int)d;\n"+
		"  long r = rand() % 8;\n  if ((uintptr_t)p == (uintptr_t)q || (uintptr_t)p != 0) g = (int)r;\n  if (q < p && p <= &a[3] + 1) g = 1;\n  return 0;\n}\n")
}

// TestAllocationSitesRunningMoreThanOnceAreSummaries: a site in a loop,
// and one whose blocks threads of a template that runs more than once
// share, are summaries with an allocation counter; a site that runs once
// and one whose blocks stay private to each thread are not.
func TestAllocationSitesRunningMoreThanOnceAreSummaries(t *testing.T) {
	tests := []struct {
		name, src string
		summary   bool
	}{
		{"in-a-loop", "#include <stdlib.h>\nint *p;\nint main(void) {\n  while (__VERIFIER_nondet_int()) p = malloc(sizeof(int));\n  return 0;\n}\n", true},
		{"once", "#include <stdlib.h>\nint *p;\nint main(void) {\n  p = malloc(sizeof(int));\n  return 0;\n}\n", false},
		{"shared-by-unbounded-threads", "#include <pthread.h>\n#include <stdlib.h>\nint *g;\nvoid *t(void *a) { g = malloc(sizeof(int)); return 0; }\n" +
			"int main(void) { pthread_t h; while (1) pthread_create(&h, 0, t, 0); }\n", true},
		{"private-to-unbounded-threads", "#include <pthread.h>\n#include <stdlib.h>\nvoid *t(void *a) { int *q = malloc(sizeof(int)); if (q) *q = 1; free(q); return 0; }\n" +
			"int main(void) { pthread_t h; while (1) pthread_create(&h, 0, t, 0); }\n", false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := mustParse(t, tc.src)
			var heap *cfa.Object
			for _, o := range p.Memory.Objects {
				if o.Kind == cfa.HeapObject {
					heap = o
				}
			}
			if heap == nil {
				t.Fatalf("no heap object in %v", p.Memory.Objects)
			}
			if heap.Summary() != tc.summary {
				t.Errorf("%s: summary %v, want %v", heap.Name, heap.Summary(), tc.summary)
			}
			counted := p.Global(heap.Name+"::count") != nil
			if counted != tc.summary {
				t.Errorf("%s: allocation counter %v, want %v", heap.Name, counted, tc.summary)
			}
		})
	}
}

// TestDereferenceArmsArePruned: *p where p only ever holds &a has one
// arm left besides the runtime error, and that arm accesses a.
func TestDereferenceArmsArePruned(t *testing.T) {
	p := mustParse(t, "#include <pthread.h>\nint a, b;\nvoid *t(void *arg) { int *q = arg; *q = 1; return 0; }\n"+
		"int main(void) { pthread_t h; int *r = &b; *r = 0; pthread_create(&h, 0, t, &a); return 0; }\n")
	var writes []string
	for _, e := range tmpl(t, p, "t").Edges {
		if e.Kind == cfa.Assign && e.LHS.Global {
			writes = append(writes, e.LHS.Name)
		}
	}
	if strings.Join(writes, " ") != "a" {
		t.Errorf("t writes %v through its pointer, want only a", writes)
	}
}

// TestElementSummaryHasOneArmPairPerCell: an access with a variable
// index into a block of run-time length has one tracked and one
// untracked arm for its element cell, at the representative's address. The points-to analysis also sees
// the address one element on (its object's end, which is element 1's
// cell): that is the same representative cell, not a second pair of
// arms, whose tracked arm would take element e+1 for the tracked one.
func TestElementSummaryHasOneArmPairPerCell(t *testing.T) {
	p := mustParse(t, "#include <stdlib.h>\nint main(void) {\n  int n = __VERIFIER_nondet_int(), i = __VERIFIER_nondet_int();\n"+
		"  int *a = malloc(n * sizeof(int));\n  if (a && i >= 0 && i < n)\n    a[i] = 1;\n  return 0;\n}\n")
	var o *cfa.Object
	for _, x := range p.Memory.Objects {
		if x.Elements() {
			o = x
		}
	}
	if o == nil {
		t.Fatalf("no element summary:\n%s", p)
	}
	for _, e := range p.Main().Edges {
		if e.Kind == cfa.Assume && strings.Contains(e.Cond.String(), fmt.Sprint(o.Base+1)) {
			t.Errorf("arm for the element after the representative: %s", e)
		}
	}
}

// TestPrivateHeapBlockBecomesLocal: a block each instance of an
// unbounded thread allocates and keeps to itself is a local of the
// thread; a block main allocates once stays a global.
func TestPrivateHeapBlockBecomesLocal(t *testing.T) {
	p := mustParse(t, "#include <pthread.h>\n#include <stdlib.h>\nint *shared;\n"+
		"void *t(void *arg) { int *mine = malloc(sizeof(int)); if (mine) *mine = 1; free(mine); return 0; }\n"+
		"int main(void) { pthread_t h; shared = malloc(sizeof(int)); while (1) pthread_create(&h, 0, t, 0); }\n")
	if g := p.Global("malloc@t.c:5"); g == nil {
		t.Errorf("main's block is not a global:\n%v", p)
	}
	if g := p.Global("malloc@t.c:4"); g != nil {
		t.Errorf("the thread's private block is a global")
	}
	found := false
	for _, v := range tmpl(t, p, "t").Locals {
		found = found || v.Name == "malloc@t.c:4"
	}
	if !found {
		t.Errorf("the thread's private block is not one of its locals")
	}
}

// TestStringLiteralIsReadOnlyObject: a string literal is an object of
// char cells holding its bytes and a terminating 0; a write through a
// pointer to it stops the program, and its cells are no race target.
func TestStringLiteralIsReadOnlyObject(t *testing.T) {
	p := mustParse(t, `#include <pthread.h>
const char *s = "hi";
void *w(void *a) { char c = *s; return 0; }
int main(void) {
  pthread_t t;
  pthread_create(&t, 0, w, 0);
  char *q = (char *)s;
  char c = *s;
  *q = 'x';
  return c;
}
`)
	var lit *cfa.Object
	for _, o := range p.Memory.Objects {
		if o.Kind == cfa.StringObject {
			lit = o
		}
	}
	if lit == nil || lit.Name != "string@t.c:2:17" {
		t.Fatalf("no literal object string@t.c:2:17 in %v", p.Memory.Objects)
	}
	var vals []int64
	for _, v := range lit.Cells {
		vals = append(vals, v.Init)
	}
	if fmt.Sprint(vals) != "[104 105 0]" {
		t.Errorf("literal cells %v, want [104 105 0]", vals)
	}
	if g := p.Global("s"); g == nil || g.Init != lit.Base {
		t.Errorf("s does not start at the literal's address %d", lit.Base)
	}
	stops := 0
	for _, e := range p.Main().Edges {
		if e.Kind == cfa.Assign && e.LHS == lit.Cells[0] {
			t.Errorf("a write into the literal is lowered as a write: %v", e)
		}
		if e.Kind == cfa.Error && strings.Contains(e.Note, "write into string literal") {
			stops++
		}
	}
	if stops != 1 {
		t.Errorf("%d runtime errors for the write into the literal, want 1", stops)
	}
	for _, v := range p.SharedMemory() {
		if strings.HasPrefix(v.Name, "string@") {
			t.Errorf("literal cell %s is a race target", v.Name)
		}
	}
}

// globalWrites lists, sorted, the globals the edges of c assign.
func globalWrites(c *cfa.CFA) string {
	var out []string
	for _, e := range c.Edges {
		if e.Kind == cfa.Assign && e.LHS.Global {
			out = append(out, e.LHS.Name)
		}
	}
	sort.Strings(out)
	return strings.Join(out, " ")
}

// TestSubscriptStaysInsideMemberArray: an element of a member array
// picked by a variable index is one of the array's elements, never the
// member after it (C makes a[len] no access, though its address is the
// next member's); one past the end is an address a pointer may hold
// and step back from. A struct's last member array may run to the
// object's end (the "struct hack").
func TestSubscriptStaysInsideMemberArray(t *testing.T) {
	tests := []struct {
		name, body, want string
	}{
		{"element", "s.a[i] = 1;", "s.a[0] s.a[1] s.a[2]"},
		{"through-pointer", "int *p = &s.a[i]; *p = 1;", "s.a[0] s.a[1] s.a[2]"},
		{"decayed-array-plus-index", "*(s.a + i) = 1;", "s.a[0] s.a[1] s.a[2]"},
		{"back-from-one-past", "int *e = &s.a[i]; e[-1] = 1;", "s.a[0] s.a[1] s.a[2]"},
		{"last-member", "s.tail[i] = 1;", "s.tail[0] s.tail[1]"},
		{"pointer-arithmetic-is-not-a-subscript", "int *p = s.a; p[i] = 1;", "s.a[0] s.a[1] s.a[2] s.b s.tail[0] s.tail[1]"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := mustParse(t, "struct { int a[3]; int b; int tail[2]; } s;\nint main(void) {\n  int i = __VERIFIER_nondet_int();\n  "+tc.body+"\n  return 0;\n}\n")
			if got := globalWrites(p.Main()); got != tc.want {
				t.Errorf("writes %q, want %q", got, tc.want)
			}
		})
	}
}

// TestInitializerTakesItsObjectsAddress: a static object whose
// initializer holds its own address (an empty circular list) is laid
// out before its cells are initialized.
func TestInitializerTakesItsObjectsAddress(t *testing.T) {
	p := mustParse(t, "struct link { struct link *next; };\nstruct list { int n; struct link head; } l = { 0, { &l.head } };\nint main(void) { return l.head.next == &l.head; }\n")
	o := p.Memory.Objects[0]
	if o.Name != "l" || len(o.Cells) != 2 || o.Cells[1].Init != o.Addr(1) {
		t.Errorf("l.head.next starts at %d, want l.head's address %d", o.Cells[1].Init, o.Addr(1))
	}
}

// TestSubscriptShapeBuiltTwiceKeepsNoBound: the points-to analysis
// knows a subscript's sum by its shape; when one pointer at one offset
// indexes two arrays of different lengths (a tagged struct), no bound
// of either may cut the other's elements.
func TestSubscriptShapeBuiltTwiceKeepsNoBound(t *testing.T) {
	p := mustParse(t, "struct quad { int kind; int pts[4]; } q;\nstruct tri { int kind; int pts[3]; int color; } tr;\n"+
		"void set(void *s, int i) {\n  if (*(int *)s == 1) ((struct quad *)s)->pts[i] = 1;\n  else ((struct tri *)s)->pts[i] = 1;\n}\n"+
		"int main(void) {\n  set(&q, __VERIFIER_nondet_int());\n  return 0;\n}\n")
	if got := globalWrites(p.Main()); !strings.Contains(got, "q.pts[3]") {
		t.Errorf("writes %q, want q.pts[3] among them", got)
	}
}

// TestUntrackedHandleStartsShadowThread: a creation through a handle of
// an element circ does not track starts the shadow template, which races
// only with the tracked one on other locations, and with every thread on
// the handles, and a join through such a handle waits for no thread.
func TestUntrackedHandleStartsShadowThread(t *testing.T) {
	p := mustParse(t, "#include <pthread.h>\n#include <stdlib.h>\nvoid *w(void *a) { return 0; }\n"+
		"int main(void) {\n  int n = __VERIFIER_nondet_int();\n  pthread_t *t = malloc(n * sizeof(pthread_t));\n"+
		"  if (!t) return 0;\n  for (int i = 0; i < n; i++) pthread_create(&t[i], 0, w, 0);\n"+
		"  for (int i = 0; i < n; i++) pthread_join(t[i], 0);\n  return 0;\n}\n")
	w, shadow := tmpl(t, p, "w"), tmpl(t, p, "w[*]")
	if shadow.Shadows != w || w.Shadows != nil {
		t.Fatalf("w[*] shadows %v, w shadows %v", shadow.Shadows, w.Shadows)
	}
	x := &cfa.Var{Name: "x", Global: true}
	if cfa.MayRace(shadow, p.Main(), x) || cfa.MayRace(shadow, shadow, x) || !cfa.MayRace(shadow, w, x) || !cfa.MayRace(w, w, x) {
		t.Errorf("MayRace: a shadow thread must race only with the template it shadows")
	}
	var handles *cfa.Var
	for _, o := range p.Memory.Objects {
		if o.Summary() && len(o.Cells) > 0 && o.Cells[0].Kind == cfa.Handle {
			handles = o.Cells[0]
		}
	}
	if handles == nil || !handles.HandleSummary || !cfa.MayRace(shadow, p.Main(), handles) || !cfa.MayRace(shadow, shadow, handles) {
		t.Errorf("MayRace on the handles' summary %v: a shadow thread must race with every thread", handles)
	}
	var tracked, untracked int
	for _, e := range p.Main().Edges {
		if e.Kind == cfa.Join {
			if e.Untracked {
				untracked++
			} else {
				tracked++
			}
		}
	}
	if tracked != 1 || untracked != 1 {
		t.Errorf("joins: %d tracked, %d untracked, want one of each:\n%s", tracked, untracked, p)
	}
	// Two functions started through one array: each one's shadow threads
	// race with the other's tracked ones.
	p = mustParse(t, "#include <pthread.h>\n#include <stdlib.h>\nvoid *f(void *a) { return 0; }\nvoid *h(void *a) { return 0; }\n"+
		"int main(void) {\n  int n = __VERIFIER_nondet_int();\n  pthread_t *t = malloc(n * sizeof(pthread_t));\n"+
		"  if (!t || n < 2) return 0;\n  pthread_create(&t[0], 0, f, 0);\n  pthread_create(&t[1], 0, h, 0);\n  return 0;\n}\n")
	f, fs, h, hs := tmpl(t, p, "f"), tmpl(t, p, "f[*]"), tmpl(t, p, "h"), tmpl(t, p, "h[*]")
	if !cfa.MayRace(fs, h, x) || !cfa.MayRace(f, hs, x) || cfa.MayRace(fs, hs, x) || cfa.MayRace(fs, p.Main(), x) {
		t.Errorf("MayRace: a shadow thread must race with every template that has a shadow")
	}
}

// TestHandleArraySummary: an array of at least six thread handles of
// static storage or of main, without an initializer, is an element
// summary of constant length, whose counting loops stay loops (one
// creation of the function, one of its shadow); a shorter array, one
// with an initializer, or one of another thread keeps a cell per handle
// and its loops unrolled.
func TestHandleArraySummary(t *testing.T) {
	prog := func(decl, where string, n int) string {
		body := fmt.Sprintf("  for (int i = 0; i < %d; i++) pthread_create(&t[i], 0, w, 0);\n"+
			"  for (int i = 0; i < %d; i++) pthread_join(t[i], 0);\n", n, n)
		if strings.Contains(decl, "arith") {
			decl = "pthread_t t[6];"
			body = strings.ReplaceAll(strings.ReplaceAll(body, "&t[i]", "t + i"), "t[i]", "*(t + i)")
		}
		src := "#include <pthread.h>\nvoid *w(void *a) { return 0; }\n"
		switch where {
		case "global":
			return src + decl + "\nint main(void) {\n" + body + "  return 0;\n}\n"
		case "main":
			return src + "int main(void) {\n  " + decl + "\n" + body + "  return 0;\n}\n"
		}
		return src + "void *starter(void *a) {\n  " + decl + "\n" + body + "  return 0;\n}\n" +
			"int main(void) {\n  pthread_t s;\n  pthread_create(&s, 0, starter, 0);\n  return 0;\n}\n"
	}
	tests := []struct {
		name, decl, where string
		n                 int
		apart, summary    bool // apart: Options.HandlesApart
	}{
		{"six in main", "pthread_t t[6];", "main", 6, false, true},
		{"six through pointer arithmetic", "arith", "main", 6, false, true},
		{"a hundred global", "pthread_t t[100];", "global", 100, false, true},
		{"static local", "static pthread_t t[8];", "thread", 8, false, true},
		{"five in main", "pthread_t t[5];", "main", 5, false, false},
		{"initialized", "pthread_t t[6] = {0};", "main", 6, false, false},
		{"local of another thread", "pthread_t t[6];", "thread", 6, false, false},
		{"six in main, handles apart", "pthread_t t[6];", "main", 6, true, false},
		{"eight global, handles apart", "pthread_t t[8];", "global", 8, true, false},
		{"a hundred global, handles apart", "pthread_t t[100];", "global", 100, true, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p, err := ParseWith("t.c", []byte(prog(tc.decl, tc.where, tc.n)), Options{HandlesApart: tc.apart})
			if err != nil {
				t.Fatal(err)
			}
			var o *cfa.Object
			for _, x := range p.Memory.Objects {
				if strings.HasSuffix(x.Name, "t") && len(x.Cells) > 0 && x.Cells[0].Kind == cfa.Handle {
					o = x
				}
			}
			if o == nil {
				t.Fatalf("no object of t:\n%s", p)
			}
			creates := 0
			for _, c := range p.Templates {
				for _, e := range c.Edges {
					if e.Kind == cfa.Create && e.Template.Name != "starter" {
						creates++
					}
				}
			}
			if !tc.summary {
				if o.Summary() || len(o.Cells) != tc.n || creates != tc.n {
					t.Errorf("%s: summary %v, %d cells, %d creations; want no summary, %d of each", o.Name, o.Summary(), len(o.Cells), creates, tc.n)
				}
				return
			}
			if !o.Elements() || o.Stride != 1 || o.Len.Init != int64(tc.n) || creates != 2 {
				t.Fatalf("%s: element summary %v, stride %d, length %d, %d creations; want a summary of %d, two creations:\n%s", o.Name, o.Elements(), o.Stride, o.Len.Init, creates, tc.n, p)
			}
			var choice *cfa.Edge
			for _, e := range p.Main().Edges {
				if e.Kind == cfa.Havoc && e.LHS == o.Instance {
					choice = e
				}
			}
			if choice == nil || choice.Hi == nil || choice.Hi.String() != fmt.Sprint(tc.n-1) {
				t.Errorf("main chooses the tracked element by %v, want havoc in [0, %d]", choice, tc.n-1)
			}
		})
	}
}

// TestByteLoopThroughParameterIsChecked: byte arithmetic the points-to
// analysis cannot bound (an index through a pointer parameter) is
// accepted when the ranges stage shows it stays in the array's bytes,
// here those of a union whose other member overlays them, and the
// run-time check it needed is gone.
func TestByteLoopThroughParameterIsChecked(t *testing.T) {
	for _, tc := range []struct{ name, readByte string }{
		{"a value", "unsigned char readByte(unsigned char i) { return i; }\n"},
		// RadioCountToLeds' OneWireMasterC: each byte is read bit by
		// bit, an inner loop the index must stay known through.
		{"a byte read bit by bit", "unsigned char readByte(unsigned char i) {\n  unsigned char b = 0;\n  for (unsigned char bit = 0; bit < 8; bit++)\n    b = (unsigned char)((b >> 1) | (i & 1));\n  return b;\n}\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			src := "union { unsigned char data[8]; struct { unsigned char family, serial[6], crc; }; } id;\n" +
				"int x;\n" + tc.readByte +
				"void fill(unsigned char *buf, unsigned char len) {\n  for (unsigned char i = 0; i < len; i++)\n    buf[i] = readByte(i);\n}\n" +
				"int main(void) { fill(id.data, 8); return id.crc; }\n"
			p, err := Parse("t.c", []byte(src))
			if err != nil {
				t.Fatal(err)
			}
			if sites := unmodelledSites(p); len(sites) > 0 {
				t.Errorf("byte guards are left: %q", sites)
			}
		})
	}
}

// TestBytePointerInMemoryMovedThroughItsOwnAddress: a char * held in
// memory and moved through a pointer to it ((*cp)++, a scanner's
// cursor) is checked only in the cells the pointer may point to, not in
// every pointer cell lowering offered before the points-to analysis
// narrowed the arms (here the library's pointer to its ctype table,
// whose shorts are no bytes).
func TestBytePointerInMemoryMovedThroughItsOwnAddress(t *testing.T) {
	mustParse(t, `extern const unsigned short **__ctype_b_loc(void) __attribute__((__const__));
int next(unsigned char **cp) {
  int v = **cp;
  (*cp)++;
  return v;
}
unsigned char buf[4] = "ab";
int main(void) {
  unsigned char *rp = buf;
  const unsigned short **table = __ctype_b_loc();
  int v = next(&rp);
  return v + (table != 0);
}
`)
}

// TestByteBuffersPastSummaryBytesAreSummaries: a buffer of bytes on the
// stack or the heap larger than summaryBytes (a log line's) is an
// element summary, so that an access at a run-time offset is not an
// edge per byte in every inlined copy; a smaller one, a static one and
// an int array of the same length keep a cell per element.
func TestByteBuffersPastSummaryBytesAreSummaries(t *testing.T) {
	tests := []struct {
		name, decl string
		summary    bool
	}{
		{"char-buffer", "char buf[200];", true},
		{"unsigned-char-rows", "unsigned char buf[4][50];", true},
		{"small-char-buffer", "char buf[64];", false},
		{"static-char-buffer", "static char buf[200];", false},
		{"int-array", "int buf[200];", false},
		{"initialized", "char buf[200] = \"x\";", false},
		{"heap-bytes", "char *buf = malloc(200);\n  if (!buf) return;", true},
		{"small-heap-bytes", "char *buf = malloc(64);\n  if (!buf) return;", false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			src := "#include <stdlib.h>\n#include <string.h>\nint g;\nvoid log_line(int n) {\n  " + tc.decl + "\n  memset(buf, n, n);\n  g = n;\n}\n" +
				"int main(void) {\n  log_line(1);\n  log_line(2);\n  return 0;\n}\n"
			p := mustParse(t, src)
			var bufs []*cfa.Object
			for _, o := range p.Memory.Objects {
				if o.Kind == cfa.StackObject || o.Kind == cfa.HeapObject || strings.HasSuffix(o.Name, "::buf") {
					bufs = append(bufs, o)
				}
			}
			if len(bufs) == 0 {
				t.Fatalf("no buffer object in %v", p.Memory.Objects)
			}
			for _, o := range bufs {
				if o.Summary() != tc.summary {
					t.Errorf("%s: summary %v (%d cells), want %v", o.Name, o.Summary(), len(o.Cells), tc.summary)
				}
			}
		})
	}
}

// TestZeroInitializedArrayIsASummary: a large array of static storage
// whose initializer sets it all to zero (EasyLogger's
// `static char log_buf[25600] = {(char)0}`) starts as one without, so it
// is an element summary as that one is; any other initializer keeps a
// cell per element.
func TestZeroInitializedArrayIsASummary(t *testing.T) {
	tests := []struct {
		name, decl string
		summary    bool
	}{
		{"no-initializer", "static char buf[8192];", true},
		{"zero", "static char buf[8192] = {0};", true},
		{"zero-cast", "char buf[8192] = {(char)0};", true},
		{"zero-rows", "int buf[3][4096] = {{0}, {0}};", true},
		{"one", "static char buf[8192] = {1};", false},
		{"string", "char buf[8192] = \"x\";", false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := mustParse(t, tc.decl+"\nint main(void) {\n  int i = 5;\n  return buf[i] == 0;\n}\n")
			for _, o := range p.Memory.Objects {
				if o.Name == "buf" {
					if o.Summary() != tc.summary {
						t.Errorf("summary %v (%d cells), want %v", o.Summary(), len(o.Cells), tc.summary)
					}
					return
				}
			}
			t.Fatalf("no object buf in %v", p.Memory.Objects)
		})
	}
}

// BenchmarkLowerCopyAtRunTimeOffset lowers copies at a run-time offset
// into a buffer of 4000 bytes that keeps a cell per byte: the points-to
// analysis fills the buffer once per offset set, not once per address
// it may hold (which squared its size: 156 s for EasyLogger's logger).
func BenchmarkLowerCopyAtRunTimeOffset(b *testing.B) {
	src := []byte(`#include <string.h>
static char buf[4000];
unsigned long wi;
void put(const char *log, unsigned long n) {
  if (wi + n < 4000) {
    memcpy(buf + wi, log, n);
    wi += n;
  }
}
int main(void) {
  put("hello", 5);
  put("world", 5);
  return buf[wi - 1];
}
`)
	for range b.N {
		if _, err := Parse("t.c", src); err != nil {
			b.Fatal(err)
		}
	}
}
