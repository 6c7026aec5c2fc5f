package main

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"circ/native"
)

func TestReplayCLI(t *testing.T) {
	var out, errb bytes.Buffer
	if code := run([]string{"replay"}, &out, &errb); code != 2 || !strings.Contains(errb.String(), "exactly one input file") {
		t.Errorf("no file: status %d, stderr %q", code, errb.String())
	}
	if err := native.Available(context.Background(), ""); err != nil {
		t.Skipf("no native replay here: %v", err)
	}
	out.Reset()
	errb.Reset()
	code := run([]string{"replay", "-q", "../../examples/paper_figure1.c"}, &out, &errb)
	if code != 0 || out.String() != "state: race confirmed natively by ThreadSanitizer\n" {
		t.Errorf("status %d, stdout %q, stderr %q", code, out.String(), errb.String())
	}
}
