package cfront

import "strings"

// This file reads printf formats: which argument each conversion
// takes (libcfuncs.go lowers what printf reads of them).

// printConv is what printf does with one argument: a conversion, or a
// '*' width or precision (an int).
type printConv struct {
	verb byte
	// prec is a %s's precision: a constant, or -1 for none, -2 for
	// one given by the argument before it ('*').
	prec int64
}

// printfConvs parses a format (the literal's chars) into the
// conversions of the arguments after it; bad is set for a format circ
// does not read, with the reason.
func printfConvs(s string) (convs []printConv, bad string) {
	for i := 0; i < len(s); i++ {
		if s[i] != '%' {
			continue
		}
		i++
		for i < len(s) && strings.IndexByte("-+ #0'", s[i]) >= 0 {
			i++
		}
		if i < len(s) && s[i] == '*' {
			convs = append(convs, printConv{verb: '*'})
			i++
		}
		for i < len(s) && s[i] >= '0' && s[i] <= '9' {
			i++
		}
		prec := int64(-1)
		if i < len(s) && s[i] == '.' {
			i++
			prec = 0
			if i < len(s) && s[i] == '*' {
				convs = append(convs, printConv{verb: '*'})
				prec = -2
				i++
			}
			for ; i < len(s) && s[i] >= '0' && s[i] <= '9'; i++ {
				prec = prec*10 + int64(s[i]-'0')
			}
		}
		for i < len(s) && strings.IndexByte("hlLqjzt", s[i]) >= 0 {
			i++
		}
		if i >= len(s) {
			return nil, "a format circ cannot read"
		}
		switch s[i] {
		case '%':
		default:
			convs = append(convs, printConv{verb: s[i], prec: prec})
		}
	}
	return convs, ""
}
