package gl41_test

import (
	"testing"

	"github.com/go-gl/mathgl/mgl32"

	"github.com/tickwork/tickwork/gfx"
	"github.com/tickwork/tickwork/gfx/gl41"
)

// TestMSAASmoothsScenesNotHUD draws a turned cube and HUD text with 4×
// MSAA and without: the cube's edges gain blended pixels, the HUD's
// pixels are the same in both (drawn after the resolve).
func TestMSAASmoothsScenesNotHUD(t *testing.T) {
	const size = 96
	win := openWindow(t, size, size, gl41.Options{})
	frame := func() *gfx.Picture {
		f, _ := oneCube(size, size, mgl32.HomogRotate3DY(0.5).Mul4(mgl32.HomogRotate3DX(0.4)))
		f.HUD.Layer(0).AddText(4, 4, gfx.RGB(1, 1, 0.5), "HUD 42")
		f.HUD.Layer(0).AddRect(40.25, 84.5, 30.5, 8.25, gfx.RGB(0.2, 0.9, 0.3))
		return f
	}
	setGraphics(t, win, gfx.Graphics{MSAA: 4})
	aa, st := render(t, win, frame())
	if st.Samples < 4 {
		t.Skipf("the driver offers %d samples", st.Samples)
	}
	setGraphics(t, win, gfx.Graphics{MSAA: 1})
	plain, st1 := render(t, win, frame())
	if st1.Samples != 1 {
		t.Fatalf("MSAA 1 drew with %d samples", st1.Samples)
	}
	distinct := func(pix []byte, y0, y1 int) int {
		seen := map[[3]byte]bool{}
		for y := y0; y < y1; y++ {
			for x := 0; x < size; x++ {
				i := 4 * (y*size + x)
				seen[[3]byte{pix[i], pix[i+1], pix[i+2]}] = true
			}
		}
		return len(seen)
	}
	// The cube's rows (below the text, above the rectangle).
	if a, p := distinct(aa.Pix, 25, 65), distinct(plain.Pix, 25, 65); a <= p+10 {
		t.Errorf("cube rows: %d colours with MSAA, %d without: want edges blended with MSAA", a, p)
	}
	// The HUD's rows: text at the top, the rectangle at the bottom.
	for _, rows := range [][2]int{{0, 18}, {82, size}} {
		for y := rows[0]; y < rows[1]; y++ {
			for x := range size {
				if aa.RGBAAt(x, y) != plain.RGBAAt(x, y) {
					t.Fatalf("HUD pixel (%d, %d): %v with MSAA, %v without: want the HUD unchanged", x, y, aa.RGBAAt(x, y), plain.RGBAAt(x, y))
				}
			}
		}
	}
	// The HUD rows hold the HUD: the text's colour and the rectangle's.
	if c := plain.RGBAAt(55, 88); c.G < 200 {
		t.Errorf("rectangle pixel %v, want the HUD's green", c)
	}
}
