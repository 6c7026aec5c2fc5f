package report_test

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"circ/report"

	"github.com/chromedp/chromedp"
)

// chromiumPath is Debian's chromium, the browser the test drives.
const chromiumPath = "/usr/bin/chromium"

// box is an element's bounding box and text, as the browser lays it out.
type box struct {
	Text    string  `json:"text"`
	X       float64 `json:"x"`
	Y       float64 `json:"y"`
	W       float64 `json:"w"`
	H       float64 `json:"h"`
	Lane    int     `json:"lane"` // a cell's column, the step column not counted
	Visible bool    `json:"visible"`
}

// seen is what the test reads off the race section of the page.
type seen struct {
	Lanes   []box    `json:"lanes"`
	Steps   int      `json:"steps"`
	Racing  []box    `json:"racing"`
	Verdict []string `json:"verdict"` // the verdict table's rows, as text
	Table   box      `json:"table"`
}

// readPage measures, in the race section with id anchor, the lane
// headers, the step rows and the racing cells, and reads the verdict
// table.
const readPage = `(() => {
  const vis = e => {
    const r = e.getBoundingClientRect(), s = getComputedStyle(e);
    return {text: e.innerText.trim(), x: r.x, y: r.y, w: r.width, h: r.height,
      lane: e.cellIndex - 1, visible: s.visibility === 'visible' && s.display !== 'none' && r.width > 0 && r.height > 0};
  };
  const sec = document.getElementById(ANCHOR);
  return {
    lanes: Array.from(sec.querySelectorAll('table.lanes thead th.lane')).map(vis),
    steps: sec.querySelectorAll('table.lanes tbody tr.step').length,
    racing: Array.from(sec.querySelectorAll('table.lanes td.racing')).map(vis),
    verdict: Array.from(document.querySelectorAll('table.verdicts tbody tr')).map(r => r.innerText.replace(/\s+/g, ' ').trim()),
    table: vis(document.querySelector('table.verdicts')),
  };
})()`

// TestHTMLInBrowser loads the report of a race in headless Chromium and
// checks what a reader sees: a visible header per thread, left to right;
// a row per step; exactly two racing cells, visible, in different lanes,
// under their threads' headers; and the verdict table. It saves a
// screenshot of the whole page and one of the race's swimlanes (the
// README's picture, docs/images/race-report-swimlanes.png) to
// $CIRC_SCREENSHOT_DIR (else a temporary directory).
func TestHTMLInBrowser(t *testing.T) {
	if _, err := os.Stat(chromiumPath); err != nil {
		t.Skipf("%s is absent (Debian: apt-get install chromium); the page is not checked in a browser", chromiumPath)
	}
	const file, x = "../examples/paper_figure1.c", "state"
	rep := checkFile(t, file)
	res := result(t, rep, x)
	if res.Verdict != report.Race || res.Trace == nil {
		t.Fatalf("%s: want a race on %s, got %s", file, x, res.Verdict)
	}
	dot, _ := exec.LookPath("dot")
	page := filepath.Join(t.TempDir(), "report.html")
	f, err := os.Create(page)
	if err != nil {
		t.Fatal(err)
	}
	if err := rep.WriteHTML(f, report.HTMLOptions{Dot: dot}); err != nil {
		t.Fatal(err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
	anchor := ""
	for i, r := range rep.Results {
		if r.Variable == x {
			anchor = fmt.Sprintf("var-%d", i)
		}
	}

	// The machine has no network: these flags keep Chromium from trying
	// (and from waiting on) its background connections.
	opts := []chromedp.ExecAllocatorOption{
		chromedp.ExecPath(chromiumPath),
		chromedp.Headless,
		chromedp.NoSandbox,
		chromedp.DisableGPU,
		chromedp.NoFirstRun,
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.UserDataDir(t.TempDir()),
		chromedp.WindowSize(1280, 900),
	}
	actx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	defer cancelAlloc()
	ctx, cancel := chromedp.NewContext(actx)
	defer cancel()
	// The first action starts the browser, so it gets no timeout of its
	// own (that would stop the browser); a watchdog bounds the test.
	watchdog := time.AfterFunc(2*time.Minute, cancel)
	defer watchdog.Stop()
	if err := chromedp.Do(ctx, chromedp.Navigate("file://"+page)); err != nil {
		t.Fatalf("loading %s: %v", page, err)
	}
	got, err := chromedp.Run(ctx, chromedp.Evaluate[seen](strings.Replace(readPage, "ANCHOR", "'"+anchor+"'", 1)))
	if err != nil {
		t.Fatalf("reading the page: %v", err)
	}
	png, err := chromedp.Run(ctx, chromedp.FullScreenshot(100))
	if err != nil {
		t.Fatalf("screenshot: %v", err)
	}
	dir := os.Getenv("CIRC_SCREENSHOT_DIR")
	if dir == "" {
		dir = t.TempDir()
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	lanes, err := chromedp.Run(ctx, chromedp.Screenshot(chromedp.ID(anchor)))
	if err != nil {
		t.Fatalf("screenshot of the race section: %v", err)
	}
	for name, img := range map[string][]byte{"circ-report-paper_figure1.png": png, "race-report-swimlanes.png": lanes} {
		shot := filepath.Join(dir, name)
		if err := os.WriteFile(shot, img, 0o644); err != nil {
			t.Fatal(err)
		}
		t.Logf("screenshot: %s", shot)
	}

	tr := res.Trace
	// Lanes: one visible header per thread, in the order of the page,
	// left to right.
	want := map[string]bool{}
	for _, s := range tr.Steps {
		want[s.Thread] = true
	}
	for _, a := range tr.Race {
		want[a.Thread] = true
	}
	if len(got.Lanes) != len(want) {
		t.Errorf("%d lane headers, want one per thread (%d)", len(got.Lanes), len(want))
	}
	lane := map[string]int{}
	for i, l := range got.Lanes {
		lane[l.Text] = i
		if !want[l.Text] {
			t.Errorf("lane %q is no thread of the trace", l.Text)
		}
		if !l.Visible {
			t.Errorf("lane header %q is not visible: %+v", l.Text, l)
		}
		if i > 0 && l.X < got.Lanes[i-1].X+got.Lanes[i-1].W-1 {
			t.Errorf("lane %q at x=%.0f is not right of %q (x=%.0f, w=%.0f)", l.Text, l.X, got.Lanes[i-1].Text, got.Lanes[i-1].X, got.Lanes[i-1].W)
		}
	}
	if got.Steps != len(tr.Steps) {
		t.Errorf("%d step rows, want %d", got.Steps, len(tr.Steps))
	}
	// The racing cells: two, visible, in the lanes of their threads.
	if len(got.Racing) != 2 {
		t.Fatalf("%d racing cells, want 2: %+v", len(got.Racing), got.Racing)
	}
	if got.Racing[0].Lane == got.Racing[1].Lane {
		t.Errorf("both racing cells in lane %d", got.Racing[0].Lane)
	}
	for _, a := range tr.Race {
		label := "racing " + map[bool]string{true: "write", false: "read"}[a.Write]
		found := false
		for _, c := range got.Racing {
			if c.Lane == lane[a.Thread] {
				found = true
				if !c.Visible {
					t.Errorf("%s's racing cell is not visible: %+v", a.Thread, c)
				}
				if !strings.Contains(strings.ToLower(c.Text), label) || !strings.Contains(c.Text, a.Op) {
					t.Errorf("%s's racing cell reads %q, want %q and %q", a.Thread, c.Text, label, a.Op)
				}
				if h := got.Lanes[c.Lane]; c.X+c.W < h.X || c.X > h.X+h.W {
					t.Errorf("%s's racing cell (x=%.0f) is not under its lane header (x=%.0f)", a.Thread, c.X, h.X)
				}
			}
		}
		if !found {
			t.Errorf("no racing cell in %s's lane", a.Thread)
		}
	}
	// The verdict table: visible, a row per variable with its verdict.
	if !got.Table.Visible {
		t.Error("the verdict table is not visible")
	}
	for _, r := range rep.Results {
		found := false
		for _, row := range got.Verdict {
			found = found || strings.HasPrefix(row, r.Variable+" "+strings.ToUpper(string(r.Verdict))+" ") ||
				strings.HasPrefix(row, r.Variable+" "+string(r.Verdict)+" ")
		}
		if !found {
			t.Errorf("no verdict row for %s %s in %q", r.Variable, r.Verdict, got.Verdict)
		}
	}
}
