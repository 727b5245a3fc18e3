// Package present turns engine views into readable text: cards, bases,
// options and events. The terminal game uses it, and any other interface
// (a web server, logs) can share it. It only reads engine.View values, so it
// never shows a seat anything that seat may not know.
package present

import (
	"fmt"
	"strings"

	"github.com/smashup/smashup/internal/cards"
	"github.com/smashup/smashup/internal/engine"
)

// Player names seat p (0-based) for people: "Player 1".
func Player(p engine.Seat) string {
	if p < 0 {
		return "nobody"
	}
	return fmt.Sprintf("Player %d", p+1)
}

// Card is a one-line description of a card with its text:
// "Invader (minion, power 3): You gain 1 VP."
func Card(c engine.CardView) string {
	var b strings.Builder
	b.WriteString(c.Name)
	b.WriteString(" (")
	b.WriteString(c.Type.String())
	if c.Type == engine.Minion || c.Type == engine.Titan {
		fmt.Fprintf(&b, ", power %d", c.Printed)
	}
	if c.Faction != "" {
		b.WriteString(", " + c.Faction)
	}
	b.WriteString(")")
	if t := faceText(c.Key, c.Text); t != "" {
		b.WriteString(": " + t)
	}
	return b.String()
}

// Text is the card's text as printed on its face (the reference text when
// it has no face), without its name: what Card shows after the colon.
func Text(c engine.CardView) string { return faceText(c.Key, c.Text) }

// faceText is a card's text as printed on it (cards.FaceOf), or the
// reference text when it has no face.
func faceText(key, text string) string {
	if f, ok := cards.FaceOf(key); ok {
		return f.Text
	}
	return text
}

// Rulings are the clarifications printed beside a card's text, one line
// ("Rulings: ..."), or "" when it has none.
func Rulings(key string) string {
	f, ok := cards.FaceOf(key)
	if !ok || len(f.Rulings) == 0 {
		return ""
	}
	return "Rulings: " + strings.Join(f.Rulings, " ")
}

// Def describes a card definition like Card, with copies for deck cards.
func Def(d *engine.Def) string {
	s := Card(engine.DefView(d))
	if d.Type == engine.BaseCard {
		s = fmt.Sprintf("%s (base, breakpoint %d, VP %d/%d/%d)", d.Name, d.Breakpoint, d.VP[0], d.VP[1], d.VP[2])
		if t := faceText(d.Key, d.Text); t != "" {
			s += ": " + t
		}
		return s
	}
	if d.Copies > 1 {
		s = fmt.Sprintf("%dx %s", d.Copies, s)
	}
	return s
}

// InPlay describes a minion or action in play: "Invader 4 (3+1 counter) [Player 1]".
func InPlay(c engine.CardView, names Names) string {
	var b strings.Builder
	b.WriteString(c.Name)
	if c.Type == engine.Minion || c.Type == engine.Titan {
		fmt.Fprintf(&b, " %d", c.Power)
		var why []string
		if c.Counters > 0 {
			why = append(why, count(c.Counters, "counter", "counters"))
		}
		if c.Power != c.Printed && c.Counters == 0 || c.Power != c.Printed+c.Counters && c.Counters > 0 {
			why = append(why, fmt.Sprintf("printed %d", c.Printed))
		}
		if len(why) > 0 {
			b.WriteString(" (" + strings.Join(why, ", ") + ")")
		}
	} else {
		b.WriteString(" (action)")
	}
	fmt.Fprintf(&b, " [%s", names.Of(c.Ctrl))
	if c.Owner != c.Ctrl && c.Owner >= 0 {
		fmt.Fprintf(&b, ", owned by %s", names.Of(c.Owner))
	}
	b.WriteString("]")
	for _, a := range c.Attached {
		fmt.Fprintf(&b, " +%s (%s)", a.Name, names.Of(a.Ctrl))
	}
	return b.String()
}

// Base describes one base in play with everything on it, several lines.
func Base(bv engine.BaseView, nPlayers engine.Seat, names Names) string {
	var b strings.Builder
	bp := fmt.Sprintf("breakpoint %d", bv.Current)
	if bv.Current != bv.Breakpoint {
		bp += fmt.Sprintf(" (printed %d)", bv.Breakpoint)
	}
	fmt.Fprintf(&b, "[%d] %s: %s, total power %d, VP %d/%d/%d", bv.Slot+1, bv.Card.Name, bp, bv.Total, bv.VP[0], bv.VP[1], bv.VP[2])
	if bv.Scoring {
		b.WriteString(" SCORING")
	} else if bv.Total >= bv.Current {
		b.WriteString(" (ready to score)")
	}
	b.WriteString("\n")
	if bv.Card.Text != "" {
		fmt.Fprintf(&b, "    %s\n", bv.Card.Text)
	}
	var tot []string
	for p := engine.Seat(0); p < nPlayers; p++ {
		if bv.PowerBy[p] > 0 || bv.HasMinions[p] {
			tot = append(tot, fmt.Sprintf("%s %d", names.Of(p), bv.PowerBy[p]))
		}
	}
	if len(tot) > 0 {
		fmt.Fprintf(&b, "    power: %s\n", strings.Join(tot, ", "))
	}
	for _, m := range bv.Minions {
		fmt.Fprintf(&b, "    - %s\n", InPlay(m, names))
	}
	for _, a := range bv.Actions {
		fmt.Fprintf(&b, "    - %s on the base [%s]\n", a.Name, names.Of(a.Ctrl))
	}
	return b.String()
}

// Bases describes every base in play.
func Bases(v *engine.View) string {
	var b strings.Builder
	for _, bv := range v.Bases {
		b.WriteString(Base(bv, v.NPlayers, v.Names))
	}
	fmt.Fprintf(&b, "Base deck: %d\n", v.BaseDeck)
	return b.String()
}

// Hand lists the seat's hand with card texts.
func Hand(v *engine.View) string {
	if v.Me < 0 {
		return ""
	}
	var b strings.Builder
	fmt.Fprintf(&b, "Your hand (%s, %d cards):\n", Names(v.Names).Of(v.Me), len(v.Hand))
	for _, c := range v.Hand {
		fmt.Fprintf(&b, "  %s\n", Card(c))
	}
	return b.String()
}

// Players is a summary of every seat: VP, factions, hand and deck sizes.
func Players(v *engine.View) string {
	var b strings.Builder
	for _, p := range v.Players {
		mark := " "
		if p.IsCurrent {
			mark = "*"
		}
		you := ""
		if p.Index == v.Me {
			you = " (you)"
		}
		fmt.Fprintf(&b, "%s %s%s: %d VP, %s; hand %d, deck %d, discard %d\n", mark, Names(v.Names).Of(p.Index), you, p.VP,
			strings.Join(p.Factions, "+"), p.HandSize, p.DeckSize, len(p.Discard))
	}
	return b.String()
}

// Status is the one-line turn summary.
func Status(v *engine.View) string {
	if v.Over {
		if len(v.Winners) == 0 {
			return "Game over: no winner"
		}
		var ws []string
		for _, w := range v.Winners {
			ws = append(ws, Names(v.Names).Of(w))
		}
		return "Game over: " + strings.Join(ws, " and ") + " won"
	}
	s := fmt.Sprintf("Turn %d: %s's turn, %s phase", v.Turn+1, Names(v.Names).Of(v.Current), v.Phase)
	if v.Phase == engine.PhasePlay {
		cp := v.Players[v.Current]
		s += fmt.Sprintf(" (minion plays left %d, action plays left %d", cp.Minions, cp.Actions)
		if cp.Extras > 0 {
			s += fmt.Sprintf(", extra plays %d", cp.Extras)
		}
		s += ")"
	}
	return s
}

func zoneWord(z engine.Zone) string {
	switch z {
	case engine.ZHand:
		return "hand"
	case engine.ZDeck:
		return "deck"
	case engine.ZDiscard:
		return "discard pile"
	case engine.ZSetAside:
		return "set aside"
	case engine.ZBaseDeck:
		return "base deck"
	}
	return z.String()
}

// Option describes one option of a decision for the seat the view belongs to.
func Option(o engine.OptionView, v *engine.View) string { return option(o, v, true) }

// OptionBrief is Option without the card's text ("play Invader"), for an
// interface that shows the text beside it.
func OptionBrief(o engine.OptionView, v *engine.View) string { return option(o, v, false) }

func option(o engine.OptionView, v *engine.View, withText bool) string {
	card := func() string {
		if o.Hidden {
			return fmt.Sprintf("a hidden card in %s's %s", Names(v.Names).Of(o.Holder), zoneWord(o.Zone))
		}
		s := o.CardName
		switch o.Zone {
		case engine.ZInPlay:
			s = fmt.Sprintf("%s", o.CardName)
			if o.CardType == engine.Minion {
				s += fmt.Sprintf(" (power %d", o.Power)
			} else {
				s += " ("
			}
			if o.Slot >= 0 && o.Slot < engine.MaxBases {
				if s[len(s)-1] != '(' {
					s += ", "
				}
				s += "at " + baseName(v, o.Slot)
			}
			s += ", " + Names(v.Names).Of(o.Holder) + ")"
		case engine.ZHand:
			if o.Holder != v.Me {
				s += " (in " + Names(v.Names).Of(o.Holder) + "'s hand)"
			}
		case engine.ZDeck, engine.ZDiscard, engine.ZSetAside:
			who := Names(v.Names).Of(o.Holder) + "'s"
			if o.Holder == v.Me {
				who = "your"
			}
			s += " (from " + who + " " + zoneWord(o.Zone) + ")"
		}
		return s
	}
	text := func() string {
		if o.Hidden || o.CardText == "" || !withText {
			return ""
		}
		return " — " + o.CardText
	}
	switch o.Kind {
	case engine.OptPass:
		return "pass / done"
	case engine.OptNone:
		return "nothing to choose"
	case engine.OptYes:
		return "yes"
	case engine.OptNo:
		return "no"
	case engine.OptNum:
		return fmt.Sprint(o.Num)
	case engine.OptText:
		return o.Text
	case engine.OptPlayer:
		if o.Player == v.Me {
			return Names(v.Names).Of(o.Player) + " (you)"
		}
		return Names(v.Names).Of(o.Player)
	case engine.OptBase:
		if o.Slot >= 0 && o.BaseName != "" {
			return fmt.Sprintf("base %s%s", o.BaseName, baseSummary(v, o.Slot))
		}
		return "base " + o.BaseName + text()
	case engine.OptPlay:
		if o.Special {
			return "play " + card() + " (Special)" + text()
		}
		return "play " + card() + text()
	case engine.OptUse:
		return "use " + card() + text()
	case engine.OptCard:
		if o.AboutName != "" {
			return card() + " (about " + o.AboutName + ")"
		}
		return card()
	}
	return "?"
}

func baseName(v *engine.View, slot engine.BaseID) string {
	for _, b := range v.Bases {
		if b.Slot == slot {
			return b.Card.Name
		}
	}
	return fmt.Sprintf("base %d", slot+1)
}

func baseSummary(v *engine.View, slot engine.BaseID) string {
	for _, b := range v.Bases {
		if b.Slot == slot {
			return fmt.Sprintf(" [%d/%d power]", b.Total, b.Current)
		}
	}
	return ""
}

// Decision renders the pending decision as numbered options (numbered from 1).
func Decision(v *engine.View) string {
	d := v.Decision
	if d == nil {
		return ""
	}
	var b strings.Builder
	if !d.Mine {
		return Waiting(v) + "\n"
	}
	b.WriteString(Names(v.Names).Of(d.Player))
	if d.SrcName != "" {
		fmt.Fprintf(&b, " (%s)", d.SrcName)
	}
	fmt.Fprintf(&b, ": %s\n", Prompt(v))
	for i, o := range d.Options {
		fmt.Fprintf(&b, "  %2d) %s\n", i+1, Option(o, v))
	}
	return b.String()
}

// Prompt is the question of the seat's own pending decision, with the
// players' names ("" when the decision is another seat's).
func Prompt(v *engine.View) string {
	d := v.Decision
	if d == nil || !d.Mine {
		return ""
	}
	return engine.Render(d.Template, d.Args, Names(v.Names).Of)
}

// Waiting says who another seat's pending decision waits for and, when it
// is public, the card whose ability asks: "Waiting for Bob (resolving Probe)".
// That is all a seat is told of a decision that is not its own.
func Waiting(v *engine.View) string {
	d := v.Decision
	if d == nil {
		return ""
	}
	s := "Waiting for " + Names(v.Names).Of(d.Player)
	if d.SrcName != "" {
		s += " (resolving " + d.SrcName + ")"
	}
	return s
}

// Names are the players' names by seat; a missing name reads "Player N".
type Names []string

// Of names seat p.
func (n Names) Of(p engine.Seat) string {
	if p >= 0 && int(p) < len(n) && n[p] != "" {
		return n[p]
	}
	return Player(p)
}

// Event describes an event in one line, a sentence starting with a capital
// letter, or "" for bookkeeping events not worth showing. A card the seat
// may not know is "a card". The card whose ability made it happen (its
// cause) is named: "Felicia Day moves Grave Digger to Tar Pits", "Bob
// discards Zapbot because of Pay the Piper", "Wil Wheaton cancels Outbreak".
func Event(e engine.EventView, names Names) string {
	p := names.Of(e.Player)
	if e.CardHidden {
		e.CardName = "a card"
	}
	if e.OtherHidden {
		e.OtherName = "a card"
	}
	if e.CauseHidden {
		e.CauseName = "a card"
	}
	card := capital(e.CardName) // the card as the subject of a sentence
	// cause is the card whose ability did it, "" for none and when it is
	// the card the event is about (a minion moving itself; both hidden: it
	// may be, and "a card ... because of a card" would say nothing more)
	self := e.CauseName != "" && e.CardHidden == e.CauseHidden && e.Cause == e.Card && (e.CardHidden || e.Card >= 0)
	cause := e.CauseName
	if self {
		cause = ""
	}
	because := ""
	if cause != "" {
		because = " because of " + cause
	}
	switch e.Kind {
	case engine.EvGive:
		return fmt.Sprintf("%s puts %s into %s's hand%s", p, e.CardName, names.Of(e.Receiver()), because)
	case engine.EvTake:
		from := "from their " + zoneWord(e.FromZone())
		if z := e.FromZone(); z != engine.ZDeck && z != engine.ZDiscard {
			from = "that was set aside"
		}
		return fmt.Sprintf("%s takes %s %s into their hand%s", p, e.CardName, from, because)
	case engine.EvTurnStart:
		return fmt.Sprintf("--- %s's turn begins", p)
	case engine.EvPlay:
		s := fmt.Sprintf("%s plays %s", p, e.CardName)
		if e.OtherName != "" && e.PlayedOn() >= 0 {
			s += " on " + e.OtherName
		}
		if e.BaseName != "" {
			s += " at " + e.BaseName
		}
		return s + because
	case engine.EvDestroy:
		s := fmt.Sprintf("%s (%s) is destroyed", card, p)
		if self {
			s = fmt.Sprintf("%s (%s) destroys itself", card, p)
		}
		if e.BaseName != "" {
			s += " at " + e.BaseName
		}
		switch {
		case e.OtherName != "" && e.Source() >= 0 && e.Source() != e.Card:
			s += " by " + e.OtherName
		case cause != "" && !(e.OtherName != "" && e.Source() >= 0):
			s += " by " + cause
		}
		return s
	case engine.EvMove:
		if cause != "" {
			return fmt.Sprintf("%s moves %s to %s", capital(cause), e.CardName, e.BaseName)
		}
		return fmt.Sprintf("%s moves to %s", card, e.BaseName)
	case engine.EvReturn:
		if cause != "" {
			return fmt.Sprintf("%s returns %s to %s's hand", capital(cause), e.CardName, p)
		}
		if self {
			return fmt.Sprintf("%s returns itself to %s's hand", card, p)
		}
		return fmt.Sprintf("%s returns to %s's hand", card, p)
	case engine.EvDiscard:
		switch {
		case self:
			because = " to use its ability"
		case because == "" && !e.CauseHidden:
			because = " to keep ten cards (the hand limit)" // the rules discard only at the hand limit
		}
		return fmt.Sprintf("%s discards %s%s", p, e.CardName, because)
	case engine.EvDraw:
		return fmt.Sprintf("%s draws %s%s", p, count(e.Count(), "a card", "cards"), because)
	case engine.EvVP:
		return fmt.Sprintf("%s gains %d VP%s", p, e.VP(), because)
	case engine.EvScoringChosen:
		return fmt.Sprintf("%s scores", capital(e.BaseName))
	case engine.EvAward:
		return fmt.Sprintf("%s takes place %d at %s: %d VP", p, e.Place(), e.BaseName, e.VP())
	case engine.EvBaseReplaced:
		switch {
		case e.CardName == "":
			return fmt.Sprintf("%s leaves play", capital(e.OtherName))
		case cause != "":
			return fmt.Sprintf("%s replaces %s with %s", capital(cause), e.OtherName, e.CardName)
		}
		return fmt.Sprintf("%s replaces %s", card, e.OtherName)
	case engine.EvShuffle:
		return fmt.Sprintf("%s shuffles their deck%s", p, because)
	case engine.EvCounter:
		n := e.Count()
		what := count(max(n, -n), "a +1 power counter", "+1 power counters")
		switch {
		case self && n < 0:
			return fmt.Sprintf("%s removes %s from itself", card, what)
		case self:
			return fmt.Sprintf("%s places %s on itself", card, what)
		case cause != "" && n < 0:
			return fmt.Sprintf("%s removes %s from %s", capital(cause), what, e.CardName)
		case cause != "":
			return fmt.Sprintf("%s places %s on %s", capital(cause), what, e.CardName)
		case n < 0:
			return fmt.Sprintf("%s loses %s", card, what)
		}
		return fmt.Sprintf("%s gets %s", card, what)
	case engine.EvPlace:
		where := map[int][2]string{ // without a cause, with one
			engine.PlaceDeckBottom: {"goes to the bottom of %s's deck", "on the bottom of %s's deck"},
			engine.PlaceDeckTop:    {"goes on top of %s's deck", "on top of %s's deck"},
			engine.PlaceHand:       {"goes into %s's hand", "into %s's hand"},
		}[e.PlacedAt()]
		if where[0] == "" {
			where = [2]string{"goes to %s's discard pile", "into %s's discard pile"}
		}
		if cause != "" {
			return fmt.Sprintf("%s places %s "+where[1], capital(cause), e.CardName, p)
		}
		if self {
			return fmt.Sprintf("%s places itself "+where[1], card, p)
		}
		return fmt.Sprintf("%s "+where[0], card, p)
	case engine.EvGameOver:
		if e.Player < 0 {
			return "The game is over"
		}
		return fmt.Sprintf("The game is over: %s wins", p)
	case engine.EvReveal:
		return fmt.Sprintf("%s reveals %s%s", p, e.CardName, because)
	case engine.EvLook:
		switch {
		case e.CardHidden:
			return "" // what they saw is theirs alone
		case e.Card < 0:
			return fmt.Sprintf("%s looks at %s's hand%s", p, names.Of(e.HandOf()), because)
		}
		return fmt.Sprintf("%s sees %s in %s's hand", p, e.CardName, names.Of(e.HandOf()))
	case engine.EvText:
		return fmt.Sprintf("%s %s", p, e.Text)
	case engine.EvControl:
		return fmt.Sprintf("%s takes control of %s%s", p, e.CardName, because)
	case engine.EvControlEnd:
		if e.Base >= 0 {
			return fmt.Sprintf("%s regains control of %s", names.Of(e.ControlTo()), e.CardName)
		}
		return fmt.Sprintf("%s no longer controls %s", p, e.CardName)
	case engine.EvCancel:
		by := capital(e.CauseName)
		if by == "" {
			by = "An ability" // (every cancellation has a cause)
		}
		switch {
		case e.OtherName != "":
			return fmt.Sprintf("%s cancels %s's effect on %s", by, e.CardName, e.OtherName)
		case e.ShieldedPlayer() >= 0:
			return fmt.Sprintf("%s cancels %s's effect on %s's minions at %s", by, e.CardName, names.Of(e.ShieldedPlayer()), e.BaseName)
		}
		return fmt.Sprintf("%s cancels %s", by, e.CardName)
	case engine.EvMinionPlaced:
		if cause != "" {
			return fmt.Sprintf("%s places %s at %s", capital(cause), e.CardName, e.BaseName)
		}
		return fmt.Sprintf("%s is placed at %s", card, e.BaseName)
	}
	return ""
}

// capital gives a card's name (or "a card") a capital first letter, to
// begin a sentence.
func capital(s string) string {
	if s != "" && s[0] >= 'a' && s[0] <= 'z' {
		return string(s[0]-'a'+'A') + s[1:]
	}
	return s
}

// Screen renders a seat's whole table: status, players, bases, hand, recent
// log lines and the pending decision.
func Screen(v *engine.View, log []string) string {
	var b strings.Builder
	b.WriteString("==================================================================\n")
	b.WriteString(Status(v) + "\n")
	b.WriteString(Players(v))
	b.WriteString("------------------------------------------------------------------\n")
	b.WriteString(Bases(v))
	if len(v.Revealed) > 0 {
		var rs []string
		for _, c := range v.Revealed {
			rs = append(rs, c.Name)
		}
		fmt.Fprintf(&b, "Revealed: %s\n", strings.Join(rs, ", "))
	}
	b.WriteString("------------------------------------------------------------------\n")
	if len(log) > 0 {
		b.WriteString("Recent events:\n")
		for _, l := range log {
			b.WriteString("  " + l + "\n")
		}
		b.WriteString("------------------------------------------------------------------\n")
	}
	b.WriteString(Hand(v))
	b.WriteString(Decision(v))
	return b.String()
}

// count says n things: "a card" (or "1 counter") for one, "3 cards" for more.
func count(n int, one, many string) string {
	if n == 1 {
		if strings.HasPrefix(one, "a ") || strings.HasPrefix(one, "an ") {
			return one
		}
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}
