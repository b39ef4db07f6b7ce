package main

import (
	"fmt"
	"strings"

	"github.com/tickwork/tickwork/cmd/framebench/internal/peer"
)

// Goals of the peer comparison (framebench -peer), on package peer's cube
// scene with one behaviour per cube: tickwork's frame rate at least
// goalPeerGamma times the peer's lit in gamma space (as a raylib user
// writes it) and goalPeerLinear times the peer's lit as tickwork lights
// (the same pixels) at every size, and its 60 Hz pacing error p99 within
// goalPaceP99Ms and no worse than the peer's.
const (
	goalPeerGamma  = 1.1
	goalPeerLinear = 1.2
)

// peerCubesDefault are the sizes the goals name when no comparison ran.
var peerCubesDefault = []int{1000, 10000, 20000, 50000}

// peerTitle is the heading of the peer goals.
func peerTitle(res *Results) string {
	name := "a peer engine"
	if res != nil && res.Peer != nil && res.Peer.Engine != "" {
		name = res.Peer.Engine
	}
	return "tickwork against " + name + " (cube scene, one behaviour per cube, runs interleaved)"
}

// peerShadingGoal is the ratio goal against the peer lit with shading k.
func peerShadingGoal(k peer.Shading) float64 {
	if k == peer.ShadingGamma {
		return goalPeerGamma
	}
	return goalPeerLinear
}

// peerRowName names the frame-rate row of n cubes against peerName lit
// with shading k.
func peerRowName(peerName string, k peer.Shading, n int) string {
	lit := "lit in gamma space"
	if k == peer.ShadingLinear {
		lit = "with the same pixels (lit in linear light)"
	}
	return fmt.Sprintf("Frame rate ÷ %s's %s, %s cubes, vsync off", peerName, lit, thousands(n))
}

// peerGoals puts the comparison's ratios next to their goals.
func peerGoals(res *Results) []goal {
	var pc *PeerComparison
	if res != nil {
		pc = res.Peer
	}
	paceTarget := "≤ " + withUnit(goalPaceP99Ms, "ms")
	if pc == nil {
		why := "no peer comparison in the results: run framebench with -peer (make bench builds the raylib-go peer)"
		var gs []goal
		for _, n := range peerCubesDefault {
			for _, k := range peer.Shadings {
				gs = append(gs, absent(peerRowName("the peer", k, n), "cmd/framebench -peer", "≥ "+withUnit(peerShadingGoal(k), "×"), why))
			}
		}
		return append(gs,
			absent("60 Hz pacing, frame-interval error p99", "cmd/framebench -peer", paceTarget, why),
			absent("60 Hz pacing, p99 against the peer's", "cmd/framebench -peer", "≤ the peer's", why))
	}
	peerName := pc.Engine
	if peerName == "" {
		peerName = "the peer"
	}
	var gs []goal
	for _, s := range pc.Sizes {
		for _, k := range peer.Shadings {
			src := fmt.Sprintf("cmd/framebench -peer: cubes scenario (a scene.Ticker per cube) ÷ %s -shading %s: each round's ratio of the two runs' median fps, median over %d rounds", peerName, k, pc.Rounds)
			name, goalRatio := peerRowName(peerName, k, s.Cubes), peerShadingGoal(k)
			r := s.ratio(k)
			if r <= 0 {
				gs = append(gs, absent(name, src, "≥ "+withUnit(goalRatio, "×"), peerWhy(pc, s.Tickwork > 0, s.peerMedian(k) > 0, peerSide(k), fmt.Sprintf("%d cubes", s.Cubes))))
				continue
			}
			g := atLeast(name, src, r, goalRatio, "×")
			g.Measured += " (" + roundsOf(&s, k) + ")"
			if r < goalRatio && s.Profile != nil {
				// A miss comes with where tickwork's frames went.
				g.Measured += "; tickwork's median round, profiled: " + s.Profile.String()
			}
			gs = append(gs, g)
		}
	}
	p := pc.Pacing
	srcP := fmt.Sprintf("cmd/framebench -peer: cubes-paced (one cube) and %s's SetTargetFPS(60): |frame interval − target|, p99 of each run, median of %d rounds", peerName, pc.Rounds)
	name := "60 Hz pacing, frame-interval error p99"
	nameVs := fmt.Sprintf("60 Hz pacing, p99 against %s's", peerName)
	tw, pr := p != nil && len(p.TickworkP99) > 0, p != nil && len(p.PeerP99) > 0
	if tw {
		g := atMost(name, srcP, p.Tickwork, goalPaceP99Ms, "ms")
		g.Measured += fmt.Sprintf(" (the engine's own PaceErrorP99 %s ms)", num(p.TickworkEngine))
		gs = append(gs, g)
	} else {
		gs = append(gs, absent(name, srcP, paceTarget, peerWhy(pc, false, true, sidePeer, "pacing")))
	}
	if tw && pr {
		gs = append(gs, check(nameVs, srcP, "≤ "+peerName+"'s", p.Tickwork <= p.Peer,
			fmt.Sprintf("tickwork %s ms, %s %s ms", num(p.Tickwork), peerName, num(p.Peer)),
			fmt.Sprintf("%s ms over %s's", num(p.Tickwork-p.Peer), peerName)))
	} else {
		gs = append(gs, absent(nameVs, srcP, "≤ "+peerName+"'s", peerWhy(pc, tw, pr, sidePeer, "pacing")))
	}
	return gs
}

// peerWhy explains a comparison figure that is missing: which side has no
// run (tickwork, or the peer side named peerSide), and the first error of
// that side about what.
func peerWhy(pc *PeerComparison, haveTickwork, havePeer bool, peerSide, what string) string {
	var sides []string
	if !haveTickwork {
		sides = append(sides, sideTickwork)
	}
	if !havePeer {
		sides = append(sides, peerSide)
	}
	why := fmt.Sprintf("no %s run (%s)", strings.Join(sides, " or "), what)
	for _, e := range pc.Errors {
		for _, s := range sides {
			if strings.HasPrefix(e, s) && strings.Contains(e, what) {
				return why + ": " + e
			}
		}
	}
	return why
}

// writePeer writes every round of the comparison, after the harness's
// runs.
func writePeer(p printer, res *Results) {
	pc := res.Peer
	if pc == nil {
		return
	}
	p("## tickwork against %s\n\n", md(orUnknown(pc.Engine)))
	p("The same scene in both engines (cmd/framebench/internal/peer): N unit cubes on a grid, each turning about its own axis, one directional light with Lambert shading, %d×%d, vsync off; tickwork gives every cube its own behaviour (a scene.Ticker per actor), ticks at %d Hz and interpolates; the peer (`%s`) sets every matrix each frame and draws them with one instanced call, lit two ways: in gamma space, as a raylib user writes it (-shading gamma), and in linear light with sRGB output, tickwork's pixels (-shading linear). ",
		res.Settings.Width, res.Settings.Height, res.Settings.TickRate, md(pc.Binary))
	p("%d rounds; in each, the three runs of every size take turns (who goes first rotates), each warmed up for %s s and measured for %s s; pacing runs %s s. A ratio is the median of the rounds' ratios (each round's runs are taken side by side, so a drift of the host between rounds cancels out); the other figures are medians over the rounds.\n\n",
		pc.Rounds, num(pc.WarmupS), num(pc.DurationS), num(pc.PaceDurationS))
	p("| Cubes | tickwork fps, each round | peer fps, gamma space | peer fps, same pixels | tickwork ÷ peer, gamma space: each round, median | tickwork ÷ peer, same pixels: each round, median |\n|---|---|---|---|---|---|\n")
	for _, s := range pc.Sizes {
		ratio := func(k peer.Shading) string {
			if r := s.ratio(k); r > 0 {
				return fmt.Sprintf("%s: %s×", roundsOf(&s, k), num(r))
			}
			return "—"
		}
		p("| %s | %s | %s | %s | %s | %s |\n", thousands(s.Cubes), nums(s.TickworkFPS), nums(s.GammaFPS), nums(s.LinearFPS),
			ratio(peer.ShadingGamma), ratio(peer.ShadingLinear))
	}
	p("\nWhere tickwork's frames went, in its median round at each size (means per frame; the parts are the engine's FrameProfile and the renderer's Stats):\n\n")
	for _, s := range pc.Sizes {
		if s.Profile != nil {
			p("- %s cubes, %s fps: %s.\n", thousands(s.Cubes), num(s.Profile.FPS), s.Profile.String())
		}
	}
	if pc := pc.Pacing; pc != nil {
		p("\nPaced to 60 Hz (target %s ms), one cube: frame-interval error p99, each round: tickwork %s ms (the engine's own PaceErrorP99 %s ms); peer %s ms.\n",
			num(pc.TargetMs), nums(pc.TickworkP99), nums(pc.TickworkEngineP99), nums(pc.PeerP99))
	}
	if len(pc.Errors) > 0 {
		p("\nRuns that failed:\n\n")
		for _, e := range pc.Errors {
			p("- %s\n", md(e))
		}
	}
	p("\n")
}

// roundsOf is what a ratio against the peer lit with shading k was taken
// from: "rounds 1.32×, 1.04×, 1.35×; medians 257 ÷ 243 fps", or only the
// medians for results without the rounds' ratios.
func roundsOf(s *PeerSize, k peer.Shading) string {
	med := fmt.Sprintf("medians %s ÷ %s fps", num(s.Tickwork), num(s.peerMedian(k)))
	rs := *s.rounds(k)
	if len(rs) == 0 {
		return med
	}
	out := make([]string, len(rs))
	for i, v := range rs {
		out[i] = num(v) + "×"
	}
	return "rounds " + strings.Join(out, ", ") + "; " + med
}

// nums formats a list of figures, "—" for none.
func nums(vs []float64) string {
	if len(vs) == 0 {
		return "—"
	}
	s := make([]string, len(vs))
	for i, v := range vs {
		s[i] = num(v)
	}
	return strings.Join(s, ", ")
}
