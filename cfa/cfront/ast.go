package cfront

import (
	"strings"

	"circ/cfa"
	"circ/include"

	"modernc.org/cc/v4"
)

// ParseAST preprocesses, parses and type checks a C file exactly as
// ParseWith does (same configuration, circ's shipped headers, opts), and
// returns cc/v4's AST without lowering it. It is for tools that relate
// CFA positions back to the source text (package native rewrites the
// file around them); the AST's main-file tokens carry the positions that
// cfa.Pos values name.
func ParseAST(name string, src []byte, opts Options) (*cc.AST, error) {
	cfg0, err := config()
	if err != nil {
		return nil, newError(cfa.Pos{File: name}, "cannot configure the C front end: %v", err)
	}
	cfg := *cfg0
	cfg.ExpansionLimit = 50_000_000
	if cfg.FS == nil {
		cfg.FS = include.FS
	}
	for _, d := range opts.Defines {
		if err := CheckDefine(d); err != nil {
			return nil, newError(cfa.Pos{File: name}, "%v", err)
		}
	}
	cfg.IncludePaths = append(append(append([]string(nil), opts.IncludeDirs...), cfg.IncludePaths...), include.Dir)
	cfg.SysIncludePaths = append(append(append(append([]string(nil), opts.IncludeDirs...), include.OverrideDir), cfg.SysIncludePaths...), include.Dir)
	predefined := cfg.Predefined
	if strings.HasSuffix(name, ".i") {
		predefined = reservedOnly(predefined)
	}
	predefined += opts.defines()
	ast, err := translate(&cfg, []cc.Source{
		{Name: "<predefined>", Value: predefined},
		{Name: "<builtin>", Value: cc.Builtin},
		{Name: name, Value: string(src)},
		{Name: "<end>", Value: "int " + sentinel + ";\n"},
	}, name)
	if err != nil {
		if e, ok := err.(*Error); ok {
			return nil, e
		}
		return nil, ccError(name, err)
	}
	return ast, nil
}
