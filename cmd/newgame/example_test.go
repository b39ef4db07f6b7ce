package main

import (
	"fmt"
	"os"
	"path/filepath"
)

// Generate writes a new game module. Engine may be left empty inside a
// tickwork checkout: the checkout is found from the current directory.
func ExampleGenerate() {
	parent, err := os.MkdirTemp("", "newgame-example")
	if err != nil {
		fmt.Println(err)
		return
	}
	defer os.RemoveAll(parent)

	dir := filepath.Join(parent, "mygame")
	if err := Generate(Options{Name: "mygame", Dir: dir}); err != nil {
		fmt.Println(err)
		return
	}
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		fmt.Println(e.Name())
	}

	// A second run refuses the directory, now not empty.
	err = Generate(Options{Name: "mygame", Dir: dir})
	fmt.Println(err != nil)
	// Output:
	// .gitignore
	// README.md
	// game
	// go.mod
	// go.sum
	// main.go
	// main_test.go
	// match.go
	// match_test.go
	// true
}

func ExampleValidateName() {
	fmt.Println(ValidateName("mygame"))
	fmt.Println(ValidateName("my-game"))
	// Output:
	// <nil>
	// invalid game name "my-game": it has the character '-'; a name is ASCII letters, digits and underscores, not starting with a digit (a Go identifier, e.g. mygame or my_game), and not a Go keyword or a standard-library package
}
