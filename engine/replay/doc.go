// Package replay records a game's input tick by tick and replays it.
package replay
