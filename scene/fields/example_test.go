package fields_test

import (
	"fmt"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/tickwork/tickwork/scene/fields"
)

// README:begin
// Weapon is an enum: fields.Integer describes any integer type.
type Weapon uint8

// Slot is one entry of an inventory.
type Slot struct {
	Name  string
	Count int
}

func (s *Slot) Describe(v *fields.Visitor) {
	v.String("name", &s.Name)
	v.Int("count", &s.Count)
}

// Hero is a game's state kept outside its scenes: it describes its fields
// once, and its hash, snapshot and debug view come from that description.
type Hero struct {
	HP     int
	Pos    mgl32.Vec3
	Weapon Weapon
	Bag    []Slot
	cache  string // derived, not described: not hashed, saved or shown
}

func (h *Hero) Describe(v *fields.Visitor) {
	v.Int("hp", &h.HP)
	v.Vec3("pos", &h.Pos)
	fields.Integer(v, "weapon", &h.Weapon)
	fields.Structs(v, "bag", &h.Bag)
}

// Describe a type's fields once; hash it, save it, load it and show it.
func Example() {
	hero := &Hero{HP: 10, Pos: mgl32.Vec3{1, 0, 2}, Weapon: 2, Bag: []Slot{{"arrow", 12}}, cache: "x"}
	before := fields.Hash(hero)

	snapshot := fields.Save(hero, nil)
	hero.HP, hero.Bag[0].Count = 3, 0
	fmt.Println("changed, same hash:", fields.Hash(hero) == before)

	if _, err := fields.Load(hero, snapshot); err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("restored, same hash:", fields.Hash(hero) == before)
	fmt.Print(fields.Dump(hero))
	// Output:
	// changed, same hash: false
	// restored, same hash: true
	// hp = 10
	// pos = [1 0 2]
	// weapon = 2
	// bag[0].name = arrow
	// bag[0].count = 12
}

// README:end

// Load refuses data that does not fit the description and names the field.
func ExampleLoad() {
	snapshot := fields.Save(&Slot{"arrow", 12}, nil)
	var hero Hero
	_, err := fields.Load(&hero, snapshot)
	fmt.Println(err)
	// Output:
	// fields: loading *fields_test.Hero, field hp at byte 1: the data holds a field of kind string (name hash 30df) where the description has the field "hp" of kind int (name hash 835f): the description changed since the data was saved (a field renamed, reordered, added or removed), or the data is not of this type (the data does not match the description)
}

// A Codec keeps its memory between calls: hashing, saving and loading
// with one allocate nothing once warm, as a game needs every tick.
func ExampleCodec() {
	var c fields.Codec
	hero := &Hero{HP: 10, Bag: []Slot{{"arrow", 12}}}
	buf := c.Save(hero, nil) // keep buf and save into buf[:0] next time
	hero.HP = 0
	if _, err := c.Load(hero, buf); err != nil {
		fmt.Println(err)
	}
	fmt.Println(hero.HP, c.Hash(hero) == fields.Hash(hero))
	// Output:
	// 10 true
}
