package cfront

import (
	"strings"
	"testing"
)

// TestDataModel: a file that declares size_t unsigned int is read as
// ILP32 unless the options say otherwise, and the options' ILP32 holds
// for any file; ILP32 makes long and pointers 32 bits wide.
func TestDataModel(t *testing.T) {
	const own = "typedef unsigned int size_t;\nlong width = sizeof(long) * 10 + sizeof(void *);\nint main(void) { return width; }\n"
	const plain = "long width = sizeof(long) * 10 + sizeof(void *);\nint main(void) { return width; }\n"
	tests := []struct {
		name, src, model string
		want             int64 // sizeof(long)*10 + sizeof(void *)
		wantModel        string
	}{
		{"own-size_t-is-ilp32", own, "", 44, "ILP32"},
		{"own-size_t-under-lp64", own, "LP64", 88, ""},
		{"plain-file-is-lp64", plain, "", 88, ""},
		{"plain-file-under-ilp32", plain, "ILP32", 44, "ILP32"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p, err := ParseWith("t.c", []byte(tc.src), Options{DataModel: tc.model})
			if err != nil {
				t.Fatal(err)
			}
			if p.DataModel != tc.wantModel {
				t.Errorf("data model %q, want %q", p.DataModel, tc.wantModel)
			}
			found := false
			for _, v := range p.Globals {
				if v.Name == "width" {
					found = true
					if v.Init != tc.want {
						t.Errorf("width = %d, want %d", v.Init, tc.want)
					}
				}
			}
			if !found {
				t.Error("no global width")
			}
		})
	}
}

// TestDataModelDoesNotApplyToMicrocontrollers: a file nescc compiled
// for the msp430 has 16-bit int and pointers; a host data model asked
// for it is an error, not silently ignored.
func TestDataModelDoesNotApplyToMicrocontrollers(t *testing.T) {
	const src = "# 1 \"/usr/lib/gcc/msp430/4.6.3/include/stddef.h\"\n# 1 \"app.c\"\nint width = sizeof(void *);\nint main(void) { return width; }\n"
	if _, err := ParseWith("t.c", []byte(src), Options{}); err != nil {
		t.Fatalf("no data model: %v", err)
	}
	for _, model := range []string{"ILP32", "LP64"} {
		_, err := ParseWith("t.c", []byte(src), Options{DataModel: model})
		if err == nil || !strings.Contains(err.Error(), "data model "+model+" does not apply") {
			t.Errorf("%s: got %v, want an error", model, err)
		}
	}
}
