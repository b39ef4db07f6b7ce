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
)

// loadAndSpawn is the README's example: a texture and a model loaded into
// a library, a textured cube and the model spawned, its animation played.
func loadAndSpawn() (*scene.Manager, *asset.Model, error) {
	// README:assets:begin
	// The files: a game embeds its own (//go:embed assets); any fs.FS works.
	files := os.DirFS("../../cmd/internal/demo/assets")

	// Load once, while the game starts: a texture, a material that draws it,
	// and a glTF model (its meshes, materials and textures come with it).
	var lib asset.Library
	f, err := files.Open("crate.png")
	if err != nil {
		return nil, nil, err
	}
	defer f.Close()
	img, err := asset.DecodeImage(f, asset.SRGB)
	if err != nil {
		return nil, nil, err
	}
	crateImage, err := lib.AddImage("crate.png", img)
	if err != nil {
		return nil, nil, err
	}
	crate, err := lib.AddMaterial("crate", &asset.Material{BaseTexture: crateImage})
	if err != nil {
		return nil, nil, err
	}
	beacon, err := lib.LoadModel(files, "beacon.glb")
	if err != nil {
		return nil, nil, err
	}

	// In a state's Enter: actors name meshes and materials by ID.
	var world scene.Manager
	if _, err := world.Spawn(scene.Spec{Mesh: gfx.MeshCube, Material: crate, Color: gfx.RGB(1, 1, 1)}); err != nil {
		return nil, nil, err
	}
	model, err := beacon.Spawn(&world, scene.Spec{Pos: mgl32.Vec3{0, 0, -5}})
	if err != nil {
		return nil, nil, err
	}
	if _, err := model.Play(&world, beacon.Animation("spin"), true); err != nil { // sampled in ticks
		return nil, nil, err
	}

	// In main, once the window is open: the renderer draws from the library,
	// uploading what a frame uses the first time it is used.
	//   win.Renderer().SetAssets(&lib)
	// README:assets:end
	return &world, beacon, nil
}

func Example_loadTextureAndModel() {
	world, beacon, err := loadAndSpawn()
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(beacon.Info)
	fmt.Println(world.Len(), "actors") // the cube, the model's root and 7 nodes (+2 extra primitives), the animator
	// Output:
	// nodes=7 meshes=5 primitives=7 vertices=496 triangles=330 textures=2 materials=6 animations=3 skins=0 joints=0 targets=0
	// 12 actors
}

// TestREADMEShowsTheExample keeps the README's "Textures and models" code
// in step with loadAndSpawn.
func TestREADMEShowsTheExample(t *testing.T) {
	block := func(name, s string) string {
		i := strings.Index(s, "// README:assets:begin")
		j := strings.Index(s, "// README:assets:end")
		if i < 0 || j < i {
			t.Fatalf("%s: no README:assets:begin … README:assets:end block", name)
		}
		return s[i : j+len("// README:assets:end")]
	}
	src, err := os.ReadFile("readme_example_test.go")
	if err != nil {
		t.Fatal(err)
	}
	readme, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	code, doc := block("readme_example_test.go", string(src)), block("README.md", string(readme))
	code = strings.ReplaceAll(code, "\n\t", "\n")
	if code != doc {
		t.Errorf("README.md's assets example differs from engine/asset/readme_example_test.go:\n--- test\n%s\n--- README.md\n%s", code, doc)
	}
}
