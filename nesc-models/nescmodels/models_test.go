package nescmodels

import (
	"context"
	"path/filepath"
	"testing"
	"time"

	"circ/cfa/cfront"
	"circ/driver"
	"circ/interp"
)

// decided bounds a check whose recorded answer is safe or race: the
// slowest takes about 4 s on the development machine, and the budget
// leaves room for a slower CI machine. open bounds a check recorded as
// unknown: it runs only to catch a wrong answer.
const (
	decided = 5 * time.Minute
	open    = 15 * time.Second
)

func TestPaperTableRecorded(t *testing.T) {
	m, err := Load("..")
	if err != nil {
		t.Fatal(err)
	}
	if len(m.Paper) != 11 {
		t.Fatalf("the paper's Table 1 has 11 rows, manifest has %d", len(m.Paper))
	}
	for _, r := range m.Paper {
		if r.Name == "" || r.Variable == "" || r.ACFA <= 0 || r.Time == "" || r.Preds < 0 {
			t.Errorf("incomplete paper row %+v", r)
		}
	}
	// Every row of Table 1 is covered by a model.
	for _, r := range m.Paper {
		found := false
		for _, md := range m.Models {
			for _, v := range md.Variables {
				if md.Paper == r.Name && v.Name == r.Variable && md.Variant == "" {
					found = true
				}
			}
		}
		if !found {
			t.Errorf("no model for %s / %s", r.Name, r.Variable)
		}
	}
	if len(m.Models) < 8 {
		t.Errorf("want at least 8 models, have %d", len(m.Models))
	}
}

func TestModels(t *testing.T) {
	m, err := Load("..")
	if err != nil {
		t.Fatal(err)
	}
	if m.RaceDef != "circ" {
		t.Fatalf("race_def %q, want circ", m.RaceDef)
	}
	for _, md := range m.Models {
		md := md
		t.Run(md.File, func(t *testing.T) {
			t.Parallel()
			p, err := cfront.Load(filepath.Join("..", md.File))
			if err != nil {
				t.Fatal(err)
			}
			for _, v := range md.Variables {
				switch v.Expected {
				case "safe", "race":
				default:
					t.Errorf("%s: expected verdict %q", v.Name, v.Expected)
				}
				if v.Circ != v.Expected && v.Note == "" {
					t.Errorf("%s: circ's answer %s differs from the truth %s without a note", v.Name, v.Circ, v.Expected)
				}
				x := p.Global(v.Name)
				if x == nil {
					t.Errorf("%s: no such global", v.Name)
					continue
				}
				budget := decided
				if v.Circ == "unknown" {
					budget = open
				}
				ctx, cancel := context.WithTimeout(context.Background(), budget)
				res := driver.Check(ctx, p, x, driver.Options{RaceDef: interp.CIRC})
				cancel()
				got := string(res.Verdict)
				switch {
				case got != "unknown" && got != v.Expected:
					t.Errorf("%s: circ says %s (%s), the truth is %s", v.Name, got, res.Reason, v.Expected)
				case v.Circ != "unknown" && got != v.Circ:
					t.Errorf("%s: circ says %s (%s), manifest records %s", v.Name, got, res.Reason, v.Circ)
				case got == "race" && res.Trace == nil:
					t.Errorf("%s: race without a replayed trace", v.Name)
				}
			}
		})
	}
}
