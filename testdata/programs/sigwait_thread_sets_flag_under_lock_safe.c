// The classic signal thread: main blocks the signals, then a thread
// waits for them with sigwait and sets a flag under the lock main
// reads it with; the set is only read once the thread runs.
// expect svcomp: stop=safe set.__val[0]=safe
// expect circ: stop=safe set.__val[0]=safe
// expect-explicit svcomp: stop=unknown set.__val[0]=unknown
// expect-explicit circ: stop=unknown set.__val[0]=unknown
#include <pthread.h>
#include <signal.h>
sigset_t set;
int stop;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
void *waiter(void *arg) {
  int sig;
  sigwait(&set, &sig);
  if (sig == SIGINT) {
    pthread_mutex_lock(&m);
    stop = 1;
    pthread_mutex_unlock(&m);
  }
  return 0;
}
int main(void) {
  pthread_t t;
  int done = 0;
  sigemptyset(&set);
  sigaddset(&set, SIGINT);
  pthread_sigmask(SIG_BLOCK, &set, 0);
  pthread_create(&t, 0, waiter, 0);
  while (!done) {
    pthread_mutex_lock(&m);
    done = stop;
    pthread_mutex_unlock(&m);
  }
  return 0;
}
