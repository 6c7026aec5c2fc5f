package cfront

import (
	"strings"
	"testing"

	"circ/cfa"
)

// assigns lists the assignments of c as "lhs := rhs", in edge order.
func assigns(c *cfa.CFA) []string {
	var out []string
	for _, e := range c.Edges {
		if e.Kind == cfa.Assign {
			out = append(out, e.String())
		}
	}
	return out
}

// TestStructLowering: a struct variable is one variable per leaf field,
// named as C writes it, and a struct assignment or initialization is one
// assignment per leaf in field order.
func TestStructLowering(t *testing.T) {
	const decls = "struct in { int g; int h; };\nstruct S { int a; struct in n; _Bool b; };\n"
	tests := []struct {
		name, src string
		globals   []string // name=init of every global
		want      []string // main's assignments
	}{
		{"copy", "struct S s, t = {1, {2, 3}, 4};\nint main() {\n  s = t;\n  return 0;\n}\n",
			[]string{"s.a=0", "s.n.g=0", "s.n.h=0", "s.b=0", "t.a=1", "t.n.g=2", "t.n.h=3", "t.b=1"},
			[]string{"s.a := t.a", "s.n.g := t.n.g", "s.n.h := t.n.h", "s.b := t.b"}},
		{"nested-copy", "struct S s;\nint main() {\n  struct in l = {.h = 5};\n  s.n = l;\n  l.g = s.a + 1;\n  return 0;\n}\n",
			[]string{"s.a=0", "s.n.g=0", "s.n.h=0", "s.b=0"},
			[]string{"main::l.g := 0", "main::l.h := 5", "s.n.g := main::l.g", "s.n.h := main::l.h", "main::l.g := s.a + 1"}},
		{"designated", "struct S s = {.n.h = 7, .a = 2};\nint main() {\n  return s.n.h;\n}\n",
			[]string{"s.a=2", "s.n.g=0", "s.n.h=7", "s.b=0"}, nil},
		{"local-from-struct", "struct S s;\nint main() {\n  struct S l = s;\n  s.n.g = l.n.h;\n  return 0;\n}\n",
			[]string{"s.a=0", "s.n.g=0", "s.n.h=0", "s.b=0"},
			[]string{"main::l.a := s.a", "main::l.n.g := s.n.g", "main::l.n.h := s.n.h", "main::l.b := s.b", "s.n.g := main::l.n.h"}},
		{"static-local", "int main() {\n  static struct in c = {1};\n  c.h++;\n  return 0;\n}\n",
			[]string{"main::c.g=1", "main::c.h=0"},
			[]string{"main::c.h := main::c.h + 1"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := mustParse(t, decls+tc.src)
			var gs []string
			for _, g := range p.Globals {
				gs = append(gs, g.Name+"="+itoa(g.Init))
			}
			if strings.Join(gs, " ") != strings.Join(tc.globals, " ") {
				t.Errorf("globals %v, want %v", gs, tc.globals)
			}
			if got := assigns(p.Main()); tc.want != nil && strings.Join(got, "; ") != strings.Join(tc.want, "; ") {
				t.Errorf("assignments\n got %q\nwant %q", got, tc.want)
			}
		})
	}
}

func itoa(v int64) string {
	var b strings.Builder
	if v < 0 {
		b.WriteByte('-')
		v = -v
	}
	s := ""
	for {
		s = string(rune('0'+v%10)) + s
		v /= 10
		if v == 0 {
			break
		}
	}
	return b.String() + s
}

// TestStructSyncFields: a synchronization field is a variable of its kind
// that synchronization calls take as &s.m, and --var-style lookup finds
// fields by their C name.
func TestStructSyncFields(t *testing.T) {
	src := "#include <pthread.h>\nstruct W { pthread_t tid; pthread_mutex_t m; int n; } w = {0, PTHREAD_MUTEX_INITIALIZER, 0};\n" +
		"void *f(void *a) {\n  pthread_mutex_lock(&w.m);\n  w.n++;\n  pthread_mutex_unlock(&w.m);\n  return 0;\n}\n" +
		"int main() {\n  pthread_create(&w.tid, 0, f, 0);\n  pthread_join(w.tid, 0);\n  return w.n;\n}\n"
	// {0} zero-initializes the whole struct, mutex included; an unused
	// global whose initializer circ cannot split is no error.
	src += "struct Z { pthread_mutex_t m; int x; } z = {0}, unused = {1};\nint get(void) { return z.x; }\n"
	p := mustParse(t, src)
	kinds := map[string]cfa.VarKind{"w.tid": cfa.Handle, "w.m": cfa.Mutex, "w.n": cfa.Data, "z.m": cfa.Mutex, "z.x": cfa.Data}
	for name, k := range kinds {
		v := p.Global(name)
		if v == nil {
			t.Fatalf("no global %s", name)
		}
		if v.Kind != k {
			t.Errorf("%s: kind %v, want %v", name, v.Kind, k)
		}
	}
	var locks []string
	for _, e := range tmpl(t, p, "f").Edges {
		if e.Kind == cfa.Lock || e.Kind == cfa.Unlock {
			locks = append(locks, e.String())
		}
	}
	if strings.Join(locks, "; ") != "lock w.m; unlock w.m" {
		t.Errorf("lock edges %q", locks)
	}
}

// TestStructErrors: what scalar replacement cannot model exactly is an
// error at its position naming the construct.
func TestStructErrors(t *testing.T) {
	tests := []struct {
		name, src, want string
	}{
		{"union-member-overlapping-mutex", "#include <pthread.h>\nunion u { pthread_mutex_t m; int f; } v;\nint main() {\n  v.f = 1;\n  return 0;\n}\n", "t.c:4:3: unsupported: union member .m overlaps another member"},
		{"union-address-initializer", "int x;\nunion u { int *p; long g; } v = {&x};\nint main() {\n  return v.g;\n}\n", "t.c:4:10: unsupported: initializer of a union member other than an integer constant"},
		{"flexible-array-copy", "struct s { int n; int d[]; } v, w;\nint main() {\n  v = w;\n  return 0;\n}\n", "t.c:3:3: unsupported: flexible array member v.d"},
		{"struct-return-through-pointer", "struct s { int f; };\nstruct s mk(void) { struct s r = {1}; return r; }\nstruct s mk2(void) { struct s r = {2}; return r; }\nint c;\nint main() {\n  struct s (*fp)(void) = c ? mk : mk2;\n  struct s v = fp();\n  return v.f;\n}\n", "t.c:7:16: unsupported: struct returned by value from a function (other than one defined in the program and called directly)"},
		{"struct-parameter-with-mutex", "#include <pthread.h>\nstruct s { int f; pthread_mutex_t m; };\nint get(struct s x) { return x.f; }\nstruct s v;\nint main() {\n  return get(v);\n}\n", "t.c:6:10: unsupported: copy of struct v, which holds synchronization object"},
		{"copy-with-mutex", "#include <pthread.h>\nstruct s { int f; pthread_mutex_t m; } v, w;\nint main() {\n  v = w;\n  return 0;\n}\n", "t.c:4:3: unsupported: copy of struct v, which holds synchronization object v.m"},
		{"copy-with-mutex-through-pointer", "#include <pthread.h>\nstruct s { int f; pthread_mutex_t m; } v, w;\nstruct s *p = &v;\nint main() {\n  *p = w;\n  return 0;\n}\n", "t.c:5:3: unsupported: copy of struct (*p), which holds synchronization object (*p).m"},
		{"compound-assign", "struct s { int f; } v;\nint main() {\n  v += 1;\n  return 0;\n}\n", "t.c:3:3: "},
		{"struct-as-value", "struct s { int f; } v;\nint main() {\n  return v.f + (v, 1);\n}\n", "t.c:3:17: unsupported: struct v used as a value"},
		{"anonymous-member", "struct s { int f; union { int a; int b; }; } v;\nint main() {\n  v.f = 1;\n  return 0;\n}\n", "t.c:3:3: unsupported: anonymous struct or union member in v"},
		{"brace-elided-mutex", "#include <pthread.h>\nstruct s { pthread_mutex_t m; int x; } b = {1};\nint main() {\n  return b.x;\n}\n", "t.c:4:10: unsupported: initializer of b.m without its own braces"},
		{"lock-data-field", "#include <pthread.h>\nstruct s { int f; pthread_mutex_t m; } v;\nint main() {\n  pthread_mutex_lock(&v.f);\n  return 0;\n}\n", "t.c:4:"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) { assertParseError(t, tc.src, tc.want) })
	}
}

// TestStructArgumentIsCopiedWhenEvaluated: a struct argument is copied
// before a later argument's side effects (set's write of g.a).
func TestStructArgumentIsCopiedWhenEvaluated(t *testing.T) {
	p := mustParse(t, "struct S { int a; } g;\nint set(void) { g.a = 7; return 0; }\nint take(struct S s, int z) { return s.a; }\nint main(void) {\n  return take(g, set());\n}\n")
	read, write := -1, -1
	for i, e := range p.Main().Edges {
		if e.Kind != cfa.Assign {
			continue
		}
		if e.LHS.Name == "g.a" {
			write = i
		}
		for _, v := range e.Reads {
			if v.Name == "g.a" && read < 0 {
				read = i
			}
		}
	}
	if read < 0 || write < 0 || read > write {
		t.Errorf("g.a read at edge %d, written at %d: the copy must come first\n%v", read, write, p)
	}
}
