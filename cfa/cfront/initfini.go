package cfront

import (
	"sort"

	"circ/cfa"

	"modernc.org/cc/v4"
)

// This file runs the functions GCC's constructor and destructor
// attributes name: the constructors in main's thread before main's
// body, the destructors when the program ends normally (main returns,
// or a thread calls exit), in the thread that ends it, while the other
// threads still run (as glibc does: exit does not stop them first).

// initFunc is a function a constructor or destructor attribute names.
type initFunc struct {
	name     string
	priority int64   // the attribute's argument; without one, after every numbered one
	order    int     // first appearance in the file
	pos      cfa.Pos // the attribute's
}

// defaultPriority is the priority of a constructor or destructor
// attribute without an argument: GCC runs them after the numbered ones
// (numbers go up to 65535).
const defaultPriority = 65536

// initAttribute records the function that attribute av (constructor or
// destructor, its name) names, from its ancestors stack.
func (b *builder) initAttribute(av *cc.AttributeValue, name string, stack []any) {
	prio := int64(defaultPriority)
	if as := args(av.ArgumentExpressionList); len(as) > 0 {
		k, ok := intValue(as[0].Value())
		if len(as) != 1 || !ok {
			b.fail(av, "%s attribute takes one constant priority", name)
		}
		prio = k
	}
	var ds []*cc.Declarator
	for i := len(stack) - 1; i >= 0 && ds == nil; i-- {
		switch s := stack[i].(type) {
		case *cc.FunctionDefinition:
			ds = append(ds, s.Declarator)
		case *cc.InitDeclarator:
			ds = append(ds, s.Declarator)
		case *cc.Declaration:
			for l := s.InitDeclaratorList; l != nil; l = l.InitDeclaratorList {
				if l.InitDeclarator != nil {
					ds = append(ds, l.InitDeclarator.Declarator)
				}
			}
		}
	}
	list := &b.ctors
	if name == "destructor" {
		list = &b.dtors
	}
	for _, d := range ds {
		if d == nil || !isFunc(d.Type()) {
			b.fail(av, "unsupported: %s attribute on something other than a function", name)
		}
		seen := false
		for _, f := range *list {
			seen = seen || f.name == d.Name()
		}
		if !seen {
			*list = append(*list, initFunc{name: d.Name(), priority: prio, order: len(*list), pos: b.pos(av)})
		}
	}
}

// initOrder sorts fs into the order they run: by priority, lowest
// first, then as they appear in the file; reversed for destructors.
func initOrder(fs []initFunc, reverse bool) []initFunc {
	out := append([]initFunc(nil), fs...)
	sort.SliceStable(out, func(i, j int) bool {
		if out[i].priority != out[j].priority {
			return out[i].priority < out[j].priority
		}
		return out[i].order < out[j].order
	})
	if reverse {
		for i, j := 0, len(out)-1; i < j; i, j = i+1, j-1 {
			out[i], out[j] = out[j], out[i]
		}
	}
	return out
}

// runInitFuncs inlines, at p, calls of the functions fs in their order.
// A destructor that ends the program itself (exit) does not run them
// again.
func (t *tb) runInitFuncs(fs []initFunc, reverse bool, p cfa.Pos) {
	for _, f := range initOrder(fs, reverse) {
		if t.cur == -1 {
			return
		}
		if t.onStack(f.name) {
			continue
		}
		fd := t.b.funcs[f.name]
		if fd == nil {
			t.b.failAt(f.pos, "unsupported: %s, which a constructor or destructor attribute names, has no body", f.name)
		}
		if ft, ok := fd.Declarator.Type().(*cc.FunctionType); !ok || len(realParams(ft)) != 0 {
			t.b.fail(fd.Declarator, "unsupported: constructor or destructor %s takes parameters", f.name)
		}
		t.enter(fd, nil, nil, false, p)
	}
}
