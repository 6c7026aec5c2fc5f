// Through typedefs too, _Atomic qualifies what it is written on: AP is an
// atomic pointer (p and the elements of arr never race), PAI a plain
// pointer to an atomic int (q races).
// expect svcomp: p=safe arr[0]=safe q=race
// expect circ: p=safe arr[0]=safe q=race
#include <pthread.h>

typedef int *_Atomic AP;
typedef _Atomic int *PAI;

int v;
_Atomic int w;
AP p;
AP arr[2];
PAI q;

void *t(void *arg) {
  p = &v;
  arr[0] = &v;
  q = &w;
  return 0;
}

int main(void) {
  pthread_t h;
  pthread_create(&h, 0, t, 0);
  p = 0;
  arr[0] = 0;
  q = 0;
  return 0;
}
