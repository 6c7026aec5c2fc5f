// strtok keeps where it stopped in the C library's own state, which
// every call reads and writes: two workers that each tokenize a string
// of their own still race, on that state (strtok::state). The strings
// are apart, so their chars do not race (strtok_r, whose state is the
// caller's, would not race at all).
// expect svcomp: strtok::state=race lines[0][0]=safe lines[1][1]=safe
// expect circ: strtok::state=race lines[0][0]=safe lines[1][1]=safe
#include <pthread.h>
#include <string.h>

char lines[2][2] = {"a", "b"};

void *worker(void *arg) {
  return strtok(lines[(long)arg], " ");
}

int main(void) {
  pthread_t t1, t2;
  pthread_create(&t1, 0, worker, (void *)0);
  pthread_create(&t2, 0, worker, (void *)1);
  pthread_join(t1, 0);
  pthread_join(t2, 0);
  return 0;
}
