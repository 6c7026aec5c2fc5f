package main

// Tests that keep the manual (README.md and docs/*.md) true: its links
// resolve, its commands on bundled files exit as it says, and its JSON
// examples parse and match what circ prints.

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"regexp"
	"runtime"
	"strconv"
	"strings"
	"sync"
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
	linkRE       = regexp.MustCompile(`!?\[[^\]]*\]\(([^)\s]+)\)`)
	inlineCodeRE = regexp.MustCompile("`[^`]*`")
	exitRE       = regexp.MustCompile(`\bexit (\d+)\b`)
)

func readPage(t *testing.T, path string) *mdPage {
	t.Helper()
	raw, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	pg := &mdPage{path: path, slugs: map[string]bool{}}
	seen := map[string]int{}
	var cur *mdBlock
	for i, line := range strings.Split(string(raw), "\n") {
		if strings.HasPrefix(line, "```") {
			if cur == nil {
				cur = &mdBlock{line: i + 1, info: strings.TrimSpace(strings.TrimPrefix(line, "```"))}
			} else {
				pg.blocks = append(pg.blocks, *cur)
				cur = nil
			}
			continue
		}
		if cur != nil {
			cur.lines = append(cur.lines, line)
			continue
		}
		if h := strings.TrimLeft(line, "#"); h != line && strings.HasPrefix(h, " ") {
			s := slug(h)
			if n := seen[s]; n > 0 {
				pg.slugs[fmt.Sprintf("%s-%d", s, n)] = true
			} else {
				pg.slugs[s] = true
			}
			seen[s]++
		}
		for _, m := range linkRE.FindAllStringSubmatch(inlineCodeRE.ReplaceAllString(line, ""), -1) {
			pg.links = append(pg.links, mdLink{line: i + 1, target: m[1]})
		}
	}
	return pg
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
			target := path
			if file != "" {
				target = filepath.Join(filepath.Dir(path), file)
				if _, err := os.Stat(target); err != nil {
					t.Errorf("%s:%d: link %s: %v", path, l.line, l.target, err)
					continue
				}
			}
			if anchor != "" {
				if !strings.HasSuffix(target, ".md") {
					t.Errorf("%s:%d: link %s: an anchor into a file that is not markdown", path, l.line, l.target)
				} else if !page(target).slugs[anchor] {
					t.Errorf("%s:%d: link %s: %s has no heading with anchor #%s", path, l.line, l.target, target, anchor)
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
// block, and those after a "$ " prompt in a transcript. A command runs
// circ in some step of its && chain (./circ, circ, ../../circ); the
// setup script, CI's install step, is left out.
func commands(path string, b mdBlock) []manualCommand {
	var out []manualCommand
	for i, line := range b.lines {
		line = strings.TrimSpace(line)
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
		c := manualCommand{where: fmt.Sprintf("%s:%d", path, b.line+1+i), line: strings.TrimSpace(strings.Join(steps, "&&")), run: !strings.Contains(comment, "not run")}
		if m := exitRE.FindStringSubmatch(comment); m != nil {
			c.exit, _ = strconv.Atoi(m[1])
		}
		out = append(out, c)
	}
	return out
}

// circBinary builds circ once for the manual's commands.
var circBinary = sync.OnceValues(func() (string, error) {
	dir, err := os.MkdirTemp("", "circ-manual")
	if err != nil {
		return "", err
	}
	goTool, err := exec.LookPath("go")
	if err != nil {
		goTool = filepath.Join(runtime.GOROOT(), "bin", "go")
	}
	bin := filepath.Join(dir, "circ")
	if out, err := exec.Command(goTool, "build", "-o", bin, ".").CombinedOutput(); err != nil {
		return "", fmt.Errorf("go build: %v\n%s", err, out)
	}
	return bin, nil
})

// runManualCommand runs c with bash in a directory that holds links to
// the repository's top-level entries (so that relative paths work and
// files it writes land elsewhere), with the built circ on the PATH.
func runManualCommand(t *testing.T, c manualCommand) (stdout string, code int) {
	t.Helper()
	bin, err := circBinary()
	if err != nil {
		t.Fatal(err)
	}
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
		tail := errb.String()
		if len(tail) > 2000 {
			tail = tail[len(tail)-2000:]
		}
		t.Errorf("%s: %s: exit status %d, the manual says %d\n%s", c.where, c.line, code, c.exit, tail)
	}
	return out.String(), code
}

func TestManualCommands(t *testing.T) {
	if testing.Short() {
		t.Skip("runs every command of the manual")
	}
	limit := make(chan struct{}, 2) // the machine has 2 cores
	for _, path := range manualPages(t) {
		for _, b := range readPage(t, path).blocks {
			for _, c := range commands(path, b) {
				t.Run(c.where, func(t *testing.T) {
					if !c.run {
						t.Skipf("%s: marked not run", c.line)
					}
					t.Parallel()
					limit <- struct{}{}
					defer func() { <-limit }()
					runManualCommand(t, c)
				})
			}
		}
	}
}

func TestManualJSONExamples(t *testing.T) {
	for _, path := range manualPages(t) {
		blocks := readPage(t, path).blocks
		for i, b := range blocks {
			if b.info != "json" {
				continue
			}
			var doc any
			if err := json.Unmarshal([]byte(strings.Join(b.lines, "\n")), &doc); err != nil {
				t.Errorf("%s:%d: the JSON example does not parse: %v", path, b.line, err)
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
			t.Run(c.where, func(t *testing.T) {
				out, _ := runManualCommand(t, c)
				var got any
				if err := json.Unmarshal([]byte(out), &got); err != nil {
					t.Fatalf("%s: %s prints no JSON: %v", c.where, c.line, err)
				}
				if diff := subDocument(doc, got, "$"); diff != "" {
					t.Errorf("%s:%d: the example differs from what %s prints now: %s", path, b.line, c.line, diff)
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
		for k, wv := range w {
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
