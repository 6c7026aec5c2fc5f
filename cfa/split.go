package cfa

import (
	"fmt"
	"strings"
)

// SplitByArgument gives each constant thread argument its own template.
// A thread function that main starts with different constant arguments
// (worker(0), worker(1)) becomes one template per argument value, and the
// create edges are redirected to them. The program's behaviour is
// unchanged: each clone is the same code. The abstract engine gains
// because it abstracts a context thread's locals away: without the split
// it cannot tell the instance that got 0 from the one that got 1, so a
// test of the argument (an early pthread_exit, a thread id picking a
// role) is lost; with it, each clone's argument is a known constant and
// each clone has its own ACFA and exact count.
//
// A template is split only when no template that creates it can be
// created, directly or not, by the template itself (a clone must not
// create clones of itself), and only when the sites pass at least two
// different arguments, at least one of them constant. Sites with a
// non-constant argument keep the original template. Call it before
// Finish.
func (p *Program) SplitByArgument() {
	// The templates are taken in order, and each is split against the
	// program as it stands: the clones made so far carry copies of the
	// create edges of the template they clone, and must be redirected
	// too.
	for i := 1; i < len(p.Templates); i++ {
		t := p.Templates[i]
		groups, order, ok := argumentGroups(p, t, p.createGraph())
		if !ok || len(order) < 2 {
			continue
		}
		var clones []*CFA
		for _, key := range order {
			clone := t
			if key != "" {
				clone = t.cloneAs(fmt.Sprintf("%s(%s)", t.Name, key))
			}
			for _, e := range groups[key] {
				e.Template = clone
			}
			clones = append(clones, clone)
		}
		rest := append([]*CFA{}, p.Templates[i+1:]...)
		p.Templates = append(append(p.Templates[:i], clones...), rest...)
		i += len(clones) - 1
	}
}

// createGraph maps each template to the templates it creates.
func (p *Program) createGraph() map[*CFA][]*CFA {
	creates := map[*CFA][]*CFA{}
	for _, c := range p.Templates {
		for _, e := range c.Edges {
			if e.Kind == Create {
				creates[c] = append(creates[c], e.Template)
			}
		}
	}
	return creates
}

// argumentGroups groups t's create sites by argument: a constant's key is
// its value, a non-constant argument's is "". ok is false when t takes
// no parameter or some site is in a template t may create (creates is
// the program's create graph).
func argumentGroups(p *Program, t *CFA, creates map[*CFA][]*CFA) (groups map[string][]*Edge, order []string, ok bool) {
	if t.Param == nil {
		return nil, nil, false
	}
	groups = map[string][]*Edge{}
	for _, c := range p.Templates {
		for _, e := range c.Edges {
			if e.Kind != Create || e.Template != t {
				continue
			}
			if c != p.Main() && mayCreate(creates, t, c) {
				return nil, nil, false
			}
			key := ""
			switch a := e.Arg.(type) {
			case nil:
				key = "0"
			case Const:
				key = fmt.Sprint(a.Val)
			}
			if _, seen := groups[key]; !seen {
				order = append(order, key)
			}
			groups[key] = append(groups[key], e)
		}
	}
	return groups, order, true
}

// mayCreate reports whether from, or a thread it creates, directly or
// not, may create to (or is to).
func mayCreate(creates map[*CFA][]*CFA, from, to *CFA) bool {
	seen := map[*CFA]bool{}
	stack := []*CFA{from}
	for len(stack) > 0 {
		c := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if c == to {
			return true
		}
		if !seen[c] {
			seen[c] = true
			stack = append(stack, creates[c]...)
		}
	}
	return false
}

// cloneAs copies c under a new name, with fresh locals (renamed to stay
// unique in the program) substituted everywhere.
func (c *CFA) cloneAs(name string) *CFA {
	vars := map[*Var]*Var{}
	n := &CFA{Name: name, Entry: c.Entry, Pos: c.Pos, Interrupt: c.Interrupt}
	for _, v := range c.Locals {
		w := *v
		if rest, ok := strings.CutPrefix(v.Name, c.Name+"::"); ok {
			w.Name = name + "::" + rest
		} else {
			w.Name = name + "/" + v.Name
		}
		vars[v] = &w
		n.Locals = append(n.Locals, &w)
	}
	n.Param, n.Self = vars[c.Param], vars[c.Self]
	for _, l := range c.Locs {
		m := *l
		n.Locs = append(n.Locs, &m)
	}
	sub := func(v *Var) *Var {
		if w, ok := vars[v]; ok {
			return w
		}
		return v
	}
	for _, e := range c.Edges {
		f := *e
		f.LHS, f.Mutex = sub(e.LHS), sub(e.Mutex)
		f.RHS, f.Cond, f.Lo, f.Hi = Substitute(e.RHS, sub), Substitute(e.Cond, sub), Substitute(e.Lo, sub), Substitute(e.Hi, sub)
		f.Arg, f.Handle, f.Cell = Substitute(e.Arg, sub), Substitute(e.Handle, sub), Substitute(e.Cell, sub)
		n.Edges = append(n.Edges, &f)
	}
	return n
}

// Substitute returns e with every variable v replaced by sub(v).
func Substitute(e Expr, sub func(*Var) *Var) Expr {
	switch e := e.(type) {
	case Ref:
		return Ref{sub(e.V)}
	case Unary:
		return Unary{e.Op, Substitute(e.X, sub)}
	case Binary:
		return Binary{e.Op, Substitute(e.X, sub), Substitute(e.Y, sub)}
	case Cond:
		return Cond{Substitute(e.C, sub), Substitute(e.T, sub), Substitute(e.F, sub)}
	}
	return e
}
