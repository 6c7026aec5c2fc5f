// A format translated by gettext converts what its msgid converts
// (gettext requires it of every translation): the %s reads the chars of
// name while the worker writes name[1].
// expect svcomp: name[1]=race
// expect circ: name[1]=race
#include <libintl.h>
#include <pthread.h>
#include <stdio.h>

char name[4] = {'a', 'b'};

void *worker(void *arg) {
  name[1] = 'c';
  return 0;
}

int main(void) {
  pthread_t t;
  pthread_create(&t, 0, worker, 0);
  printf(gettext("hello %s\n"), name);
  pthread_join(t, 0);
  return 0;
}
