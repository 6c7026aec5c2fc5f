package predabs

import (
	"maps"
	"slices"

	"circ/cfa"
)

// Generalize returns p's counterparts in the other inlined calls of the
// function whose locals it mentions: a predicate mined over the locals of
// one call of f (old#3 == 0) also matters at f's other call sites (old ==
// 0, old#2 == 0), where refinement would otherwise rediscover it one
// spurious trace at a time. This mirrors BLAST, whose predicates are
// scoped by function rather than by call. p must mention the locals of a
// single frame of template t (see cfa.Var.Frame); otherwise, or when
// another frame lacks one of the locals, there is nothing to add.
func Generalize(p Pred, t *cfa.CFA) []Pred {
	vars := map[*cfa.Var]bool{}
	cfa.Vars(p.E, vars)
	frame := -1
	for v := range vars {
		if v.Global {
			continue
		}
		if v.Role == "" || (frame >= 0 && v.Frame != frame) {
			return nil
		}
		frame = v.Frame
	}
	if frame < 0 {
		return nil
	}
	byFrame := map[int]map[string]*cfa.Var{}
	for _, v := range t.Locals {
		if v.Role == "" || v.Frame == frame {
			continue
		}
		if byFrame[v.Frame] == nil {
			byFrame[v.Frame] = map[string]*cfa.Var{}
		}
		byFrame[v.Frame][v.Role] = v
	}
	var out []Pred
	for _, f := range slices.Sorted(maps.Keys(byFrame)) {
		ok := true
		e := cfa.Substitute(p.E, func(v *cfa.Var) *cfa.Var {
			if v.Global {
				return v
			}
			w := byFrame[f][v.Role]
			if w == nil {
				ok = false
				return v
			}
			return w
		})
		if ok {
			out = append(out, Pred{E: e, Template: p.Template})
		}
	}
	return out
}
