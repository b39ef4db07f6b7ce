// Command sample runs tickwork's sample game (package cmd/internal/demo):
// in a window, or headless for tests and scripts, recording or replaying a
// run.
//
//	go run ./cmd/sample                         # title screen, Enter to play
//	go run ./cmd/sample -tick-rate 10 -mode none
//	go run ./cmd/sample -frames 200 -screenshot shot.png
//	go run ./cmd/sample -headless -ticks 300     # prints ticks=300 hash=...
//	go run ./cmd/sample -headless -record run.tw && go run ./cmd/sample -replay run.tw
//
// Output for scripts: a headless run's last line is "ticks=N hash=H" (H:
// Game.Hash as 16 hex digits, the same at any -fps, -jitter and -seed); a
// windowed run's last line is "frames=N ticks=M fps=F tps=T" (median
// frames per second, actual ticks per second). Bad flags exit with status
// 2, a missing display or a failed run with 1.
//
// screenshot.png, shown in the README, is a frame of a run at the defaults:
//
//	xvfb-run -a go run ./cmd/sample -frames 300 -screenshot cmd/sample/screenshot.png
package main
