package sim

import (
	"errors"
	"fmt"
	"image/color"
	"math"
	"os"
	"path/filepath"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/palette"
	"gonum.org/v1/plot/palette/moreland"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// heatGrid is a report's matrix as a gonum grid: column c is the opponent's
// faction c, row r the faction n-1-r (so the first faction is at the top),
// the value the row's win rate; NaN where there is nothing to say (the
// diagonal, matchups never played).
type heatGrid struct{ m Matrix }

func (g heatGrid) Dims() (c, r int) { return len(g.m.Factions), len(g.m.Factions) }
func (g heatGrid) X(c int) float64  { return float64(c) }
func (g heatGrid) Y(r int) float64  { return float64(r) }
func (g heatGrid) Z(c, r int) float64 {
	x := g.cell(c, r)
	if x == nil || x.Games == 0 {
		return math.NaN()
	}
	return x.WinRate
}

func (g heatGrid) cell(c, r int) *Matchup { return g.m.Cells[len(g.m.Factions)-1-r][c] }

// hatch draws diagonal lines over cells: those whose interval is too wide.
type hatch struct {
	cells []plotter.XY // centres of the cells, in data coordinates
	line  draw.LineStyle
}

func (h hatch) Plot(c draw.Canvas, p *plot.Plot) {
	trX, trY := p.Transforms(&c)
	for _, xy := range h.cells {
		x0, x1 := trX(xy.X-0.5), trX(xy.X+0.5)
		y0, y1 := trY(xy.Y-0.5), trY(xy.Y+0.5)
		at := func(a, b float64) vg.Point {
			return vg.Point{X: x0 + vg.Length(a)*(x1-x0), Y: y0 + vg.Length(b)*(y1-y0)}
		}
		// four parallel lines, corner to corner and beside it
		for _, seg := range [][4]float64{{0, 0.5, 0.5, 1}, {0, 0, 1, 1}, {0.5, 0, 1, 0.5}} {
			c.StrokeLine2(h.line, at(seg[0], seg[1]).X, at(seg[0], seg[1]).Y, at(seg[2], seg[3]).X, at(seg[2], seg[3]).Y)
		}
	}
}

// unsureCells lists the cells of the grid to hatch: matchups played, but
// too few times or with too wide an interval to say.
func unsureCells(g heatGrid) []plotter.XY {
	var out []plotter.XY
	n, _ := g.Dims()
	for r := 0; r < n; r++ {
		for c := 0; c < n; c++ {
			if x := g.cell(c, r); x != nil && x.Games > 0 && x.Unsure() {
				out = append(out, plotter.XY{X: float64(c), Y: float64(r)})
			}
		}
	}
	return out
}

// fairRate is the win rate of a player as good as the others over the
// report's games (1/players, averaged over the games).
func fairRate(r Report) float64 {
	var sum, n float64
	for _, f := range r.Factions {
		sum += f.Expected * float64(f.Games)
		n += float64(f.Games)
	}
	if n == 0 {
		return 0.5
	}
	return sum / n
}

// WriteHeatmap draws the report's faction-against-faction matrix as a
// heatmap, as SVG or PNG by path's extension: the row faction's win rate
// against the column's, coloured from red (loses more often than a player as
// good as the others) through white to blue (wins more often), its value in
// the cell; hatched where there are fewer than MinGames games or the 95%
// interval is wider than MaxWidth.
func WriteHeatmap(path string, r Report) error {
	format := strings.ToLower(strings.TrimPrefix(filepath.Ext(path), "."))
	if format != "svg" && format != "png" {
		return fmt.Errorf("heatmap %s: the name must end in .svg or .png", path)
	}
	m := r.Matrix()
	n := len(m.Factions)
	if n < 2 {
		return errors.New("heatmap: fewer than two factions")
	}
	g := heatGrid{m}

	// The colour scale is centred on the fair rate (white) and spans 25
	// points either side (within 0..1); rates beyond have the end colours.
	fair := fairRate(r)
	span := math.Min(0.25, math.Max(fair, 1-fair))
	cm := palette.Reverse(moreland.SmoothBlueRed()) // blue is high
	cm.SetMin(fair - span)
	cm.SetMax(fair + span)
	pal, err := colours(cm, 255)
	if err != nil {
		return err
	}
	heat := plotter.NewHeatMap(g, pal)
	heat.Min, heat.Max = cm.Min(), cm.Max()
	heat.Underflow, heat.Overflow = pal.Colors()[0], pal.Colors()[len(pal.Colors())-1]
	heat.NaN = color.White

	var labels plotter.XYLabels
	for r := 0; r < n; r++ {
		for c := 0; c < n; c++ {
			if z := g.Z(c, r); !math.IsNaN(z) {
				labels.XYs = append(labels.XYs, plotter.XY{X: float64(c), Y: float64(r)})
				labels.Labels = append(labels.Labels, fmt.Sprintf("%.0f", 100*z))
			}
		}
	}

	p := plot.New()
	p.Title.Text = fmt.Sprintf("Faction against faction: the row's win rate (%%) in %d games of %s computer players", r.Games, r.Config.AI)
	p.Title.Padding = vg.Points(8)
	p.X.Label.Text = fmt.Sprintf("opponent's faction   (hatched: fewer than %d games or 95%% interval wider than %.0f points; white: never met)", MinGames, 100*MaxWidth)
	p.Y.Label.Text = "faction"
	p.Add(heat)
	if len(labels.XYs) > 0 {
		l, err := plotter.NewLabels(labels)
		if err != nil {
			return err
		}
		for i, xy := range l.XYs {
			st := &l.TextStyle[i]
			st.XAlign, st.YAlign = draw.XCenter, draw.YCenter
			st.Font.Size = vg.Points(8)
			if math.Abs(g.Z(int(xy.X), int(xy.Y))-fair) > 0.6*span {
				st.Color = color.White // readable on the dark ends of the scale
			}
		}
		p.Add(l)
	}
	p.Add(hatch{unsureCells(g), draw.LineStyle{Color: color.Gray{Y: 0x50}, Width: vg.Points(0.4)}})
	names := make([]string, n)
	rows := make([]string, n)
	for i, f := range m.Factions {
		names[i] = f + "  " // gonum draws rotated labels a little into the cells
		rows[n-1-i] = f
	}
	p.NominalX(names...)
	p.NominalY(rows...)
	p.X.Tick.Label.Rotation = math.Pi / 2
	p.X.Tick.Label.XAlign, p.X.Tick.Label.YAlign = draw.XRight, draw.YCenter
	p.X.Min, p.X.Max = -0.5, float64(n)-0.5
	p.Y.Min, p.Y.Max = -0.5, float64(n)-0.5
	p.X.Padding, p.Y.Padding = 0, 0

	bar := plot.New()
	bar.Add(&plotter.ColorBar{ColorMap: cm, Vertical: true})
	bar.HideX()
	bar.Y.Label.Text = "win rate"
	bar.Y.Padding = 0
	var ticks []plot.Tick // every 5 points, labelled every 10
	for k := math.Ceil(20 * cm.Min()); k <= 20*cm.Max(); k++ {
		t := plot.Tick{Value: k / 20}
		if int(k)%2 == 0 {
			t.Label = fmt.Sprintf("%.0f%%", 5*k)
		}
		ticks = append(ticks, t)
	}
	bar.Y.Tick.Marker = plot.ConstantTicks(ticks)

	cell := vg.Points(30)
	w, h := max(cell*vg.Length(n)+vg.Points(260), vg.Points(680)), cell*vg.Length(n)+vg.Points(190) // wide enough for the title
	c, err := draw.NewFormattedCanvas(w, h, format)
	if err != nil {
		return err
	}
	dc := draw.New(c)
	barWidth := vg.Points(70)
	left := draw.Crop(dc, 0, -barWidth-vg.Points(10), 0, 0)
	p.Draw(left)
	// the bar spans the height of the heatmap's cells
	right := draw.Crop(dc, w-barWidth, 0, 0, 0)
	da, db := p.DataCanvas(left), bar.DataCanvas(right)
	bar.Draw(draw.Crop(right, 0, 0, da.Min.Y-db.Min.Y, da.Max.Y-db.Max.Y))

	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	if _, err := c.WriteTo(f); err != nil {
		f.Close()
		return fmt.Errorf("heatmap %s: %w", path, err)
	}
	return f.Close()
}

// palette is a list of colours.
type colourList []color.Color

func (p colourList) Colors() []color.Color { return p }

// colours samples n colours evenly from a colour map. (The map's own Palette
// method leaves the middle colour of a reversed diverging map empty.)
func colours(cm palette.ColorMap, n int) (palette.Palette, error) {
	out := make(colourList, n)
	for k := range out {
		v := cm.Min() + (cm.Max()-cm.Min())*float64(k)/float64(n-1)
		c, err := cm.At(math.Min(v, cm.Max()))
		if err != nil {
			return nil, fmt.Errorf("heatmap colours: %w", err)
		}
		out[k] = c
	}
	return out, nil
}
