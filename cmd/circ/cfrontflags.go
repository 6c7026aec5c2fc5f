package main

import (
	"strings"

	"circ/cfa/cfront"

	"github.com/spf13/pflag"
)

// addCFlags registers the C compiler flags every command that reads C
// takes: -I DIR (searched first, for "..." and <...> includes) and
// -D NAME[=VALUE].
func addCFlags(fs *pflag.FlagSet, o *cfront.Options) {
	fs.StringArrayVarP(&o.IncludeDirs, "include-dir", "I", nil, "add DIR to the include search path, before the system's (repeatable)")
	fs.VarP((*defineList)(&o.Defines), "define", "D", "define macro NAME, as 1 or as VALUE: -D NAME or -D NAME=VALUE (repeatable)")
}

// defineList is a repeatable -D flag that rejects a malformed macro name
// when the flag is parsed.
type defineList []string

func (d *defineList) String() string { return strings.Join(*d, ",") }
func (d *defineList) Type() string   { return "NAME[=VALUE]" }
func (d *defineList) Set(s string) error {
	if err := cfront.CheckDefine(s); err != nil {
		return err
	}
	*d = append(*d, s)
	return nil
}
