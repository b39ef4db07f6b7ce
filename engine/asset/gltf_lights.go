package asset

import (
	"fmt"
	"math"

	"github.com/tickwork/tickwork/gfx"
)

// punctualLights is KHR_lights_punctual's document-level object.
type punctualLights struct {
	Lights []struct {
		Name      string      `json:"name"`
		Type      string      `json:"type"`
		Color     *[3]float64 `json:"color"`
		Intensity *float64    `json:"intensity"`
		Range     *float64    `json:"range"`
		Spot      *struct {
			Inner *float64 `json:"innerConeAngle"`
			Outer *float64 `json:"outerConeAngle"`
		} `json:"spot"`
	} `json:"lights"`
}

// nodeLight is KHR_lights_punctual's node-level object.
type nodeLight struct {
	Light *int `json:"light"`
}

// lights reads KHR_lights_punctual: the file's point and spot lights,
// attached to the nodes that name them (Node.Light). A directional light
// is not a punctual light here: a scene has one sun (gfx.Light), so it is
// left out with a notice naming the light; its node still spawns.
func (ld *loader) lights(nodes []Node) error {
	var pl punctualLights
	ok, err := extension(ld.doc.Extensions, "KHR_lights_punctual", &pl)
	if err != nil || !ok {
		return err
	}
	lights := make([]*gfx.PunctualLight, len(pl.Lights))
	for i, gl := range pl.Lights {
		l := &gfx.PunctualLight{Color: gfx.Color{R: 1, G: 1, B: 1, A: 1}, Intensity: 1}
		if gl.Color != nil {
			l.Color = gfx.Color{R: float32(gl.Color[0]), G: float32(gl.Color[1]), B: float32(gl.Color[2]), A: 1}
		}
		if gl.Intensity != nil {
			if l.Intensity = float32(*gl.Intensity); l.Intensity == 0 {
				l.Color = gfx.Color{A: 1} // a dark light, not Intensity's default of 1
				l.Intensity = 1
			}
		}
		if gl.Range != nil {
			if !(*gl.Range > 0) || math.IsInf(*gl.Range, 0) {
				return fmt.Errorf("KHR_lights_punctual light %d: range %v: want a finite distance above 0", i, *gl.Range)
			}
			l.Range = float32(*gl.Range)
		}
		switch gl.Type {
		case "point":
		case "spot":
			l.Kind, l.Inner, l.Outer = gfx.SpotLight, 0, math.Pi/4
			if s := gl.Spot; s != nil {
				if s.Inner != nil {
					l.Inner = float32(*s.Inner)
				}
				if s.Outer != nil {
					l.Outer = float32(*s.Outer)
				}
			}
		case "directional":
			ld.notice("KHR_lights_punctual light %d %q is directional: a scene's sun is its gfx.Light, so it is left out", i, gl.Name)
			continue
		default:
			return fmt.Errorf("KHR_lights_punctual light %d: unknown type %q (point, spot or directional)", i, gl.Type)
		}
		if err := l.Validate(); err != nil {
			return fmt.Errorf("KHR_lights_punctual light %d: %w", i, err)
		}
		lights[i] = l
	}
	for i, gn := range ld.doc.Nodes {
		var nl nodeLight
		ok, err := extension(gn.Extensions, "KHR_lights_punctual", &nl)
		if err != nil {
			return fmt.Errorf("node %d: %w", i, err)
		}
		if !ok || nl.Light == nil {
			continue
		}
		if k := *nl.Light; k < 0 || k >= len(lights) {
			return fmt.Errorf("node %d: KHR_lights_punctual light %d does not exist (%d lights)", i, k, len(lights))
		}
		if l := lights[*nl.Light]; l != nil {
			c := *l
			nodes[i].Light = &c
		}
	}
	return nil
}
