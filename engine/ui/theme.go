package ui

import (
	"fmt"
	"math"

	"github.com/tickwork/tickwork/gfx"
	"github.com/tickwork/tickwork/gfx/text"
)

// NineSlice is a panel image drawn in nine parts (gfx.Layer.AddNineSlice):
// Src are the image's borders (left, top, right, bottom) as shares of its
// size, Dst the same borders on screen in HUD units. The zero NineSlice
// (Image 0) draws a plain rectangle of the theme's colour instead.
type NineSlice struct {
	Image gfx.ImageID
	Src   [4]float32
	Dst   [4]float32
}

// Theme is how widgets look: colours, the text face, sizes in HUD units and
// optional nine-slice images. DefaultTheme gives a complete one; a Theme
// whose every field is zero is replaced by it (and reported once). Sizes
// that are zero, negative, NaN or infinite take DefaultTheme's value and
// are reported once; colours are used as given.
type Theme struct {
	// Face draws and measures every widget's text; nil means text.Default
	// (Go Regular at text.DefaultSize).
	Face *text.Face

	Text        gfx.Color // labels and captions
	Panel       gfx.Color // panel backgrounds
	Button      gfx.Color // buttons, check boxes and slider knobs at rest
	Hover       gfx.Color // the same under the mouse
	Pressed     gfx.Color // the same while held
	Accent      gfx.Color // focus ring, check mark, slider fill, list selection
	Field       gfx.Color // text field and list backgrounds, slider tracks
	Selection   gfx.Color // selected text
	Caret       gfx.Color // the text field's cursor
	TooltipBack gfx.Color // tooltip background
	TooltipText gfx.Color // tooltip text

	Padding     float32 // inside panels
	Spacing     float32 // between a panel's children
	PadX, PadY  float32 // inside buttons, fields and list rows, around the text
	FocusWidth  float32 // the focus ring's thickness
	SliderWidth float32 // a slider's track
	FieldWidth  float32 // a text field
	ListWidth   float32 // a list
	CheckSize   float32 // a check box's box

	// Images, when set, replace the rectangles of panels, buttons and
	// fields; they are tinted with the matching colour.
	PanelImage, ButtonImage, FieldImage NineSlice
}

// DefaultTheme returns the default theme: light text on dark blue-grey
// panels, an amber focus ring, Go Regular at text.DefaultSize. It uses
// face, or text.Default when face is nil.
func DefaultTheme(face *text.Face) Theme {
	return Theme{
		Face:        face,
		Text:        gfx.RGB(0.93, 0.94, 0.96),
		Panel:       gfx.Color{R: 0.10, G: 0.12, B: 0.16, A: 0.92},
		Button:      gfx.RGB(0.22, 0.26, 0.33),
		Hover:       gfx.RGB(0.30, 0.35, 0.44),
		Pressed:     gfx.RGB(0.16, 0.19, 0.24),
		Accent:      gfx.RGB(1.00, 0.72, 0.20),
		Field:       gfx.RGB(0.05, 0.06, 0.08),
		Selection:   gfx.RGB(0.20, 0.38, 0.70),
		Caret:       gfx.RGB(1, 1, 1),
		TooltipBack: gfx.Color{R: 0.98, G: 0.96, B: 0.84, A: 1},
		TooltipText: gfx.RGB(0.08, 0.08, 0.08),
		Padding:     12,
		Spacing:     8,
		PadX:        12,
		PadY:        6,
		FocusWidth:  2,
		SliderWidth: 200,
		FieldWidth:  240,
		ListWidth:   240,
		CheckSize:   18,
	}
}

// sanitize returns t with its zero face and bad sizes replaced, and the
// problems found (each reported once by the UI).
func sanitize(t Theme, face *text.Face) (Theme, []error) {
	def := DefaultTheme(face)
	if t == (Theme{}) {
		return def, []error{fmt.Errorf("ui: the theme is empty (every field zero): drawing with DefaultTheme; pass DefaultTheme(face), changed where you want")}
	}
	if t.Face == nil {
		t.Face = face
	}
	var errs []error
	sizes := []struct {
		name string
		v    *float32
		def  float32
		zero bool // zero is a valid value
	}{
		{"Padding", &t.Padding, def.Padding, true},
		{"Spacing", &t.Spacing, def.Spacing, true},
		{"PadX", &t.PadX, def.PadX, true},
		{"PadY", &t.PadY, def.PadY, true},
		{"FocusWidth", &t.FocusWidth, def.FocusWidth, false},
		{"SliderWidth", &t.SliderWidth, def.SliderWidth, false},
		{"FieldWidth", &t.FieldWidth, def.FieldWidth, false},
		{"ListWidth", &t.ListWidth, def.ListWidth, false},
		{"CheckSize", &t.CheckSize, def.CheckSize, false},
	}
	for _, s := range sizes {
		if !validSize(*s.v, s.zero) {
			errs = append(errs, fmt.Errorf("ui: Theme.%s = %v is not a size (want a finite number ≥ 0, at most %g): using %g", s.name, *s.v, maxSize, s.def))
			*s.v = s.def
		}
	}
	return t, errs
}

// maxSize bounds every size the UI accepts, in HUD units.
const maxSize = 65536.0

func validSize(v float32, zeroOK bool) bool {
	f := float64(v)
	if math.IsNaN(f) || f < 0 || f > maxSize {
		return false
	}
	return zeroOK || f > 0
}
