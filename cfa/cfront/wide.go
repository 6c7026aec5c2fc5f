package cfront

// Wide string literals and wide character constants, decoded from their
// source. cc/v4 decodes a literal's escapes into bytes and reads those
// as UTF-8, so L"\xe9" comes out as U+FFFD and L"\x100" as two
// elements; C makes each escape one element of the escape's value and
// each source character one element of its code point.

import (
	"strconv"
	"unicode/utf16"
	"unicode/utf8"

	"modernc.org/cc/v4"
)

// wideUnits decodes the body of wide literal src (L"..." or L'...',
// adjacent literals already joined by cc) into elements of type elem
// (wchar_t, char16_t or char32_t), the value each has in C; ok is false
// where src is not such a literal or holds an escape circ cannot read.
//
// cc joins adjacent literals by text (L"\x41" L"B" becomes L"\x41B"),
// padding a one-digit hex escape at the end of one to two digits, so in
// a string (joinable) a hex escape of more than two digits may run into
// the next literal's chars: circ cannot read it.
func wideUnits(src string, elem cc.Type, joinable bool) (units []int64, ok bool) {
	if len(src) < 3 || src[0] != 'L' || (src[1] != '"' && src[1] != '\'') || src[len(src)-1] != src[1] {
		return nil, false
	}
	bits := uint(elem.Size() * 8)
	if bits != 16 && bits != 32 {
		return nil, false
	}
	body := src[2 : len(src)-1]
	unit := func(v uint64) int64 { // an escape's value, in the element's width
		v &= 1<<bits - 1
		if cc.IsSignedInteger(elem) && v >= 1<<(bits-1) {
			return int64(v) - 1<<bits
		}
		return int64(v)
	}
	char := func(r rune) { // a character: its code point, or UTF-16 units
		if bits == 16 && r > 0xffff {
			a, b := utf16.EncodeRune(r)
			units = append(units, int64(a), int64(b))
			return
		}
		units = append(units, unit(uint64(r)))
	}
	for i := 0; i < len(body); {
		if body[i] != '\\' {
			r, n := utf8.DecodeRuneInString(body[i:])
			if r == utf8.RuneError && n <= 1 {
				return nil, false
			}
			char(r)
			i += n
			continue
		}
		if i+1 >= len(body) {
			return nil, false
		}
		c := body[i+1]
		switch {
		case simpleEscapes[c] != 0:
			units = append(units, int64(simpleEscapes[c]))
			i += 2
		case c >= '0' && c <= '7':
			j := i + 1
			for j < len(body) && j < i+4 && body[j] >= '0' && body[j] <= '7' {
				j++
			}
			v, _ := strconv.ParseUint(body[i+1:j], 8, 64)
			units = append(units, unit(v))
			i = j
		case c == 'x':
			j := i + 2
			for j < len(body) && isHexDigit(body[j]) {
				j++
			}
			if j == i+2 || j-i-2 > 16 || joinable && j-i-2 > 2 {
				return nil, false
			}
			v, _ := strconv.ParseUint(body[i+2:j], 16, 64)
			units = append(units, unit(v))
			i = j
		case c == 'u' || c == 'U':
			n := 4
			if c == 'U' {
				n = 8
			}
			if i+2+n > len(body) {
				return nil, false
			}
			v, err := strconv.ParseUint(body[i+2:i+2+n], 16, 32)
			if err != nil || v > utf8.MaxRune {
				return nil, false
			}
			char(rune(v))
			i += 2 + n
		default:
			return nil, false
		}
	}
	return units, true
}

// checkWideLiterals rejects a wide string literal circ cannot read, or
// whose length cc counts otherwise than C (it reads L"\xc3\xa9" as one
// UTF-8 char): the literal's array type, which sizeof and every use
// take, would be wrong.
func (b *builder) checkWideLiterals() {
	inspect(b.ast.TranslationUnit, func(node any) bool {
		x, ok := node.(*cc.PrimaryExpression)
		if !ok || x.Case != cc.PrimaryExpressionLString {
			return true
		}
		elem := pointee(x.Type())
		if elem == nil {
			return true
		}
		units, ok := wideUnits(x.Token.SrcStr(), elem, true)
		if !ok {
			b.fail(x, "unsupported: wide string literal %s: a hex escape of more than two digits (cc joins adjacent literals by text, so it may run into the next one's chars) or an escape circ does not read", x.Token.SrcStr())
		}
		n := -1 // the elements cc counts, its 0 included
		switch v := x.Value().(type) {
		case cc.UTF32StringValue:
			n = len(v)
		case cc.UTF16StringValue:
			n = len(v)
		}
		if n != len(units)+1 {
			b.fail(x, "unsupported: wide string literal %s: cc/v4 counts %d elements where C has %d", x.Token.SrcStr(), n, len(units)+1)
		}
		return true
	})
}

// simpleEscapes are the escapes of one char after the backslash, with
// gcc's \e.
var simpleEscapes = map[byte]byte{'n': '\n', 't': '\t', 'r': '\r', 'a': '\a', 'b': '\b', 'f': '\f', 'v': '\v',
	'\\': '\\', '\'': '\'', '"': '"', '?': '?', 'e': 27}

func isHexDigit(c byte) bool {
	return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F'
}
