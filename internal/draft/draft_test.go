package draft

import (
	"math/rand/v2"
	"reflect"
	"testing"
)

func TestSnakeOrder(t *testing.T) {
	d, err := New(3, []string{"A", "B", "C", "D", "E", "F", "G"}, 1, 1)
	if err != nil {
		t.Fatal(err)
	}
	var order []int
	for !d.Done() {
		order = append(order, d.Next())
		if err := d.Pick(d.Options()[0]); err != nil {
			t.Fatal(err)
		}
	}
	if want := []int{1, 2, 0, 0, 2, 1}; !reflect.DeepEqual(order, want) {
		t.Fatalf("order %v, want %v", order, want)
	}
	if want := [][]string{{"C", "D"}, {"A", "F"}, {"B", "E"}}; !reflect.DeepEqual(d.Picks, want) {
		t.Fatalf("picks %v, want %v", d.Picks, want)
	}
}

func TestIllegalPicksChangeNothing(t *testing.T) {
	d, _ := New(2, []string{"Aliens", "Ninjas", "Pirates", "Robots"}, 0, 1)
	if err := d.Pick("Aliens"); err != nil {
		t.Fatal(err)
	}
	before := d.Picks[1]
	if err := d.Pick("aliens"); err == nil {
		t.Fatal("a faction taken by another player was picked again with one copy of the set")
	}
	if err := d.Pick("Wizards"); err == nil {
		t.Fatal("a faction outside the pool was picked")
	}
	if !reflect.DeepEqual(d.Picks[1], before) || d.Next() != 1 {
		t.Fatal("an illegal pick changed the draft")
	}
	d.Pick("Ninjas")
	d.Pick("Pirates") // player 1 again (reverse order)
	if err := d.Pick("Aliens"); err == nil {
		t.Fatal("player 0 picked a faction already taken")
	}
	if err := d.Pick("Robots"); err != nil || !d.Done() {
		t.Fatalf("final pick: %v", err)
	}
	if err := d.Pick("Robots"); err != ErrDone {
		t.Fatalf("pick after the end: %v", err)
	}
}

func TestTwoCopiesAllowSharingButNeverTwiceForOnePlayer(t *testing.T) {
	d, _ := New(2, []string{"Aliens", "Ninjas"}, 0, 2)
	d.Pick("Aliens")
	if err := d.Pick("Aliens"); err != nil {
		t.Fatalf("with two copies another player may take the same faction: %v", err)
	}
	if err := d.Pick("Aliens"); err == nil {
		t.Fatal("a player took the same faction twice")
	}
	if _, err := New(2, []string{"Aliens", "Ninjas", "Robots"}, 0, 1); err == nil {
		t.Fatal("a pool too small for every player was accepted")
	}
}

func TestRandomDraftsAlwaysComplete(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for i := 0; i < 200; i++ {
		n := 2 + rng.IntN(3)
		pool := []string{"a", "b", "c", "d", "e", "f", "g", "h"}
		d, err := Random(n, pool, 1, rng)
		if err != nil {
			t.Fatal(err)
		}
		for !d.Done() {
			d.PickRandom(rng)
		}
		for p, ps := range d.Picks {
			if len(ps) != 2 || ps[0] == ps[1] {
				t.Fatalf("player %d got %v", p, ps)
			}
		}
	}
}
