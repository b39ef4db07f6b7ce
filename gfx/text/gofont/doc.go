// Package gofont holds the Go fonts that package text does not build in:
// Go Bold, Go Italic, Go Mono and Go Mono Bold (about 170 KB each). Package
// text keeps only Go Regular, which its default face (text.Default, the
// engine's overlay and HUD text without a face) draws with, so a game links
// these only when it imports this package.
//
//	face, err := text.NewFace(20, gofont.Mono())
package gofont
