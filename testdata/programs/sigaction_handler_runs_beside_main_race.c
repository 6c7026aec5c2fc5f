// A handler installed with sigaction may run at any time after the
// call, beside main: its increment of hits races with main's write.
// expect svcomp: hits=race
// expect circ: hits=race
#include <signal.h>
int hits;
struct sigaction sa;
void on_usr1(int sig) { hits++; }
int main(void) {
  sa.sa_handler = on_usr1;
  sigaction(SIGUSR1, &sa, 0);
  hits = 5;
  return 0;
}
