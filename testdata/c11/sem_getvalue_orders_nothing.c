// sem_getvalue observes the semaphore without synchronizing: data races.
#include <pthread.h>
#include <semaphore.h>
sem_t s;
int data;
void *w(void *a) {
  data = 1;
  sem_post(&s);
  return 0;
}
int main(void) {
  pthread_t t;
  int v = 0;
  sem_init(&s, 0, 0);
  pthread_create(&t, 0, w, 0);
  while (v == 0)
    sem_getvalue(&s, &v);
  data = 2;
  return 0;
}
