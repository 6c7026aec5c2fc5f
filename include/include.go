// Package include holds the C headers that ship with circ, embedded in
// the binary so that models find them without flags: the C front end
// (cfa/cfront) serves them under the include directory named Dir, so that
// `#include "circ/tinyos.h"` resolves to include/circ/tinyos.h of this
// repository, and searches OverrideDir before the system's directories,
// so that include/override/stdatomic.h replaces the compiler's header.
package include

import (
	"embed"
	"io/fs"
	"strings"
)

//go:embed circ/*.h override/*.h ilp32/gnu/*.h
var headers embed.FS

// Dir is the virtual include directory under which FS serves the headers.
// It is a name no real path of the host is expected to have.
const Dir = "circ-builtin-include"

// OverrideDir holds circ's versions of standard headers (stdatomic.h),
// searched before the system's include directories.
const OverrideDir = Dir + "/override"

// ILP32Dir holds the headers a 32-bit x86 build of glibc's headers
// needs that a 64-bit host lacks (gnu/stubs-32.h), searched after the
// system's include directories when circ reads a program as ILP32.
const ILP32Dir = Dir + "/ilp32"

// FS serves the embedded headers as Dir/circ/NAME.h,
// Dir/override/NAME.h and Dir/ilp32/gnu/NAME.h; every other name is not found, so that the front
// end falls back to the host file system.
var FS fs.FS = prefixFS{}

type prefixFS struct{}

func (prefixFS) Open(name string) (fs.File, error) {
	rest, ok := strings.CutPrefix(name, Dir+"/")
	if !ok {
		return nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrNotExist}
	}
	return headers.Open(rest)
}
