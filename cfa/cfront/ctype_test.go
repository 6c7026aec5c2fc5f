package cfront

import (
	"testing"

	"circ/cfa"
)

// TestCtypeTablesIndexedByAnyChar: the expanded ctype macros of a
// preprocessed file index the library's tables by a char, signed or
// unsigned, through the pointer __ctype_b_loc() and the like hand out.
// Each table is a summary of 384 entries with the pointer at entry 128,
// so every lookup is in bounds (the program's check shows it, as for
// any summary): the program is accepted, where the library's pointer to
// shorts could be stepped past before.
func TestCtypeTablesIndexedByAnyChar(t *testing.T) {
	p := mustParse(t, `extern const unsigned short **__ctype_b_loc(void) __attribute__((__const__));
extern const int **__ctype_toupper_loc(void) __attribute__((__const__));
int g;
int main(void) {
  unsigned char u = (unsigned char)__VERIFIER_nondet_int();
  signed char s = (signed char)__VERIFIER_nondet_int();
  if ((*__ctype_b_loc())[u] & 2048)
    g = 1;
  if ((*__ctype_b_loc())[s] & 8192)
    g = 2;
  g += (*__ctype_toupper_loc())[u];
  return 0;
}
`)
	tables := map[string]*cfa.Object{}
	for _, o := range p.Memory.Objects {
		tables[o.Name] = o
	}
	for _, name := range []string{"ctype_b", "ctype_toupper"} {
		tab, ptr := tables["extern("+name+")"], tables["extern("+name+"_loc)"]
		if tab == nil || ptr == nil || len(ptr.Cells) != 1 {
			t.Fatalf("%s: no table or no pointer to it among %v", name, tables)
		}
		if !tab.Elements() || tab.Len.Init != ctypeLen || ptr.Cells[0].Init != tab.Base+ctypeOrigin*tab.Stride {
			t.Errorf("%s: %d entries, pointer at %d; want %d entries and the pointer at entry %d (%d)", name, tab.Len.Init, ptr.Cells[0].Init, ctypeLen, ctypeOrigin, tab.Base+ctypeOrigin*tab.Stride)
		}
	}
}
