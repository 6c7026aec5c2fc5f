// fwrite reads the size * count bytes it writes out: main's fwrite of
// rec and the worker's reads of it are reads only.
// expect svcomp: rec.a=safe rec.b=safe
// expect circ: rec.a=safe rec.b=safe
#include <pthread.h>
#include <stdio.h>
struct record {
  int a;
  int b;
} rec;
int seen;
void *worker(void *arg) {
  int x = rec.a + rec.b;
  (void)x;
  return 0;
}
int main(void) {
  pthread_t t;
  rec.a = 1;
  pthread_create(&t, 0, worker, 0);
  seen = fwrite(&rec, sizeof rec, 1, stdout);
  return 0;
}
