// A handler installed with signal may run at any time after the call,
// beside main: its increment of hits races with main's write.
// expect svcomp: hits=race
// expect circ: hits=race
#include <signal.h>
int hits;
void on_alarm(int sig) { hits++; }
int main(void) {
  signal(SIGALRM, on_alarm);
  alarm(1);
  hits = 5;
  return 0;
}
