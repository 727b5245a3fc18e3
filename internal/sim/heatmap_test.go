package sim

import (
	"bytes"
	"encoding/xml"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A small run's heatmap is a valid SVG and a valid PNG, named by extension.
func TestHeatmapFiles(t *testing.T) {
	r, err := Run(Config{Games: 20, Players: 2, AI: "random", Seed: 3, Factions: []string{"Aliens", "Dinosaurs", "Ninjas", "Pirates", "Robots", "Zombies"}}, nil)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	svgPath, pngPath := filepath.Join(dir, "m.svg"), filepath.Join(dir, "m.PNG")
	for _, p := range []string{svgPath, pngPath} {
		if err := WriteHeatmap(p, r); err != nil {
			t.Fatal(err)
		}
	}

	b, err := os.ReadFile(svgPath)
	if err != nil {
		t.Fatal(err)
	}
	d := xml.NewDecoder(bytes.NewReader(b))
	var root string
	var texts []string
	inText := false
	for {
		tok, err := d.Token()
		if err != nil {
			if err.Error() != "EOF" {
				t.Fatalf("the SVG does not parse: %v", err)
			}
			break
		}
		switch e := tok.(type) {
		case xml.StartElement:
			if root == "" {
				root = e.Name.Local
			}
			inText = e.Name.Local == "text"
		case xml.CharData:
			if inText {
				texts = append(texts, strings.TrimSpace(string(e)))
			}
		case xml.EndElement:
			inText = false
		}
	}
	if root != "svg" {
		t.Fatalf("the SVG's root element is %q", root)
	}
	all := strings.Join(texts, "|")
	for _, f := range []string{"Aliens", "Zombies", "Ninjas"} {
		if strings.Count(all, f) < 2 { // on both axes
			t.Errorf("the SVG does not name %s on both axes: %s", f, all)
		}
	}

	f, err := os.Open(pngPath)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		t.Fatalf("the PNG does not decode: %v", err)
	}
	if s := img.Bounds().Size(); s.X < 400 || s.Y < 300 {
		t.Errorf("the PNG is %v", s)
	}

	if err := WriteHeatmap(filepath.Join(dir, "m.gif"), r); err == nil {
		t.Error("a .gif heatmap should be refused")
	}
}

// The cells hatched are those played but too uncertain; rows run top down.
func TestHeatmapGrid(t *testing.T) {
	var games []Game
	for i := 0; i < 12; i++ { // A+C beat B+D 11 times; A+B beat C+D once
		games = append(games, Game{Factions: [][2]string{{"A", "C"}, {"B", "D"}}, VP: []int{15, 3}, Winners: []int{0}, Finished: true})
	}
	games[0].Factions = [][2]string{{"A", "B"}, {"C", "D"}}
	g := heatGrid{Aggregate(Config{}, games).Matrix()}
	// row 3 (top) is A: its cell against B (column 1) is 11 wins of 11
	if z := g.Z(1, 3); z != 1 {
		t.Errorf("A against B drawn as %v", z)
	}
	if z := g.Z(0, 3); z == z { // A against A: NaN
		t.Errorf("the diagonal is drawn as %v", z)
	}
	unsure := map[[2]float64]bool{}
	for _, xy := range unsureCells(g) {
		unsure[[2]float64{xy.X, xy.Y}] = true
	}
	// A against B (11 games, all won: interval about 74-100%) says
	// something, A against C (1 game) does not; the diagonal is never hatched.
	n, _ := g.Dims()
	for r := 0; r < n; r++ {
		for c := 0; c < n; c++ {
			x := g.cell(c, r)
			want := x != nil && x.Games > 0 && x.Unsure()
			if unsure[[2]float64{float64(c), float64(r)}] != want {
				t.Errorf("cell %d,%d (%+v): hatched %v", c, r, x, !want)
			}
		}
	}
	if unsure[[2]float64{1, 3}] || !unsure[[2]float64{2, 3}] {
		t.Errorf("A-B should be plain, A-C hatched: %v", unsure)
	}
}
