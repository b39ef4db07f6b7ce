package asset_test

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl32"

	"github.com/tickwork/tickwork/engine/asset"
	"github.com/tickwork/tickwork/gfx"
	"github.com/tickwork/tickwork/scene"
	"github.com/tickwork/tickwork/timing"
)

// walker is the README's "Characters" example: the project's skinned
// character spawned, walking with a footstep event, a hat on its head.
func walker() (*scene.Manager, *asset.Character, *int, error) {
	steps := new(int)
	// README:characters:begin
	var lib asset.Library
	md, err := lib.LoadModel(os.DirFS("../../cmd/internal/demo/assets"), "character.glb")
	if err != nil {
		return nil, nil, nil, err
	}
	walk, idle := md.Animation("walk"), md.Animation("idle")
	// Clip events are times a game names; they fire on the tick that
	// crosses them, once, at any frame rate and on replay.
	md.Animations[walk].Events = []asset.Event{{Time: 0.25, Name: "step"}, {Time: 0.75, Name: "step"}}

	var world scene.Manager
	hero, err := md.SpawnCharacter(&world, scene.Spec{Pos: mgl32.Vec3{0, 0, -3}}, 1)
	if err != nil {
		return nil, nil, nil, err
	}
	hero.Pose.Play(0, idle, true, 0)  // layer 0, looping, no fade
	hero.Pose.Play(0, walk, true, 10) // cross-fade to the walk over 10 ticks
	hero.OnEvent = func(e asset.Fired) {
		if e.Name == "step" {
			*steps++ // a footstep sound, started on this tick
		}
	}
	// A hat follows the head joint, interpolated like any child actor.
	head := 4 // the node index of the "head" joint
	if _, err := hero.Attach(&world, head, scene.Spec{Pos: mgl32.Vec3{0, 0.3, 0}, Mesh: gfx.MeshCube, Scale: mgl32.Vec3{0.3, 0.1, 0.3}}); err != nil {
		return nil, nil, nil, err
	}
	// README:characters:end
	return &world, hero, steps, nil
}

func Example_character() {
	world, hero, steps, err := walker()
	if err != nil {
		fmt.Println(err)
		return
	}
	for i := range 60 { // 2 s at 30 Hz
		world.Tick(timing.TickInfo{Index: uint64(i), Rate: 30, Delta: 1.0 / 30})
	}
	world.Interpolate(0.5)
	d := world.BuildDrawList()
	fmt.Println(*steps, "steps")
	fmt.Println(len(d.SkinnedBatches()), "skinned batch,", len(d.Bones()), "bones")
	fmt.Println("walking:", hero.Pose.Layers[0].Clip() == 1, "fade", hero.Pose.Layers[0].Fade())
	// Output:
	// 4 steps
	// 1 skinned batch, 9 bones
	// walking: true fade 1
}

// TestREADMEShowsTheCharacterExample keeps README's "Characters" code in
// step with walker, once README has the block.
func TestREADMEShowsTheCharacterExample(t *testing.T) {
	const begin, end = "// README:characters:begin", "// README:characters:end"
	block := func(s string) string {
		i, j := strings.Index(s, begin), strings.Index(s, end)
		if i < 0 || j < i {
			return ""
		}
		return s[i : j+len(end)]
	}
	src, err := os.ReadFile("characters_example_test.go")
	if err != nil {
		t.Fatal(err)
	}
	readme, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	doc := block(string(readme))
	if doc == "" {
		t.Skip("README.md has no Characters example block yet")
	}
	if code := strings.ReplaceAll(block(string(src)), "\n\t", "\n"); code != doc {
		t.Errorf("README.md's Characters example differs from characters_example_test.go:\n--- test\n%s\n--- README.md\n%s", code, doc)
	}
}
