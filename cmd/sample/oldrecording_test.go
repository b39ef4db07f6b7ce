package main

import (
	"bytes"
	"encoding/binary"
	"hash/crc32"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// recHeader is a recording's header chunk, as the tests rewrite it.
type recHeader struct {
	engine   string
	rate     uint64
	seed     uint64
	initial  string
	every    uint64
	scheme   uint64
	meta     [][2]string
	format   uint16 // the file's format version
	badFinal bool   // change the final hash in the trailer
}

// rewriteRecording writes the recording src to dst after edit has changed
// its header (format 1 drops the scheme and the metadata, as the engine of
// 0.1 wrote them), recomputing the checksums.
func rewriteRecording(t *testing.T, src, dst string, edit func(*recHeader)) {
	t.Helper()
	b, err := os.ReadFile(src)
	if err != nil {
		t.Fatal(err)
	}
	const prefix = 11 // magic, version, state
	var h recHeader
	h.format = binary.LittleEndian.Uint16(b[8:])
	out := append([]byte(nil), b[:prefix]...)
	tab := crc32.MakeTable(crc32.Castagnoli)
	for off := prefix; off < len(b); {
		typ := b[off]
		n, k := binary.Uvarint(b[off+1:])
		payload := b[off+1+k : off+1+k+int(n)]
		off += 1 + k + int(n) + 4
		switch typ {
		case 'H':
			c := bytes.NewReader(payload)
			text := func() string {
				l, _ := binary.ReadUvarint(c)
				s := make([]byte, l)
				c.Read(s)
				return string(s)
			}
			uv := func() uint64 { v, _ := binary.ReadUvarint(c); return v }
			h.engine, h.rate = text(), uv()
			binary.Read(c, binary.LittleEndian, &h.seed)
			h.initial, h.every, h.scheme = text(), uv(), uv()
			for range uv() {
				h.meta = append(h.meta, [2]string{text(), text()})
			}
			edit(&h)
			text2 := func(p []byte, s string) []byte { return append(binary.AppendUvarint(p, uint64(len(s))), s...) }
			var p []byte
			p = text2(p, h.engine)
			p = binary.AppendUvarint(p, h.rate)
			p = binary.LittleEndian.AppendUint64(p, h.seed)
			p = text2(p, h.initial)
			p = binary.AppendUvarint(p, h.every)
			if h.format >= 2 {
				p = binary.AppendUvarint(p, h.scheme)
				p = binary.AppendUvarint(p, uint64(len(h.meta)))
				for _, m := range h.meta {
					p = text2(text2(p, m[0]), m[1])
				}
			}
			payload = p
		case 'E':
			if h.badFinal {
				payload = append([]byte(nil), payload...)
				payload[len(payload)-1] ^= 0xff
			}
		}
		start := len(out)
		out = append(out, typ)
		out = binary.AppendUvarint(out, uint64(len(payload)))
		out = append(out, payload...)
		out = binary.LittleEndian.AppendUint32(out, crc32.Checksum(out[start:], tab))
	}
	binary.LittleEndian.PutUint16(out[8:], h.format)
	if err := os.WriteFile(dst, out, 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestFormat1RecordingReplaysHeadless: a format 1 recording of the
// sample's gameplay (as the sample of 0.1 wrote them: no metadata, hash
// scheme 1, so its hashes, the final one included, are not this build's)
// replays headless, with one notice that its hashes cannot be compared,
// and ends with status 0 and the hash of the same run today.
func TestFormat1RecordingReplaysHeadless(t *testing.T) {
	dir := t.TempDir()
	now, old := filepath.Join(dir, "now.twr"), filepath.Join(dir, "v1.twr")
	rec := sample(t, nil, "-headless", "-ticks", "90", "-record", now)
	if rec.code != 0 {
		t.Fatalf("recording: status %d\n%s", rec.code, rec.stderr)
	}
	rewriteRecording(t, now, old, func(h *recHeader) { h.format, h.badFinal = 1, true })
	r := sample(t, nil, "-headless", "-replay", old, "-fps", "7")
	if r.code != 0 || r.lastLine() != rec.lastLine() {
		t.Errorf("replaying a format 1 recording: status %d, last line %q, want 0 and %q\n%s", r.code, r.lastLine(), rec.lastLine(), r.stderr)
	}
	if n := strings.Count(r.stderr, "cannot be compared"); n != 1 || strings.Contains(r.stderr, "final hash") {
		t.Errorf("stderr %q: want one notice that the hashes cannot be compared, and no final-hash error", r.stderr)
	}
}

// TestFinalHashStillChecked: a recording of this build whose final hash is
// not the game's still fails the replay: only hashes that cannot be
// compared go unchecked.
func TestFinalHashStillChecked(t *testing.T) {
	dir := t.TempDir()
	now, bad := filepath.Join(dir, "now.twr"), filepath.Join(dir, "bad.twr")
	if rec := sample(t, nil, "-headless", "-ticks", "40", "-record", now); rec.code != 0 {
		t.Fatalf("recording: status %d\n%s", rec.code, rec.stderr)
	}
	rewriteRecording(t, now, bad, func(h *recHeader) { h.badFinal = true })
	r := sample(t, nil, "-headless", "-replay", bad)
	if r.code != 1 || !regexp.MustCompile(`diverged from the recording at tick 39|the final hash is`).MatchString(r.stderr) {
		t.Errorf("replaying with a wrong final hash: status %d, stderr %q; want 1 and the divergence at the last tick", r.code, r.stderr)
	}
}

// TestBisectOtherSceneSaysItCannotCompare: -bisect on a recording of
// another version of the scene (its hashes are of another game) does not
// report a divergence from the recording: it says it cannot bisect against
// it and why, compares the two frame rates, and exits 0 when they agree.
func TestBisectOtherSceneSaysItCannotCompare(t *testing.T) {
	dir := t.TempDir()
	now, other := filepath.Join(dir, "now.twr"), filepath.Join(dir, "other.twr")
	// Recorded with 20 actors; the rewritten file says none, and another
	// version of the scene: every hash in it is of another game.
	if rec := sample(t, nil, "-headless", "-ticks", "60", "-actors", "20", "-record", now); rec.code != 0 {
		t.Fatalf("recording: status %d\n%s", rec.code, rec.stderr)
	}
	rewriteRecording(t, now, other, func(h *recHeader) {
		h.meta = [][2]string{{"actors", "0"}, {"scene", "an older scene"}}
	})
	r := sample(t, nil, "-replay", other, "-bisect")
	if r.code != 0 || strings.Contains(r.stdout, "differs from the recording") ||
		!strings.Contains(r.stdout, "cannot be bisected against the recording: it was recorded with another version of the sample's scene") ||
		!strings.Contains(r.stdout, "the same game at both frame rates") {
		t.Errorf("-bisect: status %d, stdout %q; want 0, the frame rates compared and a line saying the recording cannot be compared and why\n%s", r.code, r.stdout, r.stderr)
	}
	// The headless replay of it agrees: unchecked, status 0.
	if r := sample(t, nil, "-headless", "-replay", other); r.code != 0 || !strings.Contains(r.stderr, "cannot be compared") {
		t.Errorf("-headless -replay: status %d, stderr %q; want 0 and the notice", r.code, r.stderr)
	}
}
