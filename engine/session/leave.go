package session

import "fmt"

// bye handles peer q's goodbye. A player that settled before it left (it
// ran, confirmed and had acknowledged every tick below p.Final) ends
// nothing yet when this machine holds every input of those ticks: the
// match runs on to tick p.Final from the confirmed input and ends there.
// Otherwise (a spectator, or input missing) it ends the match at once.
func (s *Session) bye(q int, p *Packet) {
	pr := &s.peers[q]
	if pr.left {
		return // said again (goodbyes are sent three times)
	}
	reason := p.TextString()
	end := p.Final
	if pr.spectator || !s.running || q >= MaxPlayers || end == 0 || s.minHave() < end {
		s.peerGone(q, Event{Kind: PeerLeft, Slot: q, Detail: reason})
		return
	}
	pr.left = true
	if s.leftAt == 0 || end < s.leftAt {
		s.leftAt = end
		s.leftEnd = Event{Kind: PeerLeft, Slot: q, Tick: end,
			Detail: fmt.Sprintf("%s; the match ended at tick %d, the last its input holds", reason, end)}
	}
	s.emit(Event{Kind: PeerLeft, Slot: q, Tick: end,
		Detail: fmt.Sprintf("%s; the ticks below %d hold every input and still run", reason, end)})
}

// settledTicks returns n such that the first n ticks are settled here: run,
// confirmed, and every input this machine owes its peers for them
// acknowledged (a peer that left excepted). A goodbye carries it.
func (s *Session) settledTicks() uint64 {
	if !s.running || s.rewind {
		return 0
	}
	n := min(s.minHave(), s.next)
	for q := range s.peers {
		pr := &s.peers[q]
		if !pr.used || pr.left || q == s.slot {
			continue
		}
		for pl := 0; pl < s.players; pl++ {
			if pl == q || (!s.host && pl != s.slot) {
				continue
			}
			n = min(n, pr.acked[pl])
		}
	}
	return n
}

// endedByLeave reports, for a new tick, whether the match ended at a settled
// peer's goodbye: every tick before s.leftAt has been handed out.
func (s *Session) endedByLeave() bool { return s.leftAt > 0 && s.next >= s.leftAt }
