// The race variant of union_initialized_through_bytes_reads_word_safe.c:
// the worker writes g when the word member holds 127.0.0.1's bytes,
// which it does.
// expect svcomp: g=race
// expect circ: g=race
#include <pthread.h>

union ip {
  unsigned char octet[4];
  unsigned int as_int;
};

static const union ip local_host = {{127, 0, 0, 1}};
int g;

void *worker(void *arg) {
  if (local_host.as_int == 16777343u)
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
