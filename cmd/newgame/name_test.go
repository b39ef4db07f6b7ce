package main

import (
	"strings"
	"testing"
)

func TestValidateName(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		want string // a part of the error, "" for a valid name
	}{
		{"mygame", ""},
		{"my_game", ""},
		{"MyGame", ""},
		{"game2", ""},
		{"_demo", ""},
		{"main", ""},
		{"my-game", `the character '-'`},
		{"1game", "a leading digit"},
		{"func", "a Go keyword"},
		{"go", "a Go keyword"},
		{"", "the game name is empty"},
		{"mÿ game", `the character 'ÿ'`},
		{"my game", `the character ' '`},
		{"_", "the blank identifier"},
		{"fmt", "standard library"},
		{"strings", "standard library"},
		{"std", "package pattern"},
		{"all", "package pattern"},
		{"C", "package pattern"},
	}
	for _, tt := range tests {
		err := ValidateName(tt.name)
		switch {
		case tt.want == "" && err != nil:
			t.Errorf("ValidateName(%q) = %v, want nil", tt.name, err)
		case tt.want == "":
		case err == nil:
			t.Errorf("ValidateName(%q) = nil, want an error about %s", tt.name, tt.want)
		case !strings.Contains(err.Error(), tt.want) || !strings.Contains(err.Error(), "ASCII letters, digits and underscores"):
			t.Errorf("ValidateName(%q) = %q, want it to say %q and what is allowed", tt.name, err, tt.want)
		}
	}
}
