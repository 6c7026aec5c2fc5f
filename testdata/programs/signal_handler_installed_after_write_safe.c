// A handler runs only after it is installed: main's write of limit
// before signal() is ordered before every run of the handler, which
// only reads it; SIG_IGN installs no function.
// expect svcomp: limit=safe
// expect circ: limit=safe
// expect-explicit svcomp: limit=unknown
// expect-explicit circ: limit=unknown
#include <signal.h>
int limit;
void on_alarm(int sig) {
  int l = limit;
  (void)l;
}
int main(void) {
  signal(SIGPIPE, SIG_IGN);
  limit = 5;
  signal(SIGALRM, on_alarm);
  return limit;
}
