package cfront

import (
	"strings"
	"testing"

	"circ/cfa"
)

// TestRecursiveReturnHavocsOnlyLiveLocals: a return of a recursive call
// loses the caller's locals, but only those some path from the call
// site reads before writing them. A logger that reports a failed
// assertion by calling itself and then loops forever (EasyLogger's
// elog_output) reads none: a havoc per local of the inlined code at
// each such site made a real program's lowering millions of edges.
func TestRecursiveReturnHavocsOnlyLiveLocals(t *testing.T) {
	const fns = `int g;
int log_line(int *p, int level, int n) {
  int a = n * 2, b = *p, c = level;
  if (level > 3) {
    log_line(p, 0, 7);
    while (1) {
    }
  }
  if (n > 0) {
    int r = log_line(p, level, n - 1);
    g = r + a;
  }
  return b + c;
}
int main(void) {
  log_line(&g, 1, 3);
  return 0;
}
`
	p := mustParse(t, fns)
	lost := map[int][]string{} // call line: the locals a return havocs
	for _, e := range tmpl(t, p, "main").Edges {
		if e.Kind == cfa.Havoc && strings.HasPrefix(e.Note, "return of a recursive call") {
			lost[e.Pos.Line] = append(lost[e.Pos.Line], e.LHS.Name)
		}
	}
	if len(lost[5]) != 0 {
		t.Errorf("the call followed by a loop forever havocs %v, want nothing", lost[5])
	}
	// After line 10's call, a is read, and b and c at the return: they
	// are live. r is written first.
	want := map[string]bool{}
	for _, v := range lost[10] {
		want[v[strings.LastIndex(v, ":")+1:]] = true
	}
	for _, v := range []string{"a", "b", "c"} {
		if !want[v] {
			t.Errorf("the call at line 10 keeps %s, which is read after it (havocs %v)", v, lost[10])
		}
	}
	if want["r"] {
		t.Errorf("the call at line 10 havocs r, which it writes first (havocs %v)", lost[10])
	}
}

// TestRecursiveReturnHavocsLocalsReadByLaterArms: a dereference whose
// arms settle adds (more than eagerArms candidate cells) may read any
// local in them (`*p = y`): where one starts everything is live, so the
// return still loses y. Pruning y's havoc there was a wrong safe (found
// by review): the store of the outermost frame's y was read as the
// innermost's.
func TestRecursiveReturnHavocsLocalsReadByLaterArms(t *testing.T) {
	p := mustParse(t, `int arr[300];
int *p = &arr[5];
void F(int n) {
  int y = n;
  if (n > 0)
    F(n - 1);
  *p = y;
}
int main(void) {
  F(2);
  return arr[5];
}
`)
	lost := map[string]bool{}
	for _, e := range tmpl(t, p, "main").Edges {
		if e.Kind == cfa.Havoc && strings.HasPrefix(e.Note, "return of a recursive call") {
			lost[e.LHS.Name] = true
		}
	}
	if !lost["F::y"] {
		t.Errorf("the return keeps F::y, which the arm settle adds to *p = y reads (havocs %v)", lost)
	}
}
