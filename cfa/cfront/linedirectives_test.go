package cfront

import (
	"strings"
	"testing"

	"circ/cfa"
)

func TestLineDirectives(t *testing.T) {
	src := strings.Join([]string{
		"int a;",                    // 1: before any directive
		`# 40 "BlinkC.nc" 1`,        // 2
		"int b;",                    // 3: BlinkC.nc:40
		"#line 7",                   // 4: a new line, same file
		"int c;",                    // 5: BlinkC.nc:7
		`#line 3 "dir/Queue\\C.nc"`, // 6
		"int d;",                    // 7: dir/Queue\C.nc:3
		"int e;",                    // 8: dir/Queue\C.nc:4
		"#define X 1",               // 9: no directive
		"int f;",                    // 10: dir/Queue\C.nc:6
	}, "\n")
	cases := []struct {
		name string
		line int
		want string
	}{
		{"app.c", 1, "app.c:1:2"},
		{"app.c", 3, "app.c:3:2 (BlinkC.nc:40)"},
		{"app.c", 5, "app.c:5:2 (BlinkC.nc:7)"},
		{"app.c", 7, `app.c:7:2 (dir/Queue\C.nc:3)`},
		{"app.c", 8, `app.c:8:2 (dir/Queue\C.nc:4)`},
		{"app.c", 10, `app.c:10:2 (dir/Queue\C.nc:6)`},
		// A preprocessed file's positions are the original ones.
		{"app.i", 1, "app.i:1:2"},
		{"app.i", 3, "BlinkC.nc:40:2"},
		{"app.i", 10, `dir/Queue\C.nc:6:2`},
	}
	for _, c := range cases {
		table, out := lineDirectives(c.name, []byte(src))
		if got := table.apply(cfa.Pos{File: c.name, Line: c.line, Col: 2}).String(); got != c.want {
			t.Errorf("%s line %d: got %s, want %s", c.name, c.line, got, c.want)
		}
		// cc/v4 reads the file with the directives emptied, so that its
		// line numbers are the file's own.
		lines := strings.Split(string(out), "\n")
		if len(lines) != 10 || lines[1] != "" || lines[3] != "" || lines[5] != "" || lines[8] != "#define X 1" {
			t.Errorf("directives not emptied, or other lines touched: %q", lines)
		}
	}
	if table, out := lineDirectives("plain.c", []byte("int a;\n#define X 1\n")); table != nil || string(out) != "int a;\n#define X 1\n" {
		t.Errorf("a file without directives: got table %v and text %q", table, out)
	}
}

// TestLineDirectivesOfNesCOutput: circ reports positions of nescc's
// output in app.c and in the .nc file its directives name, errors too.
func TestLineDirectivesOfNesCOutput(t *testing.T) {
	src := "# 1 \"BlinkC.nc\"\nint BlinkC__x;\n#line 20\nvoid *f(void) { return 0; }\nint main(void) { return *(int *)f(); }\n"
	_, err := Parse("app.c", []byte(src))
	if err == nil {
		t.Fatal("want the dereference of f's null result rejected")
	}
	if e, ok := err.(*Error); !ok || e.Pos.File != "app.c" || e.Pos.Line != 5 || e.Pos.OrigFile != "BlinkC.nc" || e.Pos.OrigLine != 21 {
		t.Errorf("got %v, want an error at app.c:5 (BlinkC.nc:21)", err)
	}
}
