package text_test

import (
	"fmt"

	"github.com/tickwork/tickwork/gfx/text"
	"github.com/tickwork/tickwork/gfx/text/gofont"
)

func ExampleFace_Layout() {
	face, err := text.NewFace(20, gofont.Mono())
	if err != nil {
		fmt.Println(err)
		return
	}
	// Measure first (to size a panel, say); Layout gives the same metrics.
	opts := text.Options{MaxWidth: 100, Align: text.Center}
	m := face.Measure("Score 42 Lives 3", opts)
	fmt.Printf("%d lines, %.0f×%.0f px\n", m.Lines, m.Width, m.Height)

	// Keep the glyph slice from frame to frame: no allocations.
	var glyphs []text.Glyph
	glyphs, _ = face.Layout(glyphs[:0], "Score 42 Lives 3", opts)
	for _, g := range glyphs[:2] {
		fmt.Printf("%q at (%.0f, %.0f) on line %d\n", g.Rune, g.X, g.Y, g.Line)
	}
	// Output:
	// 2 lines, 96×46 px
	// 'S' at (2, 19) on line 0
	// 'c' at (14, 19) on line 0
}
