package native

import (
	"debug/elf"
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
		p.cur = &tsanRace{}
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

// matches reports whether a TSan report is the race on variable: TSan
// names the global, or, when it names none, its two accesses are on the
// lines of the trace's racing accesses (lines: "base:line").
func (r *tsanRace) matches(variable string, lines []string) bool {
	if r.Location != "" {
		return r.Location == variable
	}
	if len(lines) < 2 || len(r.Accesses) < 2 {
		return false
	}
	want := map[string]bool{}
	for _, l := range lines {
		want[l] = true
	}
	for _, a := range r.Accesses[:2] {
		if !want[a] {
			return false
		}
	}
	return true
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
