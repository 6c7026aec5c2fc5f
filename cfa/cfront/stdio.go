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

// scanConv is what scanf does with one argument: the conversion that
// stores through it, and its field width (-1 for none).
type scanConv struct {
	verb  byte
	width int64
}

// scanfConvs parses a scanf format (the literal's chars) into the
// conversions that store through the arguments after it (a '*' one
// stores nothing and takes none); bad is set for a format circ does not
// read, with the reason.
func scanfConvs(s string) (convs []scanConv, bad string) {
	for i := 0; i < len(s); i++ {
		if s[i] != '%' {
			continue
		}
		i++
		suppressed := i < len(s) && s[i] == '*'
		if suppressed {
			i++
		}
		width := int64(-1)
		for ; i < len(s) && s[i] >= '0' && s[i] <= '9'; i++ {
			width = max(width, 0)*10 + int64(s[i]-'0')
		}
		for i < len(s) && strings.IndexByte("hlLqjzt", s[i]) >= 0 {
			i++
		}
		if i >= len(s) {
			return nil, "a scanf format circ cannot read"
		}
		verb := s[i]
		if verb == '[' {
			// The scan set runs to the next ']', which may also be
			// its first member ("[]" or "[^]").
			i++
			if i < len(s) && s[i] == '^' {
				i++
			}
			if i < len(s) && s[i] == ']' {
				i++
			}
			for i < len(s) && s[i] != ']' {
				i++
			}
			if i >= len(s) {
				return nil, "a scanf format circ cannot read (an unclosed scan set)"
			}
		}
		switch {
		case verb == '%':
		case strings.IndexByte("diouxXnaefgEGAcs[p", verb) < 0:
			return nil, "a scanf conversion circ does not know: %" + string(verb)
		case !suppressed:
			convs = append(convs, scanConv{verb: verb, width: width})
		}
	}
	return convs, ""
}
