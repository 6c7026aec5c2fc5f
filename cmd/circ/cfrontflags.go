package main

import (
	"fmt"
	"strconv"
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
	fs.Var((*mayFail)(&o.AllocNeverFails), "malloc-may-fail", "whether malloc, calloc, realloc and strdup may fail and return null, as C allows; false assumes they never do, and the report lists the assumption (false under --svcomp and for a task: SV-COMP's rule)")
	fs.Lookup("malloc-may-fail").NoOptDefVal = "true"
	fs.Var((*unknownFunctions)(&o.HavocUnknown), "unknown-functions", "what an undefined function the C library table does not know may do with a pointer circ cannot type (void *, an incomplete struct, a struct by value): error, or havoc (read and overwrite whatever it points into; an approximation the report lists)")
}

// unknownFunctions is --unknown-functions: error or havoc
// (cfront.Options.HavocUnknown).
type unknownFunctions bool

func (u *unknownFunctions) String() string {
	if *u {
		return "havoc"
	}
	return "error"
}
func (u *unknownFunctions) Type() string { return "error|havoc" }
func (u *unknownFunctions) Set(s string) error {
	switch s {
	case "error", "havoc":
		*u = s == "havoc"
		return nil
	}
	return fmt.Errorf("must be error or havoc, not %q", s)
}

// mayFail is --malloc-may-fail, the negation of
// cfront.Options.AllocNeverFails.
type mayFail bool

func (m *mayFail) String() string { return fmt.Sprint(!bool(*m)) }
func (m *mayFail) Type() string   { return "bool" }
func (m *mayFail) Set(s string) error {
	v, err := strconv.ParseBool(s)
	if err != nil {
		return fmt.Errorf("must be true or false, not %q", s)
	}
	*m = mayFail(!v)
	return nil
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
