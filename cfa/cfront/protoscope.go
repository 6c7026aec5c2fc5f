package cfront

import (
	"strings"

	"modernc.org/cc/v4"
)

// cc/v4 declares the parameters of a function declarator that follows
// another part of an abstract declarator, as in the cast
// (int (*)(double offset))0, in the enclosing block instead of in a
// scope of their own (C11 6.2.1p4: prototype scope). Two such casts in
// one block then "redeclare" a name, as generated code (CIL's combined
// files, zlib's callbacks) often does. Such a name means nothing past
// its declarator, so circ blanks it and reads the file again: the
// program is the same, and no position moves.

// unnamedTypeParams returns src with the names of the parameters
// declared inside type names blanked, and whether there were any. A
// name that its type name uses again (a variably modified parameter,
// int (*)(int n, int a[n])) stays. Only the main file's text changes;
// nil when src does not parse.
func unnamedTypeParams(cfg *cc.Config, sources []cc.Source, main int) ([]byte, bool) {
	ast, err := cc.Parse(cfg, sources)
	if err != nil || ast == nil {
		return nil, false
	}
	name := sources[main].Name
	src := []byte(sources[main].Value.(string))
	lineStart := []int{0}
	for i, c := range src {
		if c == '\n' {
			lineStart = append(lineStart, i+1)
		}
	}
	changed := false
	Walk(ast.TranslationUnit, func(n any, _ []any) bool {
		tn, ok := n.(*cc.TypeName)
		if !ok {
			return true
		}
		var params []cc.Token
		uses := map[string]int{}
		Walk(tn, func(n any, _ []any) bool {
			switch x := n.(type) {
			case *cc.ParameterDeclaration:
				if x.Declarator != nil {
					params = append(params, x.Declarator.NameTok())
				}
			case *cc.PrimaryExpression:
				if x.Case == cc.PrimaryExpressionIdent {
					uses[x.Token.SrcStr()]++
				}
			}
			return true
		})
		for _, tok := range params {
			p := tok.Position()
			id := tok.SrcStr()
			if p.Filename != name || uses[id] > 0 || p.Line < 1 || p.Line > len(lineStart) {
				continue
			}
			at := lineStart[p.Line-1] + p.Column - 1
			if at < 0 || at+len(id) > len(src) || string(src[at:at+len(id)]) != id {
				continue // not where the text has it (a macro's expansion)
			}
			copy(src[at:], strings.Repeat(" ", len(id)))
			changed = true
		}
		return false
	})
	return src, changed
}
