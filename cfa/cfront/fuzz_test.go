package cfront

import (
	"errors"
	"strings"
	"testing"
)

// FuzzParse checks that Parse never panics and returns either a program
// or an *Error. The seed corpus lives in testdata/fuzz/FuzzParse.
func FuzzParse(f *testing.F) {
	f.Add([]byte("int g; int main() { g = 1; return 0; }"))
	f.Fuzz(func(t *testing.T, src []byte) {
		p, err := Parse("fuzz.c", src)
		if err != nil {
			var fe *Error
			if !errors.As(err, &fe) {
				t.Fatalf("error %T is not *Error: %v", err, err)
			}
			if strings.Contains(err.Error(), "cfront internal error") {
				t.Fatalf("internal error: %v", err)
			}
			if p != nil {
				t.Fatal("both a program and an error")
			}
			return
		}
		if p == nil || len(p.Templates) == 0 {
			t.Fatal("no program and no error")
		}
	})
}
