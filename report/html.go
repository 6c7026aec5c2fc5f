package report

import (
	"bufio"
	"bytes"
	"context"
	_ "embed"
	"fmt"
	"html/template"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"
)

// HTMLOptions configure WriteHTML.
type HTMLOptions struct {
	// Dot is the path of Graphviz's dot; with it the ACFAs are drawn as
	// inline SVG, without it ("") shown as DOT text.
	Dot string
	// Version names the tool in the page's footer.
	Version string
}

//go:embed html.tmpl
var htmlSource string

var htmlTemplate = template.Must(template.New("report").Parse(htmlSource))

// WriteHTML writes r as one self-contained HTML page: inline CSS, no
// scripts and nothing loaded from elsewhere. It has a table of verdicts
// and, per variable, the race trace as swimlanes (a column per thread, a
// row per step, then a row with the two racing accesses) with each
// step's source line read from the C file, and for the circ engine the
// predicates and the final context ACFAs. html/template escapes all
// text; only the SVG that dot produced is inlined as it is.
func (r *Report) WriteHTML(w io.Writer, opts HTMLOptions) error {
	page := htmlPage{File: r.File, Version: opts.Version, Approximations: r.Approximations}
	src := &sourceCache{main: r.File, files: map[string][]string{}}
	for i, res := range r.Results {
		v := htmlVariable{
			Result: res,
			Anchor: fmt.Sprintf("var-%d", i),
			Time:   fmt.Sprintf("%.2fs", res.Seconds),
			Why:    res.Reason,
		}
		if res.Trace != nil {
			if v.Why == "" {
				v.Why = raceWhy(res.Trace)
			}
			v.Lanes, v.Rows, v.RaceRow = swimlanes(res.Trace, src)
		}
		for _, a := range res.ACFAs {
			v.ACFAs = append(v.ACFAs, drawACFA(a, opts.Dot))
		}
		page.Variables = append(page.Variables, v)
	}
	for i, f := range r.Findings {
		hf := htmlFinding{Finding: f, N: i + 1}
		if f.Trace != nil {
			hf.Lanes, hf.Rows, _ = swimlanes(f.Trace, src)
		}
		page.Findings = append(page.Findings, hf)
	}
	var b bytes.Buffer
	if err := htmlTemplate.Execute(&b, page); err != nil {
		return err
	}
	_, err := w.Write(b.Bytes())
	return err
}

// htmlPage is the template's data.
type htmlPage struct {
	File           string
	Version        string
	Approximations []string
	Variables      []htmlVariable
	Findings       []htmlFinding
}

// htmlFinding is one finding's section, with the run into it as
// swimlanes.
type htmlFinding struct {
	Finding
	N       int
	Lanes   []htmlLane
	Rows    []htmlRow
	RaceRow []htmlCell // none
}

// htmlVariable is one variable's section.
type htmlVariable struct {
	Result
	Anchor string
	Time   string
	Why    string // the reason, or for a race the racing accesses
	// Lanes are the trace's threads, one column each; Rows its steps.
	Lanes   []htmlLane
	Rows    []htmlRow
	RaceRow []htmlCell // the racing accesses, by lane
	ACFAs   []htmlACFA
}

// htmlLane is a thread's column; Color picks one of the page's lane
// colours.
type htmlLane struct {
	Name  string
	Color int
}

// htmlRow is one step of a trace: the cell of the thread that moved,
// empty cells in the other lanes.
type htmlRow struct {
	Step  int
	Cells []htmlCell
}

// htmlCell is one thread's step or racing access; a zero cell is an
// empty one.
type htmlCell struct {
	Present bool
	Lane    int    // the lane's colour
	Pos     string // file:line:col
	Short   string // "line L:C" in the checked file, else base name:L:C
	Source  string // the source line, trimmed
	Op      string
	Values  []string
	Atomic  bool
	// Racing is "racing write" or "racing read" on the race row.
	Racing string
}

// htmlACFA is one template's ACFA: drawn when dot is at hand, else as
// DOT text (and Err says why when dot failed).
type htmlACFA struct {
	Template string
	SVG      template.HTML
	DOT      string
	Err      string
}

// swimlanes lays t out in one column per thread.
func swimlanes(t *Trace, src *sourceCache) (lanes []htmlLane, rows []htmlRow, race []htmlCell) {
	col := map[string]int{}
	for i, th := range t.threads() {
		col[th] = i
		lanes = append(lanes, htmlLane{Name: th, Color: i % laneColors})
	}
	for _, s := range t.Steps {
		row := htmlRow{Step: s.Step, Cells: emptyCells(len(lanes))}
		c := src.cell(s.Pos, s.Op)
		c.Lane, c.Values, c.Atomic = col[s.Thread]%laneColors, s.Values, s.Atomic
		row.Cells[col[s.Thread]] = c
		rows = append(rows, row)
	}
	race = emptyCells(len(lanes))
	for _, a := range t.Race {
		c := src.cell(a.Pos, a.Op)
		c.Lane, c.Racing = col[a.Thread]%laneColors, "racing "+a.accessKind()
		race[col[a.Thread]] = c
	}
	return lanes, rows, race
}

// emptyCells is a row of n empty cells, each knowing its lane's colour.
func emptyCells(n int) []htmlCell {
	cells := make([]htmlCell, n)
	for i := range cells {
		cells[i].Lane = i % laneColors
	}
	return cells
}

// laneColors is the number of lane colours the page's style sheet has
// (.l0 to .l7).
const laneColors = 8

// raceWhy is the verdict table's reason for a race: who accesses where.
func raceWhy(t *Trace) string {
	var sides []string
	for _, a := range t.Race {
		at := a.Pos
		if p, ok := parsePos(a.Pos); ok {
			at = fmt.Sprintf("line %d", p.Line)
		}
		sides = append(sides, fmt.Sprintf("%s %ss at %s", a.Thread, a.accessKind(), at))
	}
	return strings.Join(sides, " while ")
}

// sourceCache reads each source file once, for the lines of the trace.
type sourceCache struct {
	main  string              // the checked file, whose name cells leave out
	files map[string][]string // nil: unreadable
}

// cell is a present cell at pos with its source line.
func (s *sourceCache) cell(pos, op string) htmlCell {
	c := htmlCell{Present: true, Pos: pos, Short: pos, Op: op}
	p, ok := parsePos(pos)
	if !ok {
		return c
	}
	c.Short = fmt.Sprintf("%s:%d:%d", filepath.Base(p.File), p.Line, p.Col)
	if filepath.Clean(p.File) == filepath.Clean(s.main) {
		c.Short = fmt.Sprintf("line %d:%d", p.Line, p.Col)
	}
	c.Source = s.line(p.File, p.Line)
	return c
}

func (s *sourceCache) line(file string, n int) string {
	lines, ok := s.files[file]
	if !ok {
		lines = readLines(file)
		s.files[file] = lines
	}
	if n < 1 || n > len(lines) {
		return ""
	}
	return strings.TrimSpace(lines[n-1])
}

// readLines is the lines of file, nil when it cannot be read (the
// report then shows positions without source text).
func readLines(file string) []string {
	f, err := os.Open(file)
	if err != nil {
		return nil
	}
	defer f.Close()
	var lines []string
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 64*1024), 1<<20)
	for sc.Scan() {
		lines = append(lines, strings.ReplaceAll(sc.Text(), "\t", "    "))
	}
	return lines
}

// drawACFA runs dot on a's DOT text; without dot, or when it fails, the
// page shows the text.
func drawACFA(a ACFA, dot string) htmlACFA {
	out := htmlACFA{Template: a.Template, DOT: a.DOT}
	if dot == "" {
		return out
	}
	svg, err := runDot(dot, a.DOT)
	if err != nil {
		out.Err = err.Error()
		return out
	}
	out.SVG = template.HTML(svg)
	return out
}

// runDot renders DOT text as an SVG element: dot's output from its
// <svg> tag on, without the XML prolog and doctype, which do not belong
// inside HTML.
func runDot(dot, src string) (string, error) {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, dot, "-Tsvg")
	cmd.Stdin = strings.NewReader(src)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		return "", fmt.Errorf("dot -Tsvg: %v: %s", err, strings.TrimSpace(stderr.String()))
	}
	svg := stdout.String()
	i := strings.Index(svg, "<svg")
	if i < 0 {
		return "", fmt.Errorf("dot -Tsvg: no <svg> element in its output")
	}
	return svg[i:], nil
}
