package fields_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/tickwork/tickwork/scene/fields"
)

// TestLoadRefusesWhatDoesNotFit: each way data can fail to fit a
// description is a *LoadError that wraps the right sentinel and names the
// field, never a panic.
func TestLoadRefusesWhatDoesNotFit(t *testing.T) {
	it := &item{"sword", 3, 1.5}
	good := fields.Save(it, nil)
	inv := &inventory{gold: 1, items: []item{{"a", 1, 1}, {"b", 2, 2}}}
	invData := fields.Save(inv, nil)
	// the items slice's length is the byte after gold's tag (3 bytes) and
	// value (1 byte) and items' tag (3 bytes), after the format byte.
	const invLen = 1 + 4 + 3
	for _, tt := range []struct {
		name     string
		into     fields.Describer
		data     []byte
		sentinel error
		path     string // the field the error must name
		detail   string // a phrase of the message
	}{
		{"empty", &item{}, nil, fields.ErrTruncated, "", "empty"},
		{"another format", &item{}, append([]byte{9}, good[1:]...), fields.ErrFormat, "", "format 9"},
		{"truncated in a tag", &item{}, good[:2], fields.ErrTruncated, "name", "ends before the field"},
		{"truncated in a string", &item{}, good[:7], fields.ErrTruncated, "name", "holds"},
		{"truncated in a float", &item{}, good[:len(good)-1], fields.ErrTruncated, "weight", "needs 4 bytes"},
		{"a field renamed", &renamed{}, good, fields.ErrMismatch, "amount", `field "amount"`},
		{"fields reordered", &reordered{}, good, fields.ErrMismatch, "weight", "holds a field of kind int"},
		{"a field's kind changed", &retyped{}, good, fields.ErrMismatch, "count", "float64"},
		{"another type", &inventory{}, good, fields.ErrMismatch, "gold", "kind string"},
		{"a slice longer than the data", &inventory{}, patch(invData, invLen, 0xff, 0x7f), fields.ErrTruncated, "items", "16383 elements"},
		{"a slice longer than 64 bits", &inventory{}, patch(invData, invLen, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff), fields.ErrRange, "items", "overflows"},
		{"an element's field damaged", &inventory{}, invData[:len(invData)-3], fields.ErrTruncated, "items[1].weight", "needs 4 bytes"},
		{"an element's mark damaged", &inventory{}, patch(invData, invLen+1, 0), fields.ErrMismatch, "items[0]", "no element"},
		{"a bool neither 0 nor 1", &every{}, boolData(2), fields.ErrRange, "alive", "neither 0 nor 1"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			rest, err := fields.Load(tt.into, tt.data)
			var le *fields.LoadError
			if !errors.As(err, &le) {
				t.Fatalf("got %v (rest %d bytes), want a *LoadError", err, len(rest))
			}
			if !errors.Is(err, tt.sentinel) || le.Path != tt.path || !strings.Contains(err.Error(), tt.detail) {
				t.Errorf("got %v (path %q), want %v naming path %q and saying %q", err, le.Path, tt.sentinel, tt.path, tt.detail)
			}
			if rest != nil {
				t.Errorf("got %d bytes of rest with an error, want nil", len(rest))
			}
		})
	}
}

// patch returns a copy of data with the bytes at i replaced by b (growing
// nothing: b may be longer than what it covers, and the data shifts).
func patch(data []byte, i int, b ...byte) []byte {
	out := append([]byte(nil), data[:i]...)
	out = append(out, b...)
	return append(out, data[i+1:]...)
}

// boolData is an every's encoding with its bool field's byte set to b.
func boolData(b byte) []byte {
	data := fields.Save(&every{alive: true}, nil)
	// format, hp (3+1), speed (3+4), mass (3+8), alive's tag (3)
	i := 1 + 4 + 7 + 11 + 3
	if data[i] != 1 {
		panic("boolData: the bool is not where it was")
	}
	data[i] = b
	return data
}

// TestLoadEveryPrefix: every proper prefix of valid data is refused as
// truncated (or as a length the data cannot hold), never restored quietly.
func TestLoadEveryPrefix(t *testing.T) {
	data := fields.Save(sample(), nil)
	for n := range len(data) {
		_, err := fields.Load(&every{}, data[:n])
		if !errors.Is(err, fields.ErrTruncated) {
			t.Fatalf("prefix of %d of %d bytes: got %v, want ErrTruncated", n, len(data), err)
		}
	}
}

// FuzzLoad: whatever the data, Load returns a value or a *LoadError, never
// a panic; what it restores saves and loads again to the same hash.
func FuzzLoad(f *testing.F) {
	f.Add(fields.Save(sample(), nil))
	f.Add(fields.Save(&every{}, nil))
	f.Add([]byte{fields.Format})
	f.Add([]byte{})
	f.Fuzz(func(t *testing.T, data []byte) {
		var e every
		rest, err := fields.Load(&e, data)
		if err != nil {
			var le *fields.LoadError
			if !errors.As(err, &le) {
				t.Fatalf("got %T %v, want a *LoadError", err, err)
			}
			return
		}
		if len(rest) > len(data) {
			t.Fatalf("rest of %d bytes from %d", len(rest), len(data))
		}
		var again every
		if _, err := fields.Load(&again, fields.Save(&e, nil)); err != nil {
			t.Fatalf("loading what Save wrote of a loaded value: %v", err)
		}
		if a, b := fields.Hash(&e), fields.Hash(&again); a != b {
			t.Fatalf("hash %016x after a second round trip, want %016x", b, a)
		}
	})
}
