// A POSIX timer that notifies by a signal starts no thread of its own:
// only the handler installed for SIGALRM runs, and it only reads
// ticks, which main writes before installing it.
// expect svcomp: ticks=safe
// expect circ: ticks=safe
// expect-explicit svcomp: ticks=unknown
// expect-explicit circ: ticks=unknown
// explicit-max-states: 20000
#include <signal.h>
#include <string.h>
#include <time.h>
int ticks;
void on_alarm(int sig) {
  int t = ticks;
  (void)t;
}
int main(void) {
  struct sigevent sev;
  struct itimerspec its;
  timer_t id;
  ticks = 3;
  signal(SIGALRM, on_alarm);
  memset(&sev, 0, sizeof sev);
  sev.sigev_notify = SIGEV_SIGNAL;
  sev.sigev_signo = SIGALRM;
  if (timer_create(CLOCK_MONOTONIC, &sev, &id) != 0)
    return 1;
  memset(&its, 0, sizeof its);
  its.it_value.tv_sec = 1;
  timer_settime(id, 0, &its, 0);
  timer_delete(id);
  return 0;
}
