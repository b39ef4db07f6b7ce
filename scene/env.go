package scene

// SetEnv sets what the manager's behaviours reach through Env: the game's
// per-tick services (its input, its sounds, its messages). The engine calls
// it once per tick, just before the manager's Tick, with a pointer to that
// tick's engine.TickContext, and again with nil after it; read it in a
// behaviour with engine.TickContextOf(m). While debug drawing is on, the
// engine also sets it for the frame, around UpdateEffects and BuildDrawList,
// to what engine.DebugOf reads. A program that runs a Manager by
// itself may set any value of its own. Setting it costs one store per tick,
// not one per actor. Call it on the main goroutine, outside the manager's
// Tick.
func (m *Manager) SetEnv(v any) { m.env = v }

// Env returns the value last given to SetEnv: during a tick the engine
// runs, the tick's *engine.TickContext (engine.TickContextOf returns it
// typed); in an Effect or Drawer, nil, or the frame's debug drawing while
// that is on (engine.DebugOf); nil for a Manager ticked by a program of
// its own that set nothing. Behaviours
// (Ticker, BulkTicker) call it on the m they receive, on the main
// goroutine; it is only valid during the call.
func (m *Manager) Env() any { return m.env }

// Manager returns the manager the actor belongs to, or nil for an actor
// that is gone: an Effect or Drawer, which is not given the manager,
// reaches the engine's frame services with it (engine.DebugOf(a.Manager())).
func (a *Actor) Manager() *Manager {
	if a == nil || a.ch == nil {
		return nil
	}
	return a.ch.mgr
}
