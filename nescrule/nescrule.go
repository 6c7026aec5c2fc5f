// Package nescrule is the nesC compiler's own race check, on circ's
// CFAs: the baseline that circ's verdicts on interrupt-driven C are
// compared with ('circ compare'). nescc warns "non-atomic accesses to
// shared variable x" when
//
//   - x is accessed in async code: code reachable from an interrupt
//     handler (a template marked cfa.CFA.Interrupt, or a handler region
//     of circ/tinyos.h's harness, cfa.Location.Handler), and
//   - some access of x outside atomic code is a write, or a read when
//     async code writes x.
//
// Atomic code is an atomic section or code only ever called from one;
// a handler that runs with interrupts disabled is atomic too. circ
// inlines calls, so "only called from atomic code" is the atomic flag
// of the access's location (cfa.Location.Atomic: interrupts surely
// disabled). Two differences with nescc remain, both towards more
// warnings: app.c keeps no `norace` keyword and no `async` declaration,
// so every global is checked and async code is all that a handler
// reaches, as nescc finds it before it stops at commands not declared
// async.
//
// Like the lockset check, the rule tracks no values: a warning is
// Verdict race with the uses as its reason, not a trace.
package nescrule

import (
	"fmt"
	"strings"
	"time"

	"circ/cfa"
	"circ/report"
)

// Engine is the name of the rule's results in report.Result.Engine and
// RaceDef.
const Engine = "nesc"

// Applies reports whether p has interrupt handlers, the async code the
// rule is about.
func Applies(p *cfa.Program) bool {
	for _, c := range p.Templates {
		if c.Interrupt {
			return true
		}
		for _, l := range c.Locs {
			if l.Handler {
				return true
			}
		}
	}
	return false
}

// use is one access of a variable.
type use struct {
	c     *cfa.CFA
	e     *cfa.Edge
	write bool
	async bool // in async code
}

// Check applies the rule to each of vars (all shared memory when nil).
func Check(p *cfa.Program, vars []*cfa.Var) []report.Result {
	if vars == nil {
		vars = p.SharedMemory()
	}
	uses := map[*cfa.Var][]use{}
	want := map[*cfa.Var]bool{}
	for _, v := range vars {
		want[v] = true
	}
	for _, c := range p.Templates {
		for _, e := range c.Edges {
			async := c.Interrupt || c.Locs[e.From].Handler
			for _, v := range e.Writes {
				if want[v] {
					uses[v] = append(uses[v], use{c, e, true, async})
				}
			}
			for _, v := range e.Reads {
				if want[v] && !writes(e, v) {
					uses[v] = append(uses[v], use{c, e, false, async})
				}
			}
		}
	}
	out := make([]report.Result, len(vars))
	for i, v := range vars {
		start := time.Now()
		out[i] = check(v, uses[v])
		out[i].Seconds = time.Since(start).Seconds()
	}
	return out
}

func writes(e *cfa.Edge, v *cfa.Var) bool {
	_, w := e.Accesses(v)
	return w
}

// check decides one variable from its uses.
func check(v *cfa.Var, uses []use) report.Result {
	res := report.Result{Variable: v.SourceName(), Engine: Engine, RaceDef: Engine, Verdict: report.Safe}
	var async, asyncWrite bool
	for _, u := range uses {
		async = async || u.async
		asyncWrite = asyncWrite || u.async && u.write
	}
	if !async {
		res.Reason = "no access in async code (no handler reaches it)"
		return res
	}
	var bad []string
	seen := map[string]bool{}
	for _, u := range uses {
		if u.c.Locs[u.e.From].Atomic || !u.write && !asyncWrite {
			continue
		}
		kind := "read"
		if u.write {
			kind = "write"
		}
		// Inlining copies a use once per call: nescc lists it once.
		if s := fmt.Sprintf("non-atomic %s at %s", kind, u.e.Pos); !seen[s] {
			seen[s] = true
			bad = append(bad, s)
		}
	}
	if len(bad) == 0 {
		if asyncWrite {
			res.Reason = "accessed in async code, every access atomic"
		} else {
			res.Reason = "accessed in async code, every write atomic and none in async code"
		}
		return res
	}
	res.Verdict = report.Race
	const shown = 3
	more := ""
	if len(bad) > shown {
		more = fmt.Sprintf(" and %d more", len(bad)-shown)
		bad = bad[:shown]
	}
	res.Reason = fmt.Sprintf("non-atomic accesses to shared variable %s: %s%s (nesC's warning, not a replayed trace)", res.Variable, strings.Join(bad, "; "), more)
	return res
}
