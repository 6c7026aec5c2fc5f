package predabs

import (
	"fmt"
	"math/bits"
	"slices"
	"strconv"
	"strings"

	"circ/cfa"

	"github.com/aclements/go-z3/z3"
)

// PostCache keeps abstract posts from one ReachAndBuild to the next on
// the same program. A move's post is the set of values that the
// predicates it may change take after it (Solver.AllSat). That set
// depends only on the move and on the predicates connected to it: those
// over the variables it reads or writes or the changed predicates read,
// and, transitively, those that share a variable with one of them. A
// literal over other variables only conjoins a satisfiable constraint on
// variables no other literal reads (every reached minterm is
// satisfiable). Operators the solver encodes as functions shared by the
// whole formula connect what uses them as a variable would
// (usesFunctions). A context move's regions (its target's label, its
// guard and post) enter the key as they constrain the connected
// predicates (projected). So the next round, whose context is new but
// whose moves mostly come back, and whose refinement added predicates
// that most moves are not connected to, finds most posts here. Keys
// name predicates by their text, so one round's bits are read in
// another's numbering.
type PostCache struct {
	// prog is the program whose moves the keys name (by address, which
	// the cache keeps from being reused).
	prog  *cfa.Program
	ids   map[string]int
	posts map[string][]uint64 // bit k: the k-th changed predicate of the key
}

// maxCachedPosts bounds a PostCache: past it, it starts again empty.
const maxCachedPosts = 1 << 20

// NewPostCache returns an empty cache for the rounds of checks of p;
// ReachAndBuild on another program does without it.
func NewPostCache(p *cfa.Program) *PostCache {
	return &PostCache{prog: p, ids: map[string]int{}, posts: map[string][]uint64{}}
}

// Of reports whether c caches posts of p's moves.
func (c *PostCache) Of(p *cfa.Program) bool { return c != nil && c.prog == p }

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
	compute := func() ([]uint64, error) {
		return a.abs(move, e.From, e.To, m, func() z3.Bool { return a.transition(e) }, changed, nil, nil, nil)
	}
	if a.posts == nil {
		return compute()
	}
	vars := map[*cfa.Var]bool{}
	e.ReadVars(vars)
	for _, w := range ws {
		vars[w] = true
	}
	funcs := slices.ContainsFunc([]cfa.Expr{e.RHS, e.Cond, e.Lo, e.Hi, e.Arg, e.Handle}, usesFunctions)
	return a.cachedPost(move, e.From, e.To, m, vars, funcs, changed, nil, compute)
}

// contextPost is the post of a context move from minterm m at the main
// thread's location pc: it havocs the globals havoc (and, at a birth,
// sets param to one of args, or any value), the moving thread's target
// location's label holds after it, and guard before and post after it
// when set.
func (a *analysis) contextPost(key string, pc int, m uint64, havoc []string, param *cfa.Var, args []int64, target [2]int, guard, post *Region) ([]uint64, error) {
	changed := func(v *cfa.Var) bool {
		return v == param || (v.Global && slices.Contains(havoc, v.Name))
	}
	compute := func() ([]uint64, error) {
		return a.abs(key, pc, pc, m, func() z3.Bool { return a.havocTransition(havoc, param, args) }, changed, &target, guard, post)
	}
	if a.posts == nil {
		return compute()
	}
	vars := map[*cfa.Var]bool{}
	for _, h := range havoc {
		if g, ok := a.byName[h]; ok {
			vars[g] = true
		}
	}
	if param != nil {
		vars[param] = true
	}
	var label *Region
	if r, ok := a.ACFAs[target[0]].Locs[target[1]].Label.(Region); ok {
		label = &r
	}
	move := fmt.Sprintf("c%q|%p|%v", havoc, param, args)
	return a.cachedPost(move, pc, pc, m, vars, false, changed, []*Region{label, guard, post}, compute)
}

// cachedPost is compute(), the post of move from minterm m at location
// from to location to, through a.posts. The move reads and writes vars
// (and a shared function, funcs); it changes the variables changed; and
// regions (nil: none) constrain the state before or after it over the
// global predicates. The key is what the post depends on: the move,
// m's literals over the predicates connected to it, the predicates it
// may change, and each region's minterms that agree with m on the
// predicates not connected to it (those stay as they are), projected
// onto the connected ones.
func (a *analysis) cachedPost(move string, from, to int, m uint64, vars map[*cfa.Var]bool, funcs bool, changed func(*cfa.Var) bool, regions []*Region, compute func() ([]uint64, error)) ([]uint64, error) {
	affected, keep := a.affected(to, changed)
	for _, i := range affected {
		for _, v := range a.predVars[i] {
			vars[v] = true
		}
		funcs = funcs || a.predFuncs&(1<<i) != 0
	}
	cone := a.connected(a.care(from), vars, funcs)
	key := []byte(move)
	key = a.literals(append(key, '|'), m, cone)
	key = append(key, '>')
	for _, i := range affected {
		key = strconv.AppendInt(append(key, '|'), int64(a.predID[i]), 36)
	}
	for _, r := range regions {
		if r == nil {
			key = append(key, " true"...)
		} else {
			key = append(key, a.projected(*r, m, cone)...)
		}
	}
	if stored, ok := a.posts.posts[string(key)]; ok {
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
	ms, err := compute()
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
	if len(a.posts.posts) >= maxCachedPosts {
		clear(a.posts.posts)
	}
	a.posts.posts[string(key)] = stored
	return ms, nil
}

// literals appends minterm m's literals over the predicates of set to
// key, each as its PostCache number and sign.
func (a *analysis) literals(key []byte, m, set uint64) []byte {
	for rest := set; rest != 0; rest &= rest - 1 {
		i := bits.TrailingZeros64(rest)
		key = strconv.AppendInt(key, int64(a.predID[i]), 36)
		key = append(key, "-+"[m>>i&1])
	}
	return key
}

// projected renders region r (over the global predicates) as it
// constrains a move connected to the predicates cone from minterm m:
// its minterms that agree with m on the other global predicates,
// restricted to cone, sorted by their text (" {}" is false).
func (a *analysis) projected(r Region, m, cone uint64) string {
	global := a.Preds.GlobalMask()
	rest := global &^ cone
	seen := map[string]bool{}
	var out []string
	for _, x := range r.M {
		if x&rest != m&rest {
			continue
		}
		s := "(" + string(a.literals(nil, x, global&cone)) + ")"
		if !seen[s] {
			seen[s] = true
			out = append(out, s)
		}
	}
	slices.Sort(out)
	return " {" + strings.Join(out, "") + "}"
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
