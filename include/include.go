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

//go:embed circ/*.h override/*.h
var headers embed.FS

// Dir is the virtual include directory under which FS serves the headers.
// It is a name no real path of the host is expected to have.
const Dir = "circ-builtin-include"

// OverrideDir holds circ's versions of standard headers (stdatomic.h),
// searched before the system's include directories.
const OverrideDir = Dir + "/override"

// FS serves the embedded headers as Dir/circ/NAME.h and
// Dir/override/NAME.h; every other name is not found, so that the front
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
