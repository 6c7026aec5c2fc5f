// A function fills the char array member it receives through a pointer
// parameter, byte by byte up to the length it is given. The index is
// one the points-to analysis cannot bound, so circ checks at run time
// that the arithmetic stays in the array's bytes (leaving them would
// cross len, an int), and the ranges stage shows the check never fails.
// Both threads fill rec with no lock: a race on every byte.
// expect svcomp: rec.data[0]=race rec.data[3]=race
// expect circ: rec.data[0]=race rec.data[3]=race
#include <pthread.h>
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
struct record {
  unsigned char data[4];
  int len;
} rec;

static void fill(unsigned char *buf, unsigned char n) {
  unsigned char i;
  for (i = 0; i < n; i++)
    buf[i] = i;
}

void *worker(void *arg) {
  fill(rec.data, 4);
  rec.len = 4;
  return 0;
}

int main(void) {
  pthread_t t;
  pthread_create(&t, 0, worker, 0);
  fill(rec.data, 4);
  rec.len = 4;
  pthread_join(t, 0);
  return 0;
}
