// A plain flag publishes data: checking data with an unrelated u does
// not make the interleaving proof carry over to happens-before.
#include <pthread.h>
int data, flag, u;
void *w(void *a) { data = 1; flag = 1; return 0; }
int main(void) {
  pthread_t t;
  pthread_create(&t, 0, w, 0);
  while (!flag) {}
  data = 2;
  u = 1;
  return 0;
}
