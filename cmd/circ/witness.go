package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"

	"circ/report"
	"circ/witness"
)

// writeWitness writes the violation witness of the first race in rep to
// name (SV-COMP expects one witness per task), or notes on stderr that
// there is none to write.
func writeWitness(name string, rep *report.Report, dataModel string, stderr io.Writer) error {
	res := witness.FirstRace(rep.Results)
	if res == nil {
		fmt.Fprintf(stderr, "circ: no race found, so no witness written to %s\n", name)
		return nil
	}
	t, err := witness.ReadTask(rep.File, *res, version, dataModel)
	if err != nil {
		return err
	}
	return witness.WriteFile(name, t)
}

// checkWitnessName rejects a --witness name (before any checking) whose
// extension names no format or whose directory does not exist; "" is no
// witness.
func checkWitnessName(name string) error {
	if name == "" {
		return nil
	}
	if _, err := witness.FormatOf(name); err != nil {
		return err
	}
	if fi, err := os.Stat(filepath.Dir(name)); err != nil || !fi.IsDir() {
		return fmt.Errorf("witness file %q: its directory does not exist", name)
	}
	return nil
}
