package native

import (
	"debug/elf"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
)

// tsanRace is one "WARNING: ThreadSanitizer: data race" report.
type tsanRace struct {
	// Location is the global's name from "Location is global 'x' ...",
	// or "" when TSan named no global.
	Location string
	// LocationOffset is the global's offset in the executable from the
	// same line ("(replay+0x71b0)"), for when TSan could not name it
	// (it prints '<null>' once main has left with pthread_exit).
	LocationOffset uint64
	// Accesses are the top frames of the two accesses, as
	// "file-base-name:line".
	Accesses []string
	Text     string
}

var (
	accessRE   = regexp.MustCompile(`^\s+(Previous )?(atomic )?(Atomic )?(read|write|Read|Write) of size \d+ at `)
	frameRE    = regexp.MustCompile(`^\s+#0 \S+ (\S+):(\d+)(:\d+)? `)
	locationRE = regexp.MustCompile(`^\s+Location is global '([^']+)'`)
	offsetRE   = regexp.MustCompile(`\(\S+\+0x([0-9a-f]+)\)\s*$`)
	// nullFrameRE is a frame TSan could not symbolize (after main left
	// with pthread_exit): only the module offset is known.
	nullFrameRE = regexp.MustCompile(`^\s+#0 <null> <null> \(\S+\+0x([0-9a-f]+)\)`)
)

// tsanParser reads TSan's stderr line by line and collects its data race
// reports.
type tsanParser struct {
	cur     *tsanRace
	text    strings.Builder
	pending bool // an access header was seen, its #0 frame not yet
	races   []tsanRace
}

// line feeds one line of output; it returns the report the line
// completed, if any.
func (p *tsanParser) line(l string) *tsanRace {
	if strings.Contains(l, "WARNING: ThreadSanitizer: data race") {
		p.cur, p.pending = &tsanRace{}, false
		p.text.Reset()
	}
	if p.cur == nil {
		return nil
	}
	p.text.WriteString(l)
	p.text.WriteByte('\n')
	switch {
	case accessRE.MatchString(l):
		p.pending = true
	case p.pending && frameRE.MatchString(l):
		m := frameRE.FindStringSubmatch(l)
		p.cur.Accesses = append(p.cur.Accesses, filepath.Base(m[1])+":"+m[2])
		p.pending = false
	case p.pending && nullFrameRE.MatchString(l):
		p.cur.Accesses = append(p.cur.Accesses, unresolvedPrefix+nullFrameRE.FindStringSubmatch(l)[1])
		p.pending = false
	case locationRE.MatchString(l):
		p.cur.Location = locationRE.FindStringSubmatch(l)[1]
		if m := offsetRE.FindStringSubmatch(l); m != nil {
			p.cur.LocationOffset, _ = strconv.ParseUint(m[1], 16, 64)
		}
	case strings.HasPrefix(l, "SUMMARY: ThreadSanitizer"):
		r := *p.cur
		r.Text = p.text.String()
		p.races = append(p.races, r)
		p.cur, p.pending = nil, false
		return &p.races[len(p.races)-1]
	}
	return nil
}

// matches reports whether a TSan report is the trace's race: its two
// accesses are the trace's two racing accesses (lines: "base:line", as a
// multiset), and the memory is the global variable (gcc names a
// function's static x "x.N"). A report on a stack or heap block
// (Location empty) never matches: the variable is a global. Both
// conditions are needed: a report on the variable between two other
// accesses (say, through a lock TSan does not see) confirms nothing.
func (r *tsanRace) matches(variable string, lines []string) bool {
	if !sameGlobal(r.Location, variable) || len(lines) != 2 || len(r.Accesses) < 2 {
		return false
	}
	a, b := r.Accesses[0], r.Accesses[1]
	return a == lines[0] && b == lines[1] || a == lines[1] && b == lines[0]
}

// sameGlobal reports whether TSan's global is the object holding
// variable: TSan names the whole object ("s" for circ's field "s.f.g"),
// and gcc names a function's static x "x.N"; a qualified circ name
// "f::x" is matched by its last part.
func sameGlobal(tsanName, variable string) bool {
	if i := strings.LastIndex(variable, "::"); i >= 0 {
		variable = variable[i+2:]
	}
	object, _, _ := strings.Cut(variable, ".")
	if tsanName == object {
		return true
	}
	base, suffix, ok := strings.Cut(tsanName, ".")
	if !ok || base != object || suffix == "" {
		return false
	}
	_, err := strconv.Atoi(suffix)
	return err == nil
}

// unresolvedPrefix marks an access known only by its code offset (hex).
const unresolvedPrefix = "0x"

// resolve names the accesses known only by their code offsets as
// "base:line", with addr2line (binutils, installed with gcc); an offset
// it cannot place stays as it is, and matches no line.
func (r *tsanRace) resolve(bin string) {
	for i, a := range r.Accesses {
		if !strings.HasPrefix(a, unresolvedPrefix) {
			continue
		}
		out, err := exec.Command("addr2line", "-e", bin, a).Output()
		if err != nil {
			continue
		}
		file, line, ok := strings.Cut(strings.TrimSpace(string(out)), ":")
		line, _, _ = strings.Cut(line, " ") // "12 (discriminator 1)"
		if ok && file != "??" && line != "0" && line != "?" {
			r.Accesses[i] = filepath.Base(file) + ":" + line
		}
	}
}

// symbolize names the data symbol of bin that holds offset (TSan's
// module offset; in a position-independent executable it is the
// symbol's address), or "".
func symbolize(bin string, offset uint64) string {
	f, err := elf.Open(bin)
	if err != nil {
		return ""
	}
	defer f.Close()
	syms, err := f.Symbols()
	if err != nil {
		return ""
	}
	for _, s := range syms {
		if elf.ST_TYPE(s.Info) == elf.STT_OBJECT && offset >= s.Value && offset < s.Value+max(s.Size, 1) {
			return s.Name
		}
	}
	return ""
}
