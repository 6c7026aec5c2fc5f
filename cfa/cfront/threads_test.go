package cfront

import (
	"strings"
	"testing"
)

// TestReapFlags: a join or detach tests its thread's flag only where a
// second one may reach the same thread, and where circ cannot tell the
// threads of a template apart, the sites are listed as approximations.
func TestReapFlags(t *testing.T) {
	tests := []struct {
		name, src string
		flags     []string // the reap flags the program gets
		approx    bool
	}{
		{"two handles joined once each", "void *w(void *a) { return 0; }\nint main(void) {\n  pthread_t a, b;\n  pthread_create(&a, 0, w, 0);\n  pthread_create(&b, 0, w, 0);\n  pthread_join(a, 0);\n  pthread_join(b, 0);\n  return 0;\n}\n", nil, false},
		{"one thread joined twice", "void *w(void *a) { return 0; }\nint main(void) {\n  pthread_t a;\n  pthread_create(&a, 0, w, 0);\n  pthread_join(a, 0);\n  pthread_join(a, 0);\n  return 0;\n}\n", []string{"w::reaped"}, false},
		{"handle recreated and joined in a loop", "void *w(void *a) { return 0; }\nint main(void) {\n  pthread_t a;\n  for (int i = 0; i < 3; i++) {\n    pthread_create(&a, 0, w, 0);\n    pthread_join(a, 0);\n  }\n  return 0;\n}\n", []string{"main::a.reaped"}, false},
		{"self-detaching workers of a loop, one joined", "void *w(void *a) { pthread_detach(pthread_self()); return 0; }\nint main(void) {\n  pthread_t t[2];\n  for (int i = 0; i < 2; i++)\n    pthread_create(&t[i], 0, w, 0);\n  pthread_join(t[0], 0);\n  return 0;\n}\n", nil, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := mustParse(t, "#include <pthread.h>\n"+tc.src)
			var flags []string
			for _, v := range p.Globals {
				if strings.HasSuffix(v.Name, "reaped") {
					flags = append(flags, v.Name)
				}
			}
			for _, c := range p.Templates {
				for _, v := range c.Locals {
					if strings.HasSuffix(v.Name, "reaped") {
						flags = append(flags, v.Name)
					}
				}
			}
			if strings.Join(flags, " ") != strings.Join(tc.flags, " ") {
				t.Errorf("reap flags %v, want %v:\n%v", flags, tc.flags, p)
			}
			approx := false
			for _, e := range p.Approximations {
				approx = approx || strings.Contains(e.Note, "joined or detached before")
			}
			if approx != tc.approx {
				t.Errorf("approximation listed: %v, want %v: %v", approx, tc.approx, p.Approximations)
			}
			for _, c := range p.Templates {
				for _, e := range c.Edges {
					if e.Undefined && strings.Contains(e.Note, "joined or detached") && len(tc.flags) == 0 {
						t.Errorf("an undefined arm without a flag: %v", e)
					}
				}
			}
		})
	}
}
