// A wide string literal is an array of wchar_t holding its characters:
// the bar's first character is U+2581, so the drawer bumps drawn,
// which main also writes. (Were its elements any other value, no
// thread would write drawn.)
// expect svcomp: drawn=race
// expect circ: drawn=race
#include <pthread.h>
#include <wchar.h>
const wchar_t *bars[2] = { L"\u2581\u2582", L"x" };
int drawn;
void *drawer(void *arg) {
  const wchar_t *b = bars[0];
  if (b[0] == 0x2581 && b[1] == L'\u2582' && b[2] == 0)
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
