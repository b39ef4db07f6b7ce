package session

import (
	"encoding/binary"
	"fmt"
	"time"

	"github.com/tickwork/tickwork/engine/input"
	"github.com/tickwork/tickwork/timing"
)

// seqNext numbers a packet: one counter for all, so each receiver sees
// its sender's numbers grow.
func (s *Session) seqNext() uint16 {
	s.seqN++
	return s.seqN
}

// takeInput stores the inputs of packet p from peer q: ticks of players
// other than this machine's own, within the ring's reach. A tick of remote
// input that arrives after it ran on a prediction, and differs from the
// prediction (no events: the held state repeats), calls for a rollback.
func (s *Session) takeInput(q int, p *Packet) {
	pr := &s.peers[q]
	pr.now, pr.adv = p.Now, p.Adv
	for i := 0; i < s.players; i++ {
		pr.acked[i] = max(pr.acked[i], min(p.Acks[i], s.have[i]))
	}
	for _, ti := range p.Inputs[:p.NInput] {
		pl := int(ti.Player)
		// A joiner takes only what the host sends; the host takes only
		// a player's own input from that player.
		if pl >= s.players || pl == s.slot || (s.host && pl != q) {
			continue
		}
		if ti.Tick < s.have[pl] || ti.Tick >= s.have[pl]+ringSize/2 {
			continue
		}
		e := &s.inputs[pl][ti.Tick%ringSize]
		if e.tick == ti.Tick+1 {
			continue
		}
		e.tick, e.n = ti.Tick+1, copy(e.ev[:], p.Events[ti.First:ti.First+ti.N])
		for k := 0; k < ringSize && s.inputs[pl][s.have[pl]%ringSize].tick == s.have[pl]+1; k++ {
			t := s.have[pl]
			s.have[pl]++
			s.dirty = true
			if t < s.next && s.inputs[pl][t%ringSize].n > 0 && s.cfg.Mode == Rollback && !s.cfg.Spectator {
				if !s.rewind || t < s.rewindTo {
					s.rewindTo = t
				}
				s.rewind = true
			}
		}
	}
}

// minHave returns the first tick whose input is not known for every
// player.
func (s *Session) minHave() uint64 {
	m := s.have[0]
	for i := 1; i < s.players; i++ {
		m = min(m, s.have[i])
	}
	return m
}

// Ready reports whether the next new tick can run without waiting: in
// lockstep (and for a spectator) when every player's input for it is
// known, in rollback when it is within the window of the last confirmed
// tick. A program that must not block (a simulation in virtual time)
// checks it before running a tick.
func (s *Session) Ready() bool {
	if !s.Running() || s.endedByLeave() {
		return false
	}
	if s.cfg.Mode == Lockstep || s.cfg.Spectator {
		return s.minHave() > s.next
	}
	return s.next < s.minHave()+uint64(s.cfg.Window)
}

// TickEvents implements engine.TickSource: it appends every player's
// events of tick to dst, each with Time set to its player's slot. A new
// tick takes the local player's input (played at tick + Delay) and, when
// the tick cannot run yet (lockstep: input missing; rollback: past the
// window), waits for it up to Config.Timeout. A tick that a rewind re-runs
// gets the input known now. It returns the session's error once it ended.
func (s *Session) TickEvents(tick uint64, dst []input.Event) ([]input.Event, error) {
	if s.err != nil {
		return dst, s.err
	}
	if !s.running {
		if err := s.Connect(s.cfg.Now().Add(s.cfg.Timeout)); err != nil {
			return dst, err
		}
	}
	switch {
	case tick > s.next:
		return dst, fmt.Errorf("session: tick %d asked before tick %d: ticks must run in order from 0", tick, s.next)
	case tick == s.next:
		if err := s.newTick(); err != nil {
			return dst, err
		}
	}
	return s.appendTick(tick, dst)
}

// appendTick appends the known and predicted events of tick.
func (s *Session) appendTick(tick uint64, dst []input.Event) ([]input.Event, error) {
	for p := 0; p < s.players; p++ {
		if tick >= s.have[p] || tick < uint64(s.cfg.Delay) {
			continue // predicted: nothing new; or before any input
		}
		e := &s.inputs[p][tick%ringSize]
		if e.tick != tick+1 {
			return dst, fmt.Errorf("session: the input of player %d for tick %d is gone: it is more than %d ticks back", p, tick, ringSize)
		}
		for _, ev := range e.ev[:e.n] {
			ev.Time = timing.Micros(p)
			dst = append(dst, ev)
		}
	}
	return dst, nil
}

// Confirmed appends every player's events of tick to dst, as TickEvents
// gives them, once the tick is confirmed (every player's input known) and
// still held (the last 128 ticks or so); ok is false otherwise. A program
// recording a rollback match writes this stream, which no rewind changes.
func (s *Session) Confirmed(tick uint64, dst []input.Event) (_ []input.Event, ok bool) {
	if tick >= s.minHave() || tick+ringSize/2 < s.minHave() {
		return dst, false
	}
	out, err := s.appendTick(tick, dst)
	return out, err == nil
}

// newTick captures the local input, waits until the tick may run and
// sends.
func (s *Session) newTick() error {
	if s.endedByLeave() {
		s.end(s.leftEnd)
		return s.err
	}
	s.receive(time.Time{}) // the freshest input (a rollback it calls for runs before this tick)
	if !s.cfg.Spectator && s.slot < MaxPlayers {
		own := s.next + uint64(s.cfg.Delay)
		s.local = s.local[:0]
		if s.cfg.Local != nil {
			s.local = s.cfg.Local(s.next, s.local)
		}
		e := &s.inputs[s.slot][own%ringSize]
		e.tick, e.n = own+1, 0
		for _, ev := range s.local {
			if !playerKind(ev.Kind) {
				s.stats.WindowEvents++
				continue
			}
			if e.n == MaxEventsPerTick {
				s.stats.DroppedEvents++
				continue
			}
			ev.Time = 0
			e.ev[e.n] = ev
			e.n++
		}
		s.have[s.slot] = own + 1
		s.dirty = true
	}
	s.finishHashes()
	s.send()
	if !s.Ready() {
		s.stats.Stalls++
		if err := s.waitReady(); err != nil {
			return err
		}
	}
	// Input that came while this tick was captured may correct ticks
	// that ran on a prediction: rewind now, before this tick runs, so
	// that no rewind reaches back more than Window ticks (at the next
	// Poll, after this tick ran, it could reach Window+1).
	if err := s.applyRewind(); err != nil {
		return err
	}
	if s.cfg.Mode == Rollback && s.minHave() <= s.next {
		s.stats.PredictedTicks++
	}
	s.next++
	s.pace()
	return nil
}

// waitReady waits in real time until Ready, up to Config.Timeout.
func (s *Session) waitReady() error {
	start := s.cfg.Now()
	for i := 0; i < 1_000_000 && !s.Ready(); i++ {
		if s.err != nil {
			return s.err
		}
		if s.cfg.Now().Sub(start) > s.cfg.Timeout {
			s.checkTimeouts()
			if s.err != nil {
				return s.err
			}
			return fmt.Errorf("session: tick %d: waited %v for the other players' input", s.next, s.cfg.Timeout)
		}
		s.receive(s.cfg.Now().Add(2 * time.Millisecond))
		s.checkTimeouts()
		s.send()
	}
	if s.err != nil {
		return s.err
	}
	if !s.Ready() {
		return fmt.Errorf("session: tick %d: the other players' input did not come", s.next)
	}
	return nil
}

// applyRewind re-runs the ticks a late, mispredicted input changed: from
// Poll, between frames, or from TickEvents of the new tick s.next, which
// runs after them. Either way the rewind reaches back at most Window
// ticks: every tick it re-runs ran within the window of a confirmed tick
// not later than the corrected one.
func (s *Session) applyRewind() error {
	if !s.rewind {
		return nil
	}
	t := s.rewindTo
	s.rewind = false
	depth := int(s.next - t)
	s.stats.Rollbacks++
	s.stats.RollbackTicks += depth
	s.stats.MaxRollback = max(s.stats.MaxRollback, depth)
	// The hashes of the re-run ticks are taken again as they re-run; one
	// not taken again (a rewinder that re-runs without AfterTick) is
	// not compared rather than compared stale.
	every := uint64(s.cfg.HashEvery)
	for c := (t + every - 1) / every * every; c < s.next; c += every {
		s.ownHashes[(c/every)%64].Tick = ^uint64(0)
	}
	if err := s.cfg.Rewinder.Rewind(t); err != nil {
		return fmt.Errorf("session: rewinding to tick %d (%d ticks): %w", t, depth, err)
	}
	return nil
}

// send sends inputs (and the host's starts, a joiner's hello, hashes) when
// something is new or resendEvery passed.
func (s *Session) send() {
	now := s.cfg.Now()
	if !s.dirty && now.Sub(s.lastSend) < resendEvery {
		return
	}
	s.lastSend, s.dirty = now, false
	if !s.host && !s.running {
		// Until the match starts, a joiner says hello again and the
		// host answers: a lost packet is retried, and neither times out
		// while other players are awaited.
		if !s.helloSent { // the host's silence counts from the first hello
			s.helloSent, s.peers[0].heard = true, now
		}
		s.out = putHeader(s.out[:0], PacketHello, noSlot, 0, 0, 0)
		sp := uint8(0)
		if s.cfg.Spectator {
			sp = 1
		}
		s.out = append(s.out, sp, uint8(s.cfg.Players), uint8(s.cfg.Mode), uint8(s.cfg.Delay))
		s.out = binaryNonce(s.out, s.nonce)
		s.out = appendText(s.out, s.cfg.Settings)
		s.sendTo(s.hostAddr, s.out)
		return
	}
	if !s.running {
		return
	}
	for q := range s.peers {
		pr := &s.peers[q]
		if !pr.used || pr.left || q == s.slot {
			continue
		}
		if s.host && !pr.started {
			s.out = putHeader(s.out[:0], PacketStart, 0, uint8(q), s.id, s.seqNext())
			s.sendTo(pr.addr, append(s.out, uint8(s.players)))
		}
		s.sendInputs(q, pr)
		s.sendHashes(q, pr)
	}
}

// sendInputs sends peer q every input it has not acknowledged, oldest
// first, as many as fit: the host sends each peer the other players'
// input, a joiner its own.
func (s *Session) sendInputs(q int, pr *peer) {
	b := putHeader(s.out[:0], PacketInput, uint8(s.slot), uint8(q), s.id, s.seqNext())
	b = binary.LittleEndian.AppendUint32(b, uint32(s.next))
	b = binary.LittleEndian.AppendUint16(b, uint16(s.advantage(pr)))
	b = append(b, uint8(s.players))
	for i := 0; i < s.players; i++ {
		b = binary.LittleEndian.AppendUint32(b, uint32(s.have[i]))
	}
	for pl := 0; pl < s.players; pl++ {
		if pl == q || (!s.host && pl != s.slot) {
			continue
		}
		from := max(pr.acked[pl], s.have[pl]-min(s.have[pl], ringSize-1), uint64(s.cfg.Delay))
		if from >= s.have[pl] || len(b)+6 > MaxPacket {
			continue
		}
		head := len(b)
		b = append(b, uint8(pl))
		b = binary.LittleEndian.AppendUint32(b, uint32(from))
		b = append(b, 0)
		count := 0
		for t := from; t < s.have[pl] && count < 255; t++ {
			e := &s.inputs[pl][t%ringSize]
			if len(b)+1+e.n*eventSize > MaxPacket {
				break
			}
			b = append(b, uint8(e.n))
			for _, ev := range e.ev[:e.n] {
				b = appendEvent(b, ev)
			}
			count++
		}
		if count == 0 {
			b = b[:head]
			continue
		}
		b[head+5] = uint8(count)
	}
	s.out = b
	s.sendTo(pr.addr, b)
}

// advantage is this machine's lead over peer pr as it sees it: its next
// tick less pr's last reported one.
func (s *Session) advantage(pr *peer) int {
	return max(-30000, min(30000, int(int64(s.next)-int64(pr.now))))
}

// pace updates the rollback time sync after a new tick: the lead over the
// other players is half the difference of the two machines' views of it
// (the delay between them cancels), smoothed; while it is over one
// tick, Stretch asks for each tick to take a tenth longer.
func (s *Session) pace() {
	if s.cfg.Mode != Rollback || s.cfg.Spectator {
		return
	}
	lead, any := 0.0, false
	for q := range s.peers[:MaxPlayers] {
		pr := &s.peers[q]
		if !pr.used || pr.left || q == s.slot || pr.spectator || (s.host && !pr.started) {
			continue
		}
		l := float64(s.advantage(pr)-int(pr.adv)) / 2
		if !any || l > lead {
			lead, any = l, true
		}
	}
	s.lead += (lead - s.lead) / 16
	s.stretch = 0
	if s.lead > 1 {
		s.stretch = time.Duration(float64(time.Second) / s.cfg.TickRate / 10)
		s.stats.SlowedTicks++
	}
}

// Stretch returns how much longer than a tick period the game should wait
// before its next tick: rollback's time sync, which slows the machine that
// is ahead by tiny steps instead of letting it stall at the window.
func (s *Session) Stretch() time.Duration { return s.stretch }

// Lead returns the smoothed number of ticks this machine is ahead of the
// slowest other player (rollback mode; negative: behind).
func (s *Session) Lead() float64 { return s.lead }

// Next returns the next new tick the session will hand out.
func (s *Session) Next() uint64 { return s.next }

// Settled reports whether the first n ticks are settled for this machine
// and its peers: confirmed here, with any rollback they called for done,
// and every input this machine owes a peer for them acknowledged. A
// program that ends after n ticks polls until Settled(n) before Close, so
// no peer is left waiting for its input, and the state it reports after
// tick n-1 is final.
//
// A peer that left after settling (its goodbye said so) owes and is owed
// nothing more: Settled(n) holds once the ticks below n ran here from
// the input held.
func (s *Session) Settled(n uint64) bool {
	return s.running && !s.rewind && s.settledTicks() >= n
}

// playerKind reports whether events of kind k are a player's input, which
// every machine must see: keys, text, mouse and pads. A window's own events
// (resize, focus, close request) belong to the machine that had them and
// are not sent.
func playerKind(k input.Kind) bool {
	switch k {
	case input.Resize, input.FocusGained, input.FocusLost, input.CloseRequest:
		return false
	}
	return k.Valid()
}
