package cfront

import "testing"

func TestNesCName(t *testing.T) {
	instances := map[string]string{"TransformCounterC__0": "CounterMilli32C.Transform"}
	cases := []struct{ c, want string }{
		{"SchedulerBasicP__m_head", "SchedulerBasicP.m_head"},
		{"SchedulerBasicP__m_next[3]", "SchedulerBasicP.m_next[3]"},
		{"TransformCounterC__0__m_upper", "CounterMilli32C.Transform.m_upper"},
		{"VirtualizeTimerC__1__m_timers[2].t0", "VirtualizeTimerC.1.m_timers[2].t0"}, // no instance comment
		{"BlinkM$counter", "BlinkM.counter"},                                         // nesC 1.1
		{"Msp430ClockP__Msp430ClockInit__init", "Msp430ClockP.Msp430ClockInit.init"},
		{"__nesc_atomic", "__nesc_atomic"}, // nesC's own
		{"plain", "plain"},
		{"x_y", "x_y"},
		{"A____b", "A____b"}, // an empty part: not nescc's
	}
	for _, c := range cases {
		if got := nescName(c.c, instances); got != c.want {
			t.Errorf("nescName(%q) = %q, want %q", c.c, got, c.want)
		}
	}
}

func TestNesCNamesOnlyForNesCOutput(t *testing.T) {
	src := "int Plain__x;\nvoid *w(void *a) { Plain__x = 1; return 0; }\nint main(void) { return 0; }\n"
	prog, err := Parse("plain.c", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	if g := prog.Global("Plain__x"); g == nil || g.CName != "Plain__x" {
		t.Errorf("a C program's global is renamed: %+v", g)
	}
	prog, err = Parse("app.c", []byte("# 1 \"PlainC.nc\"\n"+src))
	if err != nil {
		t.Fatal(err)
	}
	if g := prog.Global("Plain__x"); g == nil || g.CName != "Plain.x" || prog.Global("Plain.x") != g {
		t.Errorf("nescc's global is not named as in nesC: %+v", g)
	}
}
