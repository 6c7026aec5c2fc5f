// Read as ILP32 (the file declares size_t unsigned int), an unsigned
// long has 32 bits: the largest one plus one is 0, so the worker writes
// the flag main writes. With 64-bit longs the test would fail and no
// access would race.
// expect svcomp: flag=race
// expect circ: flag=race
typedef unsigned int size_t;
typedef unsigned long pthread_t;
union pthread_attr_t { char size[36]; long align; };
typedef union pthread_attr_t pthread_attr_t;
extern int pthread_create(pthread_t *t, pthread_attr_t const *a, void *(*f)(void *), void *arg);

int flag;
unsigned long ticks = 4294967295UL;

void *worker(void *arg) {
  unsigned long next = ticks + 1;
  if (next == 0)
    flag = 1;
  return (void *)0;
}

int main(void) {
  pthread_t t;
  pthread_create(&t, (pthread_attr_t const *)0, worker, (void *)0);
  flag = 2;
  return 0;
}
