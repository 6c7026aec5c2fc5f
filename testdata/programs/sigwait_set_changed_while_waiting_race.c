// A signal set is memory of the program: the waiter's sigwait reads
// set while main adds a signal to it.
// expect svcomp: set.__val[0]=race
// expect circ: set.__val[0]=race
#include <pthread.h>
#include <signal.h>
sigset_t set;
void *waiter(void *arg) {
  int sig;
  sigwait(&set, &sig);
  return 0;
}
int main(void) {
  pthread_t t;
  sigemptyset(&set);
  sigaddset(&set, SIGINT);
  pthread_sigmask(SIG_BLOCK, &set, 0);
  pthread_create(&t, 0, waiter, 0);
  sigaddset(&set, SIGTERM);
  return 0;
}
