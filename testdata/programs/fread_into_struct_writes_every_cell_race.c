// fread stores size * count bytes: into a struct, every cell it covers
// is written (with any value), so main's fread of rec races with the
// worker's read of rec.b.
// expect svcomp: rec.b=race
// expect circ: rec.b=race
#include <pthread.h>
#include <stdio.h>
struct record {
  int a;
  int b;
} rec;
int seen;
void *worker(void *arg) {
  seen = rec.b;
  return 0;
}
int main(void) {
  pthread_t t;
  pthread_create(&t, 0, worker, 0);
  fread(&rec, sizeof(struct record), 1, stdin);
  return 0;
}
