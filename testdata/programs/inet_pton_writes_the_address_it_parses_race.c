// inet_pton stores the address it parses: for AF_INET the four bytes
// of a struct in_addr, here a global that main reads while the worker
// parses into it.
// expect svcomp: addr.s_addr=race
// expect circ: addr.s_addr=race
#include <arpa/inet.h>
#include <pthread.h>
struct in_addr addr;
int seen;
void *parser(void *arg) {
  inet_pton(AF_INET, "10.0.0.1", &addr);
  return 0;
}
int main(void) {
  pthread_t t;
  pthread_create(&t, 0, parser, 0);
  seen = addr.s_addr != 0;
  pthread_join(t, 0);
  return 0;
}
