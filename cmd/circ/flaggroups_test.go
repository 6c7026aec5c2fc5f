package main

import (
	"io"
	"os"
	"strings"
	"testing"

	"github.com/spf13/pflag"
)

// TestFlagGroupsMatchTheManual keeps --help's groups and the manual in
// step: every flag of circ check is in exactly one group, each group is
// a heading of docs/checking.md, and the group's page names each of its
// flags.
func TestFlagGroupsMatchTheManual(t *testing.T) {
	var f checkFlags
	fs := newCheckFlagSet(&f, io.Discard)
	checking, err := os.ReadFile("../../docs/checking.md")
	if err != nil {
		t.Fatal(err)
	}
	in := map[string]string{}
	for _, g := range flagGroups {
		if !strings.Contains(string(checking), "\n### "+g.title) {
			t.Errorf("docs/checking.md has no heading %q for the group --help prints", "### "+g.title)
		}
		page, err := os.ReadFile("../../" + g.page)
		if err != nil {
			t.Errorf("group %s: %v", g.title, err)
			continue
		}
		for _, name := range g.flags {
			if other, ok := in[name]; ok {
				t.Errorf("--%s is in groups %s and %s", name, other, g.title)
			}
			in[name] = g.title
			flag := fs.Lookup(name)
			if flag == nil {
				t.Errorf("group %s names --%s, which circ check does not have", g.title, name)
				continue
			}
			if !strings.Contains(string(page), "--"+name) && (flag.Shorthand == "" || !strings.Contains(string(page), "-"+flag.Shorthand+" ")) {
				t.Errorf("%s does not mention --%s of its group %s", g.page, name, g.title)
			}
		}
	}
	fs.VisitAll(func(flag *pflag.Flag) {
		if _, ok := in[flag.Name]; !ok && !flag.Hidden {
			t.Errorf("--%s is in no group of --help (flagGroups)", flag.Name)
		}
	})
}

// TestHelpGroupsFlags checks what --help prints: each group's title and
// page, and a command's own flags before check's groups.
func TestHelpGroupsFlags(t *testing.T) {
	r := runCLI(t, "replay", "--help")
	if r.code != 0 {
		t.Fatalf("replay --help: exit %d", r.code)
	}
	own, checking := strings.Index(r.stdout, "--keep"), strings.Index(r.stdout, "Checking (docs/checking.md):")
	if own < 0 || checking < 0 || own > checking {
		t.Errorf("replay --help: want its own flags (--keep), then check's groups:\n%s", r.stdout)
	}
	r = runCLI(t, "check", "--help")
	for _, g := range flagGroups {
		if !strings.Contains(r.stdout, g.title+" ("+g.page+"):") {
			t.Errorf("check --help has no group %q:\n%s", g.title, r.stdout)
		}
	}
}
