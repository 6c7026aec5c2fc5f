// Each worker walks the string main wrote before starting it, with a
// char pointer, and adds its length to total under a mutex: pointer
// arithmetic on a char pointer into an array of chars moves by one
// cell, and the reads of msg are ordered after main's write.
// expect svcomp: msg[0]=safe total=safe
// expect circ: msg[0]=safe total=safe
#include <pthread.h>
char msg[8];
int total;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
void *worker(void *arg) {
  int n = 0;
  for (const char *p = msg; *p; p++)
    n++;
  pthread_mutex_lock(&m);
  total += n;
  pthread_mutex_unlock(&m);
  return 0;
}
int main(void) {
  msg[0] = 'h';
  msg[1] = 'i';
  pthread_t t;
  for (int i = 0; i < 2; i++)
    pthread_create(&t, 0, worker, 0);
  return 0;
}
