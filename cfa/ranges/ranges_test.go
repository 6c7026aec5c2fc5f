package ranges_test

import (
	"strings"
	"testing"

	"circ/cfa"
	"circ/cfa/cfront"
	"circ/cfa/ranges"
)

// sites maps the line of each undefined-behaviour site of src to
// whether the analysis shows every copy of it unreachable.
func sites(t *testing.T, src string) map[int]bool {
	t.Helper()
	p, err := cfront.Parse("t.c", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	gone := map[*cfa.Edge]bool{}
	edges, _ := ranges.Unreachable(p)
	for _, e := range edges {
		gone[e] = true
	}
	out := map[int]bool{}
	for _, c := range p.Templates {
		for _, e := range c.Edges {
			if !e.Undefined {
				continue
			}
			if seen, ok := out[e.Pos.Line]; ok {
				out[e.Pos.Line] = seen && gone[e]
			} else {
				out[e.Pos.Line] = gone[e]
			}
		}
	}
	return out
}

func TestSites(t *testing.T) {
	cases := []struct {
		name string
		src  string
		want bool // unreachable, at the line marked "// site"
	}{
		{"the index stays known through an inner loop (a byte read bit by bit)", `
unsigned char a[8];
unsigned char readByte(void) {
  unsigned char b = 0;
  for (unsigned char bit = 0; bit < 8; bit++)
    b = (unsigned char)(b >> 1);
  return b;
}
int main(void) {
  for (unsigned char i = 0; i < 8; i++)
    a[i] = readByte(); // site
  return 0;
}`, true},
		{"a thread's argument holds only what its creations pass (not the 0 a local starts with)", `
#include <pthread.h>
int a[4];
void *worker(void *arg) {
  int *p = arg;
  *p = 1; // site
  return 0;
}
int main(void) {
  pthread_t t;
  pthread_create(&t, 0, worker, &a[2]);
  pthread_join(t, 0);
  return 0;
}`, true},
		{"a thread's argument holds the null one of its creations passes", `
#include <pthread.h>
int a[4];
void *worker(void *arg) {
  int *p = arg;
  *p = 1; // site
  return 0;
}
int main(void) {
  pthread_t t, u;
  pthread_create(&t, 0, worker, &a[2]);
  pthread_create(&u, 0, worker, 0);
  pthread_join(t, 0);
  pthread_join(u, 0);
  return 0;
}`, false},
		{"a pointer parameter passed on through two inlined calls holds only the address passed (not the 0 a local starts with)", `
unsigned char a[8];
void fill2(unsigned char *buf) {
  int x1 = 1; int x2 = 2; int x3 = 3; int x4 = 4; int x5 = 5; int x6 = 6; int x7 = 7; int x8 = 8; int x9 = 9; int x10 = 10; int x11 = 11; int x12 = 12; int x13 = 13; int x14 = 14;
  for (unsigned char i = 0; i < 8; i++)
    buf[i] = (unsigned char)(x1+x2+x3+x4+x5+x6+x7+x8+x9+x10+x11+x12+x13+x14); // site
}
void fill(unsigned char *p) {
  int y1 = 1; int y2 = 2; int y3 = 3; int y4 = 4; int y5 = 5; int y6 = 6; int y7 = 7; int y8 = 8; int y9 = 9; int y10 = 10; int y11 = 11; int y12 = 12; int y13 = 13; int y14 = 14;
  fill2(p);
}
int main(void) { fill(a); return 0; }`, true},
		{"an index an else branch bounds (!(j >= 16)) after a claim from a shared counter", `
#include <pthread.h>
struct job { int input; int result; };
struct job jobs[16];
int next_job;
pthread_mutex_t q = PTHREAD_MUTEX_INITIALIZER;
void *worker(void *arg) {
  for (;;) {
    pthread_mutex_lock(&q);
    int j = next_job;
    if (j < 16) next_job = j + 1;
    pthread_mutex_unlock(&q);
    if (j >= 16) break;
    jobs[j].result = 1; // site
  }
  return 0;
}
int main(void) { pthread_t t; pthread_create(&t, 0, worker, 0); pthread_create(&t, 0, worker, 0); return 0; }`, true},
		{"an index an else branch does not bound", `
#include <pthread.h>
struct job { int input; int result; };
struct job jobs[16];
int next_job;
void *worker(void *arg) {
  int j = next_job;
  next_job = j + 1;
  if (j >= 17) return 0;
  jobs[j].result = 1; // site
  return 0;
}
int main(void) { pthread_t t; pthread_create(&t, 0, worker, 0); pthread_create(&t, 0, worker, 0); return 0; }`, false},
		{"a rwlock unlocked after a loop that assigns many locals: the thread's read lock count stays known", `
#include <pthread.h>
int a[4], b[4], c[4];
pthread_rwlock_t rw = PTHREAD_RWLOCK_INITIALIZER;
void *r(void *x) {
  int s = 0, best = 9, g = -1, h = 0, u = 1, v = 2, w = 3, y1 = 0, y2 = 0, y3 = 0, y4 = 0, y5 = 0, y6 = 0, y7 = 0;
  pthread_rwlock_rdlock(&rw);
  for (int i = 0; i < 4; i++) { if (a[i] < best) { best = a[i]; g = b[i]; } s += c[i]; h += s; u += h; v += u; w += v; y1 += w; y2 += y1; y3 += y2; y4 += y3; y5 += y4; y6 += y5; y7 += y6; }
  pthread_rwlock_unlock(&rw); // site
  return (void *)(long)(s + g + h + u + v + w + y7);
}
int main(void) { pthread_t t; while (1) pthread_create(&t, 0, r, 0); return 0; }`, true},
		{"a remainder by a constant is smaller than it", `
unsigned lines;
char buffer[8];
int main(void) {
  for (;;) {
    buffer[2 + lines % 6] = 'x'; // site
    lines++;
  }
}`, true},
		{"a remainder by a constant has the dividend's sign", `
int lines;
char buffer[8];
int main(void) {
  for (;;) {
    buffer[2 + lines % 6] = 'x'; // site
    lines--;
  }
}`, false},
		{"a pointer read before it is assigned on some path is 0 there", `
unsigned char a[8];
int __VERIFIER_nondet_int(void);
int main(void) {
  unsigned char *p;
  if (__VERIFIER_nondet_int())
    p = a;
  p[1] = 1; // site
  return 0;
}`, false},
		{"a loop bound keeps the index in the array", `
unsigned char a[8];
void fill(unsigned char n) {
  for (unsigned char i = 0; i < n; i++)
    a[i] = i; // site
}
int main(void) { fill(8); return 0; }`, true},
		{"a bound one too far reaches past the array", `
unsigned char a[8];
void fill(unsigned char n) {
  for (unsigned char i = 0; i <= n; i++)
    a[i] = i; // site
}
int main(void) { fill(8); return 0; }`, false},
		{"one call in range and one past it", `
unsigned char a[8];
void fill(unsigned char n) {
  for (unsigned char i = 0; i < n; i++)
    a[i] = i; // site
}
int main(void) { fill(8); fill(9); return 0; }`, false},
		{"a state variable tested inside an atomic section", `
#include <pthread.h>
void __VERIFIER_atomic_begin(void);
void __VERIFIER_atomic_end(void);
unsigned char next[2], head = 255;
void *post(void *arg) {
  __VERIFIER_atomic_begin();
  if (head == 255) head = 1; else head = 0;
  __VERIFIER_atomic_end();
  return 0;
}
int main(void) {
  pthread_t t;
  pthread_create(&t, 0, post, 0);
  __VERIFIER_atomic_begin();
  if (head != 255)
    next[head] = 255; // site
  __VERIFIER_atomic_end();
  return 0;
}`, true},
		{"the same test outside an atomic section: another thread may store in between", `
#include <pthread.h>
unsigned char next[2], head = 255;
void *post(void *arg) {
  head = 1;
  head = 255;
  return 0;
}
int main(void) {
  pthread_t t;
  pthread_create(&t, 0, post, 0);
  if (head != 255)
    next[head] = 255; // site
  return 0;
}`, false},
		{"another thread stores an index past the array", `
#include <pthread.h>
void __VERIFIER_atomic_begin(void);
void __VERIFIER_atomic_end(void);
unsigned char next[2], head = 255;
void *post(void *arg) {
  __VERIFIER_atomic_begin();
  head = 2;
  __VERIFIER_atomic_end();
  return 0;
}
int main(void) {
  pthread_t t;
  pthread_create(&t, 0, post, 0);
  __VERIFIER_atomic_begin();
  if (head != 255)
    next[head] = 255; // site
  __VERIFIER_atomic_end();
  return 0;
}`, false},
		{"a thread's argument indexes the array", `
#include <pthread.h>
int a[4];
void *w(void *arg) { a[(long)arg] = 1; return 0; } // site
int main(void) {
  pthread_t t;
  pthread_create(&t, 0, w, (void *)3);
  pthread_create(&t, 0, w, (void *)4);
  return 0;
}`, false},
		{"the tested index stays known through the body of a call", `
unsigned char a[8];
unsigned char get(void) { int x1 = 1; int x2 = 2; int x3 = 3; int x4 = 4; int x5 = 5; int x6 = 6; int x7 = 7; int x8 = 8; int x9 = 9; int x10 = 10; int x11 = 11; int x12 = 12; int x13 = 13; int x14 = 14; int x15 = 15; int x16 = 16; int x17 = 17; int x18 = 18; int x19 = 19; int x20 = 20; return (unsigned char)(x1+x2+x3+x4+x5+x6+x7+x8+x9+x10+x11+x12+x13+x14+x15+x16+x17+x18+x19+x20); }
void fill(unsigned char n) {
  for (unsigned char i = 0; i < n; i++)
    a[i] = get(); // site
}
int main(void) { fill(8); return 0; }`, true},
		{"byte arithmetic through a pointer parameter stays in a union's array", `
union ser { unsigned char data[8]; struct { unsigned char family, serial[6], crc; }; } id;
void fill(unsigned char *buf, unsigned char len) {
  for (unsigned char i = 0; i < len; i++)
    buf[i] = i; // site
}
int main(void) { fill(id.data, 8); return id.crc; }`, true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			line := 1 + strings.Count(c.src[:strings.Index(c.src, "// site")], "\n")
			got, ok := sites(t, c.src)[line]
			if !ok {
				t.Fatalf("no undefined-behaviour site at line %d", line)
			}
			if got != c.want {
				t.Errorf("site at line %d: unreachable %v, want %v", line, got, c.want)
			}
		})
	}
}

// TestDischarge: the edges go, and the program stays well formed.
func TestDischarge(t *testing.T) {
	p, err := cfront.Parse("t.c", []byte("int a[4];\nvoid f(int n) { for (int i = 0; i < n; i++) a[i] = i; }\nint main(void) { f(4); return 0; }\n"))
	if err != nil {
		t.Fatal(err)
	}
	if n, _ := ranges.Discharge(p); n == 0 {
		t.Fatal("nothing discharged")
	}
	for _, c := range p.Templates {
		for _, e := range c.Edges {
			if e.Undefined {
				t.Errorf("undefined-behaviour edge left: %v", e)
			}
		}
	}
}
