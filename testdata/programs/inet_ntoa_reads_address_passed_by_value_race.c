// inet_ntoa takes a struct in_addr by value: the copy reads its cell,
// which the worker writes meanwhile.
// expect svcomp: peer.s_addr=race
// expect circ: peer.s_addr=race
#include <arpa/inet.h>
#include <pthread.h>

struct in_addr peer;

void *worker(void *arg) {
  peer.s_addr = 16777343;
  return 0;
}

int main(void) {
  pthread_t t;
  pthread_create(&t, 0, worker, 0);
  char *s = inet_ntoa(peer);
  pthread_join(t, 0);
  return s != 0;
}
