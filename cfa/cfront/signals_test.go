package cfront

import (
	"strings"
	"testing"
)

func TestSignalErrors(t *testing.T) {
	tests := []struct {
		name, src, want string
	}{
		// The old action would hold a handler circ does not track.
		{"sigaction-old-action", "#include <signal.h>\nint main(void) {\n  struct sigaction old;\n  sigaction(SIGINT, 0, &old);\n  return 0;\n}\n",
			"t.c:4:24: unsupported: &old, argument of sigaction, may not be null: circ does not track what the call stores there"},
		// Four parameters: no handler the kernel calls.
		{"handler-of-four-parameters", "#include <signal.h>\nint n;\nvoid h(int s, siginfo_t *i, void *c, int x) { n++; }\nint main(void) {\n  struct sigaction sa = {0};\n  sa.sa_sigaction = (void (*)(int, siginfo_t *, void *))h;\n  sigaction(SIGINT, &sa, 0);\n  return 0;\n}\n",
			"t.c:7:21: unsupported: &sa may call h, which circ cannot call there"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) { assertParseError(t, tc.src, tc.want) })
	}
}

// TestTimerThreadNotificationIsUnmodelled: timer_create reads the
// notification of its struct sigevent, and a new thread's is a site
// where circ's model ends.
func TestTimerThreadNotificationIsUnmodelled(t *testing.T) {
	p := mustParse(t, "#include <signal.h>\n#include <time.h>\nint main(void) {\n  struct sigevent sev = {0};\n  timer_t id;\n  sev.sigev_notify = SIGEV_THREAD;\n  return timer_create(CLOCK_REALTIME, &sev, &id);\n}\n")
	sites := unmodelledSites(p)
	if len(sites) != 1 || !strings.HasPrefix(sites[0], "t.c:7:10: ") || !strings.Contains(sites[0], "SIGEV_THREAD") {
		t.Errorf("unmodelled sites %q, want one at t.c:7:10 for SIGEV_THREAD", sites)
	}
}
