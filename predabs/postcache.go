package predabs

import (
	"fmt"
	"math/bits"
	"slices"
	"strconv"

	"circ/cfa"

	"github.com/aclements/go-z3/z3"
)

// PostCache keeps the main thread's abstract posts from one
// ReachAndBuild to the next on the same program. A main move's post is
// the set of values that the predicates it may change take after it
// (Solver.AllSat). That set depends only on the edge and on the
// predicates connected to it: those over the variables it reads or
// writes or the changed predicates read, and, transitively, those that
// share a variable with one of them. A literal over other variables
// only conjoins a satisfiable constraint on variables no other literal
// reads (every reached minterm is satisfiable). Operators the solver
// encodes as functions shared by the whole formula connect what uses
// them as a variable would (usesFunctions). So the next round,
// whose context is new and whose refinement added predicates that most
// moves are not connected to, finds most posts here. Keys name
// predicates by their text, so one round's bits are read in another's
// numbering.
type PostCache struct {
	ids   map[string]int
	posts map[string][]uint64 // bit k: the k-th changed predicate of the key
}

// maxCachedPosts bounds a PostCache: past it, it starts again empty.
const maxCachedPosts = 1 << 20

// NewPostCache returns an empty cache, for one program's rounds.
func NewPostCache() *PostCache {
	return &PostCache{ids: map[string]int{}, posts: map[string][]uint64{}}
}

// id numbers p by its text (Pred.String names every variable in full).
func (c *PostCache) id(p Pred) int {
	s := p.String()
	n, ok := c.ids[s]
	if !ok {
		n = len(c.ids)
		c.ids[s] = n
	}
	return n
}

// mainPost is the post of main-thread edge e from minterm m: abs, or
// what an earlier round's abs found for the same connected predicates.
func (a *analysis) mainPost(e *cfa.Edge, m uint64) ([]uint64, error) {
	ws := written(e)
	changed := func(v *cfa.Var) bool { return slices.Contains(ws, v) }
	move := fmt.Sprintf("m%p", e)
	trans := func() z3.Bool { return a.transition(e) }
	if a.Posts == nil {
		return a.abs(move, e.From, e.To, m, trans, changed, nil, nil, nil)
	}
	affected, keep := a.affected(e.To, changed)
	vars := map[*cfa.Var]bool{}
	e.ReadVars(vars)
	for _, w := range ws {
		vars[w] = true
	}
	funcs := slices.ContainsFunc([]cfa.Expr{e.RHS, e.Cond, e.Lo, e.Hi, e.Arg, e.Handle}, usesFunctions)
	for _, i := range affected {
		for _, v := range a.predVars[i] {
			vars[v] = true
		}
		funcs = funcs || a.predFuncs&(1<<i) != 0
	}
	cone := a.connected(a.care(e.From), vars, funcs)
	key := []byte(move)
	for i := range a.Preds.List {
		if cone&(1<<i) != 0 {
			key = strconv.AppendInt(append(key, '|'), int64(a.predID[i]), 36)
			key = append(key, "-+"[m>>i&1])
		}
	}
	key = append(key, '>')
	for _, i := range affected {
		key = strconv.AppendInt(append(key, '|'), int64(a.predID[i]), 36)
	}
	if stored, ok := a.Posts.posts[string(key)]; ok {
		ms := make([]uint64, len(stored))
		for j, b := range stored {
			ms[j] = m & keep
			for k, i := range affected {
				if b&(1<<k) != 0 {
					ms[j] |= 1 << i
				}
			}
		}
		return ms, nil
	}
	ms, err := a.abs(move, e.From, e.To, m, trans, changed, nil, nil, nil)
	if err != nil {
		return nil, err
	}
	stored := make([]uint64, len(ms))
	for j, post := range ms {
		for k, i := range affected {
			if post&(1<<i) != 0 {
				stored[j] |= 1 << k
			}
		}
	}
	if len(a.Posts.posts) >= maxCachedPosts {
		clear(a.Posts.posts)
	}
	a.Posts.posts[string(key)] = stored
	return ms, nil
}

// connected is the set of predicates of care that share a variable with
// vars, or a shared function when funcs is set (usesFunctions), directly
// or through other predicates of care.
func (a *analysis) connected(care uint64, vars map[*cfa.Var]bool, funcs bool) uint64 {
	var in uint64
	for grew := true; grew; {
		grew = false
		for rest := care &^ in; rest != 0; rest &= rest - 1 {
			i := bits.TrailingZeros64(rest)
			f := a.predFuncs&(1<<i) != 0
			if funcs && f || slices.ContainsFunc(a.predVars[i], func(v *cfa.Var) bool { return vars[v] }) {
				in |= 1 << i
				for _, v := range a.predVars[i] {
					vars[v] = true
				}
				funcs = funcs || f
				grew = true
			}
		}
	}
	return in
}

// usesFunctions reports whether e applies an operator that the solver
// encodes with a function the whole formula shares: a bitwise one
// (uninterpreted, smt.Solver.uf) or division and remainder (Z3's
// division by zero is one unknown function of the dividend). Two
// literals that both use one are related even over distinct variables.
func usesFunctions(e cfa.Expr) bool {
	switch e := e.(type) {
	case cfa.Unary:
		return usesFunctions(e.X)
	case cfa.Binary:
		return e.Op.IsBitwise() || e.Op == cfa.Div || e.Op == cfa.Mod || usesFunctions(e.X) || usesFunctions(e.Y)
	case cfa.Cond:
		return usesFunctions(e.C) || usesFunctions(e.T) || usesFunctions(e.F)
	}
	return false
}
