// A struct gcc packs is read field by field like any other: its
// layout (which circ's front end does not compute) matters only to
// sizeof and offsetof, which this program never asks for.
// expect svcomp: msg.len=safe msg.kind=safe
// expect circ: msg.len=safe msg.kind=safe
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
  pthread_mutex_lock(&m);
  int n = msg.len + msg.kind;
  pthread_mutex_unlock(&m);
  return n > 100;
}
