package demo

import (
	"fmt"
	"math"
	"math/rand/v2"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/tickwork/tickwork/engine"
	"github.com/tickwork/tickwork/engine/audio"
	"github.com/tickwork/tickwork/engine/input"
	"github.com/tickwork/tickwork/scene"
	"github.com/tickwork/tickwork/scene/collide"
	"github.com/tickwork/tickwork/scene/fields"
	"github.com/tickwork/tickwork/timing"
)

// PadPush is the ball's acceleration, m/s², at a gamepad stick's full
// travel.
const PadPush = 12

// TeleportEvery is how often the magenta cube teleports by itself.
const TeleportEvery = 2 * timing.Second

// Gameplay is the sample's game: one scene of orbiting planets and moons, a
// bouncing ball throwing sparks inside four walls, a ramp with a ball
// rolling down it, a pile of boxes to knock over, a character walking round
// a circle, coloured lamps orbiting under a sun with shadows, a teleporting
// cube, a following camera and Config.Actors extra orbiting cubes. A left
// click picks the actor under the cursor (named on the HUD) and pushes it. It answers the keys of Keys; Esc
// pushes a Pause overlay.
//
// Tick runs once per tick; Draw once per frame, after the engine has
// interpolated and drawn the scene; both on the main goroutine.
type Gameplay struct {
	cfg   Config
	world scene.Manager
	built bool

	ball   *Ball
	follow *Follow // the camera's behaviour
	sparks *Sparks
	ballH  scene.Handle
	camH   scene.Handle
	teleH  scene.Handle
	sunH   scene.Handle
	orbits []scene.Handle // planets' orbit pivots
	moons  []scene.Handle // each moon's parent is its planet

	rings  []*ring
	crowd  []ringCube
	angles []float64 // the rings' angles, as Describe saves them

	controls controls
	net      players     // Config.Players 2: each player's input
	boxes    []cachedBox // debug drawing's mesh boxes, by mesh ID

	timer     timing.Every
	teleports int
	ticks     uint64

	note      string
	noteTicks int
	hud       statusLine
	covered   bool // an overlay is over the state: its HUD shows less

	playerLabel string // "player: NAME", or "" without a name
	bounces     int    // the ball's bounces heard so far

	music      audio.VoiceID // the music loop's voice, once started
	musicMuted bool          // M: the Music bus at 0

	phys         *collide.World // the arena's walls, ramp, balls and boxes
	names        []named        // the collision world's actors, for the HUD
	picked       scene.Handle   // the actor last clicked, NoHandle for none
	pickNote     string         // the HUD's line about it
	viewW, viewH float32        // the HUD's size as the last frame drew it, for picking
	walker       *Walker        // walks the character round its circle
	steps        int            // footstep sounds played
	lamps        []scene.Handle // the coloured point lights
	codec        fields.Codec   // hashes the collision world without allocating
	dbg          engine.Debug   // this frame's debug drawing, passed by pointer to the collision world
}

// NewGameplay returns the gameplay state for cfg. The scene is built when
// the state is entered; a Config out of range makes Enter fail.
func NewGameplay(cfg Config) *Gameplay {
	g := &Gameplay{cfg: cfg}
	if cfg.Player != "" {
		g.playerLabel = "player: " + cfg.Player
	}
	return g
}

// Name names the state in errors and logs.
func (g *Gameplay) Name() string { return "gameplay" }

// Enter builds the scene, once, when the state is pushed.
func (g *Gameplay) Enter(*engine.Context) error {
	if g.built {
		return nil
	}
	if err := g.cfg.Validate(); err != nil {
		return err
	}
	if g.cfg.Assets == nil {
		a, err := LoadAssets()
		if err != nil {
			return err
		}
		g.cfg.Assets = a
	}
	var err error
	if g.timer, err = timing.EveryPeriod(TeleportEvery); err != nil {
		return fmt.Errorf("demo: %w", err)
	}
	if err := g.build(); err != nil {
		return err
	}
	if err := g.controls.init(); err != nil {
		return err
	}
	g.Scene().SetMeshBounds(g.cfg.Assets.Lib) // cull the model's meshes too
	g.built = true
	return nil
}

// Covered runs when an overlay (Pause) is pushed over the gameplay.
func (g *Gameplay) Covered(*engine.Context) { g.covered = true }

// Uncovered runs when the gameplay is on top again.
func (g *Gameplay) Uncovered(*engine.Context) { g.covered = false }

// Scenes returns the state's scene for the engine to tick, interpolate
// and draw.
func (g *Gameplay) Scenes(dst []*scene.Manager) []*scene.Manager { return append(dst, &g.world) }

// Scene returns the gameplay scene.
func (g *Gameplay) Scene() *scene.Manager { return &g.world }

// Ticks returns the number of ticks the state has run.
func (g *Gameplay) Ticks() uint64 { return g.ticks }

// Teleports returns how many times the magenta cube has teleported.
func (g *Gameplay) Teleports() int { return g.teleports }

// Tick runs once per tick: keys and actions, then the crowd's rings, then
// the teleport timer. The engine ticks the scene (every actor's behaviour) right after.
func (g *Gameplay) Tick(ctx *engine.TickContext) error {
	g.ticks++
	// The collision world first: it moves the bodies and follows the
	// actors as the last tick left them.
	if err := g.phys.Step(&g.world, ctx.Tick); err != nil {
		g.setNote(err.Error()) // a notice (a clamped speed): the step completed
	}
	if ctx.Input.ButtonPressed(input.ButtonLeft) {
		g.pick(ctx.Input)
	}
	if g.noteTicks > 0 {
		if g.noteTicks--; g.noteTicks == 0 {
			g.note = ""
		}
	}
	if err := settingKeys(ctx, g.setNote); err != nil {
		return err
	}
	var now bool
	if g.cfg.Players == 2 {
		var err error
		if now, err = g.netTick(ctx); err != nil {
			return err
		}
	} else {
		if err := g.controls.update(ctx); err != nil {
			return err
		}
		if g.controls.pressed(actPause) {
			ctx.Push(NewPause())
		}
		// The arrows or gamepad 0's left stick push the ball (derived from
		// the raw input, which is what recordings keep).
		g.ball.Push = g.controls.push()
		now = g.controls.pressed(actTeleport)
	}
	for _, r := range g.rings {
		r.advance(ctx.Tick.Delta)
	}
	if now {
		g.timer.Reset() // the next jump by itself comes a full period later
	}
	if err := g.musicTick(ctx); err != nil {
		return err
	}
	// Sounds, on the tick's place on the audio timeline: the ball's
	// bounces of the last tick, and a teleport.
	if b := g.ball.Bounces; b != g.bounces {
		g.bounces = b
		pan := float32(min(max(g.ball.State.Pos[0]/g.ball.Wall, -1), 1))
		if _, err := ctx.PlaySound(audio.Play{Clip: g.cfg.Assets.sounds.bounce, Pan: pan, Volume: 1}); err != nil {
			return err
		}
	}
	if g.timer.Tick(&ctx.Tick) > 0 || now {
		if _, err := ctx.PlaySound(audio.Play{Clip: g.cfg.Assets.sounds.teleport, Volume: 1}); err != nil {
			return err
		}
		return g.teleport(ctx.Rand())
	}
	return nil
}

// MusicVolume is the music loop's volume; MusicFadeIn how long it takes
// to rise from silence at the start, in samples of the audio timeline.
const (
	MusicVolume = 0.5
	MusicFadeIn = audio.Rate / 2
)

// musicTick starts the music loop on the Music bus in the first tick, and
// mutes or unmutes the bus on M. Both happen at the tick's place on the
// audio timeline, so -audio-out and replays give the same samples at any
// frame rate. The music is not part of the game's hash: it changes no
// state the simulation reads.
func (g *Gameplay) musicTick(ctx *engine.TickContext) error {
	if g.music == 0 && g.cfg.Assets.Music != nil {
		id, err := ctx.PlaySound(audio.Play{Stream: g.cfg.Assets.Music, Bus: audio.Music, Loop: true,
			Volume: MusicVolume, FadeIn: MusicFadeIn})
		if err != nil {
			return fmt.Errorf("demo: music: %w", err)
		}
		g.music = id
	}
	if pressed(ctx.Input, input.KeyM) {
		g.musicMuted = !g.musicMuted
		vol, note := float32(1), "music on"
		if g.musicMuted {
			vol, note = 0, "music off"
		}
		if err := ctx.SetBusVolume(audio.Music, vol); err != nil {
			return fmt.Errorf("demo: music: %w", err)
		}
		g.setNote(note)
	}
	return nil
}

// MusicMuted reports whether M has muted the music.
func (g *Gameplay) MusicMuted() bool { return g.musicMuted }

// setNote shows a message for a few seconds (at the default tick rate).
func (g *Gameplay) setNote(s string) { g.note, g.noteTicks = s, 90 }

// teleport moves the magenta cube to a random place, through
// Manager.Teleport: its last-world transform is set too, so it jumps
// without smearing across the screen.
func (g *Gameplay) teleport(r *rand.Rand) error {
	a, err := g.world.Actor(g.teleH)
	if err != nil {
		return fmt.Errorf("demo: teleport: %w", err)
	}
	ang := 2 * math.Pi * r.Float64()
	dist := 3 + 4*r.Float64() // clear of the sun's column
	a.Local.Pos = mgl32.Vec3{float32(dist * math.Cos(ang)), float32(1 + 1.5*r.Float64()), float32(dist * math.Sin(ang))}
	g.teleports++
	if err := g.world.Teleport(g.teleH); err != nil {
		return fmt.Errorf("demo: teleport: %w", err)
	}
	return nil
}

// Hash returns a digest of the game state kept outside the scene's
// transforms (the ball's velocity, the counts of bounces and teleports),
// for Game.Hash.
func (g *Gameplay) Hash() uint64 {
	h := uint64(14695981039346656037)
	mix := func(v uint64) { h = (h ^ v) * 1099511628211 }
	if g.ball != nil {
		for _, v := range [...]float64{g.ball.State.Pos[0], g.ball.State.Pos[1], g.ball.State.Pos[2],
			g.ball.State.Vel[0], g.ball.State.Vel[1], g.ball.State.Vel[2]} {
			mix(math.Float64bits(v))
		}
		mix(uint64(g.ball.Bounces))
		mix(uint64(g.ball.Walls))
	}
	mix(uint64(g.teleports))
	if g.phys != nil {
		mix(g.codec.Hash(g.phys))
	}
	mix(uint64(g.picked))
	mix(uint64(g.steps))
	return h
}
