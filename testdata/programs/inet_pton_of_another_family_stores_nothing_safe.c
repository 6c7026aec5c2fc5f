// inet_pton stores the bytes of an address of the family it is given
// (AF_INET: 4, AF_INET6: 16) and nothing for a family it does not
// know (EAFNOSUPPORT): both threads read the int after the four bytes
// an AF_INET address takes, and nothing writes it.
// expect svcomp: a.w[0]=race a.w[1]=safe
// expect circ: a.w[0]=race a.w[1]=safe
// expect-explicit svcomp: a.w[1]=unknown
// expect-explicit circ: a.w[1]=unknown
#include <arpa/inet.h>
#include <pthread.h>
struct words { unsigned int w[4]; } a;
int seen;
void *parser(void *arg) {
  inet_pton(AF_INET, "10.0.0.1", &a);
  inet_pton(12345, "10.0.0.1", &a);
  return (void *)(long)a.w[1];
}
int main(void) {
  pthread_t t;
  pthread_create(&t, 0, parser, 0);
  seen = a.w[0] + a.w[1];
  pthread_join(t, 0);
  return 0;
}
