// Package variants derives racy variants of race-free C programs, for
// testing that circ never proves a variant safe when it races: each
// operator breaks the synchronization of a safe program the way real
// bugs do (a lock dropped or swapped, two threads given the same slot,
// an access moved across a create or a join, a pointer aliased), and
// the guard operator hides an access behind ?: or && on top of another
// variant. The operators work on the source text, line by line, so that
// a variant is a C program a compiler and a race detector can judge
// independently of circ's front end. Not every variant races, and some
// do not compile: the judges decide (see native's variant test).
package variants

import (
	"fmt"
	"math/rand"
	"regexp"
	"sort"
	"strings"
)

// Variant is one derived program.
type Variant struct {
	// Name says which operator made it and where ("drop-lock@12").
	Name string
	Src  string
}

// The guard operator's globals, never written, so that reading them
// races with nothing: GuardOne is 1, so an access guarded by it runs
// exactly when it did before; GuardZero is 0, so the element of
// GuardCells it guards, at index -1, is never read (C does not evaluate
// it: a checker that did would cut the run there).
const (
	GuardOne   = "__variant_one"
	GuardZero  = "__variant_zero"
	GuardCells = "__variant_cells"
)

var (
	lockRE   = regexp.MustCompile(`pthread_mutex_lock\(\s*&\s*([A-Za-z_]\w*)\s*\)\s*;`)
	unlockRE = regexp.MustCompile(`pthread_mutex_unlock\(\s*&\s*([A-Za-z_]\w*)\s*\)\s*;`)
	createRE = regexp.MustCompile(`pthread_create\(([^;]*),\s*\(\s*void\s*\*\s*\)\s*(\(long\)\s*)?(\d+)\s*\)\s*;`)
	joinRE   = regexp.MustCompile(`^\s*pthread_join\([^;]*\)\s*;\s*$`)
	startRE  = regexp.MustCompile(`^\s*pthread_create\([^;]*\)\s*;\s*$`)
	// assignRE is an expression statement that stores: x = e;, a[i] += e;,
	// s.f++; (not a declaration: the target is not preceded by a type).
	assignRE = regexp.MustCompile(`^(\s*)([A-Za-z_][\w.\[\]>-]*(\s*(\+\+|--))?\s*([-+*/|&^]?=(?:[^=].*)?)?);\s*$`)
	addrRE   = regexp.MustCompile(`&\s*([A-Za-z_]\w*)\b`)
	// simpleStmtRE is a one-line statement a join or create may be
	// swapped with: no block, no declaration keyword, no control flow.
	simpleStmtRE = regexp.MustCompile(`^\s*[A-Za-z_][^{};]*;\s*$`)
	controlRE    = regexp.MustCompile(`^\s*(return|if|for|while|do|switch|case|default|goto|break|continue|else|int|long|char|unsigned|void|struct|static|const|pthread_t|_Bool)\b`)
)

// Derive returns the variants of src, in a fixed order.
func Derive(src string) []Variant {
	lines := strings.Split(src, "\n")
	var out []Variant
	out = append(out, dropLocks(lines)...)
	out = append(out, swapMutexes(lines)...)
	out = append(out, sameSlot(lines)...)
	out = append(out, moveAcross(lines, joinRE, +1, "join-late")...)
	out = append(out, moveAcross(lines, startRE, -1, "create-early")...)
	out = append(out, aliases(lines)...)
	// Guarded twins of the lock variants: the same broken program with
	// the accesses the lock held written as ?: and && operands.
	n := len(out)
	for _, v := range out[:n] {
		if !strings.HasPrefix(v.Name, "drop-lock") && !strings.HasPrefix(v.Name, "swap-mutex") {
			continue
		}
		for _, op := range []string{"?:", "&&"} {
			if g, ok := guard(v.Src, op); ok {
				out = append(out, Variant{Name: v.Name + "+guard" + op, Src: g})
			}
		}
	}
	return out
}

// Sample picks at most n of vs with a PRNG seeded with seed, keeping
// their order.
func Sample(vs []Variant, n int, seed int64) []Variant {
	if len(vs) <= n {
		return vs
	}
	r := rand.New(rand.NewSource(seed))
	idx := r.Perm(len(vs))[:n]
	sort.Ints(idx)
	out := make([]Variant, n)
	for i, j := range idx {
		out[i] = vs[j]
	}
	return out
}

// lockPair is a lock of mutex on line lock and the next unlock of it,
// on line unlock.
type lockPair struct {
	lock, unlock int
	mutex        string
}

func lockPairs(lines []string) []lockPair {
	var out []lockPair
	for i, l := range lines {
		if m := lockRE.FindStringSubmatch(l); m != nil {
			if j := nextUnlock(lines, i, m[1]); j >= 0 {
				out = append(out, lockPair{i, j, m[1]})
			}
		}
	}
	return out
}

// dropLocks removes one lock and the next unlock of the same mutex.
func dropLocks(lines []string) []Variant {
	var out []Variant
	for _, lp := range lockPairs(lines) {
		v := clone(lines)
		v[lp.lock] = lockRE.ReplaceAllString(v[lp.lock], ";")
		v[lp.unlock] = unlockRE.ReplaceAllString(v[lp.unlock], ";")
		out = append(out, Variant{Name: fmt.Sprintf("drop-lock@%d", lp.lock+1), Src: strings.Join(v, "\n")})
	}
	return out
}

// swapMutexes makes one lock-unlock pair take another mutex the program
// locks.
func swapMutexes(lines []string) []Variant {
	var names []string
	seen := map[string]bool{}
	for _, l := range lines {
		for _, m := range lockRE.FindAllStringSubmatch(l, -1) {
			if !seen[m[1]] {
				seen[m[1]] = true
				names = append(names, m[1])
			}
		}
	}
	if len(names) < 2 {
		return nil
	}
	var out []Variant
	for _, lp := range lockPairs(lines) {
		other := names[0]
		if other == lp.mutex {
			other = names[1]
		}
		v := clone(lines)
		for _, i := range []int{lp.lock, lp.unlock} {
			v[i] = strings.Replace(strings.ReplaceAll(v[i], "& "+lp.mutex, "&"+lp.mutex), "&"+lp.mutex, "&"+other, 1)
		}
		out = append(out, Variant{Name: fmt.Sprintf("swap-mutex@%d", lp.lock+1), Src: strings.Join(v, "\n")})
	}
	return out
}

func nextUnlock(lines []string, from int, mutex string) int {
	for j := from; j < len(lines); j++ {
		start := 0
		if j == from {
			start = strings.Index(lines[j], "pthread_mutex_lock") + 1
		}
		for _, m := range unlockRE.FindAllStringSubmatchIndex(lines[j], -1) {
			if m[0] >= start && lines[j][m[2]:m[3]] == mutex {
				return j
			}
		}
	}
	return -1
}

// sameSlot gives every thread created with a constant argument the
// first such argument: threads that each had a slot of their own now
// share one.
func sameSlot(lines []string) []Variant {
	first := ""
	count := 0
	for _, l := range lines {
		for _, m := range createRE.FindAllStringSubmatch(l, -1) {
			if first == "" {
				first = m[3]
			}
			if m[3] != first {
				count++
			}
		}
	}
	if count == 0 {
		return nil
	}
	v := clone(lines)
	for i, l := range v {
		v[i] = createRE.ReplaceAllStringFunc(l, func(s string) string {
			m := createRE.FindStringSubmatch(s)
			return strings.Replace(s, m[2]+m[3]+")", m[2]+first+")", 1)
		})
	}
	return []Variant{{Name: "same-slot", Src: strings.Join(v, "\n")}}
}

// moveAcross swaps each line that matches re with its neighbour in
// direction dir (+1: a join moves after the next statement, which then
// runs before the thread is joined; -1: a create moves before the
// statement above it, which then runs beside the new thread).
func moveAcross(lines []string, re *regexp.Regexp, dir int, name string) []Variant {
	var out []Variant
	for i, l := range lines {
		j := i + dir
		if !re.MatchString(l) || j < 0 || j >= len(lines) {
			continue
		}
		if !simpleStmtRE.MatchString(lines[j]) || controlRE.MatchString(lines[j]) || re.MatchString(lines[j]) {
			continue
		}
		v := clone(lines)
		v[i], v[j] = v[j], v[i]
		out = append(out, Variant{Name: fmt.Sprintf("%s@%d", name, i+1), Src: strings.Join(v, "\n")})
	}
	return out
}

// aliases replaces one &b by &a, for two objects whose address the
// program takes outside the thread primitives: two pointers that were
// apart now alias.
func aliases(lines []string) []Variant {
	var names []string
	seen := map[string]bool{}
	for _, l := range lines {
		if strings.Contains(l, "pthread_") || strings.Contains(l, "sem_") {
			continue
		}
		for _, m := range addrRE.FindAllStringSubmatch(l, -1) {
			if !seen[m[1]] {
				seen[m[1]] = true
				names = append(names, m[1])
			}
		}
	}
	var out []Variant
	for i := 1; i < len(names); i++ {
		a, b := names[0], names[i]
		for li, l := range lines {
			if strings.Contains(l, "pthread_") || strings.Contains(l, "sem_") || !regexp.MustCompile(`&\s*`+b+`\b`).MatchString(l) {
				continue
			}
			v := clone(lines)
			v[li] = regexp.MustCompile(`&\s*`+b+`\b`).ReplaceAllString(l, "&"+a)
			out = append(out, Variant{Name: fmt.Sprintf("alias-%s-%s@%d", a, b, li+1), Src: strings.Join(v, "\n")})
			break
		}
	}
	return out
}

// guard rewrites every storing expression statement S; of src outside
// main as (GuardOne ? (S) : 0); or (GuardOne && (S));, after an
// operand C leaves unevaluated that would be out of bounds, and
// declares the guard globals first. ok is false when no statement
// qualifies.
func guard(src, op string) (string, bool) {
	lines := strings.Split(src, "\n")
	inMain := false
	changed := false
	for i, l := range lines {
		if strings.Contains(l, "main(") {
			inMain = true
		}
		m := assignRE.FindStringSubmatch(l)
		if inMain || m == nil || controlRE.MatchString(l) {
			continue
		}
		skipped := fmt.Sprintf("%s[%s - 1]", GuardCells, GuardZero)
		if op == "?:" {
			lines[i] = fmt.Sprintf("%s(void)(%s ? %s : 0); (%s ? (%s) : 0);", m[1], GuardZero, skipped, GuardOne, strings.TrimSpace(m[2]))
		} else {
			lines[i] = fmt.Sprintf("%s(void)(%s && %s); (%s && (%s));", m[1], GuardZero, skipped, GuardOne, strings.TrimSpace(m[2]))
		}
		changed = true
	}
	if !changed {
		return "", false
	}
	// After the includes, so that the declaration is at file scope
	// before any function.
	last := -1
	for i, l := range lines {
		if strings.HasPrefix(strings.TrimSpace(l), "#") {
			last = i
		}
	}
	decl := fmt.Sprintf("int %s = 1, %s = 0, %s[2];", GuardOne, GuardZero, GuardCells)
	lines = append(lines[:last+1], append([]string{decl}, lines[last+1:]...)...)
	return strings.Join(lines, "\n"), true
}

func clone(lines []string) []string { return append([]string(nil), lines...) }
