package nescmodels

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
)

// Manifest is manifest.json.
type Manifest struct {
	RaceDef string     `json:"race_def"`
	Paper   []PaperRow `json:"paper"`
	Models  []Model    `json:"models"`
}

// PaperRow is one row of the paper's Table 1.
type PaperRow struct {
	Name     string `json:"name"`
	Variable string `json:"variable"`
	Preds    int    `json:"preds"`
	ACFA     int    `json:"acfa"`
	Time     string `json:"time"`
}

// Model is one C model and its variables.
type Model struct {
	File      string     `json:"file"`
	Paper     string     `json:"paper"`
	Variant   string     `json:"variant,omitempty"`
	Variables []Variable `json:"variables"`
}

// Variable is one checked global: its true verdict and circ's answer.
type Variable struct {
	Name     string `json:"name"`
	Expected string `json:"expected"`
	Circ     string `json:"circ"`
	Note     string `json:"note,omitempty"`
}

// Load reads DIR/manifest.json.
func Load(dir string) (*Manifest, error) {
	b, err := os.ReadFile(filepath.Join(dir, "manifest.json"))
	if err != nil {
		return nil, err
	}
	var m Manifest
	if err := json.Unmarshal(b, &m); err != nil {
		return nil, fmt.Errorf("%s: %v", filepath.Join(dir, "manifest.json"), err)
	}
	return &m, nil
}

// PaperFor returns the paper's row for a model's application and a
// variable, if Table 1 has one.
func (m *Manifest) PaperFor(name, variable string) (PaperRow, bool) {
	for _, r := range m.Paper {
		if r.Name == name && r.Variable == variable {
			return r, true
		}
	}
	return PaperRow{}, false
}
