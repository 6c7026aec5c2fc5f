// bsearch compares the key with elements of the table and returns null
// or the address of one of them: main's increment through its result
// may write table[2].hits, which the worker reads meanwhile. The keys
// are only read.
// expect svcomp: table[2].hits=race table[0].key=safe
// expect circ: table[2].hits=race table[0].key=safe
#include <pthread.h>
#include <stdlib.h>

struct entry { int key; int hits; };
struct entry table[3] = {{1, 0}, {4, 0}, {9, 0}};

static int by_key(const void *k, const void *e) {
  return *(const int *)k - ((const struct entry *)e)->key;
}

void *worker(void *arg) {
  int h = table[2].hits;
  int k = table[0].key;
  return (void *)(long)(h + k);
}

int main(void) {
  pthread_t t;
  int k = 9;
  pthread_create(&t, 0, worker, 0);
  struct entry *e = bsearch(&k, table, 3, sizeof table[0], by_key);
  if (e)
    e->hits++;
  pthread_join(t, 0);
  return 0;
}
