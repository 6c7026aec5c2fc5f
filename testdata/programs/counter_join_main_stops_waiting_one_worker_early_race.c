// counter_join_main_counts_workers_before_creating_them_safe.c where main
// stops waiting when one worker is left: it reads data while that worker
// may write it.
// expect svcomp: data=race alive=safe
// expect circ: data=race alive=safe
// expect-explicit svcomp: alive=unknown
// expect-explicit circ: alive=unknown
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
  while (alive > 1)
    pthread_cond_wait(&alive_cond, &alive_mutex);
  pthread_mutex_unlock(&alive_mutex);
  return data;
}
