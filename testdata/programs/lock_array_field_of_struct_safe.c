// A struct holds an array of slots and an array of locks; each slot is
// only touched under the lock of the same index.
// expect svcomp: c.slots[1]=safe c.slots[2]=safe
// expect circ: c.slots[1]=safe c.slots[2]=safe
#include <pthread.h>

struct cache {
  int slots[3];
  pthread_mutex_t locks[3];
} c;

void *worker(void *arg) {
  pthread_mutex_lock(&c.locks[1]);
  c.slots[1]++;
  pthread_mutex_unlock(&c.locks[1]);
  pthread_mutex_lock(&c.locks[2]);
  c.slots[2]++;
  pthread_mutex_unlock(&c.locks[2]);
  return 0;
}

int main(void) {
  pthread_t t;
  for (int i = 0; i < 3; i++)
    pthread_mutex_init(&c.locks[i], 0);
  pthread_create(&t, 0, worker, 0);
  pthread_mutex_lock(&c.locks[1]);
  c.slots[1] = 0;
  pthread_mutex_unlock(&c.locks[1]);
  pthread_mutex_lock(&c.locks[2]);
  c.slots[2] = 0;
  pthread_mutex_unlock(&c.locks[2]);
  return 0;
}
