// A hex escape in a wide string literal is one element holding the
// escape's value (0xe9), not a byte of UTF-8: the drawer's test holds,
// and its increment races with main's store.
// expect svcomp: drawn=race
// expect circ: drawn=race
#include <pthread.h>
#include <wchar.h>
int drawn;
void *drawer(void *arg) {
  const wchar_t *b = L"\xe9\351";
  if (b[0] == 0xe9 && b[1] == 0xe9 && b[2] == 0 && L'\xe9' == 233)
    drawn++;
  return 0;
}
int main(void) {
  pthread_t t;
  pthread_create(&t, 0, drawer, 0);
  drawn = 5;
  pthread_join(t, 0);
  return 0;
}
