// A worker counted in alive may run before pthread_create has stored its
// handle: it reads t as 0 and writes data while main writes it too. The
// ghost step circ adds before the creation (cfa.CountRegions) must not
// make the creation and the store of the handle one atomic step.
// expect svcomp: data=race t=race alive=safe
// expect circ: data=race t=race alive=safe
#include <pthread.h>

pthread_t t;
int alive;
int data;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

void *worker(void *arg) {
  if (t == 0)
    data = 1;
  pthread_mutex_lock(&m);
  alive--;
  pthread_mutex_unlock(&m);
  return 0;
}

int main(void) {
  alive = 1;
  pthread_create(&t, 0, worker, 0);
  data = 2;
  pthread_mutex_lock(&m);
  while (alive) {
    pthread_mutex_unlock(&m);
    pthread_mutex_lock(&m);
  }
  pthread_mutex_unlock(&m);
  return 0;
}
