package main

import (
	"fmt"
	"io"

	"circ/report"
	"circ/svcomp"

	"github.com/spf13/pflag"
)

// svcompFlags are check's SV-COMP flags: a task definition may stand for
// the input file, and BenchExec passes the property and data model of a
// task as flags.
type svcompFlags struct {
	result    bool   // --svcomp: print the RESULT line
	property  string // --property FILE
	dataModel string // --data-model ILP32|LP64
	task      *svcomp.Task
}

func addSVCOMPFlags(fs *pflag.FlagSet, f *svcompFlags) {
	fs.BoolVar(&f.result, "svcomp", false, "print SV-COMP's verdict line last (RESULT: true | false(no-data-race) | unknown)")
	fs.StringVar(&f.property, "property", "", "SV-COMP property file to check; only no-data-race.prp is supported")
	fs.StringVar(&f.dataModel, "data-model", "", "data model, ILP32 (gcc -m32: 32-bit long and pointers) or LP64 (gcc on x86-64); default: a task's data_model, else ILP32 for a file that declares size_t unsigned int and LP64 for any other")
}

// resolveInput checks the SV-COMP flags and, when arg is a task
// definition (.yml), reads it and returns its C input file; otherwise it
// returns arg.
func (f *svcompFlags) resolveInput(arg string, c *checkFlags) (string, error) {
	if f.property != "" {
		if err := svcomp.CheckProperty(f.property); err != nil {
			return "", fmt.Errorf("--property: %v", err)
		}
	}
	if f.dataModel != "" {
		if err := svcomp.CheckDataModel(f.dataModel); err != nil {
			return "", fmt.Errorf("--data-model: %v", err)
		}
		c.cflags.DataModel = f.dataModel
	}
	if f.result && len(c.vars) > 0 {
		return "", fmt.Errorf("--svcomp gives one verdict for the whole program; it cannot be combined with --var")
	}
	if f.result && c.format != "text" {
		return "", fmt.Errorf("--svcomp adds its line to the text report; it cannot be combined with --format %s", c.format)
	}
	if !svcomp.IsTaskFile(arg) {
		if f.property != "" || f.result {
			// The SV-COMP property is data races under its own definition.
			if c.raceDefSet && c.raceDef != "svcomp" {
				return "", fmt.Errorf("the no-data-race property is decided under --race-def svcomp, not %s", c.raceDef)
			}
			c.raceDef = "svcomp"
			c.svcompAllocation()
		}
		return arg, nil
	}
	t, err := svcomp.ReadTask(arg)
	if err != nil {
		return "", err
	}
	if f.dataModel != "" && t.DataModel != "" && f.dataModel != t.DataModel {
		return "", fmt.Errorf("--data-model %s contradicts the task's data_model %s", f.dataModel, t.DataModel)
	}
	if c.raceDefSet && c.raceDef != "svcomp" {
		return "", fmt.Errorf("a task's no-data-race property is decided under --race-def svcomp, not %s", c.raceDef)
	}
	c.raceDef = "svcomp"
	c.svcompAllocation()
	f.task = t
	if c.cflags.DataModel == "" {
		c.cflags.DataModel = t.DataModel
	}
	return t.InputFiles[0], nil
}

// svcompAllocation makes allocations succeed, as SV-COMP's rules had
// it when its no-data-race tasks were written, unless
// --malloc-may-fail says otherwise.
func (c *checkFlags) svcompAllocation() {
	if !c.mallocSet {
		c.cflags.AllocNeverFails = true
	}
}

// writeResult prints the RESULT line, and for a task with an expected
// verdict whether circ agrees.
func (f *svcompFlags) writeResult(w io.Writer, rep *report.Report) {
	if f.task != nil && f.task.Expected != "" {
		got := svcomp.Result(rep)
		agree := "agrees with"
		switch {
		case got == "unknown":
			agree = "does not decide"
		case (got == "true") != (f.task.Expected == "true"):
			agree = "DISAGREES with"
		}
		fmt.Fprintf(w, "\ntask %s: circ %s the expected verdict %s\n", f.task.Path, agree, f.task.Expected)
	}
	if f.result {
		fmt.Fprintf(w, "\n%s\n", svcomp.ResultLine(rep))
	}
}

// witnessDataModel is the data model a witness names: --data-model's,
// else the task's, else the one circ read the program in (rep's: ILP32
// for a file that declares size_t unsigned int), else LP64.
func (f *svcompFlags) witnessDataModel(rep *report.Report) string {
	switch {
	case f.dataModel != "":
		return f.dataModel
	case f.task != nil && f.task.DataModel != "":
		return f.task.DataModel
	case rep.DataModel != "":
		return rep.DataModel
	}
	return "LP64"
}
