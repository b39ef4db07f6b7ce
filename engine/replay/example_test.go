package replay_test

import (
	"fmt"
	"log"
	"os"
	"path/filepath"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/tickwork/tickwork/engine"
	"github.com/tickwork/tickwork/engine/input"
	"github.com/tickwork/tickwork/engine/replay"
	"github.com/tickwork/tickwork/gfx"
	"github.com/tickwork/tickwork/scene"
)

// Garden is a replayable game state: Space plants a flower at a random
// spot, drawn from the game's random source (ctx.Rand) inside a tick.
type Garden struct {
	world  scene.Manager
	scenes []*scene.Manager
}

func (g *Garden) Enter(*engine.Context) error {
	g.scenes = []*scene.Manager{&g.world}
	return nil
}

func (g *Garden) Scenes(dst []*scene.Manager) []*scene.Manager { return append(dst, g.scenes...) }
func (g *Garden) Draw(*engine.DrawContext)                     {}

func (g *Garden) Tick(ctx *engine.TickContext) error {
	if ctx.Input.Pressed(input.KeySpace) {
		r := ctx.Rand()
		_, err := g.world.Spawn(scene.Spec{Pos: mgl32.Vec3{r.Float32() * 10, 0, r.Float32() * 10}, Mesh: gfx.MeshSphere})
		return err
	}
	return nil
}

func Example() {
	dir, err := os.MkdirTemp("", "replay-example")
	if err != nil {
		log.Fatal(err)
	}
	defer os.RemoveAll(dir)
	path := filepath.Join(dir, "garden.twr")

	// Record: a headless game at 60 fps, with Space tapped at three ticks.
	opts := engine.Options{Seed: 2024}
	h, err := engine.NewHeadless(opts, &Garden{})
	if err != nil {
		log.Fatal(err)
	}
	rec, err := replay.Create(path, replay.Header{TickRate: h.Game.Time().TickRate(), Seed: opts.Seed, InitialState: "garden"})
	if err != nil {
		log.Fatal(err)
	}
	h.Game.AddTickSink(rec) // closed, and the file saved, when the game ends
	for _, tick := range []uint64{10, 45, 46} {
		h.Inject(tick, input.Event{Kind: input.KeyPress, Key: input.KeySpace}, input.Event{Kind: input.KeyRelease, Key: input.KeySpace})
	}
	if err := h.RunTicks(90, engine.Steady(60)); err != nil {
		log.Fatal(err)
	}
	recorded := h.Game.Hash()
	if err := h.Close(); err != nil {
		log.Fatal(err)
	}

	// Replay: the same game at 7 fps, fed from the file and checked
	// against its hashes.
	p, err := replay.Open(path)
	if err != nil {
		log.Fatal(err)
	}
	hd := p.Header()
	r, err := engine.NewHeadless(engine.Options{TickRate: hd.TickRate, Seed: hd.Seed}, &Garden{})
	if err != nil {
		log.Fatal(err)
	}
	if err := p.Check(r.Game); err != nil {
		log.Fatal(err)
	}
	r.Game.SetTickSource(p)
	r.Game.AddTickSink(p)
	if err := r.RunTicks(p.Ticks(), engine.Steady(7)); err != nil {
		log.Fatal(err) // a *replay.DivergenceError if the game is not deterministic
	}
	final, _ := p.FinalHash()
	fmt.Println("ticks replayed:", r.Game.Time().Ticks())
	fmt.Println("final hashes equal:", final == recorded && r.Game.Hash() == final)
	r.Close()
	// Output:
	// ticks replayed: 90
	// final hashes equal: true
}
