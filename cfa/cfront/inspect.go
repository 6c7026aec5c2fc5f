package cfront

import (
	"reflect"

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
	walk(n, nil, f)
}

func walk(n any, stack []any, f func(n any, stack []any) bool) {
	v := reflect.ValueOf(n)
	if !isNode(v) || !f(n, stack) {
		return
	}
	stack = append(stack, n)
	s := v.Elem()
	for i := 0; i < s.NumField(); i++ {
		if !s.Type().Field(i).IsExported() {
			continue
		}
		fv := s.Field(i)
		if fv.Kind() == reflect.Interface {
			if fv.IsNil() {
				continue
			}
			fv = fv.Elem()
		}
		if isNode(fv) {
			walk(fv.Interface(), stack, f)
		}
	}
}

// isNode reports whether v is a non-nil pointer to one of cc's structs.
func isNode(v reflect.Value) bool {
	return v.Kind() == reflect.Pointer && !v.IsNil() && v.Elem().Kind() == reflect.Struct && v.Elem().Type().PkgPath() == ccPkg
}
