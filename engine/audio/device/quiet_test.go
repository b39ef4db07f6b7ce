//go:build cgo && linux

package device_test

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/tickwork/tickwork/engine/audio/device"
)

// systemALSAConf is the ALSA library's own configuration, whose default
// device is the first sound card (libasound2-data installs it).
const systemALSAConf = "/usr/share/alsa/alsa.conf"

// Without a sound card, ALSA's library writes its own errors to stderr
// while the device is probed ("ALSA lib confmisc.c:855:(parse_card) cannot
// find card ..."), a dozen lines before the engine's notice: they are
// silenced, so the notice is the one line the player sees.
func TestNoCardWritesOnlyTheNotice(t *testing.T) {
	if os.Getenv(childEnv) != "" {
		out, err := device.Open(device.Config{Logf: func(f string, a ...any) { fmt.Fprintf(os.Stderr, "NOTICE "+f+"\n", a...) }})
		if err == nil || out == nil || !out.Silent() {
			t.Fatalf("Open without a card: got %v, %v; want a silent Output and the reason", out, err)
		}
		return
	}
	conf, err := os.ReadFile(systemALSAConf)
	if err != nil {
		t.Fatalf("ALSA's own configuration: %v (install libasound2-data)", err)
	}
	// The system's configuration, asked for a card that no machine has:
	// the library looks it up and fails as it does on a machine without
	// any card.
	t.Setenv("ALSA_CARD", "tickworkNoSuchCard")
	got, err := child(t, "TestNoCardWritesOnlyTheNotice", string(conf))
	if err != nil {
		t.Fatalf("the child process failed: %v\n%s", err, got)
	}
	var alsa, notices int
	for _, line := range strings.Split(got, "\n") {
		switch {
		case strings.Contains(line, "ALSA lib"):
			alsa++
		case strings.Contains(line, "NOTICE tickwork: no sound"):
			notices++
		}
	}
	if alsa != 0 || notices != 1 {
		t.Errorf("got %d lines of the ALSA library's errors and %d notices, want 0 and 1:\n%s", alsa, notices, got)
	}
}
