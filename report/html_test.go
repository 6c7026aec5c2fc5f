package report_test

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"circ/report"
)

func writeHTML(t *testing.T, rep *report.Report, opts report.HTMLOptions) string {
	t.Helper()
	var b bytes.Buffer
	if err := rep.WriteHTML(&b, opts); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// assertSelfContained fails on anything the page would load from
// elsewhere, and on scripts.
func assertSelfContained(t *testing.T, page string) {
	t.Helper()
	for _, bad := range []string{"<script", " src=", "<link", "@import", "url(", `href="http`, "<iframe", "<object"} {
		if strings.Contains(page, bad) {
			t.Errorf("page contains %q", bad)
		}
	}
}

// TestHTMLEscapesAndLaysOut writes a race whose program text is hostile
// HTML: everything must arrive escaped, in one lane per thread and one
// row per step, with the two racing accesses marked.
func TestHTMLEscapesAndLaysOut(t *testing.T) {
	dir := t.TempDir()
	src := filepath.Join(dir, "a.c")
	lines := []string{
		"int x; /* <b>bold</b> */",
		"void *w(void *a) {",
		"\tx = 1; // </td><script>alert(1)</script>",
		"  return 0; }",
		"int main() { pthread_create(&t, 0, w, 0); int y = x; }",
	}
	if err := os.WriteFile(src, []byte(strings.Join(lines, "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	rep := &report.Report{
		File:           src,
		Approximations: []string{src + ":2:1: <i>approx</i>"},
		Results: []report.Result{
			{Variable: "x<y>", Verdict: report.Race, Engine: "circ", RaceDef: "svcomp", Seconds: 0.5,
				Predicates: []string{"x < 1 && y > \"2\""},
				ACFAs:      []report.ACFA{{Template: "w<1>", DOT: `digraph "w" { n0 [label="<&>"]; }`}},
				Trace: &report.Trace{
					Steps: []report.Step{
						{Step: 1, Thread: "main#1", Pos: src + ":5:14", Op: "t := create w(0)", Values: []string{"t=2"}},
						{Step: 2, Thread: "w#1", Pos: src + ":3:5", Op: "x := 1 <script>", Atomic: true},
						{Step: 3, Thread: "main#1", Pos: filepath.Join(dir, "missing.c") + ":1:1", Op: "skip"},
					},
					Race: []report.Access{
						{Thread: "w#1", Pos: src + ":3:5", Op: "x := 1", Write: true},
						{Thread: "main#1", Pos: src + ":5:50", Op: "y := x"},
					},
					Threads: 2, Replayed: true,
				}},
			{Variable: "z", Verdict: report.Unknown, Engine: "explicit", RaceDef: "circ", Reason: "budget & <more>"},
		},
	}
	page := writeHTML(t, rep, report.HTMLOptions{Version: "circ 9.9"})
	assertSelfContained(t, page)
	for _, want := range []string{
		"x&lt;y&gt;",                          // the variable
		"x = 1; // &lt;/td&gt;&lt;script&gt;", // its source line, tab gone
		"x := 1 &lt;script&gt;",               // an op
		`digraph &#34;w&#34; { n0 [label=&#34;&lt;&amp;&gt;&#34;]; }`, // DOT text without dot
		"budget &amp; &lt;more&gt;",
		"&lt;i&gt;approx&lt;/i&gt;",
		"w&lt;1&gt;",
		"circ 9.9",
		`">line 3:5</span>`, // a position in the checked file
	} {
		if !strings.Contains(page, want) {
			t.Errorf("page lacks %q", want)
		}
	}
	if n := strings.Count(page, `<tr class="step">`); n != 3 {
		t.Errorf("%d step rows, want 3", n)
	}
	if n := strings.Count(page, `<th class="lane `); n != 2 {
		t.Errorf("%d lanes, want 2", n)
	}
	racing := regexp.MustCompile(`(?s)<td class="cell l(\d) racing[^"]*">.*?<span class="tag racing">(racing \w+)</span>`).FindAllStringSubmatch(page, -1)
	if len(racing) != 2 || racing[0][1] == racing[1][1] {
		t.Fatalf("racing cells %q, want two in different lanes", racing)
	}
	// Lanes: main#1 (first to move) then w#1, so the race row has the
	// read by main first.
	if racing[0][2] != "racing read" || racing[1][2] != "racing write" {
		t.Errorf("racing labels %q %q, want the read (main#1) then the write (w#1)", racing[0][2], racing[1][2])
	}
	// The step whose file is missing still shows its position and op.
	if !strings.Contains(page, "missing.c:1:1") {
		t.Error("a step without a readable source lost its position")
	}
}

// TestHTMLGraphviz draws a real check's ACFAs with Graphviz: one inline
// SVG element per ACFA, without the XML prolog; a dot that fails leaves
// the DOT text and the error.
func TestHTMLGraphviz(t *testing.T) {
	dot, err := exec.LookPath("dot")
	if err != nil {
		t.Skip("Graphviz dot is not installed (Debian: apt-get install graphviz); the DOT-text fallback is tested without it")
	}
	rep := checkFile(t, "../examples/paper_figure1.c")
	n := 0
	for _, r := range rep.Results {
		n += len(r.ACFAs)
	}
	if n == 0 {
		t.Fatal("the check kept no ACFAs")
	}
	page := writeHTML(t, rep, report.HTMLOptions{Dot: dot})
	assertSelfContained(t, page)
	if got := strings.Count(page, "<svg"); got != n {
		t.Errorf("%d <svg> elements, want one per ACFA (%d)", got, n)
	}
	if strings.Contains(page, "<?xml") || strings.Contains(page, "<!DOCTYPE svg") || strings.Contains(page, `<pre class="dot">`) {
		t.Error("SVG prolog or DOT text left in the page")
	}

	page = writeHTML(t, rep, report.HTMLOptions{Dot: filepath.Join(t.TempDir(), "no-dot")})
	if strings.Contains(page, "<svg") || strings.Count(page, `<pre class="dot">`) != n || !strings.Contains(page, "dot -Tsvg") {
		t.Error("a failing dot does not fall back to the DOT text with the error")
	}
}
