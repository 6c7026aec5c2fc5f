package nescrule

import (
	"strings"
	"testing"

	"circ/cfa"
	"circ/cfa/cfront"
	"circ/report"
)

// prelude declares what nescc's app.c declares for the MSP430.
const prelude = `
void __eint(void);
void __dint(void);
typedef unsigned char __nesc_atomic_t;
__nesc_atomic_t __nesc_atomic_start(void);
void __nesc_atomic_end(__nesc_atomic_t);
int x;
`

func TestRule(t *testing.T) {
	cases := []struct {
		name, src string
		want      report.Verdict
		reason    string
	}{
		{"a handler's write with interrupts disabled is atomic",
			`__attribute__((interrupt(12))) void isr(void) { x = 1; }
			 int main(void) { __eint(); for (;;) { __nesc_atomic_t s = __nesc_atomic_start(); x = 2; __nesc_atomic_end(s); } }`,
			report.Safe, "every access atomic"},
		{"task code writes outside atomic",
			`__attribute__((interrupt(12))) void isr(void) { int y = x; }
			 int main(void) { __eint(); for (;;) x = 2; }`,
			report.Race, "non-atomic write at"},
		{"a non-atomic read of a variable async code writes",
			`__attribute__((interrupt(12))) void isr(void) { x = 1; }
			 int y;
			 int main(void) { __eint(); for (;;) y = x; }`,
			report.Race, "non-atomic read at"},
		{"reads need no protection when async code only reads",
			`__attribute__((interrupt(12))) void isr(void) { int y = x; }
			 int y;
			 int main(void) { __eint(); for (;;) { y = x; __nesc_atomic_t s = __nesc_atomic_start(); x = 2; __nesc_atomic_end(s); } }`,
			report.Safe, "none in async code"},
		{"a handler that enables interrupts writes outside atomic",
			`__attribute__((interrupt(12))) void isr(void) { __eint(); x = 1; }
			 int main(void) { __eint(); for (;;) { __nesc_atomic_t s = __nesc_atomic_start(); x = 2; __nesc_atomic_end(s); } }`,
			report.Race, "non-atomic write at"},
		{"main's start-up code runs with interrupts disabled",
			`__attribute__((interrupt(12))) void isr(void) { x = 1; }
			 int main(void) { x = 3; __eint(); for (;;) ; }`,
			report.Safe, "every access atomic"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p, err := cfront.Parse("app.c", []byte(prelude+c.src))
			if err != nil {
				t.Fatal(err)
			}
			if !Applies(p) {
				t.Fatal("the rule does not apply to a program with a handler")
			}
			res := Check(p, []*cfa.Var{p.Global("x")})
			if res[0].Verdict != c.want || !strings.Contains(res[0].Reason, c.reason) {
				t.Errorf("got %s (%s), want %s with %q", res[0].Verdict, res[0].Reason, c.want, c.reason)
			}
		})
	}
}

// TestNoAsyncAccess: a variable no handler touches draws no warning,
// however main accesses it; a program without handlers is not the
// rule's.
func TestNoAsyncAccess(t *testing.T) {
	p, err := cfront.Parse("app.c", []byte(prelude+`int y;
		__attribute__((interrupt(12))) void isr(void) { y = 1; }
		int main(void) { __eint(); for (;;) x = x + 1; }`))
	if err != nil {
		t.Fatal(err)
	}
	if res := Check(p, []*cfa.Var{p.Global("x")}); res[0].Verdict != report.Safe || !strings.Contains(res[0].Reason, "no access in async code") {
		t.Errorf("got %s (%s), want safe: no access in async code", res[0].Verdict, res[0].Reason)
	}
	q, err := cfront.Parse("threads.c", []byte("#include <pthread.h>\nint z; void *w(void *a) { z = 1; return 0; }\nint main(void) { pthread_t t; pthread_create(&t, 0, w, 0); z = 2; return 0; }\n"))
	if err != nil {
		t.Fatal(err)
	}
	if Applies(q) {
		t.Error("the rule applies to a pthread program")
	}
}
