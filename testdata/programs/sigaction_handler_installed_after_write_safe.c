// A handler runs only after sigaction installs it: main's write of
// limit before the call is ordered before every run of the handler,
// which only reads it. A query (no new action) installs nothing.
// expect svcomp: limit=safe
// expect circ: limit=safe
// expect-explicit svcomp: limit=unknown
// expect-explicit circ: limit=unknown
// explicit-max-states: 20000
#include <signal.h>
#include <string.h>
int limit;
void on_alarm(int sig) {
  int l = limit;
  (void)l;
}
int main(void) {
  struct sigaction sa;
  sigaction(SIGALRM, 0, 0);
  memset(&sa, 0, sizeof sa);
  sa.sa_handler = on_alarm;
  limit = 5;
  sigaction(SIGALRM, &sa, 0);
  return limit;
}
