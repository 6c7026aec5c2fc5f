// getsockopt may store as many bytes as *optlen says: told 8 for a
// 4-byte int, it may store past it, which circ reports as undefined
// behaviour and cuts the run there. The worker's write of done comes
// after, so no run that stays defined reaches it in two workers.
// expect svcomp: done=safe
// expect circ: done=safe
// expect-undefined: 16
#include <pthread.h>
#include <sys/socket.h>

int done;

void *worker(void *arg) {
  int err;
  socklen_t len = 8;
  getsockopt(3, SOL_SOCKET, SO_ERROR, &err, &len);
  done = err;
  return 0;
}

int main(void) {
  pthread_t t1, t2;
  pthread_create(&t1, 0, worker, 0);
  pthread_create(&t2, 0, worker, 0);
  return 0;
}
