// connect reads the address it is given, as many bytes as its length
// says: here a length known only at run time, over a struct
// sockaddr_in passed as a struct sockaddr. The read of the port races
// with the setter's write.
// expect svcomp: addr.sin_port=race
// expect circ: addr.sin_port=race
#include <netinet/in.h>
#include <pthread.h>
#include <sys/socket.h>
struct sockaddr_in addr;
socklen_t addrlen;
void *setter(void *arg) {
  addr.sin_port = htons(7);
  return 0;
}
int main(void) {
  pthread_t t;
  int fd = socket(AF_INET, SOCK_STREAM, 0);
  addrlen = sizeof addr;
  pthread_create(&t, 0, setter, 0);
  connect(fd, (struct sockaddr *)&addr, addrlen);
  pthread_join(t, 0);
  return 0;
}
