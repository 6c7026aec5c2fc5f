package cfront

import (
	"regexp"

	"modernc.org/cc/v4"
)

// This file picks the machine a translation unit is compiled for. circ
// reads C as the host's compiler does (x86-64), except for the
// microcontrollers nescc builds TinyOS for, whose int and pointers are
// 16 bits wide: there an int's arithmetic wraps at 16 bits and a long is
// 32, as the C of app.c means them. nescc's output names its compiler's
// include directory in its line markers (# 150
// "/usr/lib/gcc/msp430/4.6.3/include/stddef.h"), which tells the target.

// targetABIs are the integer and pointer types of each target that
// differ from the host's: size, alignment and alignment in a struct.
var targetABIs = map[string]map[cc.Kind]cc.AbiType{
	// msp430-gcc: 16-bit int and pointers, 32-bit long, 16-bit alignment.
	"msp430": {
		cc.Int: {Size: 2, Align: 2, FieldAlign: 2}, cc.UInt: {Size: 2, Align: 2, FieldAlign: 2},
		cc.Long: {Size: 4, Align: 2, FieldAlign: 2}, cc.ULong: {Size: 4, Align: 2, FieldAlign: 2},
		cc.LongLong: {Size: 8, Align: 2, FieldAlign: 2}, cc.ULongLong: {Size: 8, Align: 2, FieldAlign: 2},
		cc.Ptr: {Size: 2, Align: 2, FieldAlign: 2},
	},
	// avr-gcc: 16-bit int and pointers, 32-bit long, no alignment.
	"avr": {
		cc.Short: {Size: 2, Align: 1, FieldAlign: 1}, cc.UShort: {Size: 2, Align: 1, FieldAlign: 1},
		cc.Int: {Size: 2, Align: 1, FieldAlign: 1}, cc.UInt: {Size: 2, Align: 1, FieldAlign: 1},
		cc.Long: {Size: 4, Align: 1, FieldAlign: 1}, cc.ULong: {Size: 4, Align: 1, FieldAlign: 1},
		cc.LongLong: {Size: 8, Align: 1, FieldAlign: 1}, cc.ULongLong: {Size: 8, Align: 1, FieldAlign: 1},
		cc.Ptr: {Size: 2, Align: 1, FieldAlign: 1},
	},
}

// targetMarker finds the target of nescc's output in a line marker.
var targetMarker = regexp.MustCompile(`(?m)^# [0-9]+ "[^"]*/lib/gcc(?:-lib)?/(msp430|avr)/`)

// detectTarget names the microcontroller src is compiled for ("" for
// the host).
func detectTarget(src []byte) string {
	head := src
	if len(head) > 1<<16 {
		head = head[:1<<16]
	}
	if m := targetMarker.FindSubmatch(head); m != nil {
		return string(m[1])
	}
	return ""
}

// targetABI is abi with target's types; abi itself for the host.
func targetABI(abi *cc.ABI, target string) *cc.ABI {
	types := targetABIs[target]
	if types == nil {
		return abi
	}
	out := *abi
	out.Types = map[cc.Kind]cc.AbiType{}
	for k, v := range abi.Types {
		out.Types[k] = v
	}
	for k, v := range types {
		out.Types[k] = v
	}
	return &out
}

// modeTypedef matches a typedef of an integer type that GCC's mode
// attribute gives another width, as avr-libc declares stdint.h's types:
// typedef unsigned int uint8_t __attribute__((__mode__(__QI__)));
var modeTypedef = regexp.MustCompile(`typedef\s+((?:un)?signed\s+)?(?:char|short|int|long|long\s+long)\s+([A-Za-z_]\w*)\s+__attribute(?:__)?\s*\(\(\s*(?:__)?mode(?:__)?\s*\(\s*(?:__)?(QI|HI|SI|DI)(?:__)?\s*\)\s*\)\)`)

// modeWidths are the bytes of each mode.
var modeWidths = map[string]int64{"QI": 1, "HI": 2, "SI": 4, "DI": 8}

// rewriteModeTypedefs rewrites, in src, each typedef modeTypedef matches
// into a typedef of the standard integer type of its mode's width on the
// target (cc/v4 reads the mode attribute without applying it).
func rewriteModeTypedefs(src []byte, target string) []byte {
	if !modeTypedef.Match(src) {
		return src
	}
	int4, long8 := "int", "long long"
	if targetABIs[target] != nil {
		int4 = "long" // 16-bit int, 32-bit long
	}
	names := map[int64]string{1: "char", 2: "short", 4: int4, 8: long8}
	return modeTypedef.ReplaceAllFunc(src, func(m []byte) []byte {
		g := modeTypedef.FindSubmatch(m)
		sign := "signed "
		if len(g[1]) > 0 && g[1][0] == 'u' {
			sign = "unsigned "
		}
		return []byte("typedef " + sign + names[modeWidths[string(g[3])]] + " " + string(g[2]))
	})
}
