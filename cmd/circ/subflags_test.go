package main

import "testing"

// TestCheckFlagsOtherCommandsRefuse: acfa and replay are built on check's
// flags but print no check report; a report flag given to them is an
// error, not silently ignored.
func TestCheckFlagsOtherCommandsRefuse(t *testing.T) {
	prog := programsDir + "flag_plain_race.c"
	for _, tc := range []struct {
		cmd  string
		args []string
		want string
	}{
		{"acfa", []string{"--svcomp"}, "--svcomp"},
		{"acfa", []string{"--witness", "w.yml"}, "--witness"},
		{"acfa", []string{"--threads", "2"}, "--threads"},
		{"replay", []string{"--format", "json"}, "--format"},
		{"replay", []string{"--svcomp"}, "--svcomp"},
		{"replay", []string{"--witness", "w.yml"}, "--witness"},
	} {
		t.Run(tc.cmd+tc.args[0], func(t *testing.T) {
			r := runCLI(t, append(append([]string{tc.cmd}, tc.args...), prog)...)
			assertBadInput(t, r, tc.want, "not of circ "+tc.cmd)
		})
	}
}
