package engine

import (
	"fmt"
	"strconv"
	"strings"
)

// A Prompt is the question of a decision (or a line of the log), written as
// a template: each {} stands for the next of its arguments, a card, a base, a
// player, a number or the top cards of a deck (see Arg). The game keeps the
// template and its arguments, never a finished sentence, so that the same
// question can be shown to the seat that decides (with the names of the cards
// it may see) and is never rebuilt as text for anyone else.
//
// Prompts are string literals. A prompt built at run time does not compile
// (a string expression is not a Prompt), which keeps the process-wide table
// of texts as small as the program's source.
type Prompt string

// MaxArgs is the most arguments a prompt has.
const MaxArgs = 3

// ArgKind says what a prompt argument names.
type ArgKind uint8

// Argument kinds.
const (
	ArgNone   ArgKind = iota
	ArgCard           // V: a card instance
	ArgBase           // V: a base slot in play
	ArgPlayer         // V: a player
	ArgNum            // V: a number
	ArgDef            // V: a card definition (a card named, not one instance)
	ArgTop            // P: a player, V: how many cards from the top of their deck
)

// Arg is one argument of a prompt.
type Arg struct {
	Kind ArgKind
	P    Seat
	V    int16
}

// CardArg names card instance c.
func CardArg(c CardID) Arg { return Arg{Kind: ArgCard, P: None, V: int16(c)} }

// BaseArg names the base in slot s.
func BaseArg(s BaseID) Arg { return Arg{Kind: ArgBase, P: None, V: int16(s)} }

// PlayerArg names player p.
func PlayerArg(p Seat) Arg { return Arg{Kind: ArgPlayer, P: None, V: int16(p)} }

// NumArg is the number n.
func NumArg(n int) Arg { return Arg{Kind: ArgNum, P: None, V: int16(n)} }

// DefArg names the card definition d (a card by name, e.g. a partner searched for).
func DefArg(d *Def) Arg { return Arg{Kind: ArgDef, P: None, V: int16(d.ID)} }

// TopArg names the top n cards of p's deck, in order.
func TopArg(p Seat, n int) Arg { return Arg{Kind: ArgTop, P: p, V: int16(n)} }

func packArgs(args []Arg) [MaxArgs]Arg {
	if len(args) > MaxArgs {
		panic(fmt.Sprintf("engine: a prompt takes at most %d arguments, got %d", MaxArgs, len(args)))
	}
	var a [MaxArgs]Arg
	copy(a[:], args)
	return a
}

// DefaultName names a player when an interface has no names: "Player 1".
func DefaultName(p Seat) string { return "Player " + strconv.Itoa(int(p)+1) }

// ArgView is a prompt argument as the deciding seat sees it.
type ArgView struct {
	Kind   ArgKind
	Card   CardID // ArgCard: the instance
	Player Seat   // ArgPlayer, ArgTop
	Slot   BaseID // ArgBase
	Num    int    // ArgNum, ArgTop
	Names  string // the card, base or definition named; ArgTop: the cards, comma separated
}

// argViews describes the pending decision's arguments (for its decider).
func (g *Game) argViews(args *[MaxArgs]Arg) []ArgView {
	var out []ArgView
	for _, a := range args {
		if a.Kind == ArgNone {
			break
		}
		av := ArgView{Kind: a.Kind, Card: None, Player: None, Slot: None}
		switch a.Kind {
		case ArgCard:
			if c := CardID(a.V); c >= 0 && c < g.NCards {
				av.Card, av.Names = c, g.Name(c)
			}
		case ArgBase:
			av.Slot = BaseID(a.V)
			if s := int(a.V); s >= 0 && s < int(g.NBases) && g.Bases[s].Card >= 0 {
				av.Names = g.Name(g.Bases[s].Card)
			}
		case ArgPlayer:
			av.Player = Seat(a.V)
		case ArgNum:
			av.Num = int(a.V)
		case ArgDef:
			if int(a.V) >= 0 && int(a.V) < len(defs) {
				av.Names = defs[a.V].Name
			}
		case ArgTop:
			av.Player, av.Num = a.P, int(a.V)
			var names []string
			for _, c := range g.topArgCards(a) {
				names = append(names, g.Name(c))
			}
			av.Names = strings.Join(names, ", ")
		}
		out = append(out, av)
	}
	return out
}

// topArgCards returns the cards an ArgTop names.
func (g *Game) topArgCards(a Arg) []CardID {
	if a.P < 0 || a.P >= g.NPlayers || a.V <= 0 {
		return nil
	}
	return g.topCards(a.P, nil, int(a.V))
}

// Render fills a template's {} from args, naming players with name.
func Render(tmpl string, args []ArgView, name func(p Seat) string) string {
	if !strings.Contains(tmpl, "{}") {
		return tmpl
	}
	var b strings.Builder
	i := 0
	for {
		j := strings.Index(tmpl, "{}")
		if j < 0 {
			b.WriteString(tmpl)
			return b.String()
		}
		b.WriteString(tmpl[:j])
		tmpl = tmpl[j+2:]
		if i >= len(args) {
			b.WriteString("?")
			continue
		}
		a := args[i]
		i++
		switch a.Kind {
		case ArgPlayer:
			b.WriteString(name(a.Player))
		case ArgNum:
			b.WriteString(strconv.Itoa(a.Num))
		default:
			b.WriteString(a.Names)
		}
	}
}

// PromptText is the pending decision's question, for its decider.
func (g *Game) PromptText(name func(p Seat) string) string {
	if !g.Pending.Active {
		return ""
	}
	return Render(TextOf(g.Pending.Prompt), g.argViews(&g.Pending.Args), name)
}
