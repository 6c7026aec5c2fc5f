package cfront

import "modernc.org/cc/v4"

// ParseAST preprocesses, parses and type checks a C file exactly as
// ParseWith does (same configuration, circ's shipped headers, opts), and
// returns cc/v4's AST without lowering it. It is for tools that relate
// CFA positions back to the source text (package native rewrites the
// file around them); the AST's main-file tokens carry the positions that
// cfa.Pos values name.
func ParseAST(name string, src []byte, opts Options) (*cc.AST, error) {
	ast, _, _, err := translateFile(name, src, opts)
	if err != nil {
		if e, ok := err.(*Error); ok {
			return nil, e
		}
		return nil, ccError(name, err)
	}
	return ast, nil
}
