package cfront

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestValuesAgreeWithGCC runs small deterministic programs both ways:
// lowered by circ and run (run above), and compiled by gcc and run. Every
// global the case names must end with the same value (where circ is
// exact: not past a write of a union member into a wider one, which
// leaves it any value, nor with unsigned longs past 2^63, which run does
// not wrap, nor with the library functions whose results circ lists as
// approximated, like memcmp's). What it guards is
// the numbers the front end computes itself rather than taking from C's
// rules as a compiler applies them: offsetof once counted cells, not
// bytes, and a program that raced read as race-free.
func TestValuesAgreeWithGCC(t *testing.T) {
	gcc, err := exec.LookPath("gcc")
	if err != nil {
		t.Skip("no gcc on the PATH")
	}
	const includes = "#include <stddef.h>\n#include <string.h>\n#include <stdio.h>\n"
	tests := []struct {
		name    string
		body    string // globals and functions; main is appended
		main    string
		globals []string // as circ names the cells, which is also C
	}{
		{"offsetof-nested-member-and-element",
			"struct in { char c; short s; }; struct o { char a; struct in in; long l[3]; struct in arr[4]; }; long g1, g2, g3, g4;",
			"g1 = offsetof(struct o, in.s); g2 = offsetof(struct o, l[2]); g3 = offsetof(struct o, arr[3].s); g4 = offsetof(struct o, arr);",
			[]string{"g1", "g2", "g3", "g4"}},
		{"offsetof-member-of-anonymous-struct-and-union",
			"struct o { char a; struct { short b; long c; }; union { int d; char e[3]; }; } v; long g1, g2, g3;",
			"g1 = offsetof(struct o, c); g2 = offsetof(struct o, e[2]); g3 = offsetof(struct o, d);",
			[]string{"g1", "g2", "g3"}},
		{"offsetof-narrowed-by-its-cast",
			"struct s { char a[300]; int m; }; int g1, g2;",
			"g1 = (unsigned char)offsetof(struct s, m); g2 = (_Bool)offsetof(struct s, m);",
			[]string{"g1", "g2"}},
		{"offsetof-with-an-index-known-at-run-time",
			"struct s { int a; long arr[4][3]; } v; long g1; int i = 2, j = 1;",
			"g1 = offsetof(struct s, arr[i][j]);",
			[]string{"g1"}},
		{"sizeof-aggregates",
			"struct f { int n; char d[]; }; union u { char c[5]; int i; }; struct b { unsigned a : 3; unsigned c : 30; }; long g1, g2, g3, g4, g5;",
			"struct f *p = 0; g1 = sizeof(struct f); g2 = sizeof(union u); g3 = sizeof(struct b); g4 = sizeof(int[3][5]); g5 = sizeof p->d[0] + sizeof(\"abc\");",
			[]string{"g1", "g2", "g3", "g4", "g5"}},
		{"sizeof-does-not-evaluate",
			"int i; long g;",
			"g = sizeof(i++) + sizeof(int[2]);",
			[]string{"i", "g"}},
		{"bit-fields-wrap-and-sign-extend",
			"struct b { int s : 3; unsigned u : 3; unsigned w : 5; } x; int g1, g2, g3, g4;",
			"x.s = 5; x.u = 9; x.w = 31; x.w += 2; x.u--; g1 = x.s; g2 = x.u; g3 = x.w; x.s = -4; x.s -= 1; g4 = x.s;",
			[]string{"g1", "g2", "g3", "g4"}},
		{"integer-promotions-and-conversions",
			"unsigned char a = 200, b = 100; signed char sc; char ch = '\\xff'; int g1, g2, g3, g4, g5; long l1;",
			"g1 = a + b; sc = a; g2 = sc; g3 = ch; g4 = (unsigned)-1 >> 31; g5 = -1 >> 1; l1 = 1 ? -1 : 1u;",
			[]string{"g1", "g2", "g3", "g4", "g5", "l1"}},
		{"division-and-remainder-truncate",
			"int g1, g2, g3, g4; unsigned u1;",
			"g1 = -7 / 2; g2 = -7 % 2; g3 = 7 % -2; g4 = -7 / -2; u1 = 4000000000u / 3;",
			[]string{"g1", "g2", "g3", "g4", "u1"}},
		{"unsigned-arithmetic-wraps",
			"unsigned u = 65536; unsigned short us = 65535; unsigned char uc = 250; long g1; long l = 1L << 40;",
			"u *= 65536; us += 3; uc += 10; g1 = l >> 35;",
			[]string{"u", "us", "uc", "g1", "l"}},
		{"bool-converts-to-0-or-1",
			"_Bool b1, b2, b3; int g;",
			"b1 = 256; b2 = -1; b3 = 0; g = b1 + b2 + b3;",
			[]string{"b1", "b2", "b3", "g"}},
		{"union-views-bytes-of-a-word",
			"union u { unsigned w; unsigned char c[4]; unsigned short h[2]; } x; int g1, g2, g3;",
			"x.w = 0x01020304; g1 = x.c[0]; g2 = x.c[3]; g3 = x.h[1];",
			[]string{"g1", "g2", "g3"}},
		{"pointer-arithmetic-counts-elements",
			"int arr[6] = {10, 11, 12, 13, 14, 15}; struct s { int a; long b; } sa[4]; long d1, d2; int g1, g2;",
			"int *p = &arr[1]; g1 = p[2] + *(p - 1); d1 = &arr[5] - p; d2 = &sa[3] - &sa[1]; struct s *q = sa; q += 2; q->b = 7; g2 = (int)sa[2].b + (q - sa);",
			[]string{"g1", "g2", "d1", "d2"}},
		{"multidimensional-arrays-are-contiguous",
			"int m[3][4]; int g1, g2;",
			"m[2][1] = 5; int *q = &m[0][0]; g1 = q[9]; q[11] = 8; g2 = m[2][3];",
			[]string{"g1", "g2"}},
		{"struct-copies-and-initializers",
			"struct in { int x, y; }; struct o { int a; struct in in; int arr[3]; }; struct o s1 = {1, {2, 3}, {4, 5}}; struct o s2; int a[5] = {[3] = 7, 1}; int g1, g2, g3;",
			"s2 = s1; s1.in.y = 9; g1 = s2.in.y; g2 = s2.arr[1] + s2.arr[2]; g3 = a[4] + a[3] + a[0];",
			[]string{"g1", "g2", "g3", "s1.in.y"}},
		{"string-literals-and-chars",
			"char buf[8] = \"hi\"; int g1, g2, g3;",
			"g1 = \"abc\"[1]; g2 = buf[1] + buf[5]; g3 = sizeof buf;",
			[]string{"g1", "g2", "g3"}},
		{"memset-and-memcpy-of-ints",
			"int a[3] = {1, 2, 3}, b[3]; unsigned char c[4]; int g1, g2;",
			"memcpy(b, a, sizeof a); memset(a, 0, sizeof a); memset(c, 7, 2); g1 = b[2] + a[1]; g2 = c[1] + c[2];",
			[]string{"g1", "g2"}},
		{"narrowing-casts-and-shifts",
			"int g1, g2, g3, g4; long long ll;",
			"g1 = (short)70000; g2 = (unsigned char)-1; g3 = (signed char)200 >> 2; ll = 3000000000LL * 3; g4 = (int)(ll % 1000);",
			[]string{"g1", "g2", "g3", "g4", "ll"}},
		{"pointers-compare-and-select",
			"int a = 1, b = 2, arr[4]; int g1, g2, g3;",
			"g1 = &arr[3] > &arr[1]; *(g1 ? &a : &b) = 5; g2 = a * 10 + b; int *p = arr + 4; g3 = p == &arr[4];",
			[]string{"g1", "g2", "g3"}},
		{"string-functions",
			"char buf[16]; int g1, g2, g3;",
			"strcpy(buf, \"abc\"); strcat(buf, \"de\"); g1 = strlen(buf); g2 = buf[4]; g3 = strcmp(buf, \"abd\") < 0;",
			[]string{"g1", "g2", "g3"}},
		{"bit-builtins",
			"int g1, g2, g3, g4; unsigned u;",
			"g1 = __builtin_popcount(0xf0f0u); g2 = __builtin_ctz(8); g3 = __builtin_clz(1); u = __builtin_bswap32(0x01020304u); g4 = __builtin_expect(g1 == 8, 1);",
			[]string{"g1", "g2", "g3", "u", "g4"}},
		{"bit-builtins-wide-and-converted",
			"int g1, g2, g3, g4, g5, g6, g7;",
			"g1 = __builtin_popcountll(0xff00ff00ff00LL); g2 = __builtin_clzl(1UL << 40); g3 = __builtin_ctzll(1LL << 50); g4 = __builtin_parity(7); g5 = __builtin_bswap16(0x1234); g6 = __builtin_popcount(-1); g7 = __builtin_ctz(-8) + __builtin_clz(-1);",
			[]string{"g1", "g2", "g3", "g4", "g5", "g6", "g7"}},
		{"gnu-case-ranges-and-fallthrough",
			"int g;",
			"for (int i = 0; i < 6; i++) switch (i) { case 1 ... 3: g += 10; case 4: g += 1; break; default: g += 100; }",
			[]string{"g"}},
		{"compound-assignment-on-narrow-types",
			"unsigned char c = 250; short s = 30000; signed char sc = 127; unsigned char h = 0x80; int g1, g2, g3;",
			"c *= 2; s += 30000; sc++; g1 = h << 1; g2 = ~h; g3 = -9 >> 2;",
			[]string{"c", "s", "sc", "g1", "g2", "g3"}},
		{"logical-comma-and-conditional-types",
			"int a, b = 1, g1, g2, g3, g4; long g5;",
			"a = (b++, b++, b); g1 = !5 + !!-3; g2 = 1 ? (unsigned char)200 : (signed char)-1; g3 = sizeof 'a'; g4 = sizeof(char); g5 = 0 ? 1 : -1L;",
			[]string{"a", "b", "g1", "g2", "g3", "g4", "g5"}},
		{"enums-with-negative-values",
			"enum e { A = -3, B, C = 10, D }; int g1, g2; enum e v = B;",
			"g1 = A + B + C + D; v++; g2 = v;",
			[]string{"g1", "g2"}},
		{"pointers-to-pointers-and-functions",
			"int sq(int x) { return x * x; } int neg(int x) { return -x; } int (*fs[2])(int) = {sq, neg}; int x = 1, g1, g2;",
			"int *p = &x, **pp = &p; **pp = 5; int (*f)(int) = sq; g1 = f(3) + fs[1](x); int *q = &fs[0] == &fs[1] ? 0 : p; g2 = *q;",
			[]string{"x", "g1", "g2"}},
		{"nested-designated-initializers-and-bit-field-copies",
			"struct in { int x, y; }; struct o { int a; struct in in; int arr[3]; }; struct o s = {.in.y = 4, .arr[2] = 9}; struct b { unsigned a : 4; int c : 5; } x = {15, -7}, y; char cs[6] = {'a'}; int g1, g2, g3;",
			"y = x; g1 = s.in.y * 100 + s.arr[2] + s.a + s.in.x; g2 = y.a * 100 + y.c; g3 = cs[0] + cs[5];",
			[]string{"g1", "g2", "g3"}},
		{"negative-indices-and-string-compares",
			"int arr[5] = {1, 2, 3, 4, 5}; char s1[8] = \"abcd\"; char s2[8]; int g1, g2, g3, g4;",
			"int *q = &arr[3]; g1 = q[-2] * 10 + q[1]; strncpy(s2, s1, 3); s2[3] = 0; g2 = strcmp(s1 + 1, s2 + 1) > 0; g3 = strchr(s1, 'c') - s1; g4 = strncmp(s1, \"abz\", 2);",
			[]string{"g1", "g2", "g3", "g4"}},
		{"switch-on-a-char",
			"char c = 'b'; int g;",
			"switch (c) { case 'a': g = 1; break; case 'b': g = 2; case 'c': g += 3; break; }",
			[]string{"g"}},
		{"heap-blocks-and-atomic-builtins",
			"#include <stdlib.h>\n#include <stdatomic.h>\nstruct s { int a; long b[2]; }; int n = 1; atomic_int an = 4; int g1, g2, g3, g4;",
			"struct s *p = malloc(sizeof *p); if (!p) return 1; p->b[1] = 6; p->a = 2; g1 = p->a + p->b[1]; int *z = calloc(3, sizeof(int)); if (!z) return 1; g2 = z[2]; int old = __sync_fetch_and_add(&n, 5); g3 = old * 10 + n; int e = 4; atomic_compare_exchange_strong(&an, &e, 9); g4 = an * 10 + e; free(p); free(z);",
			[]string{"g1", "g2", "g3", "g4"}},
		// Packing removes no byte of these: their sizes and offsets are
		// cc/v4's, which circ then takes (packed.go).
		{"packed-without-padding",
			"struct p { int a; int b; } __attribute__((packed)); union u { unsigned char b[4]; unsigned w; } __attribute__((packed)); struct h { unsigned char v : 4, l : 4; unsigned char tos; unsigned short len; unsigned addr; } __attribute__((packed)); long g1, g2, g3, g4, g5;",
			"g1 = sizeof(struct p); g2 = offsetof(struct p, b); g3 = sizeof(union u); g4 = sizeof(struct h); g5 = offsetof(struct h, addr);",
			[]string{"g1", "g2", "g3", "g4", "g5"}},
		{"static-local-initialized-once",
			"int count(void) { static int n = 5; return n++; } int g;",
			"count(); count(); g = count();",
			[]string{"g"}},
	}
	dir := t.TempDir()
	for i, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := mustParse(t, includes+tc.body+"\nint main(void) {\n"+tc.main+"\nreturn 0;\n}\n")
			got, failed := run(t, p)
			if failed {
				t.Fatalf("circ's run reached an error\n%s", p)
			}
			var prints strings.Builder
			for _, g := range tc.globals {
				fmt.Fprintf(&prints, "printf(\"%%lld\\n\", (long long)(%s));\n", g)
			}
			src := filepath.Join(dir, fmt.Sprintf("v%d.c", i))
			bin := strings.TrimSuffix(src, ".c")
			prog := includes + tc.body + "\nint main(void) {\n" + tc.main + "\n" + prints.String() + "return 0;\n}\n"
			if err := os.WriteFile(src, []byte(prog), 0o644); err != nil {
				t.Fatal(err)
			}
			if out, err := exec.Command(gcc, "-w", "-o", bin, src).CombinedOutput(); err != nil {
				t.Fatalf("gcc: %v\n%s", err, out)
			}
			out, err := exec.Command(bin).Output()
			if err != nil {
				t.Fatalf("running gcc's binary: %v", err)
			}
			lines := strings.Fields(string(out))
			if len(lines) != len(tc.globals) {
				t.Fatalf("gcc's binary printed %q", out)
			}
			for j, g := range tc.globals {
				want, err := strconv.ParseInt(lines[j], 10, 64)
				if err != nil {
					t.Fatal(err)
				}
				if v, ok := got[g]; !ok || v != want {
					t.Errorf("%s: circ %d (found %v), gcc %d", g, v, ok, want)
				}
			}
			if t.Failed() {
				t.Logf("%s", p)
			}
		})
	}
}
