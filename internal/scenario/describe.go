package scenario

// Describing: how options and decisions are named in steps, checks and
// failure messages.

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/smashup/smashup/internal/engine"
)

func (r *runner) optionName(o engine.Option) string {
	return OptionName(r.g, o, r.s.ids)
}

// OptionName names an option the way scenario steps and checks name it.
func OptionName(g *engine.Game, o engine.Option, ids []string) string {
	switch o.Kind {
	case engine.OptPass:
		return "pass"
	case engine.OptYes:
		return "yes"
	case engine.OptNo:
		return "no"
	case engine.OptNum:
		return strconv.Itoa(o.Number())
	case engine.OptText:
		return engine.TextOf(o.Text())
	case engine.OptPlayer:
		if int(o.Player) < len(ids) {
			return ids[o.Player]
		}
		return strconv.Itoa(int(o.Player))
	}
	if o.Card >= 0 {
		return g.Name(o.Card)
	}
	return "?"
}

func (r *runner) describeOption(o engine.Option) string {
	g := r.g
	name := r.optionName(o)
	switch o.Kind {
	case engine.OptPlay, engine.OptUse, engine.OptCard:
		cd := g.Cards[o.Card]
		where := zoneName(cd.Zone)
		if cd.Zone == engine.ZInPlay {
			where = "at " + g.Name(g.BaseCardAt(cd.Base))
		}
		verb := map[engine.OptKind]string{engine.OptPlay: "play ", engine.OptUse: "use ", engine.OptCard: ""}[o.Kind]
		who := ""
		if cd.Owner >= 0 {
			who = fmt.Sprintf(" owner %s", r.s.ids[cd.Owner])
		}
		if cd.Ctrl >= 0 && cd.Ctrl != cd.Owner {
			who += fmt.Sprintf(" controller %s", r.s.ids[cd.Ctrl])
		}
		if l := r.labelOf(o.Card); l != "" {
			who += " label " + l
		}
		return fmt.Sprintf("%s%s (%s%s)", verb, name, where, who)
	case engine.OptBase:
		return "base " + name
	}
	return name
}

func (r *runner) describeDecision() string {
	d, ok := r.g.Decision()
	if !ok {
		if r.g.Over {
			return "(game over)"
		}
		return "(no decision)"
	}
	var opts []string
	for _, o := range d.Options {
		opts = append(opts, r.describeOption(o))
	}
	return fmt.Sprintf("%s is asked %q; options: [%s]", r.s.ids[d.Player], d.Prompt, strings.Join(opts, "; "))
}
