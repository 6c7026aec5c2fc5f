package cfront

import (
	"fmt"

	"circ/cfa"
)

// delayHandleStores gives pthread_create's store of the new thread's id
// a step of its own, after the step that starts the thread, for every
// thread-handle global another thread may access (cfa.SharedMemory):
// POSIX leaves the order open (musl stores after starting the thread,
// glibc before), so the new thread, or any other, may read the handle
// before the store, and that read races with it. A handle only its
// creating thread accesses keeps the store in the create step: no other
// thread can tell the two apart. It reports whether it changed p.
func delayHandleStores(p *cfa.Program) bool {
	shared := map[*cfa.Var]bool{}
	for _, v := range p.SharedMemory() {
		shared[v] = v.Kind == cfa.Handle
	}
	changed := false
	for _, c := range p.Templates {
		for _, e := range c.Edges {
			if e.Kind != cfa.Create || e.LHS == nil || !shared[e.LHS] {
				continue
			}
			name := uniqueLocal(c, e.LHS.Name+"#id")
			id := &cfa.Var{Name: name, Kind: cfa.Handle, CName: name, Frame: -1}
			c.Locals = append(c.Locals, id)
			from := c.Locs[e.From]
			mid := c.NewLoc(from.Atomic, e.Pos)
			c.Locs[mid].Handler = from.Handler
			c.AddEdge(&cfa.Edge{Kind: cfa.Assign, LHS: e.LHS, RHS: cfa.Ref{V: id}, From: mid, To: e.To, Pos: e.Pos, Sync: e.Sync})
			e.LHS, e.To = id, mid
			changed = true
		}
	}
	return changed
}

// uniqueLocal is name, or name with a suffix, unused among c's locals.
func uniqueLocal(c *cfa.CFA, name string) string {
	used := map[string]bool{}
	for _, v := range c.Locals {
		used[v.Name] = true
	}
	n := name
	for i := 2; used[n]; i++ {
		n = fmt.Sprintf("%s%d", name, i)
	}
	return n
}
