// A one-dimensional stencil on four worker threads. In the first phase
// each worker writes its own cell of cur; after a barrier, each reads
// its neighbours' cells of cur and writes its own cell of next. The
// barrier orders every write of cur before every read of a neighbour's
// cell, and no two workers write one cell.
// expect svcomp: cur[1]=safe next[1]=safe rounds=safe
// expect circ: cur[1]=safe next[1]=safe rounds=safe
#include <pthread.h>

extern int __VERIFIER_nondet_int(void);

#define N 4

int cur[N];
int next[N];
int rounds;
pthread_barrier_t phase;
pthread_mutex_t rounds_lock = PTHREAD_MUTEX_INITIALIZER;

static int left(int i) { return i == 0 ? N - 1 : i - 1; }
static int right(int i) { return i == N - 1 ? 0 : i + 1; }

static void step(int me) {
  cur[me] = __VERIFIER_nondet_int() % 100;
  pthread_barrier_wait(&phase);
  next[me] = (cur[left(me)] + cur[me] + cur[right(me)]) / 3;
}

void *worker0(void *arg) { step(0); return 0; }
void *worker1(void *arg) { step(1); return 0; }
void *worker2(void *arg) { step(2); return 0; }

void *worker3(void *arg) {
  step(3);
  pthread_mutex_lock(&rounds_lock);
  rounds++;
  pthread_mutex_unlock(&rounds_lock);
  return 0;
}

int main(void) {
  pthread_t t[N];
  pthread_barrier_init(&phase, 0, N);
  pthread_create(&t[0], 0, worker0, 0);
  pthread_create(&t[1], 0, worker1, 0);
  pthread_create(&t[2], 0, worker2, 0);
  pthread_create(&t[3], 0, worker3, 0);
  for (int i = 0; i < N; i++)
    pthread_join(t[i], 0);
  pthread_mutex_lock(&rounds_lock);
  int r = rounds;
  pthread_mutex_unlock(&rounds_lock);
  int sum = 0;
  for (int i = 0; i < N; i++)
    sum += next[i];
  return sum + r;
}
