package native

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"
)

// freePrelude defines, for a program run without a schedule, what the
// SV-COMP conventions leave to the verifier: nondeterministic values
// (small random numbers), atomic sections (one recursive lock, so that
// two sections never overlap while a plain access still races with
// one) and the error function.
const freePrelude = `#define _GNU_SOURCE
#include <pthread.h>
#include <stdlib.h>
static pthread_mutex_t __free_atomic = PTHREAD_RECURSIVE_MUTEX_INITIALIZER_NP;
int __VERIFIER_nondet_int(void) { return rand() % 5 - 2; }
unsigned int __VERIFIER_nondet_uint(void) { return (unsigned)(rand() % 5); }
_Bool __VERIFIER_nondet_bool(void) { return rand() & 1; }
void __VERIFIER_atomic_begin(void) { pthread_mutex_lock(&__free_atomic); }
void __VERIFIER_atomic_end(void) { pthread_mutex_unlock(&__free_atomic); }
void reach_error(void) { abort(); }
#line 1 "PROGRAM"
`

// RunFree compiles src, a whole C program named name, with
// ThreadSanitizer and runs it runs times as the machine schedules it,
// each run stopped after timeout; it returns the objects (global names
// as TSan gives them) that some run reports a data race on. An error
// means the program does not build.
func RunFree(ctx context.Context, name, src string, runs int, timeout time.Duration) (map[string]bool, error) {
	dir, err := os.MkdirTemp("", "circ-free-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	file := filepath.Join(dir, "prog.c")
	if err := os.WriteFile(file, []byte(strings.Replace(freePrelude, "PROGRAM", name, 1)+src), 0o644); err != nil {
		return nil, err
	}
	bin := filepath.Join(dir, "prog")
	if out, err := exec.CommandContext(ctx, "gcc", "-w", "-g", "-O0", "-fsanitize=thread", "-pthread", file, "-o", bin).CombinedOutput(); err != nil {
		return nil, fmt.Errorf("does not build: %s", firstLine(out, err))
	}
	racy := map[string]bool{}
	argv := []string{bin}
	for range runs {
		var reports []*tsanRace
		_, stderr, err := runOnce(ctx, argv, timeout, func(r *tsanRace) bool {
			reports = append(reports, r)
			return false
		})
		if err != nil {
			return nil, err
		}
		if len(argv) == 1 && strings.Contains(stderr, "unexpected memory mapping") {
			argv = []string{"setarch", unameArch(), "-R", bin}
			continue
		}
		for _, r := range reports {
			if r.Location == "" && r.LocationOffset != 0 {
				r.Location = symbolize(bin, r.LocationOffset)
			}
			if r.Location != "" {
				racy[r.Location] = true
			}
		}
	}
	return racy, nil
}

// sameObject reports whether TSan's object name tsanName holds circ's
// variable (a global, a field, an element, a function's static).
func sameObject(tsanName, variable string) bool { return sameGlobal(tsanName, objectOf(variable)) }

// objectOf is the object a circ variable name belongs to: "s" for
// "s.f", "a" for "a[3]" and "a[*]", "x" for "f::x".
func objectOf(variable string) string {
	if i := strings.LastIndex(variable, "::"); i >= 0 {
		variable = variable[i+2:]
	}
	if i := strings.IndexAny(variable, ".["); i >= 0 {
		return variable[:i]
	}
	return variable
}
