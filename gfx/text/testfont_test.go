package text

import (
	"encoding/binary"
	"slices"
)

// A tiny TrueType font built in memory, so that tests can exercise what the
// Go fonts lack: they have no kerning, and Go Mono and Go Regular cover
// exactly the same runes.

// testGlyph is one glyph of a test font: a filled rectangle (font units, Y
// up), or nothing when empty.
type testGlyph struct {
	r          rune // 0: not in the cmap (.notdef)
	adv        int
	x0, y0     int
	x1, y1     int
	empty      bool
	kernBefore map[rune]int // kerning of (other, this) pairs
}

type testFontSpec struct {
	upem            int
	ascent, descent int // descent positive
	glyphs          []testGlyph
	misalign        bool // put tables at offsets that are not multiples of 4
	base            int  // file offset the font starts at (inside a collection)
}

// kernTestSpec: .notdef is empty (so a missing rune is drawn as a box),
// 'A' and 'V' kern by -100/1000 em, and '一' (U+4E00), which the Go fonts
// lack, is present.
func kernTestSpec() testFontSpec {
	return testFontSpec{
		upem: 1000, ascent: 800, descent: 200,
		glyphs: []testGlyph{
			{empty: true, adv: 500},
			{r: 'A', adv: 600, x0: 50, y0: 0, x1: 550, y1: 700},
			{r: 'V', adv: 600, x0: 50, y0: 0, x1: 550, y1: 700, kernBefore: map[rune]int{'A': -100}},
			{r: ' ', adv: 250, empty: true},
			{r: 0x4E00, adv: 1000, x0: 50, y0: 300, x1: 950, y1: 400},
		},
	}
}

type table struct {
	tag  string
	data []byte
}

func be16(b []byte, v int) []byte { return binary.BigEndian.AppendUint16(b, uint16(v)) }
func be32(b []byte, v int) []byte { return binary.BigEndian.AppendUint32(b, uint32(v)) }

// buildTestFont returns the font's bytes: table directory then tables, with
// table offsets counted from the start of the file (spec.base).
func buildTestFont(spec testFontSpec) []byte {
	n := len(spec.glyphs)
	var glyf, loca, hmtx []byte
	for _, g := range spec.glyphs {
		loca = be32(loca, len(glyf))
		hmtx = be16(hmtx, g.adv)
		hmtx = be16(hmtx, g.x0)
		if g.empty {
			continue
		}
		glyf = be16(glyf, 1) // one contour
		for _, v := range []int{g.x0, g.y0, g.x1, g.y1} {
			glyf = be16(glyf, v)
		}
		glyf = be16(glyf, 3) // last point
		glyf = be16(glyf, 0) // no instructions
		glyf = append(glyf, 1, 1, 1, 1)
		// x and y as int16 deltas: (x0,y0) (x0,y1) (x1,y1) (x1,y0).
		for _, d := range []int{g.x0, 0, g.x1 - g.x0, 0} {
			glyf = be16(glyf, d)
		}
		for _, d := range []int{g.y0, g.y1 - g.y0, 0, g.y0 - g.y1} {
			glyf = be16(glyf, d)
		}
		for len(glyf)%4 != 0 {
			glyf = append(glyf, 0)
		}
	}
	loca = be32(loca, len(glyf))

	type group struct{ r, gi int }
	var groups []group
	for i, g := range spec.glyphs {
		if g.r != 0 {
			groups = append(groups, group{int(g.r), i})
		}
	}
	slices.SortFunc(groups, func(a, b group) int { return a.r - b.r })
	cmap := be16(be16(nil, 0), 1)
	cmap = be32(be16(be16(cmap, 3), 10), 12)
	cmap = be16(be16(cmap, 12), 0)
	cmap = be32(be32(be32(cmap, 16+12*len(groups)), 0), len(groups))
	for _, g := range groups {
		cmap = be32(be32(be32(cmap, g.r), g.r), g.gi)
	}

	type pair struct{ a, b, v int }
	var pairs []pair
	index := map[rune]int{}
	for i, g := range spec.glyphs {
		index[g.r] = i
	}
	for i, g := range spec.glyphs {
		for r, v := range g.kernBefore {
			pairs = append(pairs, pair{index[r], i, v})
		}
	}
	slices.SortFunc(pairs, func(x, y pair) int { return (x.a<<16 | x.b) - (y.a<<16 | y.b) })
	kern := be16(be16(nil, 0), 1)
	kern = be16(be16(kern, 0), 6+8+6*len(pairs))
	kern = append(kern, 0, 1) // format 0, horizontal
	kern = be16(be16(be16(be16(kern, len(pairs)), 6), 0), 0)
	for _, p := range pairs {
		kern = be16(be16(be16(kern, p.a), p.b), p.v)
	}

	head := make([]byte, 54)
	binary.BigEndian.PutUint32(head[0:], 0x00010000)
	binary.BigEndian.PutUint32(head[12:], 0x5F0F3CF5)
	binary.BigEndian.PutUint16(head[18:], uint16(spec.upem))
	binary.BigEndian.PutUint16(head[40:], uint16(spec.upem))
	binary.BigEndian.PutUint16(head[42:], uint16(spec.upem))
	binary.BigEndian.PutUint16(head[50:], 1) // long loca

	hhea := make([]byte, 36)
	binary.BigEndian.PutUint32(hhea[0:], 0x00010000)
	binary.BigEndian.PutUint16(hhea[4:], uint16(spec.ascent))
	binary.BigEndian.PutUint16(hhea[6:], uint16(-spec.descent))
	binary.BigEndian.PutUint16(hhea[34:], uint16(n))

	maxp := make([]byte, 32)
	binary.BigEndian.PutUint32(maxp[0:], 0x00010000)
	binary.BigEndian.PutUint16(maxp[4:], uint16(n))

	post := make([]byte, 32)
	binary.BigEndian.PutUint32(post[0:], 0x00030000)

	tables := []table{
		{"cmap", cmap}, {"glyf", glyf}, {"head", head}, {"hhea", hhea}, {"hmtx", hmtx},
		{"kern", kern}, {"loca", loca}, {"maxp", maxp}, {"post", post},
	}
	out := be32(nil, 0x00010000)
	out = be16(be16(be16(be16(out, len(tables)), 0), 0), 0)
	dir := len(out)
	out = append(out, make([]byte, 16*len(tables))...)
	for i, t := range tables {
		if spec.misalign {
			out = append(out, 0, 0)
		}
		rec := out[dir+16*i:]
		copy(rec, t.tag)
		binary.BigEndian.PutUint32(rec[8:], uint32(spec.base+len(out)))
		binary.BigEndian.PutUint32(rec[12:], uint32(len(t.data)))
		out = append(out, t.data...)
		if !spec.misalign {
			for len(out)%4 != 0 {
				out = append(out, 0)
			}
		}
	}
	return out
}

// buildTestCollection returns a .ttc holding the given fonts.
func buildTestCollection(specs ...testFontSpec) []byte {
	out := be32(be32(be32(nil, 0x74746366), 0x00010000), len(specs)) // "ttcf"
	header := len(out) + 4*len(specs)
	var body []byte
	for _, s := range specs {
		out = be32(out, header+len(body))
		s.base = header + len(body)
		body = append(body, buildTestFont(s)...)
		for len(body)%4 != 0 {
			body = append(body, 0)
		}
	}
	return append(out, body...)
}

func mustParse(tb interface {
	Helper()
	Fatal(...any)
}, name string, data []byte) *Font {
	tb.Helper()
	f, err := ParseFont(name, data)
	if err != nil {
		tb.Fatal(err)
	}
	return f
}
