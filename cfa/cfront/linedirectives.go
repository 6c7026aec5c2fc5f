package cfront

import (
	"regexp"
	"strconv"
	"strings"

	"circ/cfa"
)

// This file reads the main file's line directives: GCC's line markers
// (# 83 "SchedulerBasicP.nc" 1) and #line N ["file"]. A preprocessed
// file (.i) names positions of the original source, as a compiler's
// diagnostics do. A generated .c file (nescc's app.c, a parser from
// bison) names both: where the text is in the file read, which the
// user opens, and where the directives say it comes from (the .nc
// file and line), as cfa.Pos's OrigFile and OrigLine.
//
// cc/v4 applies #line's number but not its file name, nor GCC's line
// markers, which would mix the two; so circ blanks the directives
// before cc/v4 reads the file and maps positions itself.

// directiveRE matches a line directive: the line number and the file.
var directiveRE = regexp.MustCompile(`^#\s*(?:line\s+|\s)(\d+)(?:\s+"((?:[^"\\]|\\.)*)")?(?:\s+\d+)*\s*$`)

// lineTable gives the position the line directives assign to each line
// of the main file.
type lineTable struct {
	file string
	pos  []cfa.Pos // position of line i+1 by the directives
	// generated is false for a preprocessed file, whose positions are
	// the original ones; true for a .c file, whose positions stay in
	// it and name the original as their origin.
	generated bool
}

// lineDirectives reads src's line directives into a table (nil when
// there is none) and returns src with each directive line emptied.
func lineDirectives(name string, src []byte) (*lineTable, []byte) {
	lines := strings.Split(string(src), "\n")
	t := &lineTable{file: name, pos: make([]cfa.Pos, len(lines)), generated: !strings.HasSuffix(name, ".i")}
	file, line := name, 1
	found := false
	for i, l := range lines {
		if m := directiveRE.FindStringSubmatch(strings.TrimSpace(l)); m != nil {
			if n, err := strconv.Atoi(m[1]); err == nil {
				if m[2] != "" {
					file = strings.ReplaceAll(m[2], `\\`, `\`)
				}
				line = n
				t.pos[i] = cfa.Pos{File: name, Line: i + 1}
				lines[i] = ""
				found = true
				continue
			}
		}
		t.pos[i] = cfa.Pos{File: file, Line: line}
		line++
	}
	if !found {
		return nil, src
	}
	return t, []byte(strings.Join(lines, "\n"))
}

// mapPos applies the main file's line directives to a position in it.
func (b *builder) mapPos(p cfa.Pos) cfa.Pos { return b.lines.apply(p) }

func (t *lineTable) apply(p cfa.Pos) cfa.Pos {
	if t == nil || p.File != t.file || p.Line < 1 || p.Line > len(t.pos) {
		return p
	}
	m := t.pos[p.Line-1]
	if !t.generated {
		return cfa.Pos{File: m.File, Line: m.Line, Col: p.Col}
	}
	if m.File != p.File || m.Line != p.Line {
		p.OrigFile, p.OrigLine = m.File, m.Line
	}
	return p
}

// fromNesC reports whether the directives name nesC sources: the file
// is nescc's output.
func (t *lineTable) fromNesC() bool {
	if t == nil || !t.generated {
		return false
	}
	for _, p := range t.pos {
		if strings.HasSuffix(p.File, ".nc") {
			return true
		}
	}
	return false
}
