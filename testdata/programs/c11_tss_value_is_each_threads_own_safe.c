// thread_specific_value_is_each_threads_own_safe.c with C11's tss_*:
// each thread gets back the value it set, so no worker writes g.
// expect svcomp: g=safe
// expect circ: g=safe
#include <threads.h>
tss_t key;
int g;
int worker(void *arg) {
  tss_set(key, arg);
  if (tss_get(key) != arg)
    g = 1;
  return 0;
}
int main(void) {
  tss_create(&key, NULL);
  thrd_t t;
  for (long i = 1; i < 3; i++)
    thrd_create(&t, worker, (void *)i);
  g = 2;
  return 0;
}
