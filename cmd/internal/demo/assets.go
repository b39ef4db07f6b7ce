package demo

import (
	"embed"
	"fmt"

	"github.com/tickwork/tickwork/engine/asset"
	"github.com/tickwork/tickwork/engine/audio"
	"github.com/tickwork/tickwork/engine/audio/vorbis"
	"github.com/tickwork/tickwork/gfx"
)

// files are the sample's own assets, made by cmd/internal/assetgen.
//
//go:embed assets/*.png assets/*.glb assets/*.gltf assets/*.ogg
var files embed.FS

// Assets are what the sample loads: the library the renderer draws from,
// and the IDs and models the scenes use.
type Assets struct {
	Lib    *asset.Library
	Floor  asset.MaterialID // the checker texture, repeated
	Crate  asset.MaterialID // the crate texture
	Beacon *asset.Model     // the sample's own animated model
	// Character is the sample's skinned character, its walk clip's
	// footfalls named "step" events.
	Character *asset.Model
	Music     *audio.Stream // the gameplay's music loop, streamed
	sounds    sounds
}

// LoadAssets loads the sample's assets into a new library. A headless and a
// windowed run load the same files in the same order: the same IDs, the
// same Library.Hash.
func LoadAssets() (*Assets, error) {
	lib := &asset.Library{}
	a := &Assets{Lib: lib, sounds: makeSounds()}
	image := func(name string) (asset.ImageID, error) {
		f, err := files.Open("assets/" + name)
		if err != nil {
			return 0, fmt.Errorf("demo: %w", err)
		}
		defer f.Close()
		im, err := asset.DecodeImage(f, asset.SRGB)
		if err != nil {
			return 0, fmt.Errorf("demo: %s: %w", name, err)
		}
		return lib.AddImage(name, im)
	}
	checker, err := image("checker.png")
	if err != nil {
		return nil, err
	}
	if a.Floor, err = lib.AddMaterial("floor", &asset.Material{BaseTexture: checker}); err != nil {
		return nil, err
	}
	crate, err := image("crate.png")
	if err != nil {
		return nil, err
	}
	if a.Crate, err = lib.AddMaterial("crate", &asset.Material{BaseTexture: crate}); err != nil {
		return nil, err
	}
	if a.Beacon, err = lib.LoadModel(files, "assets/beacon.glb"); err != nil {
		return nil, fmt.Errorf("demo: %w", err)
	}
	if a.Character, err = lib.LoadModel(files, "assets/character.glb"); err != nil {
		return nil, fmt.Errorf("demo: %w", err)
	}
	if walk := a.Character.Animation("walk"); walk >= 0 {
		a.Character.Animations[walk].Events = []asset.Event{{Time: 0.25, Name: "step"}, {Time: 0.75, Name: "step"}}
	}
	if a.Music, err = lib.LoadMusic(files, "assets/music.ogg", vorbis.Codec{}); err != nil {
		return nil, fmt.Errorf("demo: %w", err)
	}
	return a, nil
}

// floorTint is the colour of the floor's tiles, multiplied with the
// checker texture.
var floorTint = [2]gfx.Color{gfx.RGB(0.72, 0.76, 0.84), gfx.RGB(0.85, 0.88, 0.95)}
