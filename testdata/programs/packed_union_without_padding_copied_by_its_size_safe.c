// A packed union of a word and its four bytes has no padding for gcc to
// remove: its size and offsets are cc/v4's, so circ takes sizeof of it
// (packed.go's gccLayout). The worker copies one holding the bytes 1,
// 0, 0, 0 by that size and writes g only when its word reads 256, which
// it never does on this little-endian target: g is safe.
// expect svcomp: g=safe
// expect circ: g=safe
// expect-explicit svcomp: g=unknown
// expect-explicit circ: g=unknown
#include <pthread.h>
#include <string.h>

union addr {
  unsigned char b[4];
  unsigned int word;
} __attribute__((packed));

int g;

void *worker(void *arg) {
  union addr src = {.b = {1, 0, 0, 0}};
  union addr a = {.word = 0};
  memcpy(&a, &src, sizeof(union addr));
  if (a.word == 256)
    g = 1;
  return 0;
}

int main(void) {
  pthread_t t;
  pthread_create(&t, 0, worker, 0);
  g = 2;
  pthread_join(t, 0);
  return 0;
}
