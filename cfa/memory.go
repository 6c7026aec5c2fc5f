package cfa

import (
	"fmt"
	"sort"
	"strings"
)

// Memory is the layout of the C objects a program reaches through
// pointers. Each object is a run of cells: scalar variables (Data,
// Mutex, Handle or Sync), one per scalar field or element in memory
// order, so that a pointer is an integer: the address of a cell is the
// object's base plus the cell's index, pointer arithmetic on a T* moves
// by the number of cells of a T, and null is 0. A function's address is
// the base of an object without cells. Bases are far from 0 and apart, so
// that no address is a small integer and an address one past an
// object's end (which C lets a pointer hold) is no cell of another.
//
// The front end lowers every dereference into a choice over the cells
// it may reach, each guarded by the pointer's value, plus a runtime error
// when it reaches none; the engines therefore see only variables, and a
// concrete run is a run of the C program on exact memory.
//
// A summary object stands for unboundedly many objects of one layout
// (the objects of a library circ cannot see): instance n's cell i is at
// Base + i + n*InstanceStride. Its Cells hold one instance only, the
// tracked one, whose number is the symbolic constant Instance (chosen
// once, at the start, and never written): an access to cell i at
// address Base + i + Instance*InstanceStride is an access to Cells[i],
// one at any other instance reads an arbitrary value and writes nothing
// circ keeps. Since Instance may be any number, every instance is
// tracked in some run, so a race on any of them is a race on Cells[i]
// in some run, and a proof for Cells[i] holds for all.
//
// An element summary is a block of a length only known at run time (a
// malloc of n elements): instance n is its n-th element, Stride cells
// after the (n-1)-th, and the tracked element is the one circ keeps;
// Len holds the block's length, so that an access to the tracked element
// past it is an error. A site that allocates such blocks more than once
// lays them out one after another in its region, each after a gap of
// any size (Block): its elements are numbered across its blocks, the
// tracked one may be any of them, Len is the end of the block holding
// it and Block that block's first element. An access past a block's end
// lands in a gap in some run, where it is an error. circ considers the
// runs whose blocks at one site fit its region together (2^47 cells,
// freed ones included): a run that allocates more at one site is not
// covered. Each element summary has a region of its own,
// RegionSize cells from a multiple of RegionSize at RegionBase or above,
// larger than any block a 64-bit machine can allocate. An array summary
// (an array of thread handles the front end summarizes) is an element
// summary of another kind than HeapObject whose Len holds its constant
// length from the start: its region ends after that many elements.
type Memory struct {
	Objects []*Object
	// First is the address of the first object (0: firstBase). The
	// front end moves it away from the integer constants a program
	// writes, so that arithmetic on a constant is no arithmetic on an
	// address.
	First int64
	next  int64
	// flat are the objects laid out one after the other (in address
	// order), regions the element summaries (by region).
	flat, regions []*Object
}

// RegionBase is the address of the first element summary's region, and
// RegionSize the size of each: 2^47 cells hold every block an x86-64
// process can allocate (its address space is 2^47 bytes).
const (
	RegionBase int64 = 1 << 48
	RegionSize int64 = 1 << 47
)

// ObjectKind says what storage an object has.
type ObjectKind int

const (
	StaticObject ObjectKind = iota // a global or static variable
	StackObject                    // an address-taken local of one activation
	HeapObject                     // the block one allocation site returns
	FuncObject                     // a function (no cells)
	// ExternObject is a summary of the objects of one type that code
	// without a body (a library) owns and hands out pointers to.
	ExternObject
	// StringObject is a string literal: read-only chars, the last 0.
	// Writing one is a runtime error, so its cells never race.
	StringObject
)

// InstanceStride is the distance between two instances of a summary
// object: more than all objects' cells, so that an instance's address
// modulo InstanceStride is its representative's (instance 0's).
const InstanceStride int64 = 1 << 32

// Object is one C object of Memory.
type Object struct {
	// Name is the object as race targets name it: "g", "a",
	// "main::x", "malloc@file.c:42", or the function's name.
	Name  string
	Kind  ObjectKind
	Pos   Pos
	Base  int64
	Cells []*Var
	// Paths names each cell below the object as C writes it ("",
	// ".f", "[3]", "[1].next").
	Paths []string
	// Owner is the template whose code creates a stack or heap object
	// (nil for static objects and functions); Func is a function
	// object's function.
	Owner *CFA
	Func  string
	// Instance is a summary object's tracked instance (see Memory); nil
	// for an ordinary object.
	Instance *Var
	// Stride is an element summary's element size in cells (0 for
	// other objects, whose instances are InstanceStride apart), and
	// Len the variable holding its length in elements.
	Stride int64
	Len    *Var
	// Block is, for an element summary whose site allocates more
	// than once, the first element of the block holding the tracked
	// element (valid while the tracked element is below Len); nil
	// otherwise. Starts is 1 once a block starting at the tracked
	// element is allocated: free of that element's address is then
	// free of a block, and otherwise an error.
	Block, Starts *Var
	// Next is, for a summary whose site allocates more than once, the
	// site's counter: the number of the next instance it allocates (of
	// the next element, for an element summary); nil otherwise. The
	// tracked instance is allocated once Next passes Instance.
	Next *Var
}

// Instances are the variables choosing the tracked instance of each
// summary object (circ's own choices, not the program's).
func (m *Memory) Instances() map[*Var]bool {
	out := map[*Var]bool{}
	if m != nil {
		for _, o := range m.Objects {
			if o.Instance != nil {
				out[o.Instance] = true
			}
		}
	}
	return out
}

// NotYetAllocated maps the tracked instance of each summary whose site
// allocates more than once to the predicate that it is not allocated
// yet (Next <= Instance).
func (m *Memory) NotYetAllocated() map[*Var]Expr {
	out := map[*Var]Expr{}
	if m != nil {
		for _, o := range m.Objects {
			if o.Instance != nil && o.Next != nil {
				out[o.Instance] = Binary{Op: Le, X: Ref{V: o.Next}, Y: Ref{V: o.Instance}}
			}
		}
	}
	return out
}

// Summary reports whether o stands for unboundedly many objects.
func (o *Object) Summary() bool { return o.Instance != nil }

// Elements reports whether o is an element summary.
func (o *Object) Elements() bool { return o.Stride > 0 }

// FixedLen reports whether element summary o has a constant length,
// Len.Init (an array's; a heap block's, or main's argv, has a length
// only run time gives).
func (o *Object) FixedLen() bool {
	return o.Stride > 0 && o.Kind != HeapObject && o.Len != nil && o.Len.Init > 0
}

// InstanceStride is the distance between two instances of summary o.
func (o *Object) InstanceStride() int64 {
	if o.Stride > 0 {
		return o.Stride
	}
	return InstanceStride
}

// firstBase is the address of the first object.
const firstBase = 1 << 12

// NewObject lays out an object with the given cells after the objects
// laid out so far.
func (m *Memory) NewObject(o *Object) *Object {
	return m.Reserve(o, len(o.Cells))
}

// Reserve lays out o, which will have the given number of cells, after
// the objects laid out so far, before its cells exist: an initializer
// may take the address of the object it initializes.
func (m *Memory) Reserve(o *Object, cells int) *Object {
	if m.next == 0 {
		m.next = firstBase
		if m.First != 0 {
			m.next = m.First
		}
	}
	m.Objects = append(m.Objects, o)
	if o.Stride > 0 {
		o.Base = RegionBase + int64(len(m.regions))*2*RegionSize
		m.regions = append(m.regions, o)
		return o
	}
	o.Base = m.next
	// Keep bases aligned and at least one free address apart, so that
	// one past the end is no other object's cell.
	m.next += (int64(cells)/16 + 1) * 16
	m.flat = append(m.flat, o)
	return o
}

// End is the address one past o's last cell.
func (o *Object) End() int64 { return o.Base + int64(len(o.Cells)) }

// Addr is the address of cell i of o.
func (o *Object) Addr(i int) int64 { return o.Base + int64(i) }

// CellName names cell i as a race target: o's name and the cell's path.
func (o *Object) CellName(i int) string { return o.Name + o.Paths[i] }

// Find returns the object whose cells (or end) contain addr, and addr's
// cell index (len(Cells) for the end); nil if addr is no address. An
// address in any instance of a summary object finds the summary.
func (m *Memory) Find(addr int64) (*Object, int) {
	if m == nil {
		return nil, 0
	}
	if addr >= RegionBase {
		k := (addr - RegionBase) / (2 * RegionSize)
		if k >= int64(len(m.regions)) {
			return nil, 0
		}
		o := m.regions[k]
		off := addr - o.Base
		if o.FixedLen() {
			// An array summary: its constant length ends it.
			switch n := o.Len.Init * o.Stride; {
			case off == n:
				return o, len(o.Cells)
			case off > n:
				return nil, 0
			}
		}
		if off < RegionSize {
			return o, int(off % o.Stride)
		}
		return nil, 0
	}
	if addr >= InstanceStride {
		o, i := m.find(addr % InstanceStride)
		if o == nil || !o.Summary() {
			return nil, 0
		}
		return o, i
	}
	return m.find(addr)
}

func (m *Memory) find(addr int64) (*Object, int) {
	i := sort.Search(len(m.flat), func(i int) bool { return m.flat[i].End() >= addr })
	if i < len(m.flat) && addr >= m.flat[i].Base {
		return m.flat[i], int(addr - m.flat[i].Base)
	}
	return nil, 0
}

// Lowest is the least address an object may have: no smaller value is
// an address.
func (m *Memory) Lowest() int64 {
	if m.First != 0 {
		return m.First
	}
	return firstBase
}

// IsAddr reports whether addr is a cell's address, an object's end or a
// function's address.
func (m *Memory) IsAddr(addr int64) bool {
	o, _ := m.Find(addr)
	return o != nil
}

// Describe names the value addr as C would write the pointer: &a[3],
// &s.f, f (a function), &a[2]+1 style ends as "&a+N"; "" if addr is no
// address.
func (m *Memory) Describe(addr int64) string {
	o, i := m.Find(addr)
	switch {
	case o == nil:
		return ""
	case o.Kind == FuncObject:
		return o.Name
	}
	name := o.Name
	switch {
	case o.Elements():
		return fmt.Sprintf("&%s[%d]%s", o.Name, (addr-o.Base)/o.Stride, strings.TrimPrefix(o.Paths[i], "[*]"))
	case o.Summary():
		name += fmt.Sprintf("[#%d]", addr/InstanceStride)
	}
	if i == len(o.Cells) {
		return fmt.Sprintf("&%s+%d", name, i)
	}
	return "&" + name + o.Paths[i]
}
