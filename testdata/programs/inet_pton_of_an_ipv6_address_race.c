// inet_pton with AF_INET6 stores all sixteen bytes of the address: the
// last word, which an AF_INET address leaves alone, races with main's
// read.
// expect svcomp: a.w[3]=race
// expect circ: a.w[3]=race
#include <arpa/inet.h>
#include <pthread.h>
struct words { unsigned int w[4]; } a;
int seen;
void *parser(void *arg) {
  inet_pton(AF_INET6, "::1", &a);
  return 0;
}
int main(void) {
  pthread_t t;
  pthread_create(&t, 0, parser, 0);
  seen = a.w[3] != 0;
  pthread_join(t, 0);
  return 0;
}
