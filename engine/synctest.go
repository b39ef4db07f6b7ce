package engine

import (
	"errors"
	"fmt"
	"reflect"
	"strings"
	"unsafe"

	"github.com/tickwork/tickwork/scene"
	"github.com/tickwork/tickwork/timing"
)

// SyncTestError is the first difference the sync test found: running
// ticks From..To again from the snapshot before From did not give the
// state the first run had.
type SyncTestError struct {
	Tick     uint64 // the first tick whose hash differed when run again; To when only a field differed
	From, To uint64 // the ticks run again
	What     string // what differs: the state, scene, actor and field (Diff's words), or a behaviour's or state's field
}

// Error names the tick and what differs, and says what to do.
func (e *SyncTestError) Error() string {
	return fmt.Sprintf("engine: sync test: tick %d differs when ticks %d..%d run again from the snapshot before tick %d: %s. "+
		"Everything a tick changes must be in the snapshot: describe the fields of states and behaviours (fields.Describer), "+
		"keep no other state that a tick changes, and draw random numbers only from Context.Rand",
		e.Tick, e.From, e.To, e.From, e.What)
}

// syncTest is the state of the sync test mode.
type syncTest struct {
	k        int
	checking bool     // ticks run again for the check
	hashes   []uint64 // by tick % window: the hash after the tick's first run
	first    uint64   // the first re-run tick whose hash differed
	differ   bool
	present  gameSnap // the present, for naming a difference
	truth    fieldScan
	again    fieldScan
	types    map[reflect.Type][]span
	checked  uint64
	skipped  uint64
}

// span is a field of plain data (numbers, booleans, arrays and structs of
// them) in a state's or behaviour's struct.
type span struct {
	off, size uintptr
	name      string
	typ       reflect.Type
}

// owner is a state or behaviour whose plain fields a scan copied.
type owner struct {
	ptr     unsafe.Pointer
	typ     reflect.Type // the struct type
	state   string
	scene   int // -1: the state itself
	actor   scene.Handle
	at, end int // its bytes in the scan's buf
}

// fieldScan is a copy of the plain fields of every state and behaviour.
type fieldScan struct {
	buf    []byte
	owners []owner
}

// SyncTest turns the sync test on (k ticks, 1 to MaxRollbackWindow) or off
// (0). After every tick from tick k-1 on, the game rolls back k ticks,
// runs them again with the same input and compares the per-tick hashes
// with the first run's, and the plain fields (numbers, booleans, arrays
// and structs of them) of every state and actor behaviour that is a
// pointer to a struct with their values after the first run. The first
// difference ends the game: RunFrame returns a *SyncTestError naming the
// tick and the state, scene, actor and field (Digest and Diff name it). A
// field a tick changes that its type does not describe (fields.Describer)
// is found this way by its name and type.
//
// It enables a rollback window of at least k ticks. Ticks whose rollback
// would cross a change of the stack, the tick rate, the time scale or
// pause are not checked (see Rewind). TickSinks do not see the ticks run
// again. It costs k+1 times the ticks and a copy of those fields per tick:
// a test mode, not for play. Call it between frames.
func (r RollbackControls) SyncTest(k int) error {
	g := r.g
	switch {
	case k < 0 || k > MaxRollbackWindow:
		return fmt.Errorf("engine: sync test of %d ticks: allowed 0 (off) to %d", k, MaxRollbackWindow)
	case g.inFrame:
		return errors.New("engine: Rollback().SyncTest during a frame: call it between frames")
	}
	if k > g.rb.window {
		if err := r.Enable(k); err != nil {
			return err
		}
	}
	st := &g.rb.sync
	st.k = k
	if k > 0 && len(st.hashes) != g.rb.window {
		st.hashes = make([]uint64, g.rb.window)
	}
	return nil
}

// SyncTestChecks returns how many ticks the sync test checked and how many
// it left unchecked because their rollback would cross a change of the
// stack, the tick rate, the time scale or pause.
func (r RollbackControls) SyncTestChecks() (checked, skipped uint64) {
	return r.g.rb.sync.checked, r.g.rb.sync.skipped
}

// compare notes the hash after re-running tick t.
func (st *syncTest) compare(t, h uint64) {
	if !st.differ && st.hashes[t%uint64(len(st.hashes))] != h {
		st.first, st.differ = t, true
	}
}

// syncCheck runs the sync test after tick p ran.
func (g *Game) syncCheck(p uint64) error {
	rb := &g.rb
	st := &rb.sync
	st.hashes[p%uint64(len(st.hashes))] = g.Hash()
	if p+1 < uint64(st.k) {
		return nil
	}
	from, present := p+1-uint64(st.k), p+1
	if g.canRewind(from, present) != nil {
		st.skipped++
		return nil
	}
	g.scanFields(&st.truth)
	g.saveInto(&st.present, timing.TickInfo{}, nil)
	st.checking, st.differ = true, false
	err := g.resimulate(from, present)
	st.checking = false
	if err != nil {
		return fmt.Errorf("engine: sync test, running ticks %d..%d again: %w", from, p, err)
	}
	st.checked++
	g.scanFields(&st.again)
	field := g.compareScans(&st.truth, &st.again)
	if !st.differ && field == "" {
		return nil
	}
	e := &SyncTestError{Tick: p, From: from, To: p, What: field}
	if st.differ {
		e.Tick = st.first
		again := g.Digest()
		if err := g.restoreFrom(&st.present, present); err == nil {
			if d := Diff(g.Digest(), again); d != "" && field == "" {
				e.What = d
			} else if d != "" {
				e.What = field + "; and at tick " + fmt.Sprint(p) + ": " + d
			}
		}
		if e.What == "" {
			e.What = "the hash differs (a state's own Hash, or state outside the digest)"
		}
	}
	return e
}

// scanFields copies the plain fields of every state and behaviour into sc.
func (g *Game) scanFields(sc *fieldScan) {
	sc.buf, sc.owners = sc.buf[:0], sc.owners[:0]
	for _, e := range g.stack {
		g.scanOne(sc, e.state, e.name, -1, scene.NoHandle)
		if e.scenes == nil {
			continue
		}
		for j, m := range scenesOf(e.scenes, &g.sbHash) {
			for h, a := range m.All() {
				if b := a.Behavior(); b != nil {
					g.scanOne(sc, b, e.name, j, h)
				}
			}
		}
	}
}

// scanOne appends the plain fields of v, when it points to a struct.
func (g *Game) scanOne(sc *fieldScan, v any, state string, sceneIdx int, h scene.Handle) {
	rv := reflect.ValueOf(v)
	if rv.Kind() != reflect.Pointer || rv.IsNil() || rv.Type().Elem().Kind() != reflect.Struct {
		return
	}
	t := rv.Type().Elem()
	st := &g.rb.sync
	spans, ok := st.types[t]
	if !ok {
		if st.types == nil {
			st.types = make(map[reflect.Type][]span)
		}
		spans = plainSpans(t, 0, "", nil, 0)
		st.types[t] = spans
	}
	if len(spans) == 0 {
		return
	}
	p := rv.UnsafePointer()
	o := owner{ptr: p, typ: t, state: state, scene: sceneIdx, actor: h, at: len(sc.buf)}
	for _, s := range spans {
		sc.buf = append(sc.buf, unsafe.Slice((*byte)(unsafe.Add(p, s.off)), s.size)...)
	}
	o.end = len(sc.buf)
	sc.owners = append(sc.owners, o)
}

// compareScans names the first plain field that differs between the two
// scans of the same states and behaviours, or returns "".
func (g *Game) compareScans(a, b *fieldScan) string {
	for i := range min(len(a.owners), len(b.owners)) {
		x, y := &a.owners[i], &b.owners[i]
		if x.ptr != y.ptr || x.typ != y.typ || x.actor != y.actor {
			return "" // other actors: the hashes name the difference
		}
		off := 0
		for _, s := range g.rb.sync.types[x.typ] {
			n := int(s.size)
			u, v := a.buf[x.at+off:x.at+off+n], b.buf[y.at+off:y.at+off+n]
			off += n
			if string(u) == string(v) {
				continue
			}
			where := "state " + x.state
			if x.scene >= 0 {
				where = fmt.Sprintf("state %s, scene %d, %v: behaviour", x.state, x.scene, x.actor)
			}
			return fmt.Sprintf("%s %v: field %s (%v) is %v after running the ticks again and was %v the first time: it is not in the snapshot (not described, or changed outside ticks)",
				where, reflect.PointerTo(x.typ), s.name, s.typ, valueOf(s.typ, v), valueOf(s.typ, u))
		}
	}
	return ""
}

// valueOf returns the value of type t whose bytes are b.
func valueOf(t reflect.Type, b []byte) any {
	v := reflect.New(t)
	copy(unsafe.Slice((*byte)(v.UnsafePointer()), len(b)), b)
	return v.Elem().Interface()
}

// plainSpans lists the plain fields of struct type t at offset base,
// descending into structs that hold other data too, except the engine's
// own types (their state is snapshotted by the engine).
func plainSpans(t reflect.Type, base uintptr, prefix string, dst []span, depth int) []span {
	for i := range t.NumField() {
		f := t.Field(i)
		if f.Type.Size() == 0 {
			continue
		}
		switch {
		case f.Type.Kind() == reflect.Struct && depth < 4 && plain(f.Type):
			dst = plainSpans(f.Type, base+f.Offset, prefix+f.Name+".", dst, depth+1) // leaf by leaf: no padding
		case plain(f.Type):
			dst = append(dst, span{off: base + f.Offset, size: f.Type.Size(), name: prefix + f.Name, typ: f.Type})
		case f.Type.Kind() == reflect.Struct && depth < 4 && !strings.HasPrefix(f.Type.PkgPath(), "github.com/tickwork/tickwork/"):
			dst = plainSpans(f.Type, base+f.Offset, prefix+f.Name+".", dst, depth+1)
		}
	}
	return dst
}

// plain reports whether t holds only numbers and booleans.
func plain(t reflect.Type) bool {
	switch t.Kind() {
	case reflect.Bool, reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64,
		reflect.Float32, reflect.Float64, reflect.Complex64, reflect.Complex128:
		return true
	case reflect.Array:
		return plain(t.Elem())
	case reflect.Struct:
		for i := range t.NumField() {
			if !plain(t.Field(i).Type) {
				return false
			}
		}
		return true
	}
	return false
}
