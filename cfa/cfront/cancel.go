package cfront

import (
	"slices"

	"circ/cfa"

	"modernc.org/cc/v4"
)

// This file lowers thread cancellation (pthread_cancel, deferred, the
// default type). A cancelled thread goes on running until it reaches a
// cancellation point, and ends there. circ does not track which thread
// a request names: pthread_cancel only reads its handle, and, in a
// program that calls it, every thread may end at every cancellation
// point it reaches (cancellationPoint). That covers each run of the
// program: a thread cancelled ends at some point it reaches after the
// request, which is one of the runs where it ends there; one that is
// not goes on, which the other arm keeps. It adds runs (a thread that
// ends with no request, or with cancellation disabled), never removes
// one, so a proof holds; a race it reports comes with a run in which a
// thread ends early, which only an access of that thread before it
// ends can be part of. Asynchronous cancellation and cleanup handlers
// are rejected.

// cancellationPoints are the functions POSIX requires to be
// cancellation points, and those glibc makes one that circ models (the
// stdio functions that read or write a stream; libcFunc rows with a
// stream or format argument count too, see isCancellationPoint).
// Undefined functions are (external), since they may call one.
var cancellationPoints = map[string]bool{
	"accept": true, "aio_suspend": true, "clock_nanosleep": true, "close": true,
	"connect": true, "creat": true, "fcntl": true, "fdatasync": true, "fsync": true,
	"lockf": true, "mq_receive": true, "mq_send": true, "mq_timedreceive": true,
	"mq_timedsend": true, "msgrcv": true, "msgsnd": true, "msync": true,
	"nanosleep": true, "open": true, "openat": true, "pause": true, "poll": true,
	"pread": true, "pselect": true, "pthread_cond_timedwait": true,
	"pthread_cond_wait": true, "pthread_join": true, "pthread_testcancel": true,
	"pwrite": true, "read": true, "readv": true, "recv": true, "recvfrom": true,
	"recvmsg": true, "select": true, "sem_timedwait": true, "sem_wait": true,
	"send": true, "sendmsg": true, "sendto": true, "sigsuspend": true,
	"sigtimedwait": true, "sigwait": true, "sigwaitinfo": true, "sleep": true,
	"system": true, "tcdrain": true, "usleep": true, "wait": true, "waitid": true,
	"waitpid": true, "write": true, "writev": true,
	// glibc: the stdio and syslog functions that may write or read.
	"printf": true, "puts": true, "putchar": true, "perror": true, "fopen": true,
	"fdopen": true, "fclose": true, "fflush": true, "gets": true, "getchar": true,
	"scanf": true, "fscanf": true, "syslog": true, "vsyslog": true,
	"opendir": true, "readdir": true, "closedir": true, "getaddrinfo": true,
	"gethostbyname": true, "gethostbyaddr": true,
}

// scanCancels records whether the program may cancel a thread: it names
// pthread_cancel (a call, or its address taken) without defining it.
// Asynchronous cancellation, and cleanup handlers a cancellation would
// run, are rejected where cancellation is possible.
func (b *builder) scanCancels() {
	var cleanup cc.Node
	Walk(b.ast.TranslationUnit, func(n any, stack []any) bool {
		pe, ok := n.(*cc.PrimaryExpression)
		if !ok || pe.Case != cc.PrimaryExpressionIdent || b.funcs[pe.Token.SrcStr()] != nil {
			return true
		}
		switch pe.Token.SrcStr() {
		case "pthread_cancel":
			b.cancels = true
		case "__pthread_register_cancel", "_pthread_cleanup_push", "__pthread_cleanup_push":
			cleanup = pe
		}
		return true
	})
	if b.cancels && cleanup != nil {
		b.fail(cleanup, "unsupported: cleanup handlers (pthread_cleanup_push) in a program that cancels threads")
	}
}

// isCancellationPoint reports whether a call of the C library function
// name may end a thread that a request cancelled.
func isCancellationPoint(name string) bool {
	if cancellationPoints[name] {
		return true
	}
	f, ok := libcFuncs[name]
	if !ok {
		return false
	}
	for _, a := range f.args {
		if a == argStream || a == argFormat && !isStringFormat(name) {
			return true
		}
	}
	return false
}

// isStringFormat reports whether name formats into a string, not a
// stream (sprintf): no I/O, no cancellation point.
func isStringFormat(name string) bool {
	switch name {
	case "sprintf", "snprintf":
		return true
	}
	return false
}

// cancellationPoint lowers the start of a call of name that may end a
// cancelled thread (isCancellationPoint, or an undefined function,
// which may reach one) in a program that cancels threads: the thread
// may end there (not inside circ's atomic sections, which model steps
// no thread can interrupt).
func (t *tb) cancellationPoint(name string, p cfa.Pos) {
	if !t.b.cancels || t.cur == -1 || t.d > 0 {
		return
	}
	t.choose(p, arm{}, arm{body: func() {
		t.add(&cfa.Edge{Kind: cfa.Skip, Pos: p, Approx: true, Note: "a cancelled thread may end at " + name + " (a cancellation point)"})
		t.exit(p)
	}})
}

// cancelCall lowers the calls of the cancellation API, and the
// cancellation point a call of a library function may be; ok is false
// when the call itself is still to be lowered.
func (t *tb) cancelCall(name string, x *cc.PostfixExpression, as []cc.ExpressionNode, want bool, p cfa.Pos) (cfa.Expr, bool) {
	if t.b.funcs[name] != nil {
		return nil, false
	}
	if isCancellationPoint(name) {
		t.cancellationPoint(name, p)
	}
	switch name {
	case "pthread_cancel":
		// Reads the handle and asks nothing circ tracks
		// (cancellationPoint lets every thread end); 0, success.
		t.nargs(x, name, as, 1)
		t.discardRead(as[0], p)
	case "pthread_testcancel":
		t.nargs(x, name, as, 0)
	case "pthread_setcancelstate", "pthread_setcanceltype":
		// Disabling cancellation only removes runs circ keeps: no
		// effect. An asynchronous type lets the thread end at any
		// step from here on (asyncCancellation).
		t.nargs(x, name, as, 2)
		kind, known := t.constant(as[0])
		t.discardRead(as[0], p)
		if name == "pthread_setcanceltype" && (!known || kind == pthreadCancelAsynchronous) && t.b.cancels && t.cur != -1 {
			t.asyncFrom = append(t.asyncFrom, t.cur)
		}
		t.setOld(as[1], name, p)
	default:
		return nil, false
	}
	return zeroIf(want), true
}

// pthreadCancelAsynchronous is glibc's PTHREAD_CANCEL_ASYNCHRONOUS (and
// PTHREAD_CANCEL_DISABLE): cancellation at any step.
const pthreadCancelAsynchronous = 1

// setOld writes the previous state or type through pointer argument a
// of pthread_setcancelstate or pthread_setcanceltype, unless it is
// null: either of the two values, 0 or 1.
func (t *tb) setOld(a cc.ExpressionNode, name string, p cfa.Pos) {
	if isNull(a) {
		return
	}
	addr := t.stableValue(a, p)
	typ := pointee(a.Type())
	t.choose(p, arm{cond: mkBin(cfa.Eq, addr, num(0))}, arm{cond: mkBin(cfa.Ne, addr, num(0)), body: func() {
		t.update(t.atAddr(addr, typ, a), false, func(v *cfa.Var) cfa.Expr {
			t.add(&cfa.Edge{Kind: cfa.Havoc, LHS: v, Lo: num(0), Hi: num(1), Pos: p, Note: name + ": the previous setting"})
			return nil
		})
	}})
}

// asyncCancellation lets the thread end at every step it may take after
// setting the asynchronous cancellation type: an exit from each
// location reachable from there (outside circ's atomic sections).
func (t *tb) asyncCancellation() {
	if len(t.asyncFrom) == 0 {
		return
	}
	out := map[int][]*cfa.Edge{}
	for _, e := range t.c.Edges {
		out[e.From] = append(out[e.From], e)
	}
	seen := map[int]bool{}
	work := append([]int(nil), t.asyncFrom...)
	for len(work) > 0 {
		l := work[len(work)-1]
		work = work[:len(work)-1]
		if seen[l] {
			continue
		}
		seen[l] = true
		for _, e := range out[l] {
			work = append(work, e.To)
		}
	}
	locs := make([]int, 0, len(seen))
	for l := range seen {
		locs = append(locs, l)
	}
	slices.Sort(locs)
	for _, l := range locs {
		if t.depth[l] != 0 || len(out[l]) == 0 {
			continue // an atomic section, or the end of the thread
		}
		t.cur, t.d = l, 0
		t.add(&cfa.Edge{Kind: cfa.Skip, Pos: out[l][0].Pos, Approx: true, Note: "asynchronous cancellation: the thread may end at any step"})
		t.exit(out[l][0].Pos)
	}
	t.cur = -1
}
