package main

// Tests that keep the manual (README.md and docs/*.md) true: its links
// resolve, its commands on bundled files exit as it says, and its JSON
// examples parse and match what circ prints.

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"regexp"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"testing"
	"unicode"
)

// repoRoot is the repository, seen from this package's directory.
const repoRoot = "../.."

// manualPages are the manual's files: README.md, then docs/*.md.
func manualPages(t *testing.T) []string {
	t.Helper()
	docs, err := filepath.Glob(filepath.Join(repoRoot, "docs", "*.md"))
	if err != nil {
		t.Fatal(err)
	}
	return append([]string{filepath.Join(repoRoot, "README.md")}, docs...)
}

// pageName is how messages name a page: its path in the repository.
func pageName(path string) string {
	if rel, err := filepath.Rel(repoRoot, path); err == nil {
		return rel
	}
	return path
}

// readManual returns the text of every manual page, joined.
func readManual(t *testing.T) string {
	t.Helper()
	var all []string
	for _, p := range manualPages(t) {
		raw, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		all = append(all, string(raw))
	}
	return strings.Join(all, "\n")
}

// mdBlock is a fenced code block of a page.
type mdBlock struct {
	line  int // of the opening fence
	info  string
	lines []string
}

// mdPage is what the tests read off a markdown page: its code blocks,
// its links (outside code) with their lines, and its heading slugs.
type mdPage struct {
	path   string
	blocks []mdBlock
	links  []mdLink
	slugs  map[string]bool
}

type mdLink struct {
	line   int
	target string
}

var (
	// linkRE is an inline link or image, [text](target) or
	// [text](<target> "title"); refDefRE a reference definition,
	// [label]: target.
	linkRE       = regexp.MustCompile(`!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+(?:"[^"]*"|'[^']*'))?\s*\)`)
	refDefRE     = regexp.MustCompile(`^ {0,3}\[[^\]]+\]:\s*<?([^\s>]+)>?`)
	inlineCodeRE = regexp.MustCompile("(`+)[^`]+?(`+)")
	fenceRE      = regexp.MustCompile("^\\s*(```+|~~~+)\\s*(.*)$")
	headingRE    = regexp.MustCompile(`^ {0,3}#{1,6}[ \t]+(.*?)(?:[ \t]+#+)?[ \t]*$`)
	exitRE       = regexp.MustCompile(`\bexit (\d+)\b`)
)

// readPage parses the markdown at path: fenced blocks (``` or ~~~, also
// indented in a list, closed by a fence of the same character at least
// as long; info is the first word after the opening fence), and outside
// them ATX headings and links, inline code spans left out.
func readPage(t *testing.T, path string) *mdPage {
	t.Helper()
	raw, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	pg := &mdPage{path: path, slugs: map[string]bool{}}
	seen := map[string]int{}
	var cur *mdBlock
	var fence string
	for i, line := range strings.Split(string(raw), "\n") {
		if m := fenceRE.FindStringSubmatch(line); m != nil {
			if cur == nil {
				fence = m[1]
				cur = &mdBlock{line: i + 1}
				if f := strings.Fields(m[2]); len(f) > 0 {
					cur.info = f[0]
				}
				continue
			}
			if m[1][0] == fence[0] && len(m[1]) >= len(fence) && m[2] == "" {
				pg.blocks = append(pg.blocks, *cur)
				cur = nil
				continue
			}
		}
		if cur != nil {
			cur.lines = append(cur.lines, line)
			continue
		}
		prose := inlineCodeRE.ReplaceAllStringFunc(line, func(code string) string {
			return strings.Trim(code, "`") // a heading's slug keeps the code's text
		})
		if m := headingRE.FindStringSubmatch(prose); m != nil {
			s := slug(linkRE.ReplaceAllStringFunc(m[1], linkText))
			if n := seen[s]; n > 0 {
				pg.slugs[fmt.Sprintf("%s-%d", s, n)] = true
			} else {
				pg.slugs[s] = true
			}
			seen[s]++
		}
		prose = inlineCodeRE.ReplaceAllString(line, "")
		for _, m := range linkRE.FindAllStringSubmatch(prose, -1) {
			pg.links = append(pg.links, mdLink{line: i + 1, target: m[1]})
		}
		if m := refDefRE.FindStringSubmatch(prose); m != nil {
			pg.links = append(pg.links, mdLink{line: i + 1, target: m[1]})
		}
	}
	if cur != nil {
		t.Errorf("%s:%d: a code block that is never closed", path, cur.line)
	}
	return pg
}

// linkText is the text of a link, which is what a heading shows.
func linkText(link string) string {
	return link[strings.Index(link, "[")+1 : strings.Index(link, "](")]
}

// slug is GitHub's anchor for a heading: lower case, letters, digits,
// spaces, hyphens and underscores kept, spaces made hyphens.
func slug(heading string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(strings.TrimSpace(heading)) {
		switch {
		case unicode.IsLetter(r) || unicode.IsDigit(r) || r == '-' || r == '_':
			b.WriteRune(r)
		case r == ' ':
			b.WriteRune('-')
		}
	}
	return b.String()
}

func TestManualLinksResolve(t *testing.T) {
	pages := map[string]*mdPage{}
	page := func(path string) *mdPage {
		path = filepath.Clean(path)
		if pages[path] == nil {
			pages[path] = readPage(t, path)
		}
		return pages[path]
	}
	for _, path := range manualPages(t) {
		pg := page(path)
		for _, l := range pg.links {
			if strings.HasPrefix(l.target, "http:") || strings.HasPrefix(l.target, "https:") || strings.HasPrefix(l.target, "mailto:") {
				continue
			}
			file, anchor, _ := strings.Cut(l.target, "#")
			if f, err := url.PathUnescape(file); err == nil {
				file = f
			}
			target := path
			if file != "" {
				target = filepath.Join(filepath.Dir(path), file)
				if _, err := os.Stat(target); err != nil {
					t.Errorf("%s:%d: link %s: %v", pageName(path), l.line, l.target, err)
					continue
				}
			}
			if anchor != "" {
				if !strings.HasSuffix(target, ".md") {
					t.Errorf("%s:%d: link %s: an anchor into a file that is not markdown", pageName(path), l.line, l.target)
				} else if !page(target).slugs[anchor] {
					t.Errorf("%s:%d: link %s: %s has no heading with anchor #%s", pageName(path), l.line, l.target, pageName(target), anchor)
				}
			}
		}
	}
}

// manualCommand is a command of the manual that names a bundled file.
type manualCommand struct {
	where string // page:line
	line  string
	exit  int
	run   bool // false: marked "not run"
}

// shellInfo are the info strings of shell blocks.
var shellInfo = map[string]bool{"sh": true, "shell": true, "bash": true, "console": true}

// commands returns the circ commands of a block that name a bundled
// file (a token that is a path in the repository): the lines of a shell
// block, and those after a "$ " prompt in a transcript, a line ending in
// a backslash continued on the next. A command runs circ in some step of
// its && chain (./circ, circ, ../../circ); the setup script, CI's install
// step, is left out. Its where is page:line, the page relative to the
// repository.
func commands(path string, b mdBlock) []manualCommand {
	page := pageName(path)
	var out []manualCommand
	for i := 0; i < len(b.lines); i++ {
		first := i
		line := strings.TrimSpace(b.lines[i])
		for strings.HasSuffix(line, "\\") && i+1 < len(b.lines) {
			i++
			line = strings.TrimSuffix(line, "\\") + " " + strings.TrimSpace(b.lines[i])
		}
		if !shellInfo[b.info] && !strings.HasPrefix(line, "$ ") {
			continue
		}
		line = strings.TrimPrefix(strings.TrimPrefix(line, "$ "), "./scripts/setup.sh && ")
		code, comment, _ := strings.Cut(line, "#")
		steps := strings.Split(code, "&&")
		runsCirc := false
		for j, step := range steps {
			if f := strings.Fields(step); len(f) > 0 && (f[0] == "circ" || strings.HasSuffix(f[0], "/circ")) {
				runsCirc = true
				steps[j] = " circ " + strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(step), f[0]))
			}
		}
		if !runsCirc {
			continue
		}
		bundled := false
		for _, tok := range strings.Fields(code) {
			tok = strings.TrimLeft(tok, "<>")
			if tok == "" || strings.HasPrefix(tok, "-") {
				continue
			}
			if _, err := os.Stat(filepath.Join(repoRoot, tok)); err == nil && strings.Contains(tok, "/") {
				bundled = true
			}
		}
		if !bundled {
			continue
		}
		c := manualCommand{where: fmt.Sprintf("%s:%d", page, b.line+1+first), line: strings.TrimSpace(strings.Join(steps, "&&")), run: !strings.Contains(comment, "not run")}
		if m := exitRE.FindStringSubmatch(comment); m != nil {
			c.exit, _ = strconv.Atoi(m[1])
		}
		out = append(out, c)
	}
	return out
}

// buildCirc builds circ into a directory of t's, removed when t and its
// subtests are done, for the manual's commands.
func buildCirc(t *testing.T) string {
	t.Helper()
	goTool, err := exec.LookPath("go")
	if err != nil {
		goTool = filepath.Join(runtime.GOROOT(), "bin", "go")
	}
	bin := filepath.Join(t.TempDir(), "circ")
	if out, err := exec.Command(goTool, "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return bin
}

// runManualCommand runs c with bash in a directory that holds links to
// the repository's top-level entries (so that relative paths work and
// files it writes land elsewhere), with the built circ on the PATH.
func runManualCommand(t *testing.T, bin string, c manualCommand) (stdout string, code int) {
	t.Helper()
	work := t.TempDir()
	entries, err := os.ReadDir(repoRoot)
	if err != nil {
		t.Fatal(err)
	}
	root, err := filepath.Abs(repoRoot)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		if e.Name() == "circ" {
			continue // the manual's ./circ is the binary built here
		}
		if err := os.Symlink(filepath.Join(root, e.Name()), filepath.Join(work, e.Name())); err != nil {
			t.Fatal(err)
		}
	}
	cmd := exec.Command("bash", "-c", c.line)
	cmd.Dir = work
	cmd.Env = append(os.Environ(), "PATH="+filepath.Dir(bin)+string(os.PathListSeparator)+os.Getenv("PATH"))
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	err = cmd.Run()
	code = 0
	if ee, ok := err.(*exec.ExitError); ok {
		code = ee.ExitCode()
	} else if err != nil {
		t.Fatalf("%s: %s: %v", c.where, c.line, err)
	}
	if code != c.exit {
		what, tail := "stderr", errb.String()
		if tail == "" {
			what, tail = "stderr is empty, stdout", out.String()
		}
		if len(tail) > 2000 {
			tail = tail[len(tail)-2000:]
		}
		t.Errorf("%s: %s: exit status %d, the manual says %d; %s ends:\n%s", c.where, c.line, code, c.exit, what, tail)
	}
	return out.String(), code
}

func TestManualCommands(t *testing.T) {
	if testing.Short() {
		t.Skip("runs every command of the manual")
	}
	var all []manualCommand
	for _, path := range manualPages(t) {
		for _, b := range readPage(t, path).blocks {
			all = append(all, commands(path, b)...)
		}
	}
	if len(all) == 0 {
		return
	}
	bin := buildCirc(t)
	limit := make(chan struct{}, 2) // the machine has 2 cores
	for _, c := range all {
		t.Run(c.where, func(t *testing.T) {
			if !c.run {
				t.Skipf("%s: %s: marked not run", c.where, c.line)
			}
			t.Parallel()
			limit <- struct{}{}
			defer func() { <-limit }()
			runManualCommand(t, bin, c)
		})
	}
}

func TestManualJSONExamples(t *testing.T) {
	var bin string // built for the first example that follows a command
	for _, path := range manualPages(t) {
		blocks := readPage(t, path).blocks
		for i, b := range blocks {
			if b.info != "json" {
				continue
			}
			where := fmt.Sprintf("%s:%d", pageName(path), b.line)
			var doc any
			if err := json.Unmarshal([]byte(strings.Join(b.lines, "\n")), &doc); err != nil {
				t.Errorf("%s: the JSON example does not parse: %v", where, err)
				continue
			}
			if i == 0 || !shellInfo[blocks[i-1].info] {
				continue
			}
			cs := commands(path, blocks[i-1])
			if len(cs) == 0 || !strings.Contains(cs[len(cs)-1].line, "--format json") {
				continue
			}
			c := cs[len(cs)-1]
			if !c.run {
				t.Logf("%s: not compared, %s is marked not run", where, c.line)
				continue
			}
			if testing.Short() {
				continue
			}
			if bin == "" {
				bin = buildCirc(t)
			}
			t.Run(where, func(t *testing.T) {
				out, _ := runManualCommand(t, bin, c)
				var got any
				if err := json.Unmarshal([]byte(out), &got); err != nil {
					t.Fatalf("%s: %s prints no JSON: %v", c.where, c.line, err)
				}
				if diff := subDocument(doc, got, "$"); diff != "" {
					t.Errorf("%s: the example differs from what %s (%s) prints now: %s", where, c.line, c.where, diff)
				}
			})
		}
	}
}

// volatileKeys vary from run to run: an example shows them, but only
// their presence is compared.
var volatileKeys = map[string]bool{"seconds": true, "smt_queries": true, "iterations": true, "states": true}

// subDocument returns where want is not part of got ("" if it is):
// an object's keys must all be in got with matching values (got may
// have more), arrays match element by element, scalars are equal.
func subDocument(want, got any, at string) string {
	switch w := want.(type) {
	case map[string]any:
		g, ok := got.(map[string]any)
		if !ok {
			return fmt.Sprintf("%s: an object in the example, %v now", at, got)
		}
		keys := make([]string, 0, len(w))
		for k := range w {
			keys = append(keys, k)
		}
		sort.Strings(keys) // the first difference is the same every run
		for _, k := range keys {
			wv := w[k]
			gv, ok := g[k]
			if !ok {
				return fmt.Sprintf("%s.%s: no longer printed", at, k)
			}
			if volatileKeys[k] {
				continue
			}
			if d := subDocument(wv, gv, at+"."+k); d != "" {
				return d
			}
		}
		return ""
	case []any:
		g, ok := got.([]any)
		if !ok || len(g) != len(w) {
			return fmt.Sprintf("%s: %d elements in the example, %v now", at, len(w), got)
		}
		for i := range w {
			if d := subDocument(w[i], g[i], fmt.Sprintf("%s[%d]", at, i)); d != "" {
				return d
			}
		}
		return ""
	}
	if !reflect.DeepEqual(want, got) {
		return fmt.Sprintf("%s: %v in the example, %v now", at, want, got)
	}
	return ""
}
