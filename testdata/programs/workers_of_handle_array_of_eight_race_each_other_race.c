// Eight workers started through one array of handles write a flag
// without a lock: two of them race, one the summary tracks and one
// it does not.
// expect svcomp: flag=race
// expect circ: flag=race
#include <pthread.h>

int flag;

void *worker(void *arg) {
  flag = 1;
  return 0;
}

int main(void) {
  pthread_t t[8];
  for (int i = 0; i < 8; i++)
    pthread_create(&t[i], 0, worker, 0);
  for (int i = 0; i < 8; i++)
    pthread_join(t[i], 0);
  return 0;
}
