// sscanf's %6[^=] stores at most 6 chars of its field and a 0 into
// key: the worker's store may reach key[3], which main reads meanwhile,
// but never key[7]. %d stores a number into n.
// expect svcomp: key[3]=race key[7]=safe n=race
// expect circ: key[3]=race key[7]=safe n=race
// expect-explicit svcomp: key[7]=unknown
// expect-explicit circ: key[7]=unknown
#include <pthread.h>
#include <stdio.h>

char key[8];
char line[16] = "ab=12";
int n;

void *worker(void *arg) {
  sscanf(line, "%6[^= \t]=%d", key, &n);
  return 0;
}

int main(void) {
  pthread_t t;
  pthread_create(&t, 0, worker, 0);
  char c = key[3];
  char d = key[7];
  int m = n;
  pthread_join(t, 0);
  return c + d + m;
}
