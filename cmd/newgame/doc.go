// Command newgame starts a new game on tickwork: it writes a Go module with
// a window and a headless mode (main.go), a title menu with a settings
// screen that rebinds the controls and sets the volumes (menu.go), the
// player's input actions and their bindings file (controls.go), a
// gameplay state (game.go) in which the player, an animated skinned
// character (assets/character.glb), walks with a collision character
// controller through a walled level with stairs and coins that sensors
// collect (level.go), moved by those actions from the keyboard or a
// gamepad, under a sun with shadows, a third-person camera following it;
// an actor behaviour (patrol.go), headless tests (game_test.go,
// level_test.go: the stairs, a wall, a coin, the sync test), a test of the
// window's frame loop without a display (main_test.go), a README, and a
// go.mod and go.sum that build against this engine checkout (named by a
// relative path when the game is in the same tree). Its main has
// -synctest K, which checks headless that the game rolls back.
//
// Usage:
//
//	go run ./cmd/newgame -name mygame -dir ../mygame [-engine PATH]
//
// The name must be a Go identifier in ASCII (letters, digits and
// underscores, not starting with a digit), not a keyword nor a
// standard-library package: it becomes the module path and the program's
// name. The directory is created if missing and must be empty if it exists.
//
// Until tickwork is published, the game's go.mod replaces the engine module
// with the checkout at an absolute path. -engine names that checkout; by
// default it is the checkout containing the current directory (found by
// walking up to the go.mod declaring github.com/tickwork/tickwork), or
// failing that the checkout this program was built from. The game requires
// the engine's exact dependency versions and gets a copy of its go.sum, so
// it builds from the module cache without new downloads.
//
// Exit status: 0 on success, 1 if generation fails (nothing is left
// half-written), 2 for invalid flags.
package main
