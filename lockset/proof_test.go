package lockset

import (
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"circ/cfa"
	"circ/cfa/cfront"
	"circ/internal/expect"
	"circ/report"
)

// proved lists the names of the variables of p that Prove proves.
func proved(p *cfa.Program) map[string]Proof {
	out := map[string]Proof{}
	for v, pr := range Prove(p, p.SharedMemory()) {
		name := v.CName
		if name == "" {
			name = v.Name
		}
		out[name] = pr
	}
	return out
}

// TestProveNeverContradictsExpectations: the lockset stage proves no
// location of a test program that its header expects to race, under
// either interleaving race definition, for either engine.
func TestProveNeverContradictsExpectations(t *testing.T) {
	files := expect.Programs(t, "../testdata/programs/*.c", 40)
	havoc := expect.Programs(t, "../testdata/havoc/*.c", 0)
	total := 0
	for _, file := range append(files, havoc...) {
		m, err := expect.Load(file)
		if err != nil {
			t.Fatal(err)
		}
		p, err := cfront.LoadWith(file, cfront.Options{HavocUnknown: slices.Contains(havoc, file)})
		if err != nil {
			t.Fatalf("%s: %v", file, err)
		}
		for name := range proved(p) {
			total++
			for _, def := range expect.Defs {
				if m.CircVerdict(def, name) == report.Race || m.ExplicitVerdict(def, name) == report.Race {
					t.Errorf("%s: the lockset stage proves %s, which races under --race-def %s", filepath.Base(file), name, def)
				}
			}
		}
	}
	want := 50
	if testing.Short() {
		want = 1 // a sample of the programs (expect.Programs)
	}
	if total < want {
		t.Errorf("the lockset stage proves only %d locations of the test programs; the test would show nothing", total)
	}
}

// TestProveCountsOnlyLocksThatExclude: each program shows a lock the
// proof must not count, next to one it must.
func TestProveCountsOnlyLocksThatExclude(t *testing.T) {
	tests := []struct {
		name, src string
		safe      []string // proved
		notProved []string
	}{
		{name: "held-by-all.c", src: `
int x, y;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
void *w(void *a) { pthread_mutex_lock(&m); x = x + 1; pthread_mutex_unlock(&m); y = 1; return 0; }
int main(void) { pthread_t t; while (1) pthread_create(&t, 0, w, 0); return 0; }`,
			safe: []string{"x"}, notProved: []string{"y"}},
		{name: "destroyed-mutex-excludes-nothing.c", src: `
int x;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
void *w(void *a) { pthread_mutex_lock(&m); x = x + 1; pthread_mutex_unlock(&m); return 0; }
int main(void) { pthread_t t; pthread_mutex_destroy(&m); pthread_create(&t, 0, w, 0); pthread_create(&t, 0, w, 0); return 0; }`,
			notProved: []string{"x"}},
		{name: "unlocked-by-a-thread-that-does-not-hold-it.c", src: `
int x;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
void *w(void *a) { pthread_mutex_lock(&m); x = x + 1; pthread_mutex_unlock(&m); return 0; }
void *u(void *a) { pthread_mutex_unlock(&m); return 0; }
int main(void) { pthread_t t; pthread_create(&t, 0, u, 0); while (1) pthread_create(&t, 0, w, 0); return 0; }`,
			notProved: []string{"x"}},
		{name: "initialized-again-while-threads-run.c", src: `
int x;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
void *w(void *a) { pthread_mutex_lock(&m); x = x + 1; pthread_mutex_unlock(&m); return 0; }
int main(void) { pthread_t t; while (1) { pthread_create(&t, 0, w, 0); pthread_mutex_init(&m, 0); } return 0; }`,
			notProved: []string{"x"}},
		{name: "initialized-before-threads.c", src: `
int x;
pthread_mutex_t m;
void *w(void *a) { pthread_mutex_lock(&m); x = x + 1; pthread_mutex_unlock(&m); return 0; }
int main(void) { pthread_t t; pthread_mutex_init(&m, 0); while (1) pthread_create(&t, 0, w, 0); return 0; }`,
			safe: []string{"x"}},
		{name: "counting-semaphore.c", src: `
#include <semaphore.h>
int x;
sem_t s;
void *w(void *a) { sem_wait(&s); x = x + 1; sem_post(&s); return 0; }
int main(void) { pthread_t t; sem_init(&s, 0, 1); while (1) pthread_create(&t, 0, w, 0); return 0; }`,
			notProved: []string{"x"}},
		{name: "trylock-tested.c", src: `
int x;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
void *w(void *a) { if (pthread_mutex_trylock(&m) == 0) { x = x + 1; pthread_mutex_unlock(&m); } return 0; }
int main(void) { pthread_t t; while (1) pthread_create(&t, 0, w, 0); return 0; }`,
			safe: []string{"x"}},
		{name: "rwlock-write-excludes-readers.c", src: `
int x, y;
pthread_rwlock_t rw = PTHREAD_RWLOCK_INITIALIZER;
void *r(void *a) { pthread_rwlock_rdlock(&rw); int v = x; pthread_rwlock_unlock(&rw); y = v; return 0; }
void *w(void *a) { pthread_rwlock_wrlock(&rw); x = x + 1; pthread_rwlock_unlock(&rw); return 0; }
int main(void) { pthread_t t; pthread_create(&t, 0, w, 0); while (1) pthread_create(&t, 0, r, 0); return 0; }`,
			safe: []string{"x"}, notProved: []string{"y"}},
		{name: "rwlock-read-locks-share.c", src: `
int x;
pthread_rwlock_t rw = PTHREAD_RWLOCK_INITIALIZER;
void *r(void *a) { pthread_rwlock_rdlock(&rw); x = 1; pthread_rwlock_unlock(&rw); return 0; }
int main(void) { pthread_t t; while (1) pthread_create(&t, 0, r, 0); return 0; }`,
			notProved: []string{"x"}},
		{name: "rwlock-trywrlock-ignored.c", src: `
int x;
pthread_rwlock_t rw = PTHREAD_RWLOCK_INITIALIZER;
void *w(void *a) { pthread_rwlock_trywrlock(&rw); x = x + 1; pthread_rwlock_unlock(&rw); return 0; }
int main(void) { pthread_t t; while (1) pthread_create(&t, 0, w, 0); return 0; }`,
			notProved: []string{"x"}},
		{name: "rwlock-initialized-again-while-threads-run.c", src: `
int x;
pthread_rwlock_t rw = PTHREAD_RWLOCK_INITIALIZER;
void *w(void *a) { pthread_rwlock_wrlock(&rw); x = x + 1; pthread_rwlock_unlock(&rw); return 0; }
int main(void) { pthread_t t; while (1) { pthread_create(&t, 0, w, 0); pthread_rwlock_init(&rw, 0); } return 0; }`,
			notProved: []string{"x"}},
		{name: "rwlock-unlocked-where-the-thread-may-not-hold-it.c", src: `
int x;
pthread_rwlock_t rw = PTHREAD_RWLOCK_INITIALIZER;
void *w(void *a) { if (a) pthread_rwlock_wrlock(&rw); x = x + 1; pthread_rwlock_unlock(&rw); return 0; }
int main(void) { pthread_t t; while (1) pthread_create(&t, 0, w, 0); return 0; }`,
			notProved: []string{"x"}},
		{name: "rwlock-reset-while-held-then-unlocked.c", src: `
int x;
pthread_rwlock_t rw;
void *w(void *a) { pthread_rwlock_wrlock(&rw); x = x + 1; pthread_rwlock_unlock(&rw); return 0; }
void *r(void *a) { pthread_rwlock_rdlock(&rw); int v = x; pthread_rwlock_unlock(&rw); return (void *)(long)v; }
int main(void) { pthread_t t; pthread_rwlock_rdlock(&rw); pthread_rwlock_init(&rw, 0); pthread_rwlock_unlock(&rw); pthread_create(&t, 0, w, 0); pthread_create(&t, 0, r, 0); return 0; }`,
			notProved: []string{"x"}},
		{name: "atomic-sections.c", src: `
int x;
void *w(void *a) { __VERIFIER_atomic_begin(); x = x + 1; __VERIFIER_atomic_end(); return 0; }
int main(void) { pthread_t t; while (1) pthread_create(&t, 0, w, 0); return 0; }`,
			safe: []string{"x"}},
		{name: "before-first-create.c", src: `
int x, y;
void *w(void *a) { return (void *)(long)x; }
int main(void) { pthread_t t; x = 1; pthread_create(&t, 0, w, 0); pthread_create(&t, 0, w, 0); y = x; return 0; }`,
			safe: []string{"x"}},
		{name: "written-after-create.c", src: `
int x;
void *w(void *a) { return (void *)(long)x; }
int main(void) { pthread_t t; pthread_create(&t, 0, w, 0); x = 1; return 0; }`,
			notProved: []string{"x"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := proved(load(t, tc.name, tc.src))
			for _, v := range tc.safe {
				if _, ok := got[v]; !ok {
					t.Errorf("%s not proved; proved: %v", v, keys(got))
				}
			}
			for _, v := range tc.notProved {
				if pr, ok := got[v]; ok {
					t.Errorf("%s proved (%s), but its lock excludes nothing", v, pr.Reason)
				}
			}
		})
	}
}

func keys(m map[string]Proof) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}

// TestProofNamesItsLock: the reason names the lock it rests on.
func TestProofNamesItsLock(t *testing.T) {
	got := proved(load(t, "reason.c", `
int x;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
void *w(void *a) { pthread_mutex_lock(&m); x = x + 1; pthread_mutex_unlock(&m); return 0; }
int main(void) { pthread_t t; while (1) pthread_create(&t, 0, w, 0); return 0; }`))
	if pr := got["x"]; !strings.Contains(pr.Reason, "common lock: m") {
		t.Errorf("reason %q", pr.Reason)
	}
}

// TestProofCoversRunsUpToAnUnheldRwlockUnlock: a rwlock unlocked by a
// thread that holds it in neither mode is undefined behaviour; the
// proof covers the runs up to it and lists it.
func TestProofCoversRunsUpToAnUnheldRwlockUnlock(t *testing.T) {
	got := proved(load(t, "unheld-unlock.c", `
int x;
pthread_rwlock_t rw = PTHREAD_RWLOCK_INITIALIZER;
void *w(void *a) { pthread_rwlock_wrlock(&rw); x = x + 1; pthread_rwlock_unlock(&rw); return 0; }
void *u(void *a) { pthread_rwlock_unlock(&rw); return 0; }
int main(void) { pthread_t t; pthread_create(&t, 0, u, 0); while (1) pthread_create(&t, 0, w, 0); return 0; }`))
	pr, ok := got["x"]
	if !ok {
		t.Fatalf("x not proved; proved: %v", keys(got))
	}
	if len(pr.Undefined) == 0 {
		t.Errorf("the proof of x lists no undefined behaviour; the unlock in u is")
	}
}
