package main

import (
	"fmt"
	"io"

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
