// Two thread routines serve requests, hashing through a function
// pointer of one parameter. The routines, whose addresses the program
// takes, have one parameter as well, but return a pointer, not a
// number: neither is a target of the call (calling one so would be
// undefined behaviour), so serve does not call itself. The unlocked
// count of requests races.
// expect svcomp: requests=race
// expect circ: requests=race
// expect svcomp: hash=safe
// expect circ: hash=safe
// expect svcomp: key=safe
// expect circ: key=safe
#include <pthread.h>

int requests;

unsigned hash_int(const void *key) { return (unsigned)*(const int *)key * 31u; }

unsigned (*hash)(const void *key) = hash_int;

unsigned serve(const void *key) {
  requests++;
  return hash(key);
}

void *reader(void *arg) { return (void *)(unsigned long)serve(arg); }

void *writer(void *arg) { return (void *)(unsigned long)serve(arg); }

int main(void) {
  static int key = 5;
  pthread_t a, b;
  pthread_create(&a, 0, reader, &key);
  pthread_create(&b, 0, writer, &key);
  pthread_join(a, 0);
  pthread_join(b, 0);
  return 0;
}
