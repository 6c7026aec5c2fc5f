package cfront

// A synchronization object's bytes: field-by-field initialization and
// copies.
//
// CIL, which
// wrote the merged programs of goblint/bench, turns a local's
// PTHREAD_MUTEX_INITIALIZER into one assignment per field of glibc's
// representation (m.__data.__lock = 0; m.__data.__count = 0U; ...).
// A run of such assignments that writes every field of the object with
// the values of a static initializer is lowered as that initializer
// would be (staticSync). CIL also copies such a local into the object
// the program uses (mtx->mtx = mut): a copy carries the state over, as
// glibc's bytes do. Any other access to the representation stays an
// error: circ models a lock by its state, not by glibc's bytes.

import (
	"fmt"
	"strings"

	"circ/cfa"
	"modernc.org/cc/v4"
)

// fieldInit is a run of assignments to the fields of one
// synchronization object, keyed in builder.fieldInits by each of its
// statements.
type fieldInit struct {
	first *cc.ExpressionStatement // lowers the initialization; the others lower nothing
	obj   cc.ExpressionNode       // the object (m, s.m)
	kind  cfa.MutexKind           // a mutex's kind, from __kind
	bad   string                  // why the run is no initializer, if it is not
}

// fieldWrite is one assignment obj.path = val of a run.
type fieldWrite struct {
	obj  cc.ExpressionNode
	key  any    // the object, as argKey identifies it
	path string // below the object: .__data.__lock, .__data.__g_refs[0]
	val  int64
	ok   bool // val is a constant
}

// scanFieldInits finds the runs of field assignments in every function
// and records a mutex's kind for scanMutexKinds' users.
func (b *builder) scanFieldInits() {
	b.fieldInits = map[*cc.ExpressionStatement]*fieldInit{}
	for _, fd := range b.funcs {
		inspect(fd.CompoundStatement, func(n any) bool {
			if cs, ok := n.(*cc.CompoundStatement); ok {
				b.fieldRuns(cs)
			}
			return true
		})
	}
}

// fieldRuns records the runs among the statements of block cs.
func (b *builder) fieldRuns(cs *cc.CompoundStatement) {
	var run []*cc.ExpressionStatement
	var writes []fieldWrite
	flush := func() {
		if len(run) > 0 {
			fi := b.fieldInitOf(writes)
			fi.first = run[0]
			for _, es := range run {
				b.fieldInits[es] = fi
			}
		}
		run, writes = nil, nil
	}
	for l := cs.BlockItemList; l != nil; l = l.BlockItemList {
		it := l.BlockItem
		var es *cc.ExpressionStatement
		if it != nil && it.Case == cc.BlockItemStmt && it.Statement.Case == cc.StatementExpr {
			es = it.Statement.ExpressionStatement
		}
		w, ok := b.syncFieldWrite(es)
		if !ok || len(writes) > 0 && w.key != writes[0].key {
			flush()
		}
		if ok {
			run = append(run, es)
			writes = append(writes, w)
		}
	}
	flush()
}

// syncFieldWrite recognizes es as obj.path = value, obj of a
// synchronization type and path into its representation.
func (b *builder) syncFieldWrite(es *cc.ExpressionStatement) (fieldWrite, bool) {
	if es == nil {
		return fieldWrite{}, false
	}
	as, ok := strip(es.ExpressionList).(*cc.AssignmentExpression)
	if !ok || as.Case != cc.AssignmentExpressionAssign {
		return fieldWrite{}, false
	}
	var path []string
	n := as.UnaryExpression
	for {
		x := strip(n)
		if x == nil {
			return fieldWrite{}, false
		}
		if b.syncTypeName(x.Type()) != "" {
			if len(path) == 0 {
				return fieldWrite{}, false // the object itself: a struct assignment
			}
			key := b.argKeyOf(x)
			if key == nil {
				return fieldWrite{}, false
			}
			var sb strings.Builder
			for i := len(path) - 1; i >= 0; i-- {
				sb.WriteString(path[i])
			}
			v, ok := intValue(as.AssignmentExpression.Value())
			return fieldWrite{obj: x, key: key, path: sb.String(), val: v, ok: ok && !hasSE(as.AssignmentExpression)}, true
		}
		switch p := x.(type) {
		case *cc.PostfixExpression:
			switch p.Case {
			case cc.PostfixExpressionSelect:
				path = append(path, "."+p.Token2.SrcStr())
				n = p.PostfixExpression
			case cc.PostfixExpressionIndex:
				i, ok := intValue(p.ExpressionList.Value())
				if !ok || hasSE(p.ExpressionList) {
					return fieldWrite{}, false
				}
				path = append(path, fmt.Sprintf("[%d]", i))
				n = p.PostfixExpression
			case cc.PostfixExpressionPrimary:
				n = p.PrimaryExpression
			default:
				return fieldWrite{}, false
			}
		case *cc.UnaryExpression:
			if p.Case != cc.UnaryExpressionPostfix {
				return fieldWrite{}, false
			}
			n = p.PostfixExpression
		default:
			return fieldWrite{}, false
		}
	}
}

// fieldInitOf judges a run: it must write every field of the object,
// each with the value a static initializer gives it.
func (b *builder) fieldInitOf(ws []fieldWrite) *fieldInit {
	obj := ws[0].obj
	typ := b.syncTypeName(obj.Type())
	fi := &fieldInit{obj: obj, kind: cfa.NormalMutex}
	written := map[string]bool{}
	for _, w := range ws {
		written[w.path] = true
		field := w.path[strings.LastIndexAny(w.path, ".[")+1:]
		switch {
		case !w.ok:
			fi.bad = fmt.Sprintf("%s%s is given a value that is no constant", nodeText(obj), w.path)
		case w.val == 0:
		case typ == "pthread_mutex_t" && field == "__kind":
			k, ok := kindOfValue(w.val)
			if !ok {
				fi.bad = fmt.Sprintf("%s%s = %d is no mutex kind", nodeText(obj), w.path, w.val)
			}
			fi.kind = k
		case typ == "pthread_rwlock_t" && field == "__flags":
			// Writer preference changes nothing circ models (syncInit).
		default:
			fi.bad = fmt.Sprintf("%s%s = %d is no field of a static initializer", nodeText(obj), w.path, w.val)
		}
		if fi.bad != "" {
			return fi
		}
	}
	if miss := unwritten(obj.Type(), "", written); miss != "" {
		fi.bad = fmt.Sprintf("%s%s is not written with the other fields", nodeText(obj), miss)
		return fi
	}
	if typ == "pthread_mutex_t" {
		if key := ws[0].key; key != nil {
			b.mutexKinds[key] |= 1 << fi.kind
		}
	}
	return fi
}

// unwritten returns a scalar field below path of t, of type typ, that
// written does not cover ("" when all are): every field of a struct,
// one member of a union that spans all its bytes (not __align, which
// leaves a mutex's __kind as it was), every element of an array.
func unwritten(typ cc.Type, path string, written map[string]bool) string {
	if written[path] {
		return ""
	}
	switch {
	case typ.Kind() == cc.Array:
		at := typ.(*cc.ArrayType)
		if at.Len() <= 0 {
			return path + "[]"
		}
		for i := int64(0); i < at.Len(); i++ {
			if miss := unwritten(at.Elem(), fmt.Sprintf("%s[%d]", path, i), written); miss != "" {
				return miss
			}
		}
		return ""
	case typ.Kind() == cc.Struct || typ.Kind() == cc.Union:
		st, _ := fieldsOf(typ)
		if st == nil {
			return path
		}
		first := ""
		for i := 0; i < st.NumFields(); i++ {
			f := st.FieldByIndex(i)
			if f == nil || f.Name() == "" && f.IsBitfield() {
				continue // padding
			}
			sub := path
			if f.Name() != "" {
				sub += "." + f.Name()
			}
			miss := unwritten(f.Type(), sub, written)
			switch {
			case typ.Kind() == cc.Union && miss == "" && f.Type().Size() == typ.Size():
				return ""
			case typ.Kind() == cc.Struct && miss != "":
				return miss
			case first == "":
				first = miss
			}
		}
		return first
	}
	return path
}

// fieldInitStmt lowers statement es if it belongs to a run of field
// assignments, and reports whether it did.
func (t *tb) fieldInitStmt(es *cc.ExpressionStatement) bool {
	fi := t.b.fieldInits[es]
	if fi == nil {
		return false
	}
	if fi.first != es {
		return true
	}
	if fi.bad != "" {
		t.b.fail(es, "unsupported: field-by-field initialization of %s: %s", nodeText(fi.obj), fi.bad)
	}
	lv := t.lvalue(fi.obj)
	if lv.l == nil || lv.l.v == nil || lv.l.sync == "" {
		t.b.fail(es, "unsupported: field-by-field initialization of %s, which is no variable or member of one", nodeText(fi.obj))
	}
	t.staticSync(lv.l, fi.kind, "field-by-field initialization", es, t.b.pos(es))
	return true
}

// syncCopy lowers x, dst = src of synchronization objects: dst takes
// src's state. Only a normal mutex (its state is who holds it, whether
// it holds indeterminate bytes, whether it was destroyed) and a
// condition variable (no state, condWait) are copied; the per-thread
// state of other kinds has no copy.
func (t *tb) syncCopy(x *cc.AssignmentExpression, want bool, p cfa.Pos) cfa.Expr {
	typ := t.b.syncTypeName(x.UnaryExpression.Type())
	if x.Case != cc.AssignmentExpressionAssign || want {
		t.b.fail(x, "unsupported: assignment of a %s", typ)
	}
	src := t.lvalue(x.AssignmentExpression)
	if src.l == nil || src.l.v == nil || src.l.untracked {
		t.b.fail(x.AssignmentExpression, "unsupported: copy of a %s that is no variable or member of one", typ)
	}
	normal := func(l *local, n cc.Node) {
		if k := t.mutexKind(l); k != cfa.NormalMutex {
			t.b.fail(n, "unsupported: copy of %s, a %s mutex", l.v.CName, k)
		}
	}
	if typ == "pthread_mutex_t" {
		normal(src.l, x.AssignmentExpression)
	}
	t.access(t.lvalue(x.UnaryExpression), func(l *local) {
		switch {
		case l.sync != typ:
			t.b.fail(x, "unsupported: copy of a %s over a %s", typ, l.sync)
		case l.untracked:
			t.add(&cfa.Edge{Kind: cfa.Skip, Pos: p, Note: "copy of a " + typ + " circ does not track"})
		case typ == "pthread_mutex_t":
			normal(l, x.UnaryExpression)
			t.set(l.v, ref(src.l.v), p)
			copyField := func(dst, src *cfa.Var) {
				if dst == nil {
					return
				}
				var val cfa.Expr = num(0)
				if src != nil {
					val = ref(src)
				}
				t.set(dst, val, p)
			}
			copyField(t.garbageField(l.v), t.garbageField(src.l.v))
			copyField(t.destroyedField(l), t.destroyedField(src.l))
		}
	})
	return nil
}
