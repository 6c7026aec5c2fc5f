// The copy of a union passed by value holds a pointer, which the
// undefined function may follow: it may write the chars of buf that
// the worker reads.
// expect svcomp: buf[1]=race
// expect circ: buf[1]=race
#include <pthread.h>

union semun {
  int val;
  unsigned short *array;
};

extern int semctl(int id, int num, int cmd, ...);

unsigned short buf[2];

void *worker(void *p) {
  return (void *)(long)buf[1];
}

int main(void) {
  pthread_t t;
  union semun arg;
  arg.array = buf;
  pthread_create(&t, 0, worker, 0);
  semctl(0, 0, 17, arg);
  return 0;
}
