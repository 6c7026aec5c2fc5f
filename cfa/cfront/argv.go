package cfront

import (
	"circ/cfa"

	"modernc.org/cc/v4"
)

// main's argv: the argument vector the C runtime hands main. It is the
// environment's memory: argv[0] .. argv[argc-1] point to strings of the
// library's (extern.go's libraryStrings), argv[argc] is null. circ
// keeps it as one element summary of char pointers named argv, whose
// tracked element, any of them, is a race target like the program's own
// memory (a thread may write argv[i] while another reads it).

// argvParam sets main's argv parameter, the local l, to point to the
// argument vector of argc (the parameter before it) strings.
func (t *tb) argvParam(argc *cfa.Var, l *local, p cfa.Pos) {
	const name = "argv"
	elem := pointee(l.typ)
	o := &cfa.Object{Name: name, Kind: cfa.ExternObject, Pos: p}
	t.b.elementSummary(o, elem, false, func(cs cellSpec) *local {
		return t.b.dynamicCell(name, cs, p, externKey{})
	})
	t.set(o.Len, mkBin(cfa.Add, ref(argc), num(1)), p)
	cell := o.Cells[0]
	t.choose(p,
		arm{cond: mkBin(cfa.Eq, ref(o.Instance), ref(argc)), body: func() { t.set(cell, num(0), p) }},
		arm{cond: mkBin(cfa.Ne, ref(o.Instance), ref(argc)), body: func() { t.libraryString(cell, p) }})
	t.set(l.v, num(o.Base), p)
}

// isArgv reports whether parameter i of main, of type pt, is argv: the
// second, a char ** (or char *argv[]).
func isArgv(i int, pt cc.Type) bool {
	return i == 1 && isPtr(pt) && isPtr(pointee(pt)) && byteType(pointee(pointee(pt)))
}
