package tui

import (
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"

	"github.com/smashup/smashup/internal/engine"
	"github.com/smashup/smashup/internal/present"
)

// Screen is the terminal game as a full-screen table, a bubbletea model:
// the players and their VP at the top, the bases with their minions and
// totals, the hand with its texts and the log beside them, and the pending
// decision's numbered options at the bottom. A person chooses with the
// arrow keys and Enter, or by typing an option's number. Computer seats
// play by themselves, each move that puts something in the log left in
// sight for Pause.
//
// It shows what the line mode shows and nothing more: at a table with one
// person, that person's hand; at a hotseat table, a hand only to its
// holder, after a screen that asks the others to look away, and only public
// things while the computers play.
type Screen struct {
	s *Session
	// Pause is how long a computer seat's move stays in sight before the
	// next one (0: none); a move that put nothing in the log has none.
	Pause time.Duration

	width, height int
	mode          mode
	who           engine.Seat // who decides (modeDecide, modeHandover, modeComputer)
	humans        int
	lastWho       engine.Seat // the last person shown their hand
	cursor        int
	typed         string // digits typed toward an option's number
	note          string // a word for the person (a choice that could not be made)
	focus         int    // the pane that scrolls: paneTable, paneHand or paneLog
	scroll        [3]int // each pane's scrolling (the log's: lines back from its end)
	help          bool
	confirmQuit   bool
	fresh         bool  // the log has lines the person has not had time to read
	moves         int   // decisions made
	err           error // why the game stopped: nil when it is over
}

type mode int

const (
	modeStart    mode = iota // before Init
	modeDecide               // a person chooses
	modeHandover             // a hotseat table waits for the next person
	modeComputer             // a computer seat chooses
	modeOver
)

const (
	paneTable = iota
	paneHand
	paneLog
)

var paneNames = [3]string{"Bases", "Hand", "Log"}

// computerMsg is a computer seat's choice, made while the game had made
// moves decisions.
type computerMsg struct {
	moves  int32
	option int
}

// NewScreen makes the full-screen table of a session (its recorder,
// OnMove, is used as in the line mode).
func NewScreen(s *Session) *Screen {
	m := &Screen{s: s, lastWho: engine.None, Pause: 700 * time.Millisecond}
	for _, st := range s.Seats {
		if st.Human {
			m.humans++
		}
	}
	return m
}

// Err says why the game stopped: nil when it is over, ErrQuit when a
// person left it, or what went wrong.
func (m *Screen) Err() error { return m.err }

// Log is the game's log as the screen shows it, oldest first.
func (m *Screen) Log() []string { return append([]string(nil), m.s.log...) }

// Deciding says whether a person is choosing (their hand and options on
// the screen).
func (m *Screen) Deciding() bool { return m.mode == modeDecide }

// Init starts the game.
func (m *Screen) Init() tea.Cmd { return m.advance() }

// advance plays on until a person must act (or a computer seat is set to
// choose), and returns what to run next.
func (m *Screen) advance() tea.Cmd {
	g := m.s.G
	for {
		if len(m.s.newEvents()) > 0 {
			m.fresh = true
		}
		if g.Over {
			m.mode = modeOver
			return nil
		}
		if !g.Pending.Active {
			return m.stop(fmt.Errorf("the game is neither over nor waiting for a decision"))
		}
		if m.s.MaxMoves > 0 && m.moves > m.s.MaxMoves {
			return m.stop(fmt.Errorf("the game did not end after %d decisions", m.s.MaxMoves))
		}
		p := g.Pending.Player
		if p < 0 || int(p) >= len(m.s.Seats) {
			return m.stop(fmt.Errorf("a decision for seat %d, which does not exist", p))
		}
		if !m.s.Seats[p].Human {
			m.mode, m.who = modeComputer, p
			return m.computer(p)
		}
		if g.WindowPassOnly() && m.s.observer() == int(p) {
			// as in the line mode: nobody else looks at this screen
			if err := m.s.apply(0); err != nil {
				return m.stop(err)
			}
			m.moves++
			continue
		}
		m.who, m.cursor, m.typed = p, 0, ""
		m.follow()
		if m.humans > 1 && m.lastWho != p {
			m.mode = modeHandover
			return nil
		}
		m.mode = modeDecide
		return nil
	}
}

func (m *Screen) stop(err error) tea.Cmd {
	m.err = err
	return tea.Quit
}

// computer lets seat p choose on a copy of the game, away from the screen.
// When the last move put something in the log, it stays in sight for the
// pause first (the computer's thinking counts toward it).
func (m *Screen) computer(p engine.Seat) tea.Cmd {
	gc := m.s.G.Clone()
	v := gc.View(p)
	ai, pause, moves := m.s.Seats[p].AI, m.Pause, m.s.G.Moves
	if !m.fresh {
		pause = 0
	}
	m.fresh = false
	return func() tea.Msg {
		start := time.Now()
		i := ai.Choose(gc, &v)
		if d := pause - time.Since(start); d > 0 {
			time.Sleep(d)
		}
		return computerMsg{moves: moves, option: i}
	}
}

// Update handles a key, a new terminal size or a computer seat's choice.
func (m *Screen) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		m.width, m.height = msg.Width, msg.Height
	case computerMsg:
		if m.mode != modeComputer || msg.moves != m.s.G.Moves {
			return m, nil
		}
		if err := m.s.applyComputer(msg.option); err != nil {
			return m, m.stop(err)
		}
		m.moves++
		return m, m.advance()
	case tea.KeyPressMsg:
		return m, m.key(msg.String())
	}
	return m, nil
}

func (m *Screen) key(k string) tea.Cmd {
	if k == "ctrl+c" {
		return m.stop(ErrQuit)
	}
	if m.confirmQuit {
		m.confirmQuit = false
		if k == "y" || k == "Y" {
			return m.stop(ErrQuit)
		}
		return nil
	}
	if m.help {
		m.help = false
		return nil
	}
	switch k {
	case "?", "f1":
		m.help = true
		return nil
	case "q", "Q":
		if m.mode == modeOver {
			return tea.Quit
		}
		m.confirmQuit = true
		return nil
	case "tab":
		m.focus = (m.focus + 1) % 3
		return nil
	case "shift+tab":
		m.focus = (m.focus + 2) % 3
		return nil
	case "pgdown", "pgup":
		m.scrollBy(k == "pgdown")
		return nil
	}
	switch m.mode {
	case modeHandover:
		if k == "enter" || k == "space" || k == " " {
			m.mode, m.lastWho = modeDecide, m.who
		}
	case modeOver:
		if k == "enter" {
			return tea.Quit
		}
	case modeDecide:
		return m.decideKey(k)
	}
	return nil
}

// follow lets the bases and the hand follow the cursor again.
func (m *Screen) follow() { m.scroll[paneTable], m.scroll[paneHand] = 0, 0 }

// scrollBy moves the focused pane a third of a screen down (or up).
func (m *Screen) scrollBy(down bool) {
	step := max(1, m.size().h/3)
	if m.focus == paneLog {
		down = !down // the log counts back from its end
	}
	if !down {
		step = -step
	}
	n := m.scroll[m.focus] + step
	v := m.seen()
	w, _ := m.paneWidth(m.focus)
	m.scroll[m.focus] = max(0, min(n, len(m.paneLines(&v, m.focus, w))-1))
}

func (m *Screen) decideKey(k string) tea.Cmd {
	n := m.s.G.NumOptions()
	if n == 0 {
		return nil
	}
	m.follow() // (PgUp and PgDn never come here)
	switch k {
	case "up", "k":
		m.cursor, m.typed = (m.cursor+n-1)%n, ""
	case "down", "j":
		m.cursor, m.typed = (m.cursor+1)%n, ""
	case "home":
		m.cursor, m.typed = 0, ""
	case "end":
		m.cursor, m.typed = n-1, ""
	case "enter", "space", " ":
		i := m.cursor
		if m.typed != "" {
			i, _ = strconv.Atoi(m.typed)
			i--
		}
		return m.choose(i)
	case "backspace", "esc":
		m.typed, m.note = "", ""
	default:
		if len(k) != 1 || k[0] < '0' || k[0] > '9' {
			return nil
		}
		t := m.typed + k
		i, _ := strconv.Atoi(t)
		if i < 1 || i > n {
			m.typed = ""
			m.note = fmt.Sprintf("There is no option %s: choose a number from 1 to %d.", t, n)
			return nil
		}
		if i*10 > n { // no longer number begins so: chosen
			return m.choose(i - 1)
		}
		m.typed, m.cursor, m.note = t, i-1, ""
	}
	return nil
}

// choose answers the decision with option i.
func (m *Screen) choose(i int) tea.Cmd {
	m.typed = ""
	if err := m.s.apply(i); err != nil {
		m.note = fmt.Sprintf("That cannot be done (%v); the game is unchanged. Choose another option.", err)
		return nil
	}
	m.note = ""
	m.moves++
	m.lastWho = m.who
	return m.advance()
}

// seen is the view the screen shows: the deciding person's, or what the
// table's one person (nobody, at a hotseat table) may see.
func (m *Screen) seen() engine.View {
	if m.mode == modeDecide {
		return m.s.G.View(m.who)
	}
	return m.s.G.View(engine.Seat(m.s.observer()))
}

// View draws the screen.
func (m *Screen) View() tea.View {
	v := tea.NewView(m.Render())
	v.AltScreen = true
	v.WindowTitle = "Smash Up"
	return v
}

type size struct{ w, h int }

func (m *Screen) size() size {
	if m.width <= 0 || m.height <= 0 {
		return size{80, 24}
	}
	return size{m.width, m.height}
}

// The smallest screen the table is drawn on, and the width from which the
// hand and the log stand beside the bases.
const (
	minWidth  = 30
	minHeight = 10
	wideWidth = 100
)

// Render is the screen's text, one line per row, no line wider than the
// terminal.
func (m *Screen) Render() string {
	sz := m.size()
	var lines []string
	switch {
	case sz.w < minWidth || sz.h < minHeight:
		lines = wrapText(fmt.Sprintf("The terminal is too small for the table: make it at least %d columns by %d rows, or play with --lines.", minWidth, minHeight), lipgloss.NewStyle(), sz.w, 0)
	case m.help:
		lines = m.helpLines(sz.w)
	case m.mode == modeHandover:
		lines = m.handoverLines(sz)
	default:
		v := m.seen()
		top := m.topLines(&v, sz.w)
		bottom := m.bottomLines(&v, sz.w, max(6, sz.h/2))
		if len(top)+len(bottom) > sz.h { // the question first
			top = top[:max(1, sz.h-len(bottom))]
		}
		mid := sz.h - len(top) - len(bottom)
		lines = append(top, m.middle(&v, sz.w, mid)...)
		lines = append(lines, bottom...)
	}
	if len(lines) > sz.h {
		lines = lines[:sz.h]
	}
	for i, l := range lines {
		if lipgloss.Width(l) > sz.w {
			lines[i] = pad(l, sz.w)
		}
	}
	return strings.Join(lines, "\n")
}

// Styles.
var (
	bold    = lipgloss.NewStyle().Bold(true)
	faint   = lipgloss.NewStyle().Faint(true)
	bar     = lipgloss.NewStyle().Reverse(true).Bold(true)
	picked  = lipgloss.NewStyle().Reverse(true)
	warn    = lipgloss.NewStyle().Foreground(lipgloss.Color("11")).Bold(true)
	ready   = lipgloss.NewStyle().Foreground(lipgloss.Color("10")).Bold(true)
	title   = lipgloss.NewStyle().Bold(true).Underline(true)
	focused = lipgloss.NewStyle().Bold(true).Reverse(true)
	// a colour for each seat
	seatColours = [engine.MaxPlayers]string{"203", "75", "114", "214"}
)

func seatStyle(p engine.Seat) lipgloss.Style {
	if p < 0 || int(p) >= len(seatColours) {
		return lipgloss.NewStyle()
	}
	return lipgloss.NewStyle().Foreground(lipgloss.Color(seatColours[p]))
}

// names splits text into spans, each player's name in their colour.
func (m *Screen) names(text string, st lipgloss.Style) []span {
	var out []span
	n := engine.Seat(len(m.s.Seats))
	for text != "" {
		at, who := -1, engine.Seat(0)
		for p := range n {
			if i := strings.Index(text, present.Player(p)); i >= 0 && (at < 0 || i < at) {
				at, who = i, p
			}
		}
		if at < 0 {
			out = append(out, styled(text, st))
			break
		}
		name := present.Player(who)
		if at > 0 {
			out = append(out, styled(text[:at], st))
		}
		out = append(out, styled(name, seatStyle(who).Inherit(st)))
		text = text[at+len(name):]
	}
	return out
}

// topLines are the status bar and the players.
func (m *Screen) topLines(v *engine.View, w int) []string {
	var out []string
	for _, l := range wrapText(present.Status(v), bar, w, 2) {
		out = append(out, bar.Render(pad(l, w)))
	}
	var entries [][]span
	for _, p := range v.Players {
		name := present.Player(p.Index)
		if p.IsCurrent && !v.Over {
			name = "▶ " + name
		}
		if p.Index == v.Me {
			name += " (you)"
		}
		e := []span{
			styled(name, seatStyle(p.Index).Bold(true)),
			styled(fmt.Sprintf(" %d VP", p.VP), bold),
			plain(fmt.Sprintf(" · %s · hand %d, deck %d, discard %d", strings.Join(p.Factions, "+"), p.HandSize, p.DeckSize, len(p.Discard))),
		}
		if len(wrap(e, w, 4)) > 1 { // the sizes but the hand's go first
			e[2] = plain(fmt.Sprintf(" · %s · hand %d", strings.Join(p.Factions, "+"), p.HandSize))
		}
		entries = append(entries, e)
	}
	// as many players to a row as fit
	var row []span
	rowW := 0
	for _, e := range entries {
		ew := 0
		for _, sp := range e {
			ew += lipgloss.Width(sp.text)
		}
		if rowW > 0 && rowW+3+ew > w {
			out = append(out, wrap(row, w, 4)...)
			row, rowW = nil, 0
		}
		if rowW > 0 {
			row = append(row, plain("  │ "))
			rowW += 4
		}
		row = append(row, e...)
		rowW += ew
	}
	out = append(out, wrap(row, w, 4)...)
	return out
}

// paneWidth is the width of a pane and whether the panes stand side by side.
func (m *Screen) paneWidth(pane int) (int, bool) {
	w := m.size().w
	if w < wideWidth {
		return w, false
	}
	left := w * 11 / 20
	if w >= 140 {
		left = w * 3 / 5
	}
	if pane == paneTable {
		return left, true
	}
	return w - left - 3, true
}

// middle is the table, the hand and the log in h rows: side by side on a
// wide screen, else one at a time (Tab).
func (m *Screen) middle(v *engine.View, w, h int) []string {
	if h <= 0 {
		return nil
	}
	lw, wide := m.paneWidth(paneTable)
	if !wide {
		var tabs []span
		for i, n := range paneNames {
			st := faint
			if i == m.focus {
				st = focused
			}
			tabs = append(tabs, styled(" "+n+" ", st), plain(" "))
		}
		tabs = append(tabs, styled("(Tab)", faint))
		out := wrap(tabs, w, 0)[:1]
		return append(out, m.window(m.paneLines(v, m.focus, w), m.focus, h-1)...)
	}
	rw, _ := m.paneWidth(paneHand)
	left := m.pane(v, paneTable, m.paneLines(v, paneTable, lw), h)
	hand, log := m.paneLines(v, paneHand, rw), m.paneLines(v, paneLog, rw)
	logMin := min(len(log)+1, max(5, h/3))
	handH := max(0, min(len(hand)+1, h-logMin))
	right := append(m.pane(v, paneHand, hand, handH), m.pane(v, paneLog, log, h-handH)...)
	sep := make([]string, h)
	for i := range sep {
		sep[i] = faint.Render(" │ ")
	}
	return beside([][]string{column(left, lw, h), sep, column(right, rw, h)}, []int{lw, 3, rw}, "")
}

// pane is a pane's title and as much of its lines as fit in h-1 rows.
func (m *Screen) pane(v *engine.View, pane int, lines []string, h int) []string {
	if h <= 0 {
		return nil
	}
	st := title
	if pane == m.focus {
		st = focused
	}
	name := paneNames[pane]
	if pane == paneHand && v.Me >= 0 {
		name = fmt.Sprintf("Your hand (%d cards)", len(v.Hand))
	}
	return append([]string{st.Render(name)}, m.window(lines, pane, h-1)...)
}

// window is as much of a pane's lines as fit in h rows, as scrolled; until
// the person scrolls it, a card or base lit by the cursor (marked ▶) is
// scrolled into sight.
func (m *Screen) window(lines []string, pane, h int) []string {
	off := m.scroll[pane]
	if pane == paneLog {
		off = len(lines) - (h - 1) - off
	} else if off == 0 && len(lines) > h {
		for i, l := range lines {
			if strings.Contains(l, "▶") {
				if i < off || i >= off+h-2 {
					off = max(0, i-1)
				}
				break
			}
		}
	}
	return window(lines, h, off, faint)
}

// paneLines are all the lines of a pane.
func (m *Screen) paneLines(v *engine.View, pane, w int) []string {
	switch pane {
	case paneTable:
		return m.basesLines(v, w)
	case paneHand:
		return m.handLines(v, w)
	}
	return m.logLines(w)
}

// basesLines are the bases in as many columns as fit.
func (m *Screen) basesLines(v *engine.View, w int) []string {
	const minBase = 26
	cols := max(1, min(len(v.Bases), (w+2)/(minBase+2)))
	cw := (w - 2*(cols-1)) / cols
	var out []string
	for i := 0; i < len(v.Bases); i += cols {
		var blocks [][]string
		var widths []int
		for _, b := range v.Bases[i:min(i+cols, len(v.Bases))] {
			blocks = append(blocks, m.baseLines(v, b, cw))
			widths = append(widths, cw)
		}
		out = append(out, beside(blocks, widths, "  ")...)
	}
	more := fmt.Sprintf("Base deck: %d", v.BaseDeck)
	if len(v.Revealed) > 0 {
		var rs []string
		for _, c := range v.Revealed {
			rs = append(rs, c.Name)
		}
		more += ". Revealed: " + strings.Join(rs, ", ")
	}
	out = append(out, wrapText(more, faint, w, 2)...)
	// below: the text of every card in play, once a name
	seen := map[string]bool{}
	var texts []string
	add := func(c engine.CardView) {
		if t := present.Text(c); t != "" && !seen[c.Name] {
			seen[c.Name] = true
			texts = append(texts, c.Name+": "+t)
		}
	}
	for _, b := range v.Bases {
		for _, c := range b.Minions {
			add(c)
			for _, a := range c.Attached {
				add(a)
			}
		}
		for _, a := range b.Actions {
			add(a)
		}
	}
	if len(texts) > 0 {
		out = append(out, "", bold.Render("The cards in play"))
		for _, t := range texts {
			out = append(out, wrapText(t, lipgloss.NewStyle(), w, 2)...)
		}
	}
	return out
}

// baseLines are one base: name, total against breakpoint, rewards, who
// leads, the minions by player colour and the base's text.
func (m *Screen) baseLines(v *engine.View, b engine.BaseView, w int) []string {
	out := []string{faint.Render(strings.Repeat("─", w))}
	slot, card := m.target(v)
	head := []span{styled(fmt.Sprintf("[%d] %s", b.Slot+1, b.Card.Name), bold)}
	if slot == b.Slot {
		head = []span{styled(fmt.Sprintf("▶ [%d] %s", b.Slot+1, b.Card.Name), picked)}
	}
	if b.Scoring {
		head = append(head, plain(" "), styled("SCORING", picked))
	}
	out = append(out, wrap(head, w, 4)...)
	power := fmt.Sprintf("%d/%d power", b.Total, b.Current)
	st := bold
	if b.Total >= b.Current {
		st = ready
		power += " (ready to score)"
	}
	line := []span{styled(power, st)}
	if b.Current != b.Breakpoint {
		line = append(line, plain(fmt.Sprintf(" (printed %d)", b.Breakpoint)))
	}
	line = append(line, plain(fmt.Sprintf(" · VP %d/%d/%d", b.VP[0], b.VP[1], b.VP[2])))
	out = append(out, wrap(line, w, 2)...)
	// the players here, strongest first
	var here []engine.Seat
	for p := range v.NPlayers {
		if b.PowerBy[p] > 0 || b.HasMinions[p] {
			here = append(here, p)
		}
	}
	for i := 1; i < len(here); i++ {
		for j := i; j > 0 && b.PowerBy[here[j]] > b.PowerBy[here[j-1]]; j-- {
			here[j], here[j-1] = here[j-1], here[j]
		}
	}
	firsts := 0
	for _, p := range here {
		if b.Places[p] == 1 {
			firsts++
		}
	}
	if len(here) > 0 {
		var ps []span
		switch {
		case firsts == 1:
			ps = append(ps, plain("leads: "))
		case firsts > 1:
			ps = append(ps, plain("tied for first: "))
		}
		for i, p := range here {
			if i > 0 {
				ps = append(ps, plain(" · "))
			}
			ps = append(ps, styled(fmt.Sprintf("%s %d", present.Player(p), b.PowerBy[p]), seatStyle(p).Bold(b.Places[p] == 1)))
		}
		out = append(out, wrap(ps, w, 2)...)
	} else {
		out = append(out, faint.Render("no minions here"))
	}
	item := func(c engine.CardView, text string) {
		lit := c.ID == card
		for _, a := range c.Attached {
			lit = lit || a.ID == card
		}
		if lit {
			out = append(out, wrapText("▶ "+text, picked, w, 2)...)
			return
		}
		out = append(out, wrapText("• "+text, seatStyle(c.Ctrl), w, 2)...)
	}
	for _, c := range b.Minions {
		item(c, present.InPlay(c, v.Names))
	}
	for _, a := range b.Actions {
		item(a, fmt.Sprintf("%s (action on the base) [%s]", a.Name, present.Player(a.Ctrl)))
	}
	if t := present.Text(b.Card); t != "" {
		out = append(out, wrapText(t, faint, w, 0)...)
	}
	return out
}

// target is the base and the card in play that the option under the
// cursor is about, to light them on the table (None for none).
func (m *Screen) target(v *engine.View) (engine.BaseID, engine.CardID) {
	d := v.Decision
	if m.mode != modeDecide || d == nil || !d.Mine || m.cursor >= len(d.Options) {
		return engine.None, engine.None
	}
	o := d.Options[m.cursor]
	slot, card := engine.BaseID(engine.None), engine.CardID(engine.None)
	if o.Kind == engine.OptBase {
		slot = o.Slot
	}
	if !o.Hidden && o.Zone == engine.ZInPlay {
		card = o.Card
	}
	return slot, card
}

// handLines are the seat's hand with every card's text; a card the
// pending decision can play carries that option's number.
func (m *Screen) handLines(v *engine.View, w int) []string {
	if v.Me < 0 {
		return wrapText("The hands are hidden while the computers play.", faint, w, 0)
	}
	var out []string
	option := map[engine.CardID]int{}
	lit := engine.CardID(engine.None) // the card under the cursor
	if d := v.Decision; d != nil && d.Mine && m.mode == modeDecide {
		if m.cursor < len(d.Options) && !d.Options[m.cursor].Hidden && d.Options[m.cursor].Zone == engine.ZHand {
			lit = d.Options[m.cursor].Card
		}
		for i, o := range d.Options {
			if o.Card >= 0 && o.Zone == engine.ZHand && o.Holder == v.Me {
				if _, ok := option[o.Card]; !ok {
					option[o.Card] = i + 1
				}
			}
		}
	}
	for _, c := range v.Hand {
		var head []span
		if n, ok := option[c.ID]; ok {
			head = append(head, styled(fmt.Sprintf("%d)", n), bold), plain(" "))
		}
		if c.ID == lit {
			head = append(head, styled("▶ "+c.Name, picked))
		} else {
			head = append(head, styled(c.Name, seatStyle(v.Me).Bold(true)))
		}
		kind := c.Type.String()
		if c.Type == engine.Minion || c.Type == engine.Titan {
			kind += fmt.Sprintf(" %d", c.Printed)
		}
		if c.Faction != "" {
			kind += " · " + c.Faction
		}
		head = append(head, styled(" "+kind, faint))
		out = append(out, wrap(head, w, 2)...)
		if t := present.Text(c); t != "" {
			for _, l := range wrapText(t, lipgloss.NewStyle(), w-2, 0) {
				out = append(out, "  "+l)
			}
		}
	}
	return out
}

// logLines are the latest log entries, each wrapped.
func (m *Screen) logLines(w int) []string {
	log := m.s.log
	// what the pane can show scrolled back, each entry a line or more
	if n := m.scroll[paneLog] + m.size().h + 50; len(log) > n {
		log = log[len(log)-n:]
	}
	var out []string
	for _, l := range log {
		st := lipgloss.NewStyle()
		if strings.HasPrefix(l, "---") {
			st = bold
		}
		out = append(out, wrap(m.names(l, st), w, 2)...)
	}
	if len(out) == 0 {
		out = append(out, faint.Render("Nothing has happened yet."))
	}
	return out
}

// bottomLines are the pending decision (or who is deciding, or the end)
// and the keys, in at most h rows.
func (m *Screen) bottomLines(v *engine.View, w, h int) []string {
	out := []string{faint.Render(strings.Repeat("─", w))}
	keys := "Tab PgUp PgDn panes · ? help · q quit"
	switch m.mode {
	case modeOver:
		var ss []string
		for _, p := range v.Players {
			ss = append(ss, fmt.Sprintf("%s %d VP", present.Player(p.Index), p.VP))
		}
		out = append(out, wrap(m.names(present.Status(v), bold), w, 2)...)
		out = append(out, wrap(m.names("Final score: "+strings.Join(ss, ", "), lipgloss.NewStyle()), w, 2)...)
		keys = "Enter or q leave · Tab PgUp PgDn panes"
	case modeComputer:
		s := present.Waiting(v) + ": the computer (" + m.s.Seats[m.who].Label() + ") is choosing…"
		out = append(out, wrap(m.names(s, lipgloss.NewStyle()), w, 2)...)
	case modeDecide:
		return append(out, m.decisionLines(v, w, h-1)...)
	}
	if m.confirmQuit {
		keys = "Leave the game? y leaves, any other key stays."
	}
	return append(out, wrapText(keys, faint, w, 2)...)
}

// decisionLines are the question, its options (the cursor's lit, scrolled
// into sight), the text of the card under the cursor, and the keys.
func (m *Screen) decisionLines(v *engine.View, w, h int) []string {
	d := v.Decision
	if d == nil || !d.Mine {
		return nil
	}
	q := present.Player(d.Player)
	if d.SrcName != "" {
		q += " (" + d.SrcName + ")"
	}
	head := wrap(m.names(q+": "+present.Prompt(v), bold), w, 2)
	var opts [][]string
	for i, o := range d.Options {
		text := fmt.Sprintf("%2d) %s", i+1, present.OptionBrief(o, v))
		if i == m.cursor {
			opts = append(opts, wrapText("▶"+text, picked, w, 5))
			continue
		}
		opts = append(opts, wrap(m.names(" "+text, lipgloss.NewStyle()), w, 5))
	}
	var detail []string
	if m.cursor < len(d.Options) {
		if t := cardText(d.Options[m.cursor], v); t != "" {
			detail = wrapText(t, faint, w, 2)
		}
	}
	var foot []string
	switch {
	case m.confirmQuit:
		foot = wrapText("Leave the game? y leaves, any other key stays.", warn, w, 2)
	case m.note != "":
		foot = wrapText(m.note, warn, w, 2)
	case m.typed != "":
		foot = wrapText(fmt.Sprintf("Option %s: Enter chooses it, or type the next digit.", m.typed), warn, w, 2)
	default:
		foot = wrapText(fmt.Sprintf("↑↓ Enter or 1-%d choose · Tab PgUp PgDn panes · ? help · q quit", len(d.Options)), faint, w, 2)
	}
	// the options first, then the card's text in what they leave (it is
	// in the hand too); the cursor's option is always in sight
	total := 0
	for _, o := range opts {
		total += len(o)
	}
	room := max(1, min(total, h-len(head)-len(foot)))
	if n := h - len(head) - len(foot) - room; n < len(detail) {
		detail = detail[:max(0, n)]
	}
	out := append([]string(nil), head...)
	out = append(out, optionWindow(opts, m.cursor, room)...)
	out = append(out, detail...)
	return append(out, foot...)
}

// optionWindow shows the options' lines in h rows, with the cursor's
// option in sight and a row saying what is above or below.
func optionWindow(opts [][]string, cursor, h int) []string {
	total := 0
	for _, o := range opts {
		total += len(o)
	}
	if total <= h {
		var out []string
		for _, o := range opts {
			out = append(out, o...)
		}
		return out
	}
	// the first option shown: as late as needed for the cursor's to fit
	first := 0
	for {
		used := 0
		for i := first; i <= cursor && i < len(opts); i++ {
			used += len(opts[i])
		}
		if used <= h-1 || first == cursor {
			break
		}
		first++
	}
	var out []string
	last := first
	for ; last < len(opts) && len(out)+len(opts[last]) <= h-1; last++ {
		out = append(out, opts[last]...)
	}
	if last == first { // one option taller than the room
		out = append(out, opts[first][:h-1]...)
		last++
	}
	note := ""
	if first > 0 {
		note = fmt.Sprintf("▲ %d more", first)
	}
	if below := len(opts) - last; below > 0 {
		note = strings.TrimSpace(note + fmt.Sprintf(" ▼ %d more", below))
	}
	return append(out, faint.Render("    "+note))
}

// cardText is the text of the card or base an option is about, as the
// table shows it ("" for none).
func cardText(o engine.OptionView, v *engine.View) string {
	if o.Hidden {
		return ""
	}
	find := func(cs []engine.CardView) (engine.CardView, bool) {
		for _, c := range cs {
			if c.ID == o.Card {
				return c, true
			}
			for _, a := range c.Attached {
				if a.ID == o.Card {
					return a, true
				}
			}
		}
		return engine.CardView{}, false
	}
	say := func(c engine.CardView) string {
		if t := present.Text(c); t != "" {
			return c.Name + ": " + t
		}
		return ""
	}
	if o.Kind == engine.OptBase {
		for _, b := range v.Bases {
			if b.Slot == o.Slot {
				return say(b.Card)
			}
		}
	}
	if o.Card >= 0 {
		if c, ok := find(v.Hand); ok {
			return say(c)
		}
		for _, b := range v.Bases {
			if c, ok := find(b.Minions); ok {
				return say(c)
			}
			if c, ok := find(b.Actions); ok {
				return say(c)
			}
		}
		if o.CardText != "" {
			return o.CardName + ": " + o.CardText
		}
	}
	return ""
}

func (m *Screen) handoverLines(sz size) []string {
	p := present.Player(m.who)
	var out []string
	for range max(0, sz.h/2-3) {
		out = append(out, "")
	}
	out = append(out, wrap(m.names(p+", it is your turn to decide.", bold), sz.w, 0)...)
	out = append(out, "")
	out = append(out, wrap(m.names("Everyone else, look away: "+p+"'s hand is about to show.", lipgloss.NewStyle()), sz.w, 0)...)
	out = append(out, wrap(m.names("Press Enter when "+p+" is at the keyboard (q quits).", faint), sz.w, 0)...)
	if m.confirmQuit {
		out = append(out, wrapText("Leave the game? y leaves, any other key stays.", warn, sz.w, 0)...)
	}
	for i, l := range out { // in the middle of the row
		out[i] = strings.Repeat(" ", max(0, (sz.w-lipgloss.Width(l))/2)) + l
	}
	return out
}

func (m *Screen) helpLines(w int) []string {
	text := []string{
		"Smash Up in the terminal: keys",
		"",
		"↑ ↓ (or k j) move the cursor over the options; Home and End go to the first and the last.",
		"Enter (or Space) chooses the option under the cursor.",
		"A number chooses that option at once; with ten options or more, type its digits (or a digit and Enter).",
		"Tab and Shift+Tab choose the pane that PgUp and PgDn scroll: the bases, your hand or the log. On a narrow screen Tab shows one pane after another.",
		"Below the bases, PgDn comes to the texts of the cards in play.",
		"q leaves the game (it asks first); Ctrl+C leaves at once.",
		"",
		"A card in your hand that you can play now carries its option's number. Computer seats play by themselves, each move shown for a moment in the log.",
		"",
		"Press any key to go back to the table.",
	}
	var out []string
	for i, t := range text {
		st := lipgloss.NewStyle()
		if i == 0 {
			st = title
		}
		out = append(out, wrapText(t, st, w, 2)...)
	}
	return out
}

// runScreen plays the session's game on the full-screen table, then
// prints where it ended.
func runScreen(s *Session, in io.Reader, out io.Writer) error {
	m := NewScreen(s)
	p := tea.NewProgram(m, tea.WithInput(in), tea.WithOutput(out))
	if _, err := p.Run(); err != nil {
		return err
	}
	v := s.G.View(engine.Seat(s.observer()))
	if s.G.Over {
		fmt.Fprintf(out, "%s%s\n", present.Players(&v), present.Status(&v))
	}
	return m.Err()
}
