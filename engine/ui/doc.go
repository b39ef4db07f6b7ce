// Package ui is an immediate-mode user interface on the HUD: labels,
// buttons, check boxes, sliders, text fields, scrolling lists and
// tooltips, laid out by panels in rows and columns, worked with the mouse,
// the keyboard or a gamepad alone (a menu works from a couch).
//
// # Ticks and frames
//
// A state keeps a *UI and calls it from Tick: Begin with the tick's input,
// then one method per widget, then End. Each call reads the tick's input
// and returns what happened, so a menu's state (focus, values, text)
// changes only in ticks, like the rest of the game, and a recorded menu
// replays exactly. The state's Draw calls UI.Draw, which adds what the
// latest tick laid out to the state's HUD layer in one pass, allocating
// nothing.
//
// Panels anchored to the centre or the top centre are placed within the
// HUD size Draw last saw (1280×720 before the first frame, and headless).
// Keys and pads do not depend on where widgets are, but the mouse does: a
// recording worked with the mouse replays exactly at the HUD size it was
// made at, or with panels anchored TopLeft.
//
//	func (m *Menu) Tick(ctx *engine.TickContext) error {
//		m.ui.Begin(ctx.Input, nil) // nil: arrows, Enter, Escape, D-pad, stick, A and B
//		m.ui.Panel("main", ui.Layout{Anchor: ui.Centered, Align: ui.Center, MinItemWidth: 200})
//		if m.ui.Button("Start") {
//			ctx.Replace(newGameplay())
//		}
//		m.ui.Slider("Volume", &m.volume, 0, 1, 0.1)
//		if m.ui.Button("Quit") || m.ui.Back() {
//			ctx.Quit()
//		}
//		m.ui.EndPanel()
//		m.ui.End()
//		return nil
//	}
//
//	func (m *Menu) Draw(ctx *engine.DrawContext) { m.ui.Draw(ctx.HUD, ctx.Width, ctx.Height) }
//
// # Focus and navigation
//
// The focused widget has a ring of the theme's accent colour. Up and down
// (and Tab, Shift+Tab) move the focus through the focusable widgets in the
// order they were called, wrapping; left and right move it within a Row
// panel and change a focused slider; accept clicks a button, toggles a
// check box; back is reported by UI.Back. Navigation is read through Nav,
// the standard actions ActionUp … ActionBack of an input-action map; with
// none, a KeyNav reads the arrow keys, Enter, Space, Escape and every pad's
// D-pad, left stick, A and B. A held direction repeats. A click focuses
// what it hits; the mouse is tested against the boxes of the previous
// tick, which is what the screen shows.
//
// # Text and scripts
//
// Widgets draw text with the theme's face through package gfx/text, which
// maps each rune to one glyph, left to right, with kerning and no shaping.
// Scripts written that way lay out correctly: Latin, Greek, Cyrillic,
// Armenian, Georgian, Chinese, Japanese kana and kanji, Korean Hangul in
// precomposed syllables, and symbols. Scripts that need shaping do not:
// Arabic and Syriac (joined forms), Hebrew and Arabic order (right to
// left), Devanagari, Bengali, Tamil and the other Indic scripts (reordering
// and conjuncts), Thai, Lao, Khmer and Myanmar (mark placement), and
// combining marks in general (drawn after their base rather than over it).
// Text fields edit by rune, not by grapheme cluster.
//
// # Bad input
//
// A NaN, infinite or out-of-range size (in a Layout or the Theme), an empty
// Theme, a slider range that is not one, a text field's cursor outside its
// text and unbalanced Panel/EndPanel still draw something sane; each such
// problem is reported once (Options.Report, UI.Err) with what was wrong and
// what was used instead.
//
// # Threads
//
// A UI is used on the main goroutine: Begin, the widgets and End in a tick,
// Draw in a frame.
package ui
