package cfront

import (
	"strings"
	"testing"
)

func TestDetectTarget(t *testing.T) {
	for _, c := range []struct{ name, src, want string }{
		{"msp430 gcc", "# 150 \"/usr/lib/gcc/msp430/4.6.3/include/stddef.h\" 3\ntypedef unsigned int size_t;\n", "msp430"},
		{"old mspgcc", "# 151 \"/opt/msp430/lib/gcc-lib/msp430/3.2.3/include/stddef.h\" 3\n", "msp430"},
		{"avr gcc", "# 152 \"/usr/bin/../lib/gcc/avr/4.1.2/include/stddef.h\" 3\n", "avr"},
		{"host file in an avr folder", "# 1 \"/home/user/projects/avr/race.c\"\nint x;\n", ""},
		{"host", "# 1 \"race.c\"\n# 1 \"/usr/include/stdio.h\" 1 3 4\n", ""},
	} {
		if got := detectTarget([]byte(c.src)); got != c.want {
			t.Errorf("%s: detectTarget = %q, want %q", c.name, got, c.want)
		}
	}
}

// TestTargetIntWidth checks that a file nescc compiled for the MSP430
// computes with 16-bit int: 65535 + 1 wraps to 0 and sizeof(long) is 4.
func TestTargetIntWidth(t *testing.T) {
	src := "# 1 \"/usr/lib/gcc/msp430/4.6.3/include/stddef.h\" 3\ntypedef unsigned int size_t;\n# 3 \"w.c\"\nunsigned int a = 65535;\nint s;\nint main(void) { a = a + 1; s = sizeof(long) + sizeof(int *); return 0; }\n"
	prog, err := Parse("w.c", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	text := prog.String()
	for _, want := range []string{"a := (uint16_t)(a + 1)", "s := 6", "halt"} {
		if !strings.Contains(text, want) {
			t.Errorf("want %q in\n%s", want, text)
		}
	}
}

func TestRewriteModeTypedefs(t *testing.T) {
	for _, c := range []struct{ src, target, want string }{
		{"typedef int int8_t __attribute((__mode__(__QI__))) ;", "avr", "typedef signed char int8_t ;"},
		{"typedef unsigned int uint32_t __attribute__ ((__mode__ (__SI__)));", "avr", "typedef unsigned long uint32_t;"},
		{"typedef unsigned int uint32_t __attribute__ ((__mode__ (__SI__)));", "", "typedef unsigned int uint32_t;"},
		{"typedef int register_t __attribute__ ((__mode__ (__word__)));", "", "typedef int register_t __attribute__ ((__mode__ (__word__)));"},
	} {
		if got := string(rewriteModeTypedefs([]byte(c.src), c.target)); got != c.want {
			t.Errorf("rewriteModeTypedefs(%q, %q) = %q, want %q", c.src, c.target, got, c.want)
		}
	}
}
