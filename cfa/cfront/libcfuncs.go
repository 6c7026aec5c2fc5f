package cfront

import (
	"fmt"
	"math"
	"strings"

	"circ/cfa"
	"circ/cfa/pointsto"

	"modernc.org/cc/v4"
)

// This file holds the C library as data: libcFuncs says, for each
// function circ models from a table, what it does with each argument
// and what it returns, and lowerLibcCall lowers a call from its row.
// Adding a function of a known shape is a line of the table. The
// functions are thread-safe (glibc locks each stream; a FILE's state is
// the library's), so a call races with nothing but the program's memory
// it reads and writes, which it does exactly: the chars of a string up
// to its 0, as many bytes as a count allows. libc.go keeps the functions
// whose effect needs code of its own (memset, memcpy, scanf, those with
// hidden state).

// libcArg is what a library function does with an argument.
type libcArg byte

const (
	argInt       libcArg = iota // an integer or floating-point value, read
	argStream                   // a pointer to the library's own object (FILE *, DIR *): only the pointer is read
	argString                   // a string, read up to its terminating 0, or argCount chars
	argFormat                   // a printf format, then the arguments it converts
	argCount                    // an integer bounding the chars or bytes read or written through the other arguments
	argSize                     // the size of each item argCount counts (fread's): the bytes are their product
	argCopyTo                   // a string copy's destination: written with the chars of the argString after it, its 0 included (with argCount, as strncpy: zeros up to the count)
	argAppend                   // strcat's destination: read up to its 0, then written from there as argCopyTo
	argBytesIn                  // argCount bytes, read (write, send)
	argBytesOut                 // at most argCount bytes (any number without one: sprintf), written with any values; the result may say how many (read, recv)
	argEnd                      // a char ** (strtol's endptr): unless null, set to a pointer into the argString before it
	argObjIn                    // a pointer to one object of its type (struct tm), every cell read; null reads nothing
	argObjOut                   // a pointer to one object of its type (sigemptyset's set, sigwait's int), every cell written with any value; null writes nothing
	argObjInOut                 // argObjIn, then argObjOut (sigfillset's set)
	argObjZero                  // a pointer to one object of its type, every cell written with 0 (sigemptyset)
	argSigWord                  // a signal set whose word holding the bit of the signal the next argument numbers (from 1, 8*sizeof(word) to a word) is read and written with any value (sigaddset); another signal touches nothing
	argCallback                 // a function the library may run, in any number of new threads from the call on (signal's handler); SIG_IGN and SIG_DFL run nothing
	argOptString                // a string or null (dgettext's domain)
	argVaList                   // a va_list: the variadic arguments of the function that started it (variadic.go)
	argAddrOut                  // an object the call stores up to *argLenInOut bytes into (accept's struct sockaddr_in, getsockopt's int, or bytes); null stores nothing
	argLenInOut                 // a pointer to the size of the argAddrOut object before it (socklen_t *): read, then written with the size the call stores, which may be larger
	argSigAction                // sigaction's new action: read, and its handler runs as argCallback's (signals.go); null installs nothing
	argSigEvent                 // timer_create's struct sigevent: read; a notification by a new thread is a site circ does not model (signals.go)
	argHandleOut                // a pointer to a handle the call stores (timer_t): null or a pointer into the library's objects
	argNull                     // a pointer circ requires to be null (sigaction's old action: the handler it would store is not tracked)
	argFamily                   // an address family, a constant, read: it counts the bytes of the argBytesOut after it as argCount would (familyBytes; inet_pton's struct in_addr or in6_addr)
)

// familyBytes are the bytes of an address of each family (AF_INET,
// AF_INET6, the same numbers on every Linux target); a call given
// another family stores nothing (EAFNOSUPPORT).
var familyBytes = map[int64]int64{2: 4, 10: 16}

// libcReturn is what a library function returns.
type libcReturn byte

const (
	resInt      libcReturn = iota // any value of its type (libcRange may bound it)
	resLibrary                    // null or a pointer into the library's objects
	resDest                       // its first argument (strcpy, strcat)
	resInString                   // null or a pointer into its argString (strchr: the first char equal to its argInt)
	resInBytes                    // null or a pointer into the argCount bytes of its argBytesIn (memchr)
	resDup                        // null or a fresh block holding a copy of its argString, up to argCount chars (strdup, strndup)
	resCount                      // -1 or the number of bytes read or written, at most argCount
	resItems                      // the number of items read or written, at most argCount (fread)
	resLength                     // the number of chars before the argString's 0 (strlen)
	resCompare                    // the sign of the first difference of its two strings (strcmp)
	resMessage                    // its argString (gettext: the message, untranslated)
)

// libcFunc is a row of libcFuncs.
type libcFunc struct {
	args   []libcArg
	result libcReturn
	// approx is set where the row reads more than the function may
	// (strstr reads its whole haystack) or returns a pointer circ does
	// not compute: the report lists it.
	approx string
	// sets are the C library's globals the function writes (getopt's
	// optarg, a string; optind, an integer), where the program
	// declares them.
	sets []string
	// static: the result points to a static object the function
	// overwrites at every call (POSIX does not make it thread-safe):
	// the call may write the library's object it returns.
	static bool
}

// libcFuncs are the C library functions circ models by table.
var libcFuncs = map[string]libcFunc{
	// stdio: output, and the functions that open, flush or close a stream.
	"printf":    {args: []libcArg{argFormat}},
	"fprintf":   {args: []libcArg{argStream, argFormat}},
	"puts":      {args: []libcArg{argString}},
	"putchar":   {args: []libcArg{argInt}},
	"fputs":     {args: []libcArg{argString, argStream}},
	"fputc":     {args: []libcArg{argInt, argStream}},
	"putc":      {args: []libcArg{argInt, argStream}},
	"perror":    {args: []libcArg{argString}},
	"fflush":    {args: []libcArg{argStream}},
	"fclose":    {args: []libcArg{argStream}},
	"feof":      {args: []libcArg{argStream}},
	"ferror":    {args: []libcArg{argStream}},
	"fileno":    {args: []libcArg{argStream}},
	"fgetc":     {args: []libcArg{argStream}},
	"getc":      {args: []libcArg{argStream}},
	"rewind":    {args: []libcArg{argStream}},
	"fread":     {args: []libcArg{argBytesOut, argSize, argCount, argStream}, result: resItems},
	"fwrite":    {args: []libcArg{argBytesIn, argSize, argCount, argStream}, result: resItems},
	"fseek":     {args: []libcArg{argStream, argInt, argInt}},
	"ftell":     {args: []libcArg{argStream}},
	"fopen":     {args: []libcArg{argString, argString}, result: resLibrary},
	"fdopen":    {args: []libcArg{argInt, argString}, result: resLibrary},
	"setlocale": {args: []libcArg{argInt, argString}, result: resLibrary, static: true},
	"fgets":     {args: []libcArg{argBytesOut, argCount, argStream}, result: resDest, approx: "fgets: the chars it stores hold any values"},
	"vprintf":   {args: []libcArg{argString, argVaList}},
	"syslog":    {args: []libcArg{argInt, argFormat}},
	"vsyslog":   {args: []libcArg{argInt, argString, argVaList}},
	"openlog":   {args: []libcArg{argOptString, argInt, argInt}, approx: "openlog: reads its ident when called (glibc keeps the pointer and reads it at each syslog)"},
	"closelog":  {},
	"vfprintf":  {args: []libcArg{argStream, argString, argVaList}},
	"vsnprintf": {args: []libcArg{argBytesOut, argCount, argString, argVaList}, approx: "vsnprintf: the chars it stores hold any values"},
	"sprintf":   {args: []libcArg{argBytesOut, argFormat}, approx: "sprintf: the chars it stores hold any values"},
	"vsprintf":  {args: []libcArg{argBytesOut, argString, argVaList}, approx: "vsprintf: the chars it stores hold any values"},
	"snprintf":  {args: []libcArg{argBytesOut, argCount, argFormat}, approx: "snprintf: the chars it stores hold any values"},

	// string.h
	"strlen":      {args: []libcArg{argString}, result: resLength},
	"strnlen":     {args: []libcArg{argString, argCount}, result: resLength},
	"strcmp":      {args: []libcArg{argString, argString}, result: resCompare},
	"strncmp":     {args: []libcArg{argString, argString, argCount}, result: resCompare},
	"strcasecmp":  {args: []libcArg{argString, argString}, approx: "strcasecmp: reads both strings whole"},
	"strncasecmp": {args: []libcArg{argString, argString, argCount}, approx: "strncasecmp: reads both strings up to the count"},
	"strchr":      {args: []libcArg{argString, argInt}, result: resInString},
	"memcmp":      {args: []libcArg{argBytesIn, argBytesIn, argCount}, approx: "memcmp: reads the bytes of both; the sign it returns is any"},
	"memchr":      {args: []libcArg{argBytesIn, argInt, argCount}, result: resInBytes, approx: "memchr: reads all the bytes; returns null or any position in them"},
	"strrchr":     {args: []libcArg{argString, argInt}, result: resInString, approx: "strrchr: returns null or any position in the string"},
	"strstr":      {args: []libcArg{argString, argString}, result: resInString, approx: "strstr: reads both strings whole; returns null or any position in the first"},
	"strcasestr":  {args: []libcArg{argString, argString}, result: resInString, approx: "strcasestr: reads both strings whole; returns null or any position in the first"},
	"strpbrk":     {args: []libcArg{argString, argString}, result: resInString, approx: "strpbrk: reads both strings whole; returns null or any position in the first"},
	"strspn":      {args: []libcArg{argString, argString}, approx: "strspn: reads both strings whole"},
	"strcspn":     {args: []libcArg{argString, argString}, approx: "strcspn: reads both strings whole"},
	"strcpy":      {args: []libcArg{argCopyTo, argString}, result: resDest},
	"strncpy":     {args: []libcArg{argCopyTo, argString, argCount}, result: resDest},
	"strcat":      {args: []libcArg{argAppend, argString}, result: resDest},
	"strdup":      {args: []libcArg{argString}, result: resDup},
	"strndup":     {args: []libcArg{argString, argCount}, result: resDup},

	// libintl.h: a translation is the library's read-only string; circ
	// returns the message itself.
	"gettext":   {args: []libcArg{argString}, result: resMessage, approx: "gettext: returns its message untranslated"},
	"dgettext":  {args: []libcArg{argOptString, argString}, result: resMessage, approx: "dgettext: returns its message untranslated"},
	"dcgettext": {args: []libcArg{argOptString, argString, argInt}, result: resMessage, approx: "dcgettext: returns its message untranslated"},
	// The domain settings are the library's (it copies the strings).
	"textdomain":              {args: []libcArg{argOptString}, result: resLibrary},
	"bindtextdomain":          {args: []libcArg{argString, argOptString}, result: resLibrary},
	"bind_textdomain_codeset": {args: []libcArg{argString, argOptString}, result: resLibrary},

	// The library's own strings (extern.go's libraryStrings).
	"getenv":    {args: []libcArg{argString}, result: resLibrary},
	"strerror":  {args: []libcArg{argInt}, result: resLibrary, static: true},
	"ctime":     {args: []libcArg{argObjIn}, result: resLibrary, static: true},
	"inet_ntoa": {args: []libcArg{argInt}, result: resLibrary, static: true},

	// time.h
	"strftime":  {args: []libcArg{argBytesOut, argCount, argString, argObjIn}, approx: "strftime: the chars it stores hold any values"},
	"localtime": {args: []libcArg{argObjIn}, result: resLibrary, static: true},
	"gmtime":    {args: []libcArg{argObjIn}, result: resLibrary, static: true},
	"difftime":  {args: []libcArg{argInt, argInt}},

	// unistd.h's getopt: argv's strings are the library's; GNU's getopt
	// may also permute argv's pointers, which circ does not write.
	"getopt": {args: []libcArg{argInt, argStream, argString}, approx: "getopt: reads argv and may permute its pointers; circ does not check argv's accesses through it", sets: []string{"optarg", "optind", "optopt", "opterr"}},

	// stdlib.h and ctype.h
	"atoi":    {args: []libcArg{argString}},
	"atol":    {args: []libcArg{argString}},
	"atoll":   {args: []libcArg{argString}},
	"strtol":  {args: []libcArg{argString, argEnd, argInt}},
	"strtoul": {args: []libcArg{argString, argEnd, argInt}},
	// What older glibc headers' inline atoi and strtol call.
	"__strtol_internal":  {args: []libcArg{argString, argEnd, argInt, argInt}},
	"__strtoul_internal": {args: []libcArg{argString, argEnd, argInt, argInt}},
	"abs":                {args: []libcArg{argInt}},
	"labs":               {args: []libcArg{argInt}},
	"toupper":            {args: []libcArg{argInt}},
	"tolower":            {args: []libcArg{argInt}},
	"isalnum":            {args: []libcArg{argInt}},
	"isalpha":            {args: []libcArg{argInt}},
	"isdigit":            {args: []libcArg{argInt}},
	"isspace":            {args: []libcArg{argInt}},
	"isupper":            {args: []libcArg{argInt}},
	"islower":            {args: []libcArg{argInt}},
	"isprint":            {args: []libcArg{argInt}},
	"isxdigit":           {args: []libcArg{argInt}},
	"isgraph":            {args: []libcArg{argInt}},
	"ispunct":            {args: []libcArg{argInt}},
	"iscntrl":            {args: []libcArg{argInt}},
	"isblank":            {args: []libcArg{argInt}},
	"isascii":            {args: []libcArg{argInt}},

	// math.h: pure, of values circ does not compute (float.go).
	"sqrt":  {args: []libcArg{argInt}},
	"fabs":  {args: []libcArg{argInt}},
	"floor": {args: []libcArg{argInt}},
	"ceil":  {args: []libcArg{argInt}},
	"round": {args: []libcArg{argInt}},
	"log":   {args: []libcArg{argInt}},
	"exp":   {args: []libcArg{argInt}},
	"pow":   {args: []libcArg{argInt, argInt}},

	// unistd.h and sockets: file descriptors are the library's.
	"close":          {args: []libcArg{argInt}},
	"getpid":         {},
	"read":           {args: []libcArg{argInt, argBytesOut, argCount}, result: resCount},
	"write":          {args: []libcArg{argInt, argBytesIn, argCount}, result: resCount},
	"recv":           {args: []libcArg{argInt, argBytesOut, argCount, argInt}, result: resCount},
	"send":           {args: []libcArg{argInt, argBytesIn, argCount, argInt}, result: resCount},
	"socket":         {args: []libcArg{argInt, argInt, argInt}},
	"setsockopt":     {args: []libcArg{argInt, argInt, argInt, argBytesIn, argCount}},
	"gethostname":    {args: []libcArg{argBytesOut, argCount}},
	"gethostbyname":  {args: []libcArg{argString}, result: resLibrary, static: true},
	"gethostbyaddr":  {args: []libcArg{argBytesIn, argCount, argInt}, result: resLibrary, static: true},
	"getservbyname":  {args: []libcArg{argString, argString}, result: resLibrary, static: true},
	"getservbyport":  {args: []libcArg{argInt, argString}, result: resLibrary, static: true},
	"getprotobyname": {args: []libcArg{argString}, result: resLibrary, static: true},
	"inet_addr":      {args: []libcArg{argString}},
	"htons":          {args: []libcArg{argInt}},
	"htonl":          {args: []libcArg{argInt}},
	"ntohs":          {args: []libcArg{argInt}},
	"ntohl":          {args: []libcArg{argInt}},
	"bind":           {args: []libcArg{argInt, argBytesIn, argCount}},
	"accept":         {args: []libcArg{argInt, argAddrOut, argLenInOut}, approx: "accept: an address object's every cell may be stored"},
	"accept4":        {args: []libcArg{argInt, argAddrOut, argLenInOut, argInt}, approx: "accept4: an address object's every cell may be stored"},
	"getsockname":    {args: []libcArg{argInt, argAddrOut, argLenInOut}, approx: "getsockname: an address object's every cell may be stored"},
	"getpeername":    {args: []libcArg{argInt, argAddrOut, argLenInOut}, approx: "getpeername: an address object's every cell may be stored"},
	"getsockopt":     {args: []libcArg{argInt, argInt, argInt, argAddrOut, argLenInOut}, approx: "getsockopt: the option object's every cell may be stored"},
	"connect":        {args: []libcArg{argInt, argBytesIn, argCount}},
	"listen":         {args: []libcArg{argInt, argInt}},
	"shutdown":       {args: []libcArg{argInt, argInt}},
	"inet_pton":      {args: []libcArg{argFamily, argString, argBytesOut}},
	"getaddrinfo":    {args: []libcArg{argOptString, argOptString, argObjIn, argHandleOut}},
	"freeaddrinfo":   {args: []libcArg{argStream}},
	"gai_strerror":   {args: []libcArg{argInt}, result: resLibrary},
	"dup":            {args: []libcArg{argInt}},
	"dup2":           {args: []libcArg{argInt, argInt}},
	"gettimeofday":   {args: []libcArg{argObjOut, argObjOut}},

	// sys/resource.h: the limits, read and set as whole structs.
	"getrlimit": {args: []libcArg{argInt, argObjOut}},
	"setrlimit": {args: []libcArg{argInt, argObjIn}},

	// dirent.h and sys/stat.h. A DIR is the library's, like a FILE;
	// readdir's entry is storage the next readdir of the same stream
	// overwrites (POSIX does not make it thread-safe). stat's buffer
	// is the program's object, every field written.
	"opendir":   {args: []libcArg{argString}, result: resLibrary},
	"fdopendir": {args: []libcArg{argInt}, result: resLibrary},
	"readdir":   {args: []libcArg{argStream}, result: resLibrary, static: true},
	"closedir":  {args: []libcArg{argStream}},
	"rewinddir": {args: []libcArg{argStream}},
	"dirfd":     {args: []libcArg{argStream}},
	"stat":      {args: []libcArg{argString, argObjOut}},
	"lstat":     {args: []libcArg{argString, argObjOut}},
	"fstat":     {args: []libcArg{argInt, argObjOut}},
	// What older glibc headers' inline stat, lstat and fstat call
	// (the first argument is the struct's version).
	"__xstat":    {args: []libcArg{argInt, argString, argObjOut}},
	"__lxstat":   {args: []libcArg{argInt, argString, argObjOut}},
	"__fxstat":   {args: []libcArg{argInt, argInt, argObjOut}},
	"__xstat64":  {args: []libcArg{argInt, argString, argObjOut}},
	"__lxstat64": {args: []libcArg{argInt, argString, argObjOut}},
	"__fxstat64": {args: []libcArg{argInt, argInt, argObjOut}},
	"access":     {args: []libcArg{argString, argInt}},
	"unlink":     {args: []libcArg{argString}},
	"mkdir":      {args: []libcArg{argString, argInt}},
	"rmdir":      {args: []libcArg{argString}},
	"chdir":      {args: []libcArg{argString}},

	// signal.h. A handler may run at any time after it is installed, in
	// any thread that does not block its signal: circ runs it in any
	// number of new threads from the call on, which covers every point
	// it may interrupt (a handler that interrupts a thread holding a
	// lock it takes deadlocks; circ lets it wait instead, a superset).
	// Signal sets are objects of the program's the functions write.
	"signal":          {args: []libcArg{argInt, argCallback}},
	"sigemptyset":     {args: []libcArg{argObjZero}},
	"sigfillset":      {args: []libcArg{argObjOut}},
	"sigaddset":       {args: []libcArg{argSigWord, argInt}},
	"sigdelset":       {args: []libcArg{argSigWord, argInt}},
	"sigismember":     {args: []libcArg{argObjIn, argInt}},
	"sigprocmask":     {args: []libcArg{argInt, argObjIn, argObjOut}},
	"pthread_sigmask": {args: []libcArg{argInt, argObjIn, argObjOut}},
	"sigwait":         {args: []libcArg{argObjIn, argObjOut}},
	"raise":           {args: []libcArg{argInt}},
	"kill":            {args: []libcArg{argInt, argInt}},
	"alarm":           {args: []libcArg{argInt}},
	"pause":           {},
	"sleep":           {args: []libcArg{argInt}},
	"usleep":          {args: []libcArg{argInt}},
	"sigaction":       {args: []libcArg{argInt, argSigAction, argNull}},

	// time.h's clocks, sleeps and POSIX timers (signals.go). A timer_t
	// is the library's handle.
	"clock_gettime":    {args: []libcArg{argInt, argObjOut}},
	"clock_getres":     {args: []libcArg{argInt, argObjOut}},
	"nanosleep":        {args: []libcArg{argObjIn, argObjOut}},
	"clock_nanosleep":  {args: []libcArg{argInt, argInt, argObjIn, argObjOut}},
	"timer_create":     {args: []libcArg{argInt, argSigEvent, argHandleOut}},
	"timer_settime":    {args: []libcArg{argStream, argInt, argObjIn, argObjOut}},
	"timer_gettime":    {args: []libcArg{argStream, argObjOut}},
	"timer_getoverrun": {args: []libcArg{argStream}},
	"timer_delete":     {args: []libcArg{argStream}},
}

// libcCall is a call lowerLibcCall lowers: its row, arguments and their
// values (evaluated first, as C does before the call).
type libcCall struct {
	t    *tb
	name string
	f    libcFunc
	x    *cc.PostfixExpression
	as   []cc.ExpressionNode
	vals []cfa.Expr // each argument's value (nil for a literal format)
	p    cfa.Pos
}

// role is what the function does with argument i.
func (c *libcCall) role(i int) libcArg {
	switch n := len(c.f.args); {
	case i < n:
		return c.f.args[i]
	case n > 0 && c.f.args[n-1] == argFormat:
		return argFormat // an argument the format converts
	}
	c.t.b.fail(c.x, "%s takes %d argument(s), got %d", c.name, len(c.f.args), len(c.as))
	return argInt
}

// arg is the index of the first argument of role r, or -1.
func (c *libcCall) arg(r libcArg) int {
	for i, a := range c.f.args {
		if a == r {
			return i
		}
	}
	return -1
}

// count is the number of bytes or chars the argCount argument allows
// (times argSize), or nil.
func (c *libcCall) count() cfa.Expr {
	i := c.arg(argCount)
	if i < 0 {
		if n, ok := c.familyCount(); ok {
			return num(n)
		}
		return nil
	}
	if s := c.arg(argSize); s >= 0 {
		return mkBin(cfa.Mul, c.vals[s], c.vals[i])
	}
	return c.vals[i]
}

// constCount is count as a constant, if it is one.
func (c *libcCall) constCount() (int64, bool) {
	i := c.arg(argCount)
	if i < 0 {
		return c.familyCount()
	}
	n, ok := c.t.constant(c.as[i])
	if s := c.arg(argSize); s >= 0 && ok {
		k, known := c.t.constant(c.as[s])
		n, ok = n*k, known
	}
	return n, ok
}

// familyCount is the byte count the argFamily argument gives, if the
// row has one.
func (c *libcCall) familyCount() (int64, bool) {
	i := c.arg(argFamily)
	if i < 0 {
		return 0, false
	}
	af, ok := c.t.constant(c.as[i])
	if !ok {
		c.t.b.fail(c.as[i], "unsupported: %s with an address family that is not a constant", c.name)
	}
	return familyBytes[af], true
}

// countNode is the argument that counts the bytes (argCount or
// argFamily), for messages and types.
func (c *libcCall) countNode() cc.ExpressionNode {
	if i := c.arg(argCount); i >= 0 {
		return c.as[i]
	}
	return c.as[c.arg(argFamily)]
}

// lowerLibcCall lowers a call of a function of libcFuncs; ok is false
// for other functions.
func (t *tb) lowerLibcCall(name string, x *cc.PostfixExpression, as []cc.ExpressionNode, want bool, p cfa.Pos) (v cfa.Expr, ok bool) {
	f, ok := libcFuncs[name]
	if !ok || t.b.funcs[name] != nil {
		return nil, false
	}
	c := &libcCall{t: t, name: name, f: f, x: x, as: as, vals: make([]cfa.Expr, len(as)), p: p}
	if len(as) < len(f.args) {
		t.b.fail(x, "%s takes %d argument(s), got %d", name, len(f.args), len(as))
	}
	if t.b.havocUnknown && c.untypedBytes() {
		// A row reads bytes of a type it can see; through a pointer
		// to void it cannot, but an unknown function may reach them
		// (--unknown-functions havoc).
		return nil, false
	}
	for i, a := range as {
		switch r := c.role(i); {
		case isInt(a.Type()) && (r == argInt || r == argCount || r == argSize || r == argFormat || r == argFamily):
			c.vals[i] = t.stableValue(a, p)
		case isFloat(a.Type()) && (r == argInt || r == argFormat):
			t.discardRead(a, p) // a value circ does not compute (float.go)
		case r == argVaList:
			t.discardRead(a, p) // stands for the variadic arguments
		case r == argInt && t.b.isStruct(a.Type()):
			t.aggregateArg(a, p) // a value (inet_ntoa's struct in_addr): every cell read
		case isInt(a.Type()) && isNull(a) && (r == argOptString || r == argObjIn || r == argObjOut || r == argObjInOut || r == argObjZero || r == argSigWord || r == argAddrOut || r == argLenInOut || r == argSigAction || r == argSigEvent || r == argHandleOut || r == argNull):
			c.vals[i] = num(0) // a 0 where a pointer may be null
		case isPtr(a.Type()) && r != argInt && r != argCount && r != argSize && r != argFamily:
			if r == argFormat && isLiteral(a) {
				continue // the format, or a literal it converts: nothing writes it
			}
			c.vals[i] = t.stableValue(a, p)
		default:
			t.b.fail(a, "unsupported: %s argument of %s", describe(a.Type()), name)
		}
	}
	if f.approx != "" {
		t.add(&cfa.Edge{Kind: cfa.Skip, Pos: p, Approx: true, Note: f.approx})
	}
	var length *cfa.Var // resLength's count
	var res *cfa.Var    // the result, where the arguments' effects set it
	if f.result != resInt && f.result != resLength && f.result != resDest && f.result != resMessage || c.arg(argBytesOut) >= 0 {
		res = t.temp(x.Type())
	}
	for i, a := range as {
		switch c.role(i) {
		case argString:
			if c.f.result == resCompare && i == 1 {
				continue // compared with the first (resCompare)
			}
			if c.f.result == resCompare {
				t.compareStrings(c, res)
				continue
			}
			if isLiteral(a) && f.result != resLength && f.result != resInString && f.result != resDup {
				continue // nothing writes it
			}
			var stop func(ch cfa.Expr) cfa.Expr
			var sought cfa.Expr
			if f.result == resInString && f.approx == "" {
				// strchr: up to the first char equal to the int.
				sought = t.convert(c.as[1], c.vals[1], c.as[1].Type(), t.b.intType(c.charType(i)))
				stop = func(ch cfa.Expr) cfa.Expr { return mkBin(cfa.Eq, ch, sought) }
			}
			k, last := t.walkChars(charWalk{src: c.vals[i], srcN: a, elem: c.charType(i), limit: c.count(), str: true, stop: stop}, p)
			first := i == c.arg(argString) // the result is about the first string
			switch {
			case !first:
			case f.result == resLength:
				length = k
			case f.result == resInString:
				t.positionIn(c, i, k, last, sought, stop != nil, res)
			case f.result == resDup:
				t.duplicate(c, i, k, res)
			}
			if e := c.arg(argEnd); e > i {
				t.setEnd(c, e, i, k)
			}
		case argOptString:
			t.choose(p,
				arm{cond: mkBin(cfa.Eq, c.vals[i], num(0))},
				arm{cond: mkBin(cfa.Ne, c.vals[i], num(0)), body: func() {
					t.walkChars(charWalk{src: c.vals[i], srcN: a, elem: c.charType(i), str: true}, p)
				}})
		case argFormat:
			if i == len(f.args)-1 {
				t.printfArgs(c, i)
			}
		case argCopyTo, argAppend:
			t.copyString(c, i)
		case argVaList:
			t.readVaStrings(c, i)
		case argObjIn:
			t.touchObject(c, i, objectTouch{read: true})
		case argObjOut:
			t.touchObject(c, i, objectTouch{write: true})
		case argObjInOut:
			t.touchObject(c, i, objectTouch{read: true, write: true})
		case argObjZero:
			t.touchObject(c, i, objectTouch{write: true, value: num(0)})
		case argSigWord:
			t.touchSignalWord(c, i)
		case argCallback:
			t.spawnCallback(name, c.vals[i], a, 1, p)
		case argSigAction:
			t.sigAction(c, i)
		case argSigEvent:
			t.sigEvent(c, i)
		case argHandleOut:
			t.handleOut(c, i)
		case argNull:
			if k, ok := c.vals[i].(cfa.Const); !ok || k.Val != 0 {
				t.b.fail(a, "unsupported: %s, argument of %s, may not be null: circ does not track what the call stores there", nodeText(a), name)
			}
		case argBytesIn:
			typed := c.typedBuffer(i)
			switch elem := t.bufferType(a); {
			case typed:
				t.touchCells(c, i, false)
			case f.result != resInBytes && elem != nil && !isVoid(elem) && !byteType(elem):
				t.readObjects(c, i, elem)
			default:
				t.walkChars(charWalk{src: c.vals[i], srcN: a, elem: c.byteType(i), limit: c.count()}, p)
			}
			if f.result == resCount {
				// -1 or at most the count, within the result's type
				// (a size_t count may exceed an ssize_t).
				_, hi := t.b.rangeOf(x.Type())
				t.add(&cfa.Edge{Kind: cfa.Havoc, LHS: res, Lo: num(-1), Hi: hi, Pos: p, Note: name + " result"})
				t.add(&cfa.Edge{Kind: cfa.Assume, Cond: mkBin(cfa.Le, ref(res), c.count()), Pos: p})
			}
			if f.result == resInBytes {
				j := t.temp(nil)
				t.add(&cfa.Edge{Kind: cfa.Havoc, LHS: j, Lo: num(0), Hi: mkBin(cfa.Sub, c.count(), num(1)), Pos: p, Note: name + ": a position in the bytes"})
				t.choose(p,
					arm{body: func() { t.set(res, num(0), p) }},
					arm{cond: mkBin(cfa.Gt, c.count(), num(0)), body: func() {
						// Only a walk's bytes stay in one run: an object's
						// bytes (memchr(&s, ...)) are all its cells.
						pos := mkBin(cfa.Add, c.vals[i], ref(j))
						if !typed {
							pos = t.stringPosition(c.vals[i], j, false)
						}
						t.set(res, pos, p)
					}})
			}
		case argAddrOut:
			t.storeAddress(c, i)
		case argBytesOut:
			var n *cfa.Var
			if c.typedBuffer(i) {
				// An object of another type: every cell may be
				// written, and the count is any up to the size.
				t.touchCells(c, i, true)
				n = t.temp(c.countNode().Type())
				t.add(&cfa.Edge{Kind: cfa.Havoc, LHS: n, Lo: num(0), Hi: c.count(), Pos: p, Note: name + ": the bytes it stores"})
			} else {
				n, _ = t.walkChars(charWalk{dst: c.vals[i], dstN: a, elem: c.byteType(i), limit: c.count(), mayStop: true}, p)
			}
			switch f.result {
			case resCount:
				t.choose(p, arm{body: func() { t.set(res, ref(n), p) }}, arm{body: func() { t.set(res, num(-1), p) }})
			case resDest:
				t.choose(p, arm{body: func() { t.set(res, c.vals[i], p) }}, arm{body: func() { t.set(res, num(0), p) }})
			}
		}
	}
	if f.result == resItems {
		t.add(&cfa.Edge{Kind: cfa.Havoc, LHS: res, Lo: num(0), Hi: c.vals[c.arg(argCount)], Pos: p, Note: name + " result"})
	}
	for _, g := range f.sets {
		t.setLibraryGlobal(g, x, p)
	}
	if f.static {
		t.overwriteStatic(name, x, p)
	}
	if !want {
		return nil, true
	}
	switch f.result {
	case resLength:
		return ref(length), true
	case resInString, resInBytes, resDup, resCount, resItems, resCompare:
		return ref(res), true
	case resDest:
		if c.arg(argBytesOut) < 0 {
			return c.vals[0], true
		}
		return ref(res), true
	case resMessage:
		return c.vals[c.arg(argString)], true
	case resLibrary:
		if isPtr(x.Type()) {
			t.externPointer(pointee(x.Type()), res, p)
			return ref(res), true
		}
	}
	if !isInt(x.Type()) && !isFloat(x.Type()) {
		t.b.fail(x, "unsupported: %s returns %s", name, describe(x.Type()))
	}
	return ref(t.result(name, x, p)), true
}

// literalChars is the chars of string literal x, as C reads them
// (escapes decoded, adjacent literals joined), without the final 0.
func literalChars(x *cc.PrimaryExpression) string {
	sv, _ := x.Value().(cc.StringValue)
	s, _, _ := strings.Cut(string(sv), "\x00") // printf stops at the first 0
	return s
}

// isLiteral reports whether a is a string literal (through casts).
func isLiteral(a cc.ExpressionNode) bool {
	s, ok := stripCasts(a).(*cc.PrimaryExpression)
	return ok && s.Case == cc.PrimaryExpressionString
}

// charType is the char type of the string argument i points to.
func (c *libcCall) charType(i int) cc.Type {
	elem := pointee(c.as[i].Type())
	if elem == nil || elem.Size() != 1 || !isInt(elem) {
		c.t.b.fail(c.as[i], "unsupported: %s argument of %s", describe(c.as[i].Type()), c.name)
	}
	return elem
}

// positionIn sets res to the result of strchr (exact: where the walk
// stopped on the sought char, else null) or strrchr and strstr (null or
// any position in the string of k chars), whose string is argument i.
func (t *tb) positionIn(c *libcCall, i int, k, last *cfa.Var, sought cfa.Expr, exact bool, res *cfa.Var) {
	p := c.p
	if exact {
		found := mkBin(cfa.Eq, ref(last), sought)
		t.choose(p,
			arm{cond: found, body: func() { t.set(res, t.stringPosition(c.vals[i], k, true), p) }},
			arm{cond: mkUn(cfa.Not, found), body: func() { t.set(res, num(0), p) }})
		return
	}
	j := t.temp(nil)
	t.add(&cfa.Edge{Kind: cfa.Havoc, LHS: j, Lo: num(0), Hi: ref(k), Pos: p, Note: c.name + ": a position in the string"})
	t.choose(p,
		arm{body: func() { t.set(res, num(0), p) }},
		arm{body: func() { t.set(res, t.stringPosition(c.vals[i], j, false), p) }})
}

// stringPosition is start + k, a position in the string (or bytes) at
// start that a walk over it (walkChars) reached or passed: the walk's steps stayed
// in the string's run of bytes, or were stopped, and so does the
// position, which the points-to analysis is told (Subscript.Run).
// found: the walk read the char there.
func (t *tb) stringPosition(start cfa.Expr, k *cfa.Var, found bool) cfa.Expr {
	pos := mkBin(cfa.Add, start, ref(k))
	if sum, ok := pos.(cfa.Binary); ok {
		t.b.subs[sum] = pointsto.Subscript{Stride: 1, Run: true, Found: found}
	}
	return pos
}

// storeAddress lowers the store of a socket address or option into
// argument i (argAddrOut), of at most as many bytes as the size argument
// j (argLenInOut) points to says, and the size it then stores there: a
// buffer of chars gets up to that many chars of any value; an object of
// another type (the struct sockaddr_in a cast hides, an int) any value
// in every cell, and a size larger than the object is undefined
// behaviour (the call may store past it). Null (either pointer) stores
// nothing.
func (t *tb) storeAddress(c *libcCall, i int) {
	p, a := c.p, c.as[i]
	j := c.arg(argLenInOut)
	if isNull(c.as[i]) || isNull(c.as[j]) {
		return // nothing stored (a null size pointer fails with EFAULT)
	}
	lenTyp := pointee(c.as[j].Type())
	if lenTyp == nil || !isInt(lenTyp) {
		t.b.fail(c.as[j], "unsupported: %s argument of %s", describe(c.as[j].Type()), c.name)
	}
	none := mkBin(cfa.Or, mkBin(cfa.Eq, c.vals[i], num(0)), mkBin(cfa.Eq, c.vals[j], num(0)))
	t.choose(p, arm{cond: none}, arm{cond: mkUn(cfa.Not, none), body: func() {
		size := t.load(t.atAddr(c.vals[j], lenTyp, c.as[j]))
		typ := t.bufferType(a)
		if typ == nil || isVoid(typ) || byteType(typ) {
			t.walkChars(charWalk{dst: c.vals[i], dstN: a, elem: c.byteType(i), limit: size, mayStop: true}, p)
		} else {
			t.choose(p,
				arm{cond: mkBin(cfa.Gt, size, num(typ.Size())), body: func() {
					t.undefined(p, fmt.Sprintf("%s may store more bytes than %s holds (%d)", c.name, nodeText(a), typ.Size()))
				}},
				arm{cond: mkBin(cfa.Le, size, num(typ.Size())), body: func() {
					var cells []cellSpec
					t.b.layout(typ, "", 0, false, &cells)
					for k, cs := range cells {
						if cs.bad != "" || t.b.syncTypeName(cs.typ) != "" || isPtr(cs.typ) {
							t.b.fail(a, "unsupported: %s writing %s", c.name, describeC(cs.typ))
						}
						t.update(t.atAddr(mkBin(cfa.Add, c.vals[i], num(int64(k))), cs.typ, a), false, func(v *cfa.Var) cfa.Expr {
							lo, hi := t.b.rangeOf(cs.typ)
							t.add(&cfa.Edge{Kind: cfa.Havoc, LHS: v, Lo: lo, Hi: hi, Pos: p, Note: c.name + " stores"})
							return nil
						})
					}
				}})
		}
		t.update(t.atAddr(c.vals[j], lenTyp, c.as[j]), false, func(v *cfa.Var) cfa.Expr {
			lo, hi := t.b.rangeOf(lenTyp)
			t.add(&cfa.Edge{Kind: cfa.Havoc, LHS: v, Lo: lo, Hi: hi, Pos: p, Note: c.name + ": the size it stores"})
			return nil
		})
	}})
}

// typedBuffer reports whether buffer argument i points to an object of
// a type other than char (setsockopt's int, connect's sockaddr) and the
// count is a constant: touchCells covers its cells.
func (c *libcCall) typedBuffer(i int) bool {
	elem := c.t.bufferType(c.as[i])
	if elem == nil || isVoid(elem) || byteType(elem) {
		return false
	}
	_, ok := c.constCount()
	return ok
}

// overwriteStatic lowers the write a call x of a function that is not
// thread-safe makes to the static object it returns (libcFunc.static):
// the library's object of the result's type circ tracks, any of them,
// may be that object, and then gets new contents. The report lists it.
func (t *tb) overwriteStatic(name string, x *cc.PostfixExpression, p cfa.Pos) {
	pt := pointee(x.Type())
	var cells []*cfa.Var
	switch {
	case byteType(pt):
		cells = t.b.libraryStrings(p).Cells
	case t.b.externable(pt):
		cells = t.b.externObject(pt, x).Cells
	default:
		t.b.fail(x, "unsupported: %s returns %s", name, describe(x.Type()))
	}
	note := name + " overwrites the static object it returns (not thread-safe)"
	t.choose(p, arm{}, arm{body: func() {
		for _, v := range cells {
			ct := t.b.cellTyp[v]
			switch {
			case v.Kind != cfa.Data:
			case isPtr(ct) && (t.b.externable(pointee(ct)) || byteType(pointee(ct))):
				t.externPointer(pointee(ct), v, p)
			default:
				lo, hi := t.b.rangeOf(ct)
				t.add(&cfa.Edge{Kind: cfa.Havoc, LHS: v, Lo: lo, Hi: hi, Pos: p, Approx: true, Note: note})
			}
		}
	}})
}

// setLibraryGlobal writes the C library's global name (libcGlobals),
// if the program declares it: a char pointer with null or a library
// string, an integer with any value.
func (t *tb) setLibraryGlobal(name string, x cc.Node, p cfa.Pos) {
	d := t.b.gdecls[name]
	if d == nil {
		return
	}
	l := t.lookup(d, x)
	if l.v == nil || l.v.Kind != cfa.Data {
		t.b.fail(x, "unsupported: %s, which %s writes, declared as %s", name, nodeText(x), describeC(d.Type()))
	}
	switch typ := d.Type(); {
	case isPtr(typ) && byteType(pointee(typ)):
		t.libraryString(l.v, p)
	case isInt(typ):
		lo, hi := t.b.rangeOf(typ)
		t.add(&cfa.Edge{Kind: cfa.Havoc, LHS: l.v, Lo: lo, Hi: hi, Pos: p, Note: "the C library sets " + name})
	default:
		t.b.fail(x, "unsupported: %s, which the C library sets, declared as %s", name, describeC(typ))
	}
}

// objectTouch is what touchObject does with the cells of an object.
type objectTouch struct {
	read, write bool
	value       cfa.Expr // what write stores; nil: any value
	only        *int     // the one cell touched; nil: every cell
}

// touchObject touches the object argument i points to as a library
// function does with it whole (strftime reads a struct tm;
// sigemptyset writes its set with zeros): it reads the cells, then
// writes them. A null pointer touches nothing.
func (t *tb) touchObject(c *libcCall, i int, how objectTouch) {
	if k, ok := c.vals[i].(cfa.Const); ok && k.Val == 0 {
		return // a literal null
	}
	cells := c.objectCells(i)
	verb := "reading"
	if how.write {
		verb = "writing"
	}
	addr := c.vals[i]
	t.choose(c.p, arm{cond: mkBin(cfa.Ne, addr, num(0)), body: func() {
		for j, cs := range cells {
			if how.only != nil && j != *how.only {
				continue
			}
			if cs.bad != "" || t.b.syncTypeName(cs.typ) != "" || isPtr(cs.typ) && how.write {
				t.b.fail(c.as[i], "unsupported: %s %s %s", c.name, verb, describeC(cs.typ))
			}
			lv := t.atAddr(mkBin(cfa.Add, addr, num(int64(j))), cs.typ, c.as[i])
			if how.read {
				t.keepRead(t.load(lv), cs.typ, c.p)
			}
			if !how.write {
				continue
			}
			t.update(lv, false, func(v *cfa.Var) cfa.Expr {
				if how.value != nil {
					return t.store(v, how.value, false, c.p)
				}
				lo, hi := t.b.rangeOf(cs.typ)
				t.add(&cfa.Edge{Kind: cfa.Havoc, LHS: v, Lo: lo, Hi: hi, Pos: c.p, Note: c.name + " stores"})
				return nil
			})
		}
	}}, arm{cond: mkBin(cfa.Eq, addr, num(0))})
}

// objectCells lays out the object argument i points to.
func (c *libcCall) objectCells(i int) []cellSpec {
	typ := pointee(c.as[i].Type())
	if typ == nil || isVoid(typ) {
		c.t.b.fail(c.as[i], "unsupported: %s argument of %s", describe(c.as[i].Type()), c.name)
	}
	var cells []cellSpec
	c.t.b.layout(typ, "", 0, false, &cells)
	return cells
}

// touchSignalWord lowers sigaddset's and sigdelset's access to the
// signal set argument i points to: the word holding the bit of the
// signal argument i+1 numbers, read and written with any value (the
// set's bits are values circ does not follow: sigwait returns any
// signal). A signal number out of the set's range touches nothing.
func (t *tb) touchSignalWord(c *libcCall, i int) {
	sig := c.vals[i+1]
	cells := c.objectCells(i)
	if len(cells) == 0 || !isInt(cells[0].typ) {
		t.b.fail(c.as[i], "unsupported: %s argument of %s", describe(c.as[i].Type()), c.name)
	}
	bits := cells[0].typ.Size() * 8
	arms := []arm{{cond: mkBin(cfa.Or, mkBin(cfa.Lt, sig, num(1)), mkBin(cfa.Gt, sig, num(int64(len(cells))*bits)))}}
	for j := range cells {
		j := j
		in := mkBin(cfa.And, mkBin(cfa.Ge, sig, num(int64(j)*bits+1)), mkBin(cfa.Le, sig, num(int64(j+1)*bits)))
		arms = append(arms, arm{cond: in, body: func() {
			t.touchObject(c, i, objectTouch{read: true, write: true, only: &j})
		}})
	}
	t.choose(c.p, arms...)
}

// readObjects lowers the read of buffer argument i, an object of type
// elem whose bytes the call counts at run time (connect's struct
// sockaddr, which may be a larger struct sockaddr_in6): every cell of
// the object the pointer points into is read, a superset of the bytes
// the count covers. A library's own object is not the program's to
// race on.
func (t *tb) readObjects(c *libcCall, i int, elem cc.Type) {
	var specs []cellSpec
	t.b.layout(elem, "", 0, false, &specs)
	if len(specs) == 0 {
		return
	}
	la := &libArg{n: c.as[i], addr: c.vals[i], readOnly: true, first: specs[0].typ}
	t.libraryObjects(la, c.p, func(o *cfa.Object) {
		if libraryOwn(t.b, o) {
			return
		}
		for _, v := range o.Cells {
			if v.Kind == cfa.Data {
				t.add(&cfa.Edge{Kind: cfa.Assign, LHS: t.temp(t.b.cellTyp[v]), RHS: ref(v), Pos: c.p})
			}
		}
	}, func(int64) {})
}

// touchCells reads, or writes with any value, each cell of the object
// buffer argument i points to that the count covers (memCells).
func (t *tb) touchCells(c *libcCall, i int, write bool) {
	size, ok := c.constCount()
	buf := c.as[i]
	if s := stripCasts(buf); pointee(s.Type()) != nil && !isVoid(pointee(s.Type())) {
		buf = s // the object's own cells (bufferType)
	}
	cells, partial := t.memCellsOf(c.name, buf, c.countNode(), size, ok, true)
	for j, cs := range cells {
		handle := t.b.isHandle(cs.typ)
		if t.b.syncTypeName(cs.typ) != "" && !handle {
			t.b.fail(c.as[i], "unsupported: %s over %s", c.name, describeC(cs.typ))
		}
		lv := t.atAddr(mkBin(cfa.Add, c.vals[i], num(int64(j))), cs.typ, c.as[i])
		if !write {
			t.keepRead(t.load(lv), cs.typ, c.p)
			continue
		}
		note := c.name + ": the bytes it stores"
		if j >= len(cells)-partial {
			note = c.name + ": a cell it stores only in part"
		}
		if handle {
			// Bytes from outside (a file, a socket) name no
			// thread the program created: a join of them waits
			// for none, pthread_equal finds no thread equal.
			t.update(lv, false, func(v *cfa.Var) cfa.Expr {
				t.add(&cfa.Edge{Kind: cfa.Assign, LHS: v, RHS: num(0), Pos: c.p, Approx: true, Note: note + " in " + describeC(cs.typ) + " name no thread circ saw created"})
				return nil
			})
			continue
		}
		t.update(lv, false, func(v *cfa.Var) cfa.Expr {
			lo, hi := t.b.rangeOf(cs.typ)
			t.add(&cfa.Edge{Kind: cfa.Havoc, LHS: v, Lo: lo, Hi: hi, Pos: c.p, Note: note})
			return nil
		})
	}
}

// bufferType is what buffer argument a points to: the pointee of the
// pointer before any cast, since the function sees bytes ((void *)&val,
// (struct sockaddr *)&sin).
func (t *tb) bufferType(a cc.ExpressionNode) cc.Type {
	if elem := pointee(t.typedSource(a).Type()); elem != nil && !isVoid(elem) {
		return elem
	}
	return pointee(a.Type())
}

// typedSource is the expression whose type says what pointer a points
// to: a without its casts, and, where that is a void pointer parameter
// of a function being inlined that its body never writes, the argument
// the call passed for it, in turn (a wrapper's memset(buf, 0, n) clears
// what its caller gave it as buf).
func (t *tb) typedSource(a cc.ExpressionNode) cc.ExpressionNode {
	a = stripCasts(a)
	for fr := t.fr; fr != nil; fr = fr.caller {
		d := identOf(a)
		given, ok := fr.given[d]
		if d == nil || !ok {
			break
		}
		a = stripCasts(given)
	}
	return a
}

// untypedBytes reports whether a byte-buffer argument of the call points
// to void only, where byteType cannot tell its bytes.
func (c *libcCall) untypedBytes() bool {
	for i, a := range c.as {
		if r := c.role(i); r != argBytesIn && r != argBytesOut {
			continue
		}
		if elem := c.t.bufferType(a); elem == nil || isVoid(elem) {
			return true
		}
	}
	return false
}

// byteType is the type of the bytes argument i points to: its chars,
// also through a cast to void * (write(fd, (void *)buf, n)).
func (c *libcCall) byteType(i int) cc.Type {
	a := c.as[i]
	elem := c.t.bufferType(a)
	if elem == nil || elem.Size() != 1 || !isInt(elem) {
		c.t.b.fail(a, "unsupported: %s of %s through %s (circ models byte buffers of chars)", c.name, describeC(elem), describe(a.Type()))
	}
	return elem
}

// gettextMsgid is the msgid argument of the gettext functions: the
// translation they return converts the same arguments (gettext requires
// it of every translation).
var gettextMsgid = map[string]int{"gettext": 0, "dgettext": 1, "dcgettext": 1, "ngettext": 0, "dngettext": 1, "dcngettext": 1}

// formatLiteral is the string literal a printf format a is, directly or
// as the msgid of a gettext call (_("...")), or nil.
func formatLiteral(a cc.ExpressionNode) *cc.PrimaryExpression {
	if isLiteral(a) {
		return stripCasts(a).(*cc.PrimaryExpression)
	}
	if x, id := directCall(stripCasts(a)); x != nil {
		if k, ok := gettextMsgid[id.Token.SrcStr()]; ok {
			if as := args(x.ArgumentExpressionList); k < len(as) && isLiteral(as[k]) {
				return stripCasts(as[k]).(*cc.PrimaryExpression)
			}
		}
	}
	return nil
}

// printfArgs lowers what a printf-like function reads of the arguments
// its format (argument i) converts: integers, the chars of each string
// a %s prints up to its 0 or the precision.
func (t *tb) printfArgs(c *libcCall, i int) {
	var convs []printConv
	known := false // a format circ reads: convs is what it converts
	if lit := formatLiteral(c.as[i]); lit != nil {
		var bad string
		if convs, bad = printfConvs(literalChars(lit)); bad != "" {
			t.b.fail(c.as[i], "unsupported: %s", bad)
		}
		known = true
	}
	if !isLiteral(c.as[i]) {
		// A format that is no literal is still a string it reads.
		t.walkChars(charWalk{src: c.vals[i], srcN: c.as[i], elem: c.charType(i), str: true}, c.p)
	}
	var prev cfa.Expr // the last '*' argument's value
	for j := i + 1; j < len(c.as); j++ {
		a := c.as[j]
		conv := printConv{verb: '?'}
		if known && j-i-1 < len(convs) {
			conv = convs[j-i-1]
		}
		switch {
		case isFloat(a.Type()):
		case isInt(a.Type()):
			if conv.verb == '*' {
				prev = c.vals[j]
			}
		case conv.verb == 'n' && isPtr(a.Type()) && isInt(pointee(a.Type())):
			t.storeCount(c, j, "%n, the chars printed so far")
		case !known && isPtr(a.Type()) && isInt(pointee(a.Type())):
			// A format circ cannot read may print a char pointer with
			// %s, reading it up to its 0 (at least as much as any other
			// conversion reads), and may store through a pointer to an
			// integer with %n (%hhn for a char).
			typ := pointee(a.Type())
			if byteType(typ) {
				t.walkChars(charWalk{src: c.vals[j], srcN: a, elem: typ, str: true}, c.p)
			}
			t.choose(c.p, arm{}, arm{body: func() { t.storeCount(c, j, "a %n of a format circ cannot read") }})
		case !known && isPtr(a.Type()):
			// Any other pointer a format circ cannot read prints with
			// %p: nothing is read through it.
		case conv.verb == 'p' || isLiteral(a):
		case conv.verb == 's':
			var limit cfa.Expr
			switch {
			case conv.prec >= 0:
				limit = num(conv.prec)
			case conv.prec == -2 && prev != nil:
				// A negative precision is taken as none.
				limit = cfa.Cond{C: mkBin(cfa.Ge, prev, num(0)), T: prev, F: num(math.MaxInt64)}
			}
			t.walkChars(charWalk{src: c.vals[j], srcN: a, elem: c.charType(j), limit: limit, str: true}, c.p)
		default:
			t.b.fail(a, "unsupported: %s argument of %s", describe(a.Type()), c.name)
		}
	}
}

// storeCount lowers a %n conversion of argument j of printf-like call
// c: the count of chars printed so far, stored through the pointer in
// its type (a %hhn count wraps), which note names.
func (t *tb) storeCount(c *libcCall, j int, note string) {
	typ := pointee(c.as[j].Type())
	t.update(t.atAddr(c.vals[j], typ, c.as[j]), false, func(v *cfa.Var) cfa.Expr {
		lo, hi := t.b.rangeOf(typ)
		t.add(&cfa.Edge{Kind: cfa.Havoc, LHS: v, Lo: lo, Hi: hi, Pos: c.p, Note: c.name + ": " + note})
		return nil
	})
}

// compareStrings lowers strcmp and strncmp: both strings read up to the
// first difference, or the 0 they share, or the count; res gets a value
// of the difference's sign.
func (t *tb) compareStrings(c *libcCall, res *cfa.Var) {
	p := c.p
	a, b := c.vals[0], c.vals[1]
	ea, eb := c.charType(0), c.charType(1)
	k := t.temp(nil)
	t.set(k, num(0), p)
	ca, cb := t.temp(nil), t.temp(nil)
	t.set(ca, num(0), p)
	t.set(cb, num(0), p)
	head := t.loopHead(p)
	exit := t.newLoc(p)
	// Both strings are walks (walkChars): each step is guarded where
	// the walk as a whole may leave its bytes.
	var stepsA, stepsB []bytePtr
	step := func(steps *[]bytePtr, start cfa.Expr, n cc.Node, elem cc.Type) cfa.Expr {
		addr := mkBin(cfa.Add, start, ref(k))
		*steps = append(*steps, bytePtr{e: start, res: addr, n: n, elem: elem, at: t.site()})
		return addr
	}
	more := func() {
		// Compared as unsigned chars, as C says.
		t.set(ca, t.convert(c.as[0], t.load(t.atAddr(step(&stepsA, a, c.as[0], ea), ea, c.as[0])), ea, uInt(8)), p)
		t.set(cb, t.convert(c.as[1], t.load(t.atAddr(step(&stepsB, b, c.as[1], eb), eb, c.as[1])), eb, uInt(8)), p)
		t.choose(p,
			arm{cond: mkBin(cfa.Or, mkBin(cfa.Ne, ref(ca), ref(cb)), mkBin(cfa.Eq, ref(ca), num(0))), body: func() { t.jump(exit, p) }},
			arm{cond: mkBin(cfa.And, mkBin(cfa.Eq, ref(ca), ref(cb)), mkBin(cfa.Ne, ref(ca), num(0))), body: func() {
				t.set(k, mkBin(cfa.Add, ref(k), num(1)), p)
				t.jump(head, p)
			}})
	}
	if n := c.count(); n == nil {
		more()
	} else {
		t.choose(p,
			arm{cond: mkBin(cfa.Ge, ref(k), n), body: func() { t.set(ca, num(0), p); t.set(cb, num(0), p); t.jump(exit, p) }},
			arm{cond: mkBin(cfa.Lt, ref(k), n), body: more})
	}
	t.cur = -1
	t.place(exit, p)
	t.b.bytePtrs = append(t.b.bytePtrs, bytePtr{e: a, n: c.as[0], elem: ea, walk: true, steps: stepsA},
		bytePtr{e: b, n: c.as[1], elem: eb, walk: true, steps: stepsB})
	lo, hi := t.b.rangeOf(c.x.Type())
	t.choose(p,
		arm{cond: mkBin(cfa.Eq, ref(ca), ref(cb)), body: func() { t.set(res, num(0), p) }},
		arm{cond: mkBin(cfa.Lt, ref(ca), ref(cb)), body: func() {
			t.add(&cfa.Edge{Kind: cfa.Havoc, LHS: res, Lo: lo, Hi: num(-1), Pos: p, Note: c.name + " result"})
		}},
		arm{cond: mkBin(cfa.Gt, ref(ca), ref(cb)), body: func() {
			t.add(&cfa.Edge{Kind: cfa.Havoc, LHS: res, Lo: num(1), Hi: hi, Pos: p, Note: c.name + " result"})
		}})
}

// copyString lowers strcpy, strncpy and strcat into destination
// argument i: the chars of the string after it, its 0 included, then
// (strncpy) zeros up to the count.
func (t *tb) copyString(c *libcCall, i int) {
	p := c.p
	dst := c.vals[i]
	elem := c.charType(i)
	if c.role(i) == argAppend {
		end, _ := t.walkChars(charWalk{src: dst, srcN: c.as[i], elem: elem, str: true}, p)
		dst = t.snapshot(mkBin(cfa.Add, dst, ref(end)), c.as[i].Type(), p)
	}
	j := c.arg(argString)
	n := c.count()
	k, _ := t.walkChars(charWalk{src: c.vals[j], srcN: c.as[j], dst: dst, dstN: c.as[i], elem: elem, limit: n, str: true, copyStop: true}, p)
	if n != nil {
		pad := t.snapshot(mkBin(cfa.Add, dst, ref(k)), c.as[i].Type(), p)
		rest := t.snapshot(mkBin(cfa.Sub, n, ref(k)), nil, p)
		t.walkChars(charWalk{dst: pad, dstN: c.as[i], elem: elem, limit: rest, fill: num(0)}, p)
	}
}

// duplicate lowers strdup of argument i, a string of k chars: null, or
// a fresh block of k+1 chars (malloc's) holding a copy, as glibc's
// strlen, malloc and memcpy.
func (t *tb) duplicate(c *libcCall, i int, k *cfa.Var, res *cfa.Var) {
	p := c.p
	elem := c.charType(i)
	size := t.snapshot(mkBin(cfa.Add, ref(k), num(1)), nil, p)
	o := t.elementObject(cfa.HeapObject, c.name, c.x, elem, false, p)
	t.choose(p,
		arm{body: func() {
			t.allocated(o, res, size, func() {}, p)
			if c.count() == nil {
				t.walkChars(charWalk{src: c.vals[i], srcN: c.as[i], dst: ref(res), dstN: c.x, elem: elem, limit: size}, p)
				return
			}
			// strndup: the k chars, which hold no 0 when the count
			// stopped the walk, then a 0.
			t.walkChars(charWalk{src: c.vals[i], srcN: c.as[i], dst: ref(res), dstN: c.x, elem: elem, limit: ref(k)}, p)
			t.walkChars(charWalk{dst: mkBin(cfa.Add, ref(res), ref(k)), dstN: c.x, elem: elem, limit: num(1), fill: num(0)}, p)
		}},
		arm{cond: t.allocFails(), body: func() { t.set(res, num(0), p) }},
	)
}

// setEnd lowers strtol's endptr (argument e): unless null, it is set to
// a pointer into the string (argument s, of k chars) where the number
// ends: any of its positions.
func (t *tb) setEnd(c *libcCall, e, s int, k *cfa.Var) {
	p := c.p
	if isNull(c.as[e]) {
		return
	}
	j := t.temp(nil)
	t.add(&cfa.Edge{Kind: cfa.Havoc, LHS: j, Lo: num(0), Hi: ref(k), Pos: p, Note: c.name + ": where the number ends"})
	typ := pointee(c.as[e].Type())
	addr := c.vals[e]
	t.choose(p, arm{cond: mkBin(cfa.Ne, addr, num(0)), body: func() {
		val := t.stringPosition(c.vals[s], j, false)
		t.update(t.atAddr(addr, typ, c.as[e]), false, func(v *cfa.Var) cfa.Expr { return t.store(v, val, false, p) })
	}}, arm{cond: mkBin(cfa.Eq, addr, num(0))})
}

// charWalk is a loop over chars walkChars lowers.
type charWalk struct {
	src, dst   cfa.Expr // the addresses read from and written to (nil: none)
	srcN, dstN cc.Node  // their source, for positions and messages
	elem       cc.Type  // the char type
	limit      cfa.Expr // the most chars it walks (nil: no bound)
	str        bool     // src is a string: a 0 read ends the walk
	// stop also ends the walk at a char it holds for (strchr's).
	stop     func(ch cfa.Expr) cfa.Expr
	copyStop bool     // the char that ends the walk is written too (strcpy's 0)
	fill     cfa.Expr // the value written where there is no src (nil: any)
	mayStop  bool     // the walk may also end before any char (read's short count)
}

// walkChars lowers w: for k from 0, while k is below the limit, it
// reads ch = src[k] and, unless ch ends the walk (or copyStop), writes
// dst[k]. It returns k at the end (the number of chars before the one
// that ended it) and the last char read.
func (t *tb) walkChars(w charWalk, p cfa.Pos) (k, ch *cfa.Var) {
	var ends func(ch cfa.Expr) cfa.Expr
	if w.src != nil && (w.str || w.stop != nil) {
		ends = func(ch cfa.Expr) cfa.Expr {
			var e cfa.Expr
			if w.str {
				e = mkBin(cfa.Eq, ch, num(0))
			}
			if w.stop != nil {
				if e == nil {
					return w.stop(ch)
				}
				e = mkBin(cfa.Or, e, w.stop(ch))
			}
			return e
		}
	}
	k = t.temp(nil)
	t.set(k, num(0), p)
	ch = t.temp(w.elem)
	t.set(ch, num(0), p)
	head := t.loopHead(p)
	exit := t.newLoc(p)
	// The walk's accesses, for checkByteArithmetic to guard one by one
	// where it cannot show that the whole walk stays in its bytes.
	var srcSteps, dstSteps []bytePtr
	step := func(steps *[]bytePtr, start cfa.Expr, n cc.Node) cfa.Expr {
		addr := mkBin(cfa.Add, start, ref(k))
		*steps = append(*steps, bytePtr{e: start, res: addr, n: n, elem: w.elem, at: t.site()})
		return addr
	}
	write := func() {
		if w.dst == nil {
			return
		}
		lv := t.atAddr(step(&dstSteps, w.dst, w.dstN), w.elem, w.dstN)
		t.update(lv, false, func(v *cfa.Var) cfa.Expr {
			switch {
			case w.src != nil:
				return t.store(v, ref(ch), false, p)
			case w.fill != nil:
				return t.store(v, w.fill, false, p)
			}
			lo, hi := t.b.rangeOf(w.elem)
			t.add(&cfa.Edge{Kind: cfa.Havoc, LHS: v, Lo: lo, Hi: hi, Pos: p, Note: "a char the library stores"})
			return nil
		})
	}
	next := func() {
		write()
		t.set(k, mkBin(cfa.Add, ref(k), num(1)), p)
		t.jump(head, p)
	}
	body := func() {
		if w.src != nil {
			t.set(ch, t.load(t.atAddr(step(&srcSteps, w.src, w.srcN), w.elem, w.srcN)), p)
		}
		if ends == nil {
			next()
			return
		}
		end := ends(ref(ch))
		t.choose(p,
			arm{cond: end, body: func() {
				if w.copyStop {
					write()
				}
				t.jump(exit, p)
			}},
			arm{cond: mkUn(cfa.Not, end), body: next})
	}
	iterate := body
	if w.limit != nil {
		iterate = func() {
			t.choose(p,
				arm{cond: mkBin(cfa.Ge, ref(k), w.limit), body: func() { t.jump(exit, p) }},
				arm{cond: mkBin(cfa.Lt, ref(k), w.limit), body: body})
		}
	}
	if w.mayStop {
		t.choose(p, arm{body: func() { t.jump(exit, p) }}, arm{body: iterate})
	} else {
		iterate()
	}
	t.cur = -1
	t.place(exit, p)
	if w.src != nil {
		t.b.bytePtrs = append(t.b.bytePtrs, bytePtr{e: w.src, n: w.srcN, elem: w.elem, walk: true, steps: srcSteps})
	}
	if w.dst != nil {
		t.b.bytePtrs = append(t.b.bytePtrs, bytePtr{e: w.dst, n: w.dstN, elem: w.elem, walk: true, steps: dstSteps})
	}
	return k, ch
}
