// getaddrinfo reads the hints it is given while another thread sets
// them; the list it returns is the library's, freed by freeaddrinfo.
// expect svcomp: hints.ai_socktype=race
// expect circ: hints.ai_socktype=race
// expect-explicit svcomp: hints.ai_socktype=unknown
// expect-explicit circ: hints.ai_socktype=unknown
// explicit-max-states: 20000
#include <netdb.h>
#include <pthread.h>
#include <stddef.h>
#include <sys/socket.h>
struct addrinfo hints;
void *setter(void *arg) {
  hints.ai_socktype = SOCK_STREAM;
  return 0;
}
int main(void) {
  pthread_t t;
  struct addrinfo *res;
  pthread_create(&t, 0, setter, 0);
  if (getaddrinfo("localhost", "80", &hints, &res) == 0)
    freeaddrinfo(res);
  pthread_join(t, 0);
  return 0;
}
