package scene

import (
	"errors"
	"fmt"
	"strings"
)

// Handle names an actor of one Manager: the index of its slot and the
// generation of that slot. Removing an actor bumps its slot's generation, so
// every handle to it goes stale at once and a recycled slot is never
// mistaken for the actor that held it before. Handles are small comparable
// values: store them, not *Actor pointers, in game state.
//
// The zero Handle, NoHandle, names no actor. A handle is only meaningful to
// the manager that issued it.
type Handle uint64

// NoHandle names no actor: the parent of a root actor, or "no camera".
const NoHandle Handle = 0

func makeHandle(index int32, gen uint32) Handle {
	return Handle(uint64(gen)<<32 | uint64(uint32(index)))
}

// Index returns the slot index the handle refers to.
func (h Handle) Index() int32 { return int32(uint32(h)) }

// Gen returns the slot generation the handle refers to; 0 for NoHandle.
func (h Handle) Gen() uint32 { return uint32(h >> 32) }

// String formats h as "actor#INDEX.GEN", or "no actor" for NoHandle.
func (h Handle) String() string {
	if h == NoHandle {
		return "no actor"
	}
	return fmt.Sprintf("actor#%d.%d", h.Index(), h.Gen())
}

// Errors returned by Manager methods, wrapped with the operation and the
// handle; test for them with errors.Is.
var (
	// ErrNoActor: the handle was never issued by this manager (NoHandle, or a
	// slot that does not exist).
	ErrNoActor = errors.New("no such actor")

	// ErrStaleHandle: the actor the handle named was removed (its slot may
	// since hold another actor). Removing an actor twice reports it.
	ErrStaleHandle = errors.New("stale handle: actor was removed")

	// ErrCycle: the parenting would make an actor its own ancestor.
	ErrCycle = errors.New("parenting would make a cycle")

	// ErrNonFinite: a transform holds NaN or ±Inf.
	ErrNonFinite = errors.New("non-finite transform")

	// ErrZeroRotation: a rotation quaternion was zero and was replaced by the
	// identity.
	ErrZeroRotation = errors.New("zero rotation quaternion")

	// ErrZeroScale: keeping the world transform under a new parent is
	// impossible because the parent's world scale has a zero component.
	ErrZeroScale = errors.New("parent scale has a zero component")

	// ErrInTick: Tick was called from within a tick.
	ErrInTick = errors.New("already ticking")
)

// TransformError reports the actors whose transforms a tick found bad and
// repaired. Err is ErrNonFinite (the actors were reverted to their last
// finite local and world transforms) or ErrZeroRotation (their local
// rotation was set to the identity); errors.Is(err, ErrNonFinite) and
// errors.As work through it.
type TransformError struct {
	Err     error    // ErrNonFinite or ErrZeroRotation
	Tick    uint64   // index of the tick that found them
	Handles []Handle // the actors, in slot order of discovery
}

// Error lists the handles, e.g. "scene: tick 7: non-finite transform:
// actor#3.1, actor#9.2 (reverted to the last finite transform)".
func (e *TransformError) Error() string {
	var b strings.Builder
	fmt.Fprintf(&b, "scene: tick %d: %v: ", e.Tick, e.Err)
	for i, h := range e.Handles {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(h.String())
	}
	switch e.Err {
	case ErrNonFinite:
		b.WriteString(" (reverted to the last finite transform)")
	case ErrZeroRotation:
		b.WriteString(" (set to the identity)")
	}
	return b.String()
}

// Unwrap returns Err.
func (e *TransformError) Unwrap() error { return e.Err }
