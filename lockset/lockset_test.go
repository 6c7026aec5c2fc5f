package lockset

import (
	"path/filepath"
	"strings"
	"testing"

	"circ/cfa"
	"circ/cfa/cfront"
	"circ/report"
)

const hdr = `#include <pthread.h>
extern void __VERIFIER_atomic_begin(void);
extern void __VERIFIER_atomic_end(void);
`

func load(t *testing.T, name, src string) *cfa.Program {
	t.Helper()
	var p *cfa.Program
	var err error
	if src == "" {
		p, err = cfront.Load(filepath.Join("..", "testdata", "programs", name))
	} else {
		p, err = cfront.Parse(name, []byte(hdr+src))
	}
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return p
}

func TestCheck(t *testing.T) {
	tests := []struct {
		name string
		src  string // "" : testdata/programs/<name>
		want map[string]report.Verdict
		// reason: substrings expected in the reason of the first variable
		// of want (in the order of the map: only used with one variable).
		reason []string
	}{
		{name: "mutex.c", src: `
int x;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
void *w(void *a) { pthread_mutex_lock(&m); x = x + 1; pthread_mutex_unlock(&m); return 0; }
int main(void) { pthread_t t;
  while (1) pthread_create(&t, 0, w, 0);
  return 0; }`,
			want:   map[string]report.Verdict{"x": report.Safe},
			reason: []string{"shares a lock"}},
		{name: "unprotected.c", src: `
int x;
void *w(void *a) { x = x + 1; return 0; }
int main(void) { pthread_t t1, t2; int r;
  pthread_create(&t1, 0, w, 0); pthread_create(&t2, 0, w, 0);
  r = x; return r; }`,
			want:   map[string]report.Verdict{"x": report.Race},
			reason: []string{"w at unprotected.c:6:20 writes x holding {} ; main at unprotected.c:9:3 reads x holding {}", "lockset warning, not a replayed trace"}},
		{name: "atomic.c", src: `
int x;
void *w(void *a) { __VERIFIER_atomic_begin(); x = x + 1; __VERIFIER_atomic_end(); return 0; }
int main(void) { pthread_t t; int r;
  while (1) { pthread_create(&t, 0, w, 0);
    __VERIFIER_atomic_begin(); r = x; __VERIFIER_atomic_end(); }
  return 0; }`,
			want: map[string]report.Verdict{"x": report.Safe}},
		{name: "atomic_vs_plain.c", src: `
int x;
void *w(void *a) { __VERIFIER_atomic_begin(); x = x + 1; __VERIFIER_atomic_end(); return 0; }
int main(void) { pthread_t t; int r;
  pthread_create(&t, 0, w, 0);
  r = x; return r; }`,
			want:   map[string]report.Verdict{"x": report.Race},
			reason: []string{"holding {atomic}", "main at atomic_vs_plain.c:9:3 reads x holding {}"}},
		{name: "lock_on_one_path.c", src: `
int x, c;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
void *w(void *a) {
  if (c) pthread_mutex_lock(&m);
  x = 1;
  if (c) pthread_mutex_unlock(&m);
  return 0; }
int main(void) { pthread_t t1, t2;
  pthread_create(&t1, 0, w, 0); pthread_create(&t2, 0, w, 0); return 0; }`,
			want: map[string]report.Verdict{"x": report.Race, "c": report.Safe}},
		{name: "before_create.c", src: `
int x;
void *w(void *a) { int r; r = x; return 0; }
int main(void) { pthread_t t;
  x = 5;
  while (1) pthread_create(&t, 0, w, 0);
  return 0; }`,
			want:   map[string]report.Verdict{"x": report.Safe},
			reason: []string{"cannot come from two concurrent threads"}},
		{name: "after_join.c", src: `
int x;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
void *w(void *a) { pthread_mutex_lock(&m); x = 1; pthread_mutex_unlock(&m); return 0; }
int main(void) { pthread_t t; int r;
  pthread_create(&t, 0, w, 0); pthread_join(t, 0);
  r = x; return r; }`,
			// Joins are ignored, as in the classic tools: a false alarm.
			want: map[string]report.Verdict{"x": report.Race}},
		{name: "single_thread_template.c", src: `
int x;
void *w(void *a) { x = x + 1; return 0; }
int main(void) { pthread_t t; pthread_create(&t, 0, w, 0); return 0; }`,
			want:   map[string]report.Verdict{"x": report.Safe},
			reason: []string{"cannot come from two concurrent threads"}},
		{name: "trylock_copy.c", src: `
int x;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
void *w(void *a) { int r;
  r = pthread_mutex_trylock(&m);
  if (!r) { x = x + 1; pthread_mutex_unlock(&m); }
  return 0; }
int main(void) { pthread_t t; while (1) pthread_create(&t, 0, w, 0); return 0; }`,
			want: map[string]report.Verdict{"x": report.Safe}},
		{name: "trylock_overwritten.c", src: `
int x;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
void *w(void *a) { int r;
  r = pthread_mutex_trylock(&m);
  r = 0;
  if (r == 0) { x = x + 1; }
  return 0; }
int main(void) { pthread_t t; while (1) pthread_create(&t, 0, w, 0); return 0; }`,
			want: map[string]report.Verdict{"x": report.Race}},
		{name: "trylock_nonzero_branch.c", src: `
int x;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
void *w(void *a) {
  if (pthread_mutex_trylock(&m) != 0) { x = x + 1; } else { pthread_mutex_unlock(&m); }
  return 0; }
int main(void) { pthread_t t; while (1) pthread_create(&t, 0, w, 0); return 0; }`,
			want: map[string]report.Verdict{"x": report.Race}},

		// Programs of the shared test corpus.
		{name: "mutex_protected_safe.c",
			// main reads counter after joining: joins are ignored.
			want: map[string]report.Verdict{"counter": report.Race}},
		{name: "unbounded_workers_mutex_safe.c", want: map[string]report.Verdict{"x": report.Safe}},
		{name: "unprotected_counter_race.c", want: map[string]report.Verdict{"counter": report.Race}},
		{name: "unbounded_workers_unprotected_race.c", want: map[string]report.Verdict{"x": report.Race}},
		// main reads x after joining the workers: joins are ignored.
		{name: "atomic_function_safe.c", want: map[string]report.Verdict{"x": report.Race}},
		{name: "nesc_atomic_counter_safe.c", want: map[string]report.Verdict{"counter": report.Safe}},
		{name: "atomic_vs_nonatomic_race.c", want: map[string]report.Verdict{"x": report.Race}},
		// The paper's Figure 1: x is protected by the test-and-set on
		// state, which the lockset check cannot see: the false alarm.
		{name: "paper_figure1_safe.c",
			want:   map[string]report.Verdict{"x": report.Race, "state": report.Race},
			reason: nil},
		{name: "test_and_set_safe.c", want: map[string]report.Verdict{"x": report.Race}},
		{name: "split_phase_interrupt_safe.c",
			want: map[string]report.Verdict{"buf": report.Race, "enabled": report.Safe, "pending": report.Safe}},
		{name: "flag_published_atomic_safe.c", want: map[string]report.Verdict{"data": report.Race}},
		{name: "wrong_lock_race.c", want: map[string]report.Verdict{"x": report.Race},
			reason: []string{"holding {m1}", "holding {m2}"}},
		{name: "reader_without_lock_race.c", want: map[string]report.Verdict{"x": report.Race}},
		{name: "missing_lock_one_path_race.c", want: map[string]report.Verdict{"x": report.Race}},
		{name: "init_before_create_readers_safe.c", want: map[string]report.Verdict{"config": report.Safe}},
		// TryLock model: held only past an `assume result == 0`.
		{name: "trylock_safe.c", want: map[string]report.Verdict{"x": report.Safe}},
		{name: "trylock_ignored_result_race.c", want: map[string]report.Verdict{"x": report.Race}},

		// The concurrency API beyond mutexes.
		{name: "rwlock_readers_and_writer_safe.c", want: map[string]report.Verdict{"x": report.Safe}},
		// A write under a read lock is not protected from reads.
		{name: "rwlock_write_under_read_lock_race.c", want: map[string]report.Verdict{"x": report.Race},
			reason: []string{"writes x holding {rw(read)}", "reads x holding {rw(read)}"}},
		{name: "rwlock_trywrlock_checked_safe.c", want: map[string]report.Verdict{"x": report.Safe}},
		// Recursive mutexes count: the write after the first of two
		// unlocks is still protected.
		{name: "recursive_mutex_relock_safe.c", want: map[string]report.Verdict{"x": report.Safe}},
		{name: "recursive_mutex_unlocked_twice_race.c", want: map[string]report.Verdict{"x": report.Race}},
		// An error-checking mutex does not count: one unlock frees it.
		{name: "errorcheck_relock_fails_race.c", want: map[string]report.Verdict{"x": report.Race}},
		{name: "spinlock_counter_safe.c", want: map[string]report.Verdict{"counter": report.Safe}},
		{name: "spinlock_trylock_ignored_race.c", want: map[string]report.Verdict{"counter": report.Race}},
		// A semaphore initialised to 1 is a lock; one with two permits,
		// or one used to hand data over, protects nothing (the handoff
		// is a false alarm that circ removes).
		{name: "semaphore_binary_lock_safe.c", want: map[string]report.Verdict{"counter": report.Safe},
			reason: []string{"shares a lock"}},
		{name: "semaphore_two_permits_race.c", want: map[string]report.Verdict{"counter": report.Race}},
		{name: "semaphore_handoff_safe.c", want: map[string]report.Verdict{"data": report.Race}},
		// A condition-variable wait gives the mutex back before it returns.
		{name: "condvar_wait.c", src: `
int x; int ready;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
pthread_cond_t c = PTHREAD_COND_INITIALIZER;
void *w(void *a) { pthread_mutex_lock(&m); while (!ready) pthread_cond_wait(&c, &m); x = x + 1; pthread_mutex_unlock(&m); return 0; }
int main(void) { pthread_t t; while (1) pthread_create(&t, 0, w, 0); return 0; }`,
			want: map[string]report.Verdict{"x": report.Safe}},
		// An atomic access is inside the pseudo-lock "atomic".
		{name: "atomic_counter_increments_safe.c", want: map[string]report.Verdict{"hits": report.Safe}},
		{name: "volatile_counter_race.c", want: map[string]report.Verdict{"hits": report.Race}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := load(t, tt.name, tt.src)
			var vars []*cfa.Var
			for name := range tt.want {
				v := p.Global(name)
				if v == nil {
					t.Fatalf("no global %s", name)
				}
				vars = append(vars, v)
			}
			for _, res := range Check(p, vars) {
				if res.Engine != Engine || res.RaceDef != RaceDef || res.Trace != nil {
					t.Errorf("%s: engine %q race-def %q trace %v", res.Variable, res.Engine, res.RaceDef, res.Trace)
				}
				if got := res.Verdict; got != tt.want[res.Variable] {
					t.Errorf("%s: got %s, want %s (%s)\n%s", res.Variable, got, tt.want[res.Variable], res.Reason, p)
				}
				if res.Verdict == report.Race && !strings.Contains(res.Reason, "lockset warning, not a replayed trace") {
					t.Errorf("%s: race reason %q does not say it is a warning", res.Variable, res.Reason)
				}
				if len(tt.want) == 1 {
					for _, s := range tt.reason {
						if !strings.Contains(res.Reason, s) {
							t.Errorf("%s: reason %q lacks %q", res.Variable, res.Reason, s)
						}
					}
				}
			}
		})
	}
}

// TestHeld checks the dataflow facts themselves on a small program.
func TestHeld(t *testing.T) {
	p := load(t, "held.c", `
int x, y, z;
pthread_mutex_t a = PTHREAD_MUTEX_INITIALIZER;
pthread_mutex_t b = PTHREAD_MUTEX_INITIALIZER;
void *w(void *arg) {
  pthread_mutex_lock(&a);
  pthread_mutex_lock(&b);
  x = 1;
  pthread_mutex_unlock(&b);
  if (x) { y = 1; } else { pthread_mutex_unlock(&a); pthread_mutex_lock(&a); y = 2; }
  z = y;
  pthread_mutex_unlock(&a);
  __VERIFIER_atomic_begin(); z = 0; __VERIFIER_atomic_end();
  return 0; }
int main(void) { pthread_t t; while (1) pthread_create(&t, 0, w, 0); return 0; }`)
	a := Analyze(p)
	got := map[string]string{}
	for _, acc := range a.Of(p.Global("z")) {
		if acc.Write {
			got[acc.Edge.String()] = strings.Join(acc.Locks, ",")
		}
	}
	for _, acc := range a.Of(p.Global("x")) {
		got[acc.Kind()+" x "+acc.Edge.Pos.String()] = strings.Join(acc.Locks, ",")
	}
	want := map[string]string{
		"z := y":              "a",
		"z := 0":              "atomic",
		"write x held.c:11:3": "a,b",
		"read x held.c:13:7":  "a",
	}
	for k, v := range want {
		if got[k] != v {
			t.Errorf("%s: locks %q, want %q (all: %v)", k, got[k], v, got)
		}
	}
}
