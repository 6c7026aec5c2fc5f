// A failing trylock takes nothing: main's spin on trylock orders nothing
// before its write of data, which races with the worker's.
#include <pthread.h>
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
int data;
void *w(void *a) {
  data = 1;
  pthread_mutex_lock(&m);
  return 0;
}
int main(void) {
  pthread_t t;
  pthread_create(&t, 0, w, 0);
  while (pthread_mutex_trylock(&m) == 0)
    pthread_mutex_unlock(&m);
  data = 2;
  return 0;
}
