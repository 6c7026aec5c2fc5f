// accept stores the peer's address into the object its second argument
// points to (through the cast to struct sockaddr *, a struct
// sockaddr_in), and its size into *len: two workers accepting into one
// global address race on it.
// expect svcomp: peer.sin_port=race
// expect circ: peer.sin_port=race
// explicit-max-states: 20000
#include <netinet/in.h>
#include <pthread.h>
#include <sys/socket.h>

struct sockaddr_in peer;

void *worker(void *arg) {
  socklen_t len = sizeof(peer);
  int fd = accept(3, (struct sockaddr *)&peer, &len);
  return 0;
}

int main(void) {
  pthread_t t1, t2;
  pthread_create(&t1, 0, worker, 0);
  pthread_create(&t2, 0, worker, 0);
  return 0;
}
