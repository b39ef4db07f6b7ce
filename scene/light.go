package scene

import "github.com/tickwork/tickwork/gfx"

// Light is a behaviour that makes its actor a point or spot light: every
// frame it adds Light to the draw list, placed at the actor's render
// matrix (its origin, shining along its −Z axis), so a light moves with
// its actor and is interpolated like everything else. A hidden actor's
// light is off. Give it as a Spec's Behavior (asset.Model.Spawn does so
// for a glTF node with a KHR_lights_punctual light); change Light's
// colour or intensity from a tick.
type Light struct {
	Light gfx.PunctualLight
}

// Draw adds the light; BuildDrawList calls it once per frame on the
// main goroutine.
func (l *Light) Draw(a *Actor, d *gfx.DrawList) {
	m := a.RenderMatrix()
	pl := l.Light
	pl.Place(&m)
	d.AddLight(pl)
}

// SetEnvironment sets the scene's exposure, tone mapping, fog and sky,
// kept from frame to frame like its light (see gfx.Environment; the zero
// value is the plain look). Call it from a state's Enter or Tick.
func (m *Manager) SetEnvironment(e gfx.Environment) { m.draw.Env = e }
