// Package nescmodels holds circ's C models of the TinyOS 1.x components
// behind Table 1 of the CIRC paper (Henzinger, Jhala, Majumdar, PLDI
// 2004), written with the interrupt/task harness circ/tinyos.h, and the
// manifest of their expected verdicts (nesc-models/manifest.json). The
// models live in nesc-models/, which cannot hold a Go package (Go refuses
// .c files in a package without cgo, and the name is not a valid package
// name); this package, in nesc-models/nescmodels, reads the manifest and
// tests the models.
//
// The manifest records, for every model and variable, the true verdict
// under --race-def circ ("expected", argued in each model's header
// comment) and the answer circ's engine gives today ("circ"); where they
// differ the entry carries a note. The paper's own figures (predicates,
// ACFA size, time) are recorded too. The test of this package checks
// both, and `circ bench nesc-models` prints them side by side.
package nescmodels
