// A socket address is passed as a struct sockaddr * but is the program's
// struct sockaddr_in: connect reads its cells, sin_port among them,
// while the worker writes sin_port.
// expect svcomp: sin.sin_port=race
// expect circ: sin.sin_port=race
#include <netinet/in.h>
#include <pthread.h>
#include <sys/socket.h>
struct sockaddr_in sin;
void *worker(void *arg) {
  sin.sin_port = htons(80);
  return 0;
}
int main(void) {
  pthread_t t;
  int fd = socket(AF_INET, SOCK_STREAM, 0);
  sin.sin_family = AF_INET;
  pthread_create(&t, 0, worker, 0);
  connect(fd, (struct sockaddr *)&sin, sizeof sin);
  return 0;
}
