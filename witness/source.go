package witness

import (
	"regexp"
	"strings"
)

// source is the text of the checked file, indexed by line, with the
// spans of its function definitions: a witness names positions in the
// source (a call's closing parenthesis, the function around a
// statement) that circ's trace, whose calls are inlined, does not keep.
type source struct {
	lines []string // lines[i] is line i+1, without its newline
	funcs []funcSpan
}

// funcSpan is a function definition from the line of its name to the
// line of its closing brace.
type funcSpan struct {
	name       string
	start, end int
}

func newSource(text []byte) *source {
	s := &source{lines: strings.Split(string(text), "\n")}
	s.funcs = functionSpans(s.lines)
	return s
}

// functionAt is the name of the function defined around line, or "".
func (s *source) functionAt(line int) string {
	for _, f := range s.funcs {
		if f.start <= line && line <= f.end {
			return f.name
		}
	}
	return ""
}

// callClose finds the first call matching re (a pattern ending in the
// callee's name) that starts on line at or after column col (1-based),
// or anywhere on line if none does, and returns the position of its
// closing parenthesis (which may be on a later line) and the callee.
func (s *source) callClose(re *regexp.Regexp, line, col int) (l, c int, callee string, ok bool) {
	if line < 1 || line > len(s.lines) {
		return 0, 0, "", false
	}
	text := s.lines[line-1]
	locs := re.FindAllStringSubmatchIndex(text, -1)
	if len(locs) == 0 {
		return 0, 0, "", false
	}
	m := locs[0]
	for _, loc := range locs {
		if loc[0]+1 >= col {
			m = loc
			break
		}
	}
	callee = text[m[2]:m[3]]
	// m[1] is just past the opening parenthesis: scan to its match.
	depth := 1
	l, i := line, m[1]
	for l <= len(s.lines) {
		t := s.lines[l-1]
		for ; i < len(t); i++ {
			switch t[i] {
			case '(':
				depth++
			case ')':
				depth--
				if depth == 0 {
					return l, i + 1, callee, true
				}
			}
		}
		l, i = l+1, 0
	}
	return 0, 0, "", false
}

var (
	nondetCall = regexp.MustCompile(`\b(__VERIFIER_nondet_[A-Za-z0-9_]+)\s*\(`)
	createCall = regexp.MustCompile(`\b(pthread_create_N|pthread_create|thrd_create)\s*\(`)
	// anyCall is any call or function-like macro invocation: a create
	// step whose call the source does not show comes from a macro, and
	// the invocation at the step's position stands for it.
	anyCall = regexp.MustCompile(`\b([A-Za-z_][A-Za-z0-9_]*)\s*\(`)
)

// functionSpans finds the function definitions of a C file: an
// identifier followed by a parenthesized list and a brace, all at brace
// depth 0. Comments, string and character literals and preprocessor
// lines are skipped; this is enough for locating statements, not a
// parser.
func functionSpans(lines []string) []funcSpan {
	var spans []funcSpan
	var (
		depth      int    // brace depth
		paren      int    // paren depth at brace depth 0
		lastIdent  string // last identifier at depth 0, paren 0
		lastLine   int
		candidate  string // identifier before a closed top-level (...)
		candLine   int
		inBody     bool
		inComment  bool
		cur        funcSpan
		identStart = -1
	)
	for ln, text := range lines {
		line := ln + 1
		if !inComment && strings.HasPrefix(strings.TrimSpace(text), "#") {
			continue
		}
		for i := 0; i < len(text); i++ {
			ch := text[i]
			if inComment {
				if ch == '*' && i+1 < len(text) && text[i+1] == '/' {
					inComment = false
					i++
				}
				continue
			}
			if isIdentByte(ch) {
				if identStart < 0 {
					identStart = i
				}
				if i+1 == len(text) || !isIdentByte(text[i+1]) {
					if depth == 0 && paren == 0 {
						lastIdent, lastLine = text[identStart:i+1], line
					}
					identStart = -1
				}
				continue
			}
			identStart = -1
			switch ch {
			case '/':
				if i+1 < len(text) && text[i+1] == '/' {
					i = len(text)
				} else if i+1 < len(text) && text[i+1] == '*' {
					inComment = true
					i++
				}
			case '"', '\'':
				for i++; i < len(text) && text[i] != ch; i++ {
					if text[i] == '\\' {
						i++
					}
				}
			case '(':
				if depth == 0 {
					if paren == 0 {
						candidate, candLine = lastIdent, lastLine
					}
					paren++
				}
			case ')':
				if depth == 0 && paren > 0 {
					paren--
				}
			case ';', '=', ',':
				if depth == 0 && paren == 0 {
					candidate = ""
				}
			case '{':
				if depth == 0 && paren == 0 && candidate != "" {
					inBody = true
					cur = funcSpan{name: candidate, start: candLine}
				}
				depth++
			case '}':
				depth--
				if depth == 0 {
					if inBody {
						cur.end = line
						spans = append(spans, cur)
						inBody = false
					}
					candidate = ""
				}
			}
		}
	}
	return spans
}

func isIdentByte(ch byte) bool {
	return ch == '_' || ch >= 'a' && ch <= 'z' || ch >= 'A' && ch <= 'Z' || ch >= '0' && ch <= '9'
}
