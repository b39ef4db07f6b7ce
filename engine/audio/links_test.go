package audio_test

import (
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// The decoders live in packages of their own, so a game links only those
// it imports: the engine and its mixer link none of them (a headless test
// of a game included).
func TestEngineLinksNoDecoder(t *testing.T) {
	goCmd, err := exec.LookPath("go")
	if err != nil {
		goCmd = filepath.Join(runtime.GOROOT(), "bin", "go")
	}
	decoders := []string{
		"github.com/hajimehoshi/go-mp3", "github.com/jfreymuth/oggvorbis", "github.com/jfreymuth/vorbis", "github.com/go-audio/",
		"github.com/tickwork/tickwork/engine/audio/wav", "github.com/tickwork/tickwork/engine/audio/vorbis", "github.com/tickwork/tickwork/engine/audio/mp3",
	}
	for _, pkg := range []string{"github.com/tickwork/tickwork/engine", "github.com/tickwork/tickwork/engine/audio", "github.com/tickwork/tickwork/engine/audio/device"} {
		out, err := exec.Command(goCmd, "list", "-deps", pkg).CombinedOutput()
		if err != nil {
			t.Fatalf("go list -deps %s: %v\n%s", pkg, err, out)
		}
		for _, dep := range strings.Fields(string(out)) {
			for _, d := range decoders {
				if strings.HasPrefix(dep, d) {
					t.Errorf("%s links %s: a decoder only a game that imports its codec should link", pkg, dep)
				}
			}
		}
	}
}
