package scene

// Alpha returns the interpolation factor of the last Interpolate, in
// [0, 1]: a Drawer that blends its own state between ticks (a skeleton's
// pose) reads it with Mode to draw as the actors are drawn. Call it while
// a frame is drawn.
func (m *Manager) Alpha() float32 { return m.alpha }
