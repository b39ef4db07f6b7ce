package session

import (
	"encoding/binary"
	"fmt"

	"github.com/tickwork/tickwork/engine"
	"github.com/tickwork/tickwork/engine/input"
)

// AfterTick tells the session that tick ran (or re-ran): every HashEvery
// ticks it takes h's hash, which Poll exchanges with the peers once the
// tick is confirmed (every player's input up to it known and any rollback
// it called for done). A difference ends the session with a Desync event
// naming the first divergent tick checked, on both machines. Call it after
// every tick, on the goroutine that runs the game; TickSink does.
func (s *Session) AfterTick(tick uint64, h Hasher) error {
	every := uint64(s.cfg.HashEvery)
	if tick%every == 0 {
		s.ownHashes[(tick/every)%64] = TickHash{Tick: tick, Hash: h.Hash()}
		s.hashing = true
	}
	return s.err
}

// finishHashes makes the hashes of confirmed check ticks final and
// compares them with the peers'.
func (s *Session) finishHashes() {
	if !s.hashing || !s.running {
		return
	}
	every := uint64(s.cfg.HashEvery)
	limit := min(s.minHave(), s.next)
	if s.rewind {
		limit = min(limit, s.rewindTo) // its hash will be taken again
	}
	for ; s.final < limit; s.final += every {
		h := s.ownHashes[(s.final/every)%64]
		if h.Tick != s.final {
			continue // not taken (a tick run without AfterTick)
		}
		s.finals[s.nFinal%len(s.finals)] = h
		s.nFinal++
		s.dirty = true
	}
	for q := range s.peers {
		if s.peers[q].used && q != s.slot {
			s.compareHashes(q)
		}
	}
}

// compareHashes compares, in tick order, this machine's final hashes with
// those peer q sent.
func (s *Session) compareHashes(q int) {
	if !s.hashing {
		return
	}
	every := uint64(s.cfg.HashEvery)
	pr := &s.peers[q]
	if s.host && pr.spectator {
		return // a spectator checks itself against the host: its desync ends only its own session
	}
	for i := 0; i < 64 && s.checked[q] < s.final && s.err == nil; i++ {
		c := s.checked[q]
		theirs, own := pr.hashes[(c/every)%64], s.ownHashes[(c/every)%64]
		if theirs.Tick < c+1 {
			return // not come yet (the ring holds tick+1; 0 is empty)
		}
		if theirs.Tick == c+1 && own.Tick == c {
			if theirs.Hash != own.Hash {
				s.end(Event{Kind: Desync, Slot: q, Tick: c,
					Detail: fmt.Sprintf("this machine's hash %#x, theirs %#x: replay both machines' recordings to tick %d and diff the state", own.Hash, theirs.Hash, c)})
				return
			}
			s.stats.HashesCompared++
		}
		s.checked[q] = c + every
	}
}

// sendHashes sends peer q the latest final hashes (redundantly: a lost
// packet needs no resend).
func (s *Session) sendHashes(q int, pr *peer) {
	if s.nFinal == 0 || (s.nFinal == pr.hashSent && pr.hashRepeat >= 4) {
		return
	}
	if pr.hashSent != s.nFinal {
		pr.hashSent, pr.hashRepeat = s.nFinal, 0
	}
	pr.hashRepeat++
	n := min(s.nFinal, len(s.finals))
	b := putHeader(s.out[:0], PacketHash, uint8(s.slot), uint8(q), s.id, s.seqNext())
	b = append(b, uint8(n))
	for i := s.nFinal - n; i < s.nFinal; i++ {
		h := s.finals[i%len(s.finals)]
		b = binary.LittleEndian.AppendUint32(b, uint32(h.Tick))
		b = binary.LittleEndian.AppendUint64(b, h.Hash)
	}
	s.out = b
	s.sendTo(pr.addr, b)
}

// TickSink returns an engine.TickSink that calls AfterTick with the game
// after every tick: add it with Game.AddTickSink. Its Close does not close
// the session.
func (s *Session) TickSink() engine.TickSink { return sink{s} }

type sink struct{ s *Session }

func (k sink) TickInput(uint64, []input.Event) error      { return nil }
func (k sink) TickDone(tick uint64, g *engine.Game) error { return k.s.AfterTick(tick, g) }
func (k sink) Close() error                               { return nil }
