package gofont

import (
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goitalic"
	"golang.org/x/image/font/gofont/gomono"
	"golang.org/x/image/font/gofont/gomonobold"

	"github.com/tickwork/tickwork/gfx/text"
)

// Regular returns the Go Regular font, the one text.Default draws with
// (text.GoRegular). Called at load time, on any goroutine.
func Regular() *text.Font { return text.GoRegular() }

// Bold returns the Go Bold font, parsed anew on each call. Called at load
// time, on any goroutine.
func Bold() *text.Font { return builtin("Go Bold", gobold.TTF) }

// Italic returns the Go Italic font, parsed anew on each call. Called at
// load time, on any goroutine.
func Italic() *text.Font { return builtin("Go Italic", goitalic.TTF) }

// Mono returns the Go Mono font (fixed width), parsed anew on each call.
// Called at load time, on any goroutine.
func Mono() *text.Font { return builtin("Go Mono", gomono.TTF) }

// MonoBold returns the Go Mono Bold font, parsed anew on each call. Called
// at load time, on any goroutine.
func MonoBold() *text.Font { return builtin("Go Mono Bold", gomonobold.TTF) }

// builtin parses a font compiled into the program. The Go fonts are known
// good (TestFontsParse parses each), so a failure is a broken build, not
// bad input.
func builtin(name string, data []byte) *text.Font {
	f, err := text.ParseFont(name, data)
	if err != nil {
		panic(err)
	}
	return f
}
