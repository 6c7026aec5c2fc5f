// A key deleted and created again is a new key: every thread's value
// for it is NULL, whatever the thread set for the old one. The worker
// set a value, main recreates the key, and the worker then finds NULL
// and writes x, which main writes too.
// expect svcomp: x=race
// expect circ: x=race
#include <pthread.h>
#include <semaphore.h>

pthread_key_t key;
int x;
int value;
sem_t value_set, key_renewed;

void *worker(void *arg) {
  pthread_setspecific(key, &value);
  sem_post(&value_set);
  sem_wait(&key_renewed);
  if (pthread_getspecific(key) == 0)
    x = 1;
  return 0;
}

int main(void) {
  pthread_t t;
  sem_init(&value_set, 0, 0);
  sem_init(&key_renewed, 0, 0);
  pthread_key_create(&key, 0);
  pthread_create(&t, 0, worker, 0);
  sem_wait(&value_set);
  pthread_key_delete(key);
  pthread_key_create(&key, 0);
  sem_post(&key_renewed);
  x = 2;
  pthread_join(t, 0);
  return 0;
}
