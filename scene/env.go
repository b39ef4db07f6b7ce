package scene

// SetEnv sets what the manager's behaviours reach through Env: the game's
// per-tick services (its input, its sounds, its messages). The engine calls
// it once per tick, just before the manager's Tick, with a pointer to that
// tick's engine.TickContext, and again with nil after it; read it in a
// behaviour with engine.TickContextOf(m). A program that runs a Manager by
// itself may set any value of its own. Setting it costs one store per tick,
// not one per actor. Call it on the main goroutine, outside the manager's
// Tick.
func (m *Manager) SetEnv(v any) { m.env = v }

// Env returns the value last given to SetEnv: during a tick the engine
// runs, the tick's *engine.TickContext (engine.TickContextOf returns it
// typed); nil outside the engine's ticks (in an Effect or Drawer, or a
// Manager ticked by a program of its own that set nothing). Behaviours
// (Ticker, BulkTicker) call it on the m they receive, on the main
// goroutine; it is only valid during the call.
func (m *Manager) Env() any { return m.env }
