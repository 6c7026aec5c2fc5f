// The worker prints name with %s while main writes its second char:
// printf reads the string up to its terminating 0, so it reads name[1]
// (name[0] is set before the worker starts) and races with main.
// expect svcomp: name[1]=race
// expect circ: name[1]=race
#include <pthread.h>
#include <stdio.h>
char name[4];
void *worker(void *arg) {
  printf("%s\n", name);
  return 0;
}
int main(void) {
  name[0] = 'x';
  pthread_t t;
  pthread_create(&t, 0, worker, 0);
  name[1] = 'y';
  return 0;
}
