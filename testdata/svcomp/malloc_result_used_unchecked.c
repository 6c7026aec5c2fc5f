// The block malloc returns is written without a test for null: undefined
// behaviour where malloc fails, as C allows, and fine under SV-COMP's
// rule that allocations never fail (--malloc-may-fail=false).
#include <pthread.h>
#include <stdlib.h>

int done;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

void *worker(void *arg) {
  int *slot = arg;
  *slot = 1;
  pthread_mutex_lock(&m);
  done = 1;
  pthread_mutex_unlock(&m);
  return NULL;
}

int main(void) {
  pthread_t t;
  int *slot = malloc(sizeof *slot);
  pthread_create(&t, NULL, worker, slot);
  pthread_mutex_lock(&m);
  done = 2;
  pthread_mutex_unlock(&m);
  pthread_join(t, NULL);
  free(slot);
  return 0;
}
