package cfront

import (
	"regexp"
	"strings"

	"circ/cfa"
)

// This file names the globals of nescc's output as the nesC programmer
// wrote them. nescc prefixes a component's variable with the
// component's name (SchedulerBasicP__m_head; BlinkM$counter in nesC
// 1.1), and a generic component's with its instance number, after a
// comment that names the instance (/*CounterMilli32C.Transform*/
// TransformCounterC__0__m_upper). Reports show SchedulerBasicP.m_head
// and CounterMilli32C.Transform.m_upper; --var takes either name.

// nescInstanceRE finds an instance comment before a generic
// component's identifier: the instance path and the mangled prefix.
var nescInstanceRE = regexp.MustCompile(`/\*([A-Za-z_][\w.]*)\*/([A-Za-z][A-Za-z0-9]*(?:_[A-Za-z0-9]+)*__[0-9]+)__`)

// nescMangledRE splits a mangled name: component, instance number of a
// generic one, and the rest.
var nescMangledRE = regexp.MustCompile(`^([A-Za-z][A-Za-z0-9]*(?:_[A-Za-z0-9]+)*)(?:__([0-9]+))?(?:__|\$)(.+)$`)

// nescNames sets the CName of prog's globals to their nesC names; src
// is the text of nescc's output.
func nescNames(prog *cfa.Program, src []byte) {
	instances := map[string]string{}
	for _, m := range nescInstanceRE.FindAllSubmatch(src, -1) {
		instances[string(m[2])] = string(m[1])
	}
	for _, g := range prog.Globals {
		g.CName = nescName(g.CName, instances)
	}
}

// nescName is the nesC name of the C name c (an identifier, perhaps
// followed by a cell's path: [2].field), given the instance path of
// each generic component's prefix; c itself when it is no component's.
func nescName(c string, instances map[string]string) string {
	n := len(c) - len(strings.TrimLeft(c, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_$"))
	ident, path := c[:n], c[n:]
	m := nescMangledRE.FindStringSubmatch(ident)
	if m == nil {
		return c
	}
	rest := strings.ReplaceAll(strings.ReplaceAll(m[3], "$", "."), "__", ".")
	if strings.HasPrefix(rest, ".") || strings.HasSuffix(rest, ".") {
		return c
	}
	owner := m[1]
	if m[2] != "" {
		if inst, ok := instances[m[1]+"__"+m[2]]; ok {
			owner = inst
		} else {
			owner += "." + m[2]
		}
	}
	return owner + "." + rest + path
}
