package cfront

import (
	"reflect"
	"sync"

	"modernc.org/cc/v4"
)

// ccPkg is the import path of the AST's node types.
var ccPkg = reflect.TypeOf(cc.AST{}).PkgPath()

// inspect calls f for n and, when f returns true, for every AST node
// below n, depth first in source order.
func inspect(n any, f func(any) bool) {
	Walk(n, func(n any, _ []any) bool { return f(n) })
}

// Walk calls f for n and, when f returns true, for every cc/v4 AST node
// below n, depth first in source order, with the stack of n's ancestors
// (outermost first). It follows the exported node fields of cc/v4's AST
// (pointers to its struct types, directly or through interfaces such as
// ExpressionNode), which form a tree.
func Walk(n any, f func(n any, stack []any) bool) {
	walk(n, make([]any, 0, 64), f)
}

func walk(n any, stack []any, f func(n any, stack []any) bool) {
	v := reflect.ValueOf(n)
	nt := nodeTypeOf(v)
	if nt == nil || !f(n, stack) {
		return
	}
	stack = append(stack, n)
	s := v.Elem()
	for _, i := range nt.fields {
		fv := s.Field(i)
		if fv.Kind() == reflect.Interface {
			if fv.IsNil() {
				continue
			}
			fv = fv.Elem()
		}
		walk(fv.Interface(), stack, f) // which skips what is no node
	}
}

// nodeType is what walk needs of one of cc/v4's node types: the indexes
// of its fields that may hold a node, its exported pointers to structs
// and interfaces.
type nodeType struct{ fields []int }

// nodeTypes caches nodeTypeOf by pointer type (nil: no node type):
// reflect allocates on each look at a field or a package path, and walk
// visits every node of a file, its headers' included, several times per
// Load.
var nodeTypes sync.Map

// nodeTypeOf is the node type v points to, or nil where v is no non-nil
// pointer to one of cc/v4's structs.
func nodeTypeOf(v reflect.Value) *nodeType {
	if v.Kind() != reflect.Pointer || v.IsNil() {
		return nil
	}
	t := v.Type()
	if nt, ok := nodeTypes.Load(t); ok {
		return nt.(*nodeType)
	}
	var nt *nodeType
	if st := t.Elem(); st.Kind() == reflect.Struct && st.PkgPath() == ccPkg {
		nt = &nodeType{}
		for i := 0; i < st.NumField(); i++ {
			f := st.Field(i)
			if !f.IsExported() {
				continue
			}
			switch k := f.Type.Kind(); {
			case k == reflect.Interface, k == reflect.Pointer && f.Type.Elem().Kind() == reflect.Struct:
				nt.fields = append(nt.fields, i)
			}
		}
	}
	nodeTypes.Store(t, nt)
	return nt
}
