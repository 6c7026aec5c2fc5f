// clear((unsigned char *)&r, sizeof r) walks r's bytes from tag into
// len: defined C, which circ's cells (one per char, one for the int) do
// not model. The walk's step past tag is a site where circ's model of
// memory ends: the engines cut the run there, as at undefined
// behaviour, and the CLI makes every safe verdict unknown.
// expect svcomp: g=safe
// expect circ: g=safe
// expect-undefined: 21
#include <pthread.h>

struct rec {
  unsigned char tag[4];
  int len;
};
struct rec r;
int g;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

void clear(unsigned char *p, int n) {
  for (int i = 0; i < n; i++)
    p[i] = 0;
}

void *worker(void *arg) {
  pthread_mutex_lock(&m);
  g++;
  pthread_mutex_unlock(&m);
  return 0;
}

int main(void) {
  pthread_t t;
  pthread_create(&t, 0, worker, 0);
  clear((unsigned char *)&r, sizeof r);
  pthread_mutex_lock(&m);
  g++;
  pthread_mutex_unlock(&m);
  pthread_join(t, 0);
  return 0;
}
