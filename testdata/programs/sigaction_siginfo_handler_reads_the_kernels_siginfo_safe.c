// An SA_SIGINFO handler takes three arguments: the signal, the
// siginfo_t and the context the kernel writes on its frame, which it
// may read. It runs only after sigaction installs it, so main's write
// of limit before the call is ordered before every run, which only
// reads it.
// expect svcomp: limit=safe
// expect circ: limit=safe
// expect-explicit svcomp: limit=unknown
// expect-explicit circ: limit=unknown
// explicit-max-states: 20000
#include <signal.h>
int limit;
struct sigaction sa;
void on_usr1(int sig, siginfo_t *si, void *ctx) {
  int code = 0;
  if (si != ctx && si->si_signo == sig && limit > 0)
    code = si->si_code;
  (void)code;
}
int main(void) {
  limit = 5;
  sa.sa_flags = SA_SIGINFO;
  sa.sa_sigaction = on_usr1;
  sigaction(SIGUSR1, &sa, 0);
  return limit;
}
