package main

import (
	"fmt"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/tickwork/tickwork/cmd/framebench/internal/peer"
	"github.com/tickwork/tickwork/engine"
	"github.com/tickwork/tickwork/gfx"
	"github.com/tickwork/tickwork/scene"
	"github.com/tickwork/tickwork/timing"
)

// sceneState is a state the recorder measures: the sample's gameplay or
// the peer comparison's cube scene.
type sceneState interface {
	engine.State
	engine.SceneOwner
	Scene() *scene.Manager
}

var (
	_ sceneState   = (*cubeState)(nil)
	_ scene.Ticker = (*cubeTurn)(nil)
)

// cubeState is tickwork's side of the peer comparison: package peer's cube
// scene (N unit cubes on a grid, each turning about its own axis, one
// light), built from the same layout and camera the peers draw. Each cube
// has its own behaviour, as a game whose actors differ writes it (a
// scene.Ticker per actor, not one bulk behaviour for all), turning it in
// fixed ticks; the engine interpolates them every frame.
type cubeState struct {
	world scene.Manager
	turns []cubeTurn // cube i's behaviour
}

// cubeTurn is one cube's behaviour: it turns the cube about its axis at
// peer.Speed, one quaternion product a tick, the rotation per tick
// computed once per tick rate.
type cubeTurn struct {
	axis mgl32.Vec3
	inc  mgl32.Quat
	rate int
}

// newCubeState builds the scene of n cubes.
func newCubeState(n int) (*cubeState, error) {
	sc, err := peer.NewScene(n)
	if err != nil {
		return nil, err
	}
	s := &cubeState{turns: make([]cubeTurn, n)}
	eye, target := sc.Camera()
	s.world.SetView(mgl32.LookAtV(eye, target, mgl32.Vec3{0, 1, 0}))
	if err := s.world.SetLens(mgl32.DegToRad(peer.FovY), peer.Near, peer.Far); err != nil {
		return nil, err
	}
	s.world.SetLight(peer.Light)
	for i := range n {
		s.turns[i].axis = peer.Axis(i)
		if _, err := s.world.Spawn(scene.Spec{
			Pos: sc.Pos(i), Rot: sc.Rot0(i), Mesh: gfx.MeshCube, Color: peer.CubeColor, Behavior: &s.turns[i],
		}); err != nil {
			return nil, fmt.Errorf("cube scene: spawning cube %d: %w", i, err)
		}
	}
	return s, nil
}

// Enter draws the cubes as the peer does: the sun without shadows, no
// antialiasing (the engine's defaults add both, which the peer's scene
// does not draw).
func (s *cubeState) Enter(ctx *engine.Context) error {
	return ctx.Game().Window().SetGraphics(gfx.Graphics{Shadows: gfx.ShadowOff, MSAA: 1})
}

// Tick changes nothing of its own: the cubes' behaviours turn them.
func (s *cubeState) Tick(*engine.TickContext) error { return nil }

// Draw adds no HUD: the comparison draws cubes only.
func (s *cubeState) Draw(*engine.DrawContext) {}

// Scenes hands the engine the cube scene, once per tick and frame.
func (s *cubeState) Scenes(dst []*scene.Manager) []*scene.Manager { return append(dst, &s.world) }

// Scene is the cube scene, for the run's actor count.
func (s *cubeState) Scene() *scene.Manager { return &s.world }

// Tick turns the cube by one tick: the tick's rotation about its axis,
// applied in world space (it commutes with the turns before it).
func (c *cubeTurn) Tick(a *scene.Actor, t timing.TickInfo, _ *scene.Manager) error {
	if t.Rate != c.rate {
		c.rate = t.Rate
		c.inc = peer.AxisAngle(c.axis, peer.Speed*t.Delta)
	}
	q, p := &c.inc, &a.Local.Rot
	a.Local.Rot = mgl32.Quat{
		W: q.W*p.W - q.V[0]*p.V[0] - q.V[1]*p.V[1] - q.V[2]*p.V[2],
		V: mgl32.Vec3{
			q.W*p.V[0] + p.W*q.V[0] + q.V[1]*p.V[2] - q.V[2]*p.V[1],
			q.W*p.V[1] + p.W*q.V[1] + q.V[2]*p.V[0] - q.V[0]*p.V[2],
			q.W*p.V[2] + p.W*q.V[2] + q.V[0]*p.V[1] - q.V[1]*p.V[0],
		},
	}
	return nil
}
