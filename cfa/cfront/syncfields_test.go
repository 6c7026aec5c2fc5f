package cfront

import (
	"fmt"
	"strings"
	"testing"

	"circ/cfa"
)

// mutexFields is CIL's lowering of a mutex initializer of object m:
// one assignment per field of glibc's mutex, kind the __kind.
func mutexFields(m string, kind int, skip string) string {
	s := ""
	for _, f := range []string{"__lock", "__count", "__owner", "__nusers", "__kind", "__spins", "__elision", "__list.__prev", "__list.__next"} {
		if f == skip {
			continue
		}
		v := 0
		if f == "__kind" {
			v = kind
		}
		s += fmt.Sprintf("  %s.__data.%s = %d;\n", m, f, v)
	}
	return s
}

// TestFieldByFieldInitializationIsAStaticInitializer: a run of
// assignments to every field of a mutex gives it the kind its __kind
// says, as a static initializer does.
func TestFieldByFieldInitializationIsAStaticInitializer(t *testing.T) {
	tests := []struct {
		name, decl, init string
		want             cfa.MutexKind
	}{
		{"normal", "pthread_mutex_t m;", mutexFields("m", 0, ""), cfa.NormalMutex},
		{"recursive", "pthread_mutex_t m;", mutexFields("m", 1, ""), cfa.RecursiveMutex},
		{"member", "struct { int n; pthread_mutex_t mm; } s;\n#define m s.mm\n", mutexFields("s.mm", 2, ""), cfa.ErrorCheckMutex},
		// Normal from its static initializer (a global's zero bytes),
		// recursive after the run: the kind is kept at run time.
		{"recursive over a static normal", "pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;", mutexFields("m", 1, ""), cfa.UnknownMutexKind},
		{"recursive over a global's zero bytes", "", mutexFields("g", 1, "") + "#define m g\n", cfa.UnknownMutexKind},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := mustParse(t, "#define _GNU_SOURCE\n"+hdr+"pthread_mutex_t g;\nint main(void) {\n"+tc.decl+"\n"+tc.init+"  pthread_mutex_lock(&m);\n  return 0;\n}\n")
			calls := callsOf(p.Main(), "pthread_mutex_lock")
			if len(calls) != 1 {
				t.Fatalf("%d lock calls, want 1:\n%s", len(calls), p)
			}
			if calls[0].Kind != tc.want {
				t.Errorf("kind %s, want %s", calls[0].Kind, tc.want)
			}
		})
	}
}

func TestFieldByFieldInitializationErrors(t *testing.T) {
	const pre = "#include <pthread.h>\npthread_mutex_t m;\npthread_cond_t c;\nint main(int argc, char **argv) {\n"
	tests := []struct {
		name, body, want string
	}{
		{"field-left-out", mutexFields("m", 0, "__owner"),
			"t.c:5:3: unsupported: field-by-field initialization of m: m.__data.__owner is not written with the other fields"},
		{"locked", "  m.__data.__lock = 1;\n" + mutexFields("m", 0, "__lock"),
			"t.c:5:3: unsupported: field-by-field initialization of m: m.__data.__lock = 1 is no field of a static initializer"},
		{"run-time-value", "  m.__data.__lock = argc;\n" + mutexFields("m", 0, "__lock"),
			"t.c:5:3: unsupported: field-by-field initialization of m: m.__data.__lock is given a value that is no constant"},
		{"no-kind", mutexFields("m", 7, ""),
			"t.c:5:3: unsupported: field-by-field initialization of m: m.__data.__kind = 7 is no mutex kind"},
		// __align spans only the first bytes: __kind keeps its value.
		{"align-only", "  m.__align = 0;\n",
			"t.c:5:3: unsupported: field-by-field initialization of m: m.__data.__lock is not written with the other fields"},
		{"one-field", "  c.__data.__wrefs = 0;\n",
			"t.c:5:3: unsupported: field-by-field initialization of c: c.__data.__wseq.__value64 is not written with the other fields"},
		{"copy-of-recursive", "  pthread_mutex_t r;\n" + mutexFields("r", 1, "") + "  m = r;\n",
			"t.c:15:7: unsupported: copy of r, a recursive mutex"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) { assertParseError(t, pre+tc.body+"  return 0;\n}\n", tc.want) })
	}
}

// TestMemsetZeroesThreadHandles: a memset over a struct that holds a
// thread handle leaves a handle that names no thread (0), as
// pthread_t t = 0 does.
func TestMemsetZeroesThreadHandles(t *testing.T) {
	p := mustParse(t, "#include <pthread.h>\n#include <string.h>\nstruct conn { pthread_t t; int state; } c;\nint main(void) {\n  memset(&c, 0, sizeof c);\n  return c.state;\n}\n")
	if !strings.Contains(p.String(), "c.t := 0") {
		t.Errorf("no store of 0 into the handle:\n%s", p)
	}
}
