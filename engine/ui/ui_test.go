package ui_test

import (
	"math"
	"strings"
	"testing"

	"github.com/tickwork/tickwork/engine/input"
	"github.com/tickwork/tickwork/engine/ui"
	"github.com/tickwork/tickwork/gfx"
)

// settings is a small menu: three buttons in a column, a row of two, a
// check box, a slider and a list.
type settings struct {
	u       *ui.UI
	clicked string
	vsync   bool
	volume  float32
	list    ui.ListState
}

var modes = []string{"640×480", "800×600", "1024×768", "1280×720", "1920×1080"}

func (s *settings) widgets() {
	u := s.u
	s.clicked = ""
	u.Panel("menu", ui.Layout{Anchor: ui.Centered, Align: ui.Center, MinItemWidth: 160})
	for _, b := range []string{"Start", "Settings", "Quit"} {
		if u.Button(b) {
			s.clicked = b
		}
	}
	u.Panel("row", ui.Layout{Dir: ui.Row, NoBackground: true, Padding: -1})
	if u.Button("Yes") {
		s.clicked = "Yes"
	}
	if u.Button("No") {
		s.clicked = "No"
	}
	u.EndPanel()
	u.Checkbox("VSync", &s.vsync)
	u.Slider("Volume", &s.volume, 0, 1, 0.25)
	u.List("Modes", modes, &s.list, 3)
	u.EndPanel()
}

func (s *settings) tick(in ui.Input) { tick(s.u, in, s.widgets) }

func pad(b input.PadButton) *fakeInput {
	return &fakeInput{padPressed: []input.PadButton{b}, padDown: []input.PadButton{b}}
}

func TestPadNavigation(t *testing.T) {
	s := &settings{u: ui.New(ui.Options{})}
	s.tick(nil)
	steps := []struct {
		in      *fakeInput
		focus   string // the label focused after the tick ("" none)
		clicked string
	}{
		{pad(input.PadDpadDown), "Start", ""},
		{pad(input.PadDpadDown), "Settings", ""},
		{pad(input.PadA), "Settings", "Settings"},
		{&fakeInput{stickY: 0.9}, "Quit", ""},
		{&fakeInput{stickY: 0.9}, "Quit", ""}, // a stick held is one move, until the repeat delay
		{&fakeInput{}, "Quit", ""},
		{&fakeInput{stickY: 0.9}, "Yes", ""},
		{pad(input.PadDpadRight), "No", ""}, // right moves within a row
		{pad(input.PadA), "No", "No"},
		{pad(input.PadDpadUp), "Quit", ""},
		{pad(input.PadDpadUp), "Settings", ""},
		{pad(input.PadDpadUp), "Start", ""},
		{pad(input.PadDpadUp), "Modes", ""}, // wraps to the last
	}
	for i, st := range steps {
		s.tick(st.in)
		if got := s.u.FocusLabel(); got != st.focus || s.clicked != st.clicked {
			t.Fatalf("step %d: focus %q clicked %q; want %q %q", i, got, s.clicked, st.focus, st.clicked)
		}
	}
}

func TestWidgetsFromTheKeyboard(t *testing.T) {
	s := &settings{u: ui.New(ui.Options{})}
	s.tick(nil)
	for s.u.FocusLabel() != "VSync" {
		s.tick(key(input.KeyTab))
	}
	s.tick(key(input.KeyEnter))
	if !s.vsync {
		t.Fatalf("Enter on the check box left it off")
	}
	s.tick(key(input.KeyDown))
	for range 3 {
		s.tick(key(input.KeyRight))
	}
	if s.volume != 0.75 {
		t.Errorf("volume %v after three steps of 0.25, want 0.75", s.volume)
	}
	s.tick(key(input.KeyLeft))
	if s.volume != 0.5 {
		t.Errorf("volume %v after a step back, want 0.5", s.volume)
	}
	s.tick(key(input.KeyDown))
	for range 4 {
		s.tick(key(input.KeyDown))
	}
	if s.list.Selected != 4 || s.list.Scroll != 2 {
		t.Errorf("list selected %d scroll %d after 4 downs; want 4 and 2 (the selection in view)", s.list.Selected, s.list.Scroll)
	}
	s.tick(key(input.KeyDown)) // past the last row: the focus leaves the list
	if s.u.FocusLabel() != "Start" {
		t.Errorf("down past the list's end did not move the focus on (wrapping to Start)")
	}
	s.tick(key(input.KeyEscape))
	if !s.u.Back() {
		t.Errorf("Back() false in the tick Escape was pressed")
	}
}

func TestMouse(t *testing.T) {
	s := &settings{u: ui.New(ui.Options{})}
	s.tick(nil)
	x, y, ok := textAt(drawn(s.u), "Quit")
	if !ok {
		t.Fatal("no Quit drawn")
	}
	s.tick(&fakeInput{click: true, x: float64(x + 2), y: float64(y + 2)})
	if s.clicked != "Quit" || s.u.FocusLabel() != "Quit" {
		t.Errorf("a click on Quit: clicked %q, focus on %q; want Quit, Quit", s.clicked, s.u.FocusLabel())
	}
	// Drag the slider's knob to its far right.
	h := drawn(s.u)
	vx, vy, _ := textAt(h, "Volume")
	s.tick(&fakeInput{press: true, x: float64(vx + 2), y: float64(vy + 2)})
	s.tick(&fakeInput{hold: true, x: 5000, y: float64(vy + 2)})
	if s.volume != 1 {
		t.Errorf("volume %v after dragging past the track's end, want 1", s.volume)
	}
	// The wheel scrolls the list under the cursor.
	mx, my, _ := textAt(h, modes[0])
	s.tick(&fakeInput{x: float64(mx), y: float64(my), scroll: -2})
	if s.list.Scroll != 2 {
		t.Errorf("list scroll %d after scrolling down 2, want 2", s.list.Scroll)
	}
	// A click on a row selects it.
	_, ry, ok := textAt(drawn(s.u), modes[3])
	if !ok {
		t.Fatalf("row %q not shown after scrolling", modes[3])
	}
	s.tick(&fakeInput{click: true, x: float64(mx), y: float64(ry + 2)})
	if s.list.Selected != 3 {
		t.Errorf("selected %d after clicking row 3", s.list.Selected)
	}
}

func TestTooltip(t *testing.T) {
	u := ui.New(ui.Options{TooltipDelay: 3})
	body := tooltipPanel(u)
	tick(u, nil, body)
	x, y, _ := textAt(drawn(u), "Start")
	for i := 0; i < 5; i++ {
		tick(u, &fakeInput{x: float64(x + 1), y: float64(y + 1)}, body)
		_, _, shown := textAt(drawn(u), "Begins a new game")
		if want := i >= 3; shown != want {
			t.Fatalf("tick %d hovering: tooltip shown %v, want %v", i, shown, want)
		}
	}
	// The tooltip covers the button below: its caption is left out.
	if _, _, ok := textAt(drawn(u), "Below"); ok {
		t.Errorf("the caption under the tooltip is drawn over it")
	}
}

func TestBadInputDrawsAndReportsOnce(t *testing.T) {
	nan := float32(math.NaN())
	cases := []struct {
		name string
		opts ui.Options
		body func(u *ui.UI)
		want string // in the report
	}{
		{"empty theme", ui.Options{Theme: &ui.Theme{}}, func(u *ui.UI) { u.Button("OK") }, "theme is empty"},
		{"NaN theme size", ui.Options{Theme: &ui.Theme{Text: ui.DefaultTheme(nil).Text, PadX: nan}}, func(u *ui.UI) { u.Button("OK") }, "Theme.PadX = NaN"},
		{"NaN panel width", ui.Options{}, func(u *ui.UI) {
			u.Panel("p", ui.Layout{W: nan, Padding: float32(math.Inf(1))})
			u.Button("OK")
			u.EndPanel()
		}, `Layout.W of "p" = NaN`},
		{"NaN slider", ui.Options{}, func(u *ui.UI) {
			v := nan
			u.Slider("Vol", &v, nan, 1, 0)
			u.Button("OK")
		}, `Slider "Vol": range NaN to 1`},
		{"unclosed panel", ui.Options{}, func(u *ui.UI) { u.Panel("p", ui.Layout{}); u.Button("OK") }, "left open"},
		{"stray EndPanel", ui.Options{}, func(u *ui.UI) { u.Button("OK"); u.EndPanel() }, "EndPanel without"},
		{"negative delay", ui.Options{TooltipDelay: -1}, func(u *ui.UI) { u.Button("OK") }, "TooltipDelay = -1"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var reports []string
			c.opts.Report = func(err error) { reports = append(reports, err.Error()) }
			u := ui.New(c.opts)
			for range 3 {
				tick(u, &fakeInput{}, func() { c.body(u) })
			}
			h := drawn(u)
			if _, _, ok := textAt(h, "OK"); !ok || len(h.Rects) == 0 {
				t.Errorf("drew %d rects and OK %v: want the button drawn", len(h.Rects), ok)
			}
			for _, r := range h.Rects {
				if r.W != r.W || r.H != r.H || r.X != r.X || r.Y != r.Y || r.W < 0 || r.H < 0 {
					t.Errorf("drew a rectangle %+v", r)
				}
			}
			if len(reports) == 0 || !strings.Contains(strings.Join(reports, "\n"), c.want) {
				t.Fatalf("reports %q, want one containing %q", reports, c.want)
			}
			seen := map[string]bool{}
			for _, r := range reports {
				if seen[r] {
					t.Errorf("reported twice over 3 ticks: %s", r)
				}
				seen[r] = true
			}
			if u.Err() == nil || u.Err().Error() != reports[0] {
				t.Errorf("Err() = %v, want the first report", u.Err())
			}
		})
	}
}

func TestKeyNavStick(t *testing.T) {
	var k ui.KeyNav
	steps := []struct {
		y             float64
		pressed, down bool
	}{
		{0, false, false}, {0.9, true, true}, {0.9, false, true}, {0.2, false, false}, {0.7, true, true},
	}
	for i, s := range steps {
		k.Update(&fakeInput{stickY: s.y})
		if k.Pressed(ui.ActionDown) != s.pressed || k.Down(ui.ActionDown) != s.down || k.Down(ui.ActionUp) {
			t.Errorf("step %d (stick %v): pressed %v down %v; want %v %v", i, s.y, k.Pressed(ui.ActionDown), k.Down(ui.ActionDown), s.pressed, s.down)
		}
	}
	k.Update(pad(input.PadB))
	if !k.Pressed(ui.ActionBack) || k.Pressed(ui.ActionAccept) || k.Pressed("jump") {
		t.Errorf("pad B: back %v accept %v unknown %v; want true false false", k.Pressed(ui.ActionBack), k.Pressed(ui.ActionAccept), k.Pressed("jump"))
	}
}

func TestDuplicateLabelsReported(t *testing.T) {
	var reports []string
	u := ui.New(ui.Options{Report: func(err error) { reports = append(reports, err.Error()) }})
	for range 3 {
		tick(u, nil, func() {
			u.Button("Apply")
			u.Button("Apply")
			u.Button("Apply##2") // told apart: no report
			u.Panel("other", ui.Layout{})
			u.Button("Apply") // another panel: no report
			u.EndPanel()
		})
	}
	if len(reports) != 1 || !strings.Contains(reports[0], `"Apply##2"`) {
		t.Errorf("reports %q, want one suggesting \"Apply##2\"", reports)
	}
	if h := drawn(u); len(h.Texts) != 4 {
		t.Errorf("drew %d captions, want all 4", len(h.Texts))
	}
}

func TestNineSliceTheme(t *testing.T) {
	th := ui.DefaultTheme(nil)
	th.ButtonImage = ui.NineSlice{Image: 3, Src: [4]float32{0.25, 0.25, 0.25, 0.25}, Dst: [4]float32{6, 6, 6, 6}}
	th.PanelImage = ui.NineSlice{Image: 4, Src: [4]float32{0.25, 0.25, 0.25, 0.25}, Dst: [4]float32{8, 8, 8, 8}}
	u := ui.New(ui.Options{Theme: &th})
	tick(u, nil, func() {
		u.Panel("p", ui.Layout{})
		u.Button("OK")
		u.EndPanel()
	})
	h := drawn(u)
	count := map[gfx.ImageID]int{}
	for _, s := range h.Sprites {
		count[s.Image]++
	}
	if count[3] != 9 || count[4] != 9 {
		t.Errorf("sprites by image %v: want 9 for the button (3) and 9 for the panel (4)", count)
	}
	if u.Err() != nil {
		t.Errorf("Err = %v", u.Err())
	}
}

// With nine-slice images the tooltip is drawn as a sprite after the
// others, so the panel under it keeps its background.
func TestTooltipOverImages(t *testing.T) {
	th := ui.DefaultTheme(nil)
	th.PanelImage = ui.NineSlice{Image: 4, Src: [4]float32{0.25, 0.25, 0.25, 0.25}, Dst: [4]float32{8, 8, 8, 8}}
	u := ui.New(ui.Options{Theme: &th, TooltipDelay: 1})
	body := tooltipPanel(u)
	tick(u, nil, body)
	x, y, _ := textAt(drawn(u), "Start")
	for range 3 {
		tick(u, &fakeInput{x: float64(x + 1), y: float64(y + 1)}, body)
	}
	h := drawn(u)
	if _, _, ok := textAt(h, "Begins a new game"); !ok {
		t.Fatal("no tooltip")
	}
	if n := len(h.Sprites); n != 18 {
		t.Fatalf("%d sprites, want 18: the panel's 9 and the tooltip's 9 after them", n)
	}
	if tip := h.Sprites[9]; tip.Color != th.TooltipBack {
		t.Errorf("the sprites after the panel's are tinted %v, want the tooltip's %v", tip.Color, th.TooltipBack)
	}
}
