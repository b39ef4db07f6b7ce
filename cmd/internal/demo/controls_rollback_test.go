package demo

import (
	"testing"

	"github.com/tickwork/tickwork/engine"
	"github.com/tickwork/tickwork/engine/input"
)

// TestRollbackKeepsPresses: with rollback on, T pressed at tick 30 (held,
// or released again) and a rewind into, onto or just after the press run
// again gives the hash and the teleports of the first run: the actions'
// state is in the gameplay's snapshot, so the press is seen again as a
// press, and a key held at the rewind point stays held.
func TestRollbackKeepsPresses(t *testing.T) {
	const press = 30
	tests := []struct {
		name    string
		release uint64 // 0: T stays held
		rewind  uint64
	}{
		{"held, rewind before the press", 0, press - 2},
		{"held, rewind to the press", 0, press},
		{"held, rewind after the press", 0, press + 1},
		{"released, rewind before the press", press + 2, press - 2},
		{"released, rewind between press and release", press + 2, press + 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h, g := play(t, Config{})
			if err := h.Game.Rollback().Enable(8); err != nil {
				t.Fatal(err)
			}
			h.Inject(press, input.Event{Kind: input.KeyPress, Key: input.KeyT})
			if tt.release != 0 {
				h.Inject(tt.release, input.Event{Kind: input.KeyRelease, Key: input.KeyT})
			}
			ticks(t, h, press+4)
			want, teleports := h.Game.Hash(), g.Teleports()
			if teleports != 1 {
				t.Fatalf("T pressed once: %d teleports, want 1", teleports)
			}
			for range 2 { // twice: the second rewind starts from a run again
				if err := h.Game.Rollback().Rewind(tt.rewind); err != nil {
					t.Fatal(err)
				}
				if got := h.Game.Hash(); got != want || g.Teleports() != teleports {
					t.Fatalf("after rewinding to tick %d: hash %x, %d teleports; want %x, %d as first run",
						tt.rewind, got, g.Teleports(), want, teleports)
				}
			}
			ticks(t, h, 4) // held on: no second press
			if g.Teleports() != teleports {
				t.Errorf("4 ticks after the rewind: %d teleports, want %d", g.Teleports(), teleports)
			}
		})
	}
}

// TestSyncTestWithKeys: the sync test finds no state missing from the
// gameplay's snapshots while arrows push the ball and T teleports the
// cube, pressed, held and released.
func TestSyncTestWithKeys(t *testing.T) {
	h, g := play(t, Config{})
	if err := h.Game.Rollback().SyncTest(4); err != nil {
		t.Fatal(err)
	}
	h.Inject(5, input.Event{Kind: input.KeyPress, Key: input.KeyRight})
	h.Inject(9, input.Event{Kind: input.KeyPress, Key: input.KeyT})
	h.Inject(14, input.Event{Kind: input.KeyRelease, Key: input.KeyT}, input.Event{Kind: input.KeyPress, Key: input.KeyUp})
	tap(h, 20, input.KeyT)
	h.Inject(24, input.Event{Kind: input.KeyRelease, Key: input.KeyRight})
	h.Inject(26, input.Event{Kind: input.KeyPress, Key: input.KeyT})
	h.Inject(30, input.Event{Kind: input.KeyRelease, Key: input.KeyUp})
	if err := h.RunTicks(40, engine.Jittered(60, 0.5, 4)); err != nil {
		t.Fatalf("sync test: %v", err)
	}
	if checked, _ := h.Game.Rollback().SyncTestChecks(); checked < 30 {
		t.Errorf("the sync test checked %d ticks, want at least 30", checked)
	}
	if g.Teleports() != 3 {
		t.Errorf("T pressed 3 times: %d teleports, want 3", g.Teleports())
	}
}
