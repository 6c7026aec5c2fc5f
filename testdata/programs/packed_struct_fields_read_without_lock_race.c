// The packed struct of packed_struct_fields_under_their_lock_safe.c, with
// main reading its fields without the lock: both fields race.
// expect svcomp: msg.len=race msg.kind=race
// expect circ: msg.len=race msg.kind=race
#include <pthread.h>

struct message {
  char kind;
  int len;
} __attribute__((packed));

struct message msg;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

void *receiver(void *arg) {
  pthread_mutex_lock(&m);
  msg.kind = 1;
  msg.len = 4;
  pthread_mutex_unlock(&m);
  return 0;
}

int main(void) {
  pthread_t h;
  pthread_create(&h, 0, receiver, 0);
  int n = msg.len;
  n += msg.kind;
  return n > 100;
}
