package main

import (
	"os"
	"path/filepath"
	"testing"
)

func TestCommandLineRelativePaths(t *testing.T) {
	wd, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	peer := filepath.Join(wd, "bin", "bench", "raylib-peer")
	outside := filepath.Join(filepath.Dir(wd), "elsewhere")
	tests := []struct {
		name string
		args []string
		want string
	}{
		{"no args", nil, "framebench"},
		{"absolute under the tree", []string{"-peer", peer}, "framebench -peer bin/bench/raylib-peer"},
		{"flag=value form", []string{"-peer=" + peer}, "framebench -peer=bin/bench/raylib-peer"},
		{"outside the tree kept", []string{"-out", outside}, "framebench -out " + outside},
		{"relative kept", []string{"-out", "bin/x.json"}, "framebench -out bin/x.json"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := commandLine(tt.args); got != tt.want {
				t.Errorf("commandLine(%q) = %q, want %q", tt.args, got, tt.want)
			}
		})
	}
	if got, want := relPath(peer), filepath.Join("bin", "bench", "raylib-peer"); got != want {
		t.Errorf("relPath(%q) = %q, want %q", peer, got, want)
	}
}
