// The race variant of bounded_buffer_producers_consumers_safe.c: a
// producer stores its item and moves tail after it has released the
// mutex, so two producers may fill the same slot and both write tail,
// while a consumer reads the slot.
// expect svcomp: count=safe head=safe tail=race slots[2]=race consumed=safe
// expect circ: count=safe head=safe tail=race slots[2]=race consumed=safe
#include <pthread.h>

extern int __VERIFIER_nondet_int(void);

#define SLOTS 8

int slots[SLOTS];
int head, tail, count;
long consumed;
pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
pthread_cond_t not_full = PTHREAD_COND_INITIALIZER;
pthread_cond_t not_empty = PTHREAD_COND_INITIALIZER;

static void put(int item) {
  pthread_mutex_lock(&lock);
  while (count == SLOTS)
    pthread_cond_wait(&not_full, &lock);
  count++;
  pthread_cond_signal(&not_empty);
  pthread_mutex_unlock(&lock);
  slots[tail] = item;
  tail = (tail + 1) % SLOTS;
}

static int take(void) {
  int item;
  pthread_mutex_lock(&lock);
  while (count == 0)
    pthread_cond_wait(&not_empty, &lock);
  item = slots[head];
  head = (head + 1) % SLOTS;
  count--;
  consumed += item;
  pthread_cond_signal(&not_full);
  pthread_mutex_unlock(&lock);
  return item;
}

void *producer(void *arg) {
  for (int i = 0; i < 3; i++)
    put(__VERIFIER_nondet_int());
  return 0;
}

void *consumer(void *arg) {
  for (int i = 0; i < 3; i++)
    take();
  return 0;
}

int main(void) {
  pthread_t t;
  int n = __VERIFIER_nondet_int();
  for (int i = 0; i < n; i++) {
    pthread_create(&t, 0, producer, 0);
    pthread_create(&t, 0, consumer, 0);
  }
  pthread_mutex_lock(&lock);
  long seen = consumed;
  pthread_mutex_unlock(&lock);
  return seen > 0;
}
