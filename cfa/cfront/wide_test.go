package cfront

import (
	"slices"
	"testing"

	"modernc.org/cc/v4"
)

// TestWideUnits: each escape of a wide literal is one element of its
// value, each source character one of its code point, as gcc reads them.
func TestWideUnits(t *testing.T) {
	wchar := testIntType(t, "int")
	tests := []struct {
		src      string
		joinable bool
		want     []int64
		ok       bool
	}{
		{`L"ab"`, true, []int64{'a', 'b'}, true},
		{`L"\xe9"`, true, []int64{0xe9}, true},
		{`L"\351"`, true, []int64{0xe9}, true},
		{`L"\0"`, true, []int64{0}, true},
		{`L"\1234"`, true, []int64{0123, '4'}, true},
		{`L"é"`, true, []int64{0xe9}, true},
		{`L"\u00e9\U0001F600"`, true, []int64{0xe9, 0x1f600}, true},
		{`L"\n\t\\\"\e"`, true, []int64{'\n', '\t', '\\', '"', 27}, true},
		// A hex escape of three digits may be two joined literals.
		{`L"\x100"`, true, nil, false},
		{`L'\x100'`, false, []int64{0x100}, true},
		// wchar_t is a signed int: the escape's bits, as one.
		{`L'\xffffffff'`, false, []int64{-1}, true},
		{`L"\q"`, true, nil, false},
		{`"ab"`, true, nil, false},
	}
	for _, tc := range tests {
		got, ok := wideUnits(tc.src, wchar, tc.joinable)
		if ok != tc.ok || !slices.Equal(got, tc.want) {
			t.Errorf("wideUnits(%s) = %v, %v; want %v, %v", tc.src, got, ok, tc.want, tc.ok)
		}
	}
}

// testIntType is the type of a file-scope variable declared with spec.
func testIntType(t *testing.T, spec string) cc.Type {
	t.Helper()
	cfg, err := cc.NewConfig("linux", "amd64")
	if err != nil {
		t.Skip(err)
	}
	ast, err := cc.Translate(cfg, []cc.Source{{Name: "<predefined>", Value: cfg.Predefined}, {Name: "<builtin>", Value: cc.Builtin}, {Name: "t.c", Value: spec + " v;\n"}})
	if err != nil {
		t.Fatal(err)
	}
	for l := ast.TranslationUnit; l != nil; l = l.TranslationUnit {
		if d := l.ExternalDeclaration.Declaration; d != nil && d.InitDeclaratorList != nil {
			if dr := d.InitDeclaratorList.InitDeclarator.Declarator; dr.Name() == "v" {
				return dr.Type()
			}
		}
	}
	t.Fatal("no v")
	return nil
}
