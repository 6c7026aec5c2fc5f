package ranges

import (
	"testing"

	"circ/cfa"
)

// TestStoreOutsideTheTypeOnceWidened: once a variable's value is widened
// to its type's range, storing a value outside that range (an interval
// the arithmetic could not bound) changes nothing, so the rounds end.
// Counting it as a change kept BaseStation's analysis going until its
// round limit, proving nothing.
func TestStoreOutsideTheTypeOnceWidened(t *testing.T) {
	v := &cfa.Var{Name: "crc", Int: cfa.IntType{Bits: 16}}
	a := &analysis{fi: map[*cfa.Var]val{}, joins: map[*cfa.Var]int{}, widened: map[*cfa.Var]bool{}, changedAt: map[*cfa.Var]int{}}
	for i := int64(0); i <= maxJoins+1; i++ {
		a.store(v, single(1000*i))
	}
	if !a.widened[v] {
		t.Fatalf("not widened after %d growing stores: %v", maxJoins+2, a.fi[v])
	}
	for i := 0; i < 3; i++ {
		a.changed = false
		a.store(v, interval(-70000, 70000))
		if i > 0 && a.changed {
			t.Fatalf("store %d of a value outside the type changed the widened %v", i, a.fi[v])
		}
	}
	if lo, hi := a.fi[v].lo, a.fi[v].hi; lo != 0 || hi != 65535 {
		t.Errorf("value %v, want the type's range 0..65535", a.fi[v])
	}
}
