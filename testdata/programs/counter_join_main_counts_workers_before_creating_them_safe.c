// Workers are detached; main counts each one in threads_alive before it
// creates it, each worker counts itself out when it is done with data,
// and main reads data once the count is back at 0: no worker is still
// before its decrement then, for any number of workers. The proof
// relates threads_alive with the workers that have not counted
// themselves out (cfa.CountRegions). Goblint's race-challenges,
// thread-join-counter-outer.
// expect svcomp: data=safe alive=safe
// expect circ: data=safe alive=safe
// expect-explicit svcomp: data=unknown alive=unknown
// expect-explicit circ: data=unknown alive=unknown
#include <pthread.h>

int alive;
pthread_mutex_t alive_mutex = PTHREAD_MUTEX_INITIALIZER;
pthread_cond_t alive_cond = PTHREAD_COND_INITIALIZER;
int data;
pthread_mutex_t data_mutex = PTHREAD_MUTEX_INITIALIZER;

void *worker(void *arg) {
  pthread_mutex_lock(&data_mutex);
  data = 1;
  pthread_mutex_unlock(&data_mutex);
  pthread_mutex_lock(&alive_mutex);
  alive--;
  pthread_cond_signal(&alive_cond);
  pthread_mutex_unlock(&alive_mutex);
  return 0;
}

int main(void) {
  int n = __VERIFIER_nondet_int();
  for (int i = 0; i < n; i++) {
    pthread_mutex_lock(&alive_mutex);
    alive++;
    pthread_mutex_unlock(&alive_mutex);
    pthread_t t;
    if (pthread_create(&t, 0, worker, 0) == 0)
      pthread_detach(t);
  }
  pthread_mutex_lock(&alive_mutex);
  while (alive)
    pthread_cond_wait(&alive_cond, &alive_mutex);
  pthread_mutex_unlock(&alive_mutex);
  return data;
}
