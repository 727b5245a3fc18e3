package engine

// Power returns the current power of card c: printed, then counters,
// ongoing modifiers and temporary effects, floored at zero. Only minions have
// power (a titan gives power to its controller instead: PowerGiven), save a
// card in play that bears minions' names (Def.AlsoNamed: Grimms' Blessing):
// it has no power of its own but gets the power that abilities give to cards
// of those names, and that power counts for its controller (Culture Shock
// clarification: Microbot Fixer gives it +1). An ability that gives power to
// minions checks that its target is one.
func (g *Game) Power(c CardID) int {
	cd := &g.Cards[c]
	d := defs[cd.Def]
	if d.Type != Minion {
		if cd.Zone == ZInPlay && d.AlsoNamed != nil {
			return max(0, g.modsFor(c)) // a card bearing minions' names (see namedPower)
		}
		return 0
	}
	p := d.Power
	if cd.Zone != ZInPlay {
		if p < 0 {
			return 0
		}
		return p
	}
	p += int(cd.Counters)
	p += g.modsFor(c)
	if p < 0 {
		p = 0
	}
	return p
}

func (g *Game) modsFor(c CardID) int {
	if g.Hooked&hPowerMod == 0 {
		return g.effectPower(c) // no card of this game has a PowerMod (static.go)
	}
	cd := &g.Cards[c]
	p := 0
	for i := range g.heeded(hPowerMod, cd.Ctrl) {
		p += defs[g.Cards[i].Def].PowerMod(g, i, c)
	}
	return p + g.effectPower(c)
}

// effectPower is the power temporary effects give card c in play (the
// effects on every minion at a base or of a player skip a card bearing
// minions' names: it is no minion).
func (g *Game) effectPower(c CardID) int {
	cd := &g.Cards[c]
	minion := defType[cd.Def] == Minion
	p := 0
	for i := 0; i < int(g.NEff); i++ {
		e := &g.Effects[i]
		switch e.Kind {
		case EffPower:
			if e.Card == c {
				p += int(e.Amount)
			}
		case EffBasePower:
			if minion && e.Base == cd.Base && (e.Player == None || e.Player == cd.Ctrl) {
				p += int(e.Amount)
			}
		case EffPlayerPower:
			if minion && e.Player == cd.Ctrl {
				p += int(e.Amount)
			}
		}
	}
	return p
}

// PowerAt returns player p's total power at base slot s, as scoring counts it.
func (g *Game) PowerAt(s BaseID, p Seat) int {
	var arr [32]CardID
	srcs := g.powerSources(arr[:0])
	t := 0
	for i := range g.inZone(ZInPlay).each {
		c := &g.Cards[i]
		if c.Base == s && c.Ctrl == p {
			t += g.powerGivenFrom(i, srcs)
		}
	}
	return t + g.loosePowerAt(s, p)
}

// TotalAt returns the total power of all minions at base slot s.
func (g *Game) TotalAt(s BaseID) int {
	var arr [32]CardID
	return g.totalAtFrom(s, g.powerSources(arr[:0]))
}

// totalAtFrom is TotalAt(s) given powerSources (powersum.go).
func (g *Game) totalAtFrom(s BaseID, srcs []CardID) int {
	t := 0 // the sum of PowerAt over the players, in one walk
	for i := range g.inZone(ZInPlay).each {
		c := &g.Cards[i]
		if c.Base == s && c.Ctrl >= 0 && c.Ctrl < g.NPlayers {
			t += g.powerGivenFrom(i, srcs)
		}
	}
	for p := range g.NPlayers {
		t += g.loosePowerAt(s, p)
	}
	return t
}

// Breakpoint returns the current breakpoint of the base at slot s.
func (g *Game) Breakpoint(s BaseID) int {
	if g.Bases[s].Card < 0 {
		return 0
	}
	var arr [16]CardID
	return g.breakpointFrom(s, g.breakSources(arr[:0]))
}

// breakSources appends to buf the live cards whose BreakMod counts (bases
// not ignored), in index order: the same for every base.
func (g *Game) breakSources(buf []CardID) []CardID {
	for i := range g.heeded(hBreakMod, None) {
		buf = append(buf, i)
	}
	return buf
}

// breakpointFrom is Breakpoint(s) given breakSources.
func (g *Game) breakpointFrom(s BaseID, srcs []CardID) int {
	b := int(g.Bases[s].Card)
	if b < 0 {
		return 0
	}
	bp := defs[g.Cards[b].Def].Breakpoint
	for i := 0; i < int(g.NEff); i++ {
		if e := &g.Effects[i]; e.Kind == EffStartBreakpoint && e.Base == s && e.Card == CardID(b) {
			// The first setter stands. The compendium has the current player
			// choose among abilities that set the starting value; every
			// setter of the four sets (Marking Territory, and Tropical
			// Paradise, a BreakMod taking the printed value off) sets 0,
			// and every other breakpoint ability lowers it, so that choice
			// is never a real one and is not asked.
			bp = int(e.Amount)
			break
		}
	}
	for _, i := range srcs {
		bp += defs[g.Cards[i].Def].BreakMod(g, i, s)
	}
	for i := 0; i < int(g.NEff); i++ {
		e := &g.Effects[i]
		if e.Kind == EffBreakpoint && e.Base == s {
			bp += int(e.Amount)
		}
	}
	if bp < 0 {
		bp = 0
	}
	return bp
}

// Qualifies reports whether p can earn VP at slot s: at least one minion
// there, or at least 1 power there.
func (g *Game) Qualifies(s BaseID, p Seat) bool {
	return g.MinionCountAt(s, p) > 0 || g.PowerAt(s, p) > 0
}

// Places returns, for each player, the place (1..3) they take at slot s, or 0.
// Tied players share the better place and the places below are skipped.
func (g *Game) Places(s BaseID) [MaxPlayers]int {
	var pw [MaxPlayers]int
	var in [MaxPlayers]bool
	for p := range g.NPlayers {
		in[p] = g.Qualifies(s, p)
		pw[p] = g.PowerAt(s, p)
	}
	var place [MaxPlayers]int
	for p := range g.NPlayers {
		if !in[p] {
			continue
		}
		better := 0
		for q := range g.NPlayers {
			if q != p && in[q] && pw[q] > pw[p] {
				better++
			}
		}
		if better < 3 {
			place[p] = better + 1
		}
	}
	return place
}

// WinnersAt returns the players who take first place at slot s.
func (g *Game) WinnersAt(s BaseID) []Seat {
	pl := g.Places(s)
	var out []Seat
	for p := range g.NPlayers {
		if pl[p] == 1 {
			out = append(out, p)
		}
	}
	return out
}

// PlayersWithPlace returns the players in place n at slot s.
func (g *Game) PlayersWithPlace(s BaseID, n int) []Seat {
	pl := g.Places(s)
	var out []Seat
	for p := range g.NPlayers {
		if pl[p] == n {
			out = append(out, p)
		}
	}
	return out
}

// AddEffect records a temporary effect.
func (g *Game) AddEffect(e Effect) {
	if int(g.NEff) >= MaxEffects {
		return
	}
	g.Effects[g.NEff] = e
	g.NEff++
}

// AddPower gives card c +n power until the end of the turn (n may be negative).
func (g *Game) AddPower(f *Frame, c CardID, n int) {
	if g.offerRedirectOp(f, c, rdPower, n, 0) || !g.affect(f, c, AffPower) {
		return
	}
	g.AddEffect(Effect{Kind: EffPower, Expires: ExpireEndOfTurn, Player: g.Current, Base: None, Card: c, Amount: int16(n), Src: f.Src})
}

// AddBreakpoint changes the breakpoint of slot s by n until the end of the turn.
func (g *Game) AddBreakpoint(f *Frame, s BaseID, n int) {
	g.AddEffect(Effect{Kind: EffBreakpoint, Expires: ExpireEndOfTurn, Player: g.Current, Base: s, Card: None, Amount: int16(n), Src: f.Src})
}

// SetStartingBreakpoint makes the base now at slot s start from breakpoint v
// (instead of its printed one) until the end of the turn; changes to the
// breakpoint apply from there. It is an effect of its own: it lasts its turn
// even if the card that made it leaves play (compendium: an Ongoing
// ability's stated expiry; Overgrowth), and ends with the base.
func (g *Game) SetStartingBreakpoint(f *Frame, s BaseID, v int) {
	g.AddEffect(Effect{Kind: EffStartBreakpoint, Expires: ExpireEndOfTurn, Player: g.Current, Base: s, Card: g.Bases[s].Card, Amount: int16(v), Src: f.Src})
}

// HasEffect reports whether an EffFlag effect with this flag id exists for card c (None: any) and player p (None: any).
func (g *Game) HasEffect(flag FlagID, c CardID, p Seat) bool {
	for i := 0; i < int(g.NEff); i++ {
		e := &g.Effects[i]
		if e.Kind == EffFlag && e.Flag() == flag && (c == None || e.Card == c) && (p == None || e.Player == p) {
			return true
		}
	}
	return false
}

// dropEffects removes the effects drop reports true for, keeping the others
// in order.
func (g *Game) dropEffects(drop func(e *Effect) bool) {
	n := 0
	for i := 0; i < int(g.NEff); i++ {
		if e := &g.Effects[i]; !drop(e) {
			g.Effects[n] = *e
			n++
		}
	}
	g.NEff = int8(n)
}

func (g *Game) removeEffectsOn(c CardID) {
	g.dropEffects(func(e *Effect) bool { return e.Card == c && e.Kind != EffFlag })
}

func (g *Game) expire(kind uint8, p Seat) {
	n := 0
	for i := 0; i < int(g.NEff); i++ {
		e := g.Effects[i]
		if e.Expires == kind && (e.Player == p || e.Player == None) {
			if e.Kind == EffControl && g.InPlay(e.Card) {
				g.Cards[e.Card].Ctrl = e.ReturnsTo()
			}
			continue
		}
		g.Effects[n] = e
		n++
	}
	g.NEff = int8(n)
}

// BaseIgnored reports whether player p (None: everyone) ignores, or only may
// ignore, the ability of the base at slot s. A base's abilities that happen
// at a moment (its triggers) ask a player who only may ignore it
// (Infiltrate) whether they take what it gives; its lasting abilities follow
// that player's standing choice (BaseIgnoredLasting).
func (g *Game) BaseIgnored(s BaseID, p Seat) bool { return g.baseIgnored(s, p, ignoreMay) }

// BaseMustIgnore is BaseIgnored less the cards by which p only may ignore
// the base (Infiltrate): such a player may still take what the base offers
// them to choose, since declining it is the same as ignoring it.
func (g *Game) BaseMustIgnore(s BaseID, p Seat) bool { return g.baseIgnored(s, p, ignoreMust) }

// BaseIgnoredLasting reports whether the lasting abilities of the base at
// slot s (those with no moment to ask at: its PowerMod, Protect, CanPlay...)
// leave player p's cards alone: p must ignore the base, or only may ignore
// it and has not chosen to follow them (FollowBaseLasting).
func (g *Game) BaseIgnoredLasting(s BaseID, p Seat) bool {
	return g.baseIgnored(s, p, ignoreLasting)
}

// How baseIgnored counts the cards by which a player only may ignore a base.
const (
	ignoreMust    = iota // not at all
	ignoreMay            // all of them
	ignoreLasting        // those whose player has not chosen to follow the base's lasting abilities
)

func (g *Game) baseIgnored(s BaseID, p Seat, how int) bool {
	for i := range g.tableWith(hIgnoreBase).each {
		c := &g.Cards[i]
		if c.Zone != ZInPlay || c.Base != s {
			continue
		}
		d := defs[c.Def]
		if d.IgnoreBase == nil || !d.IgnoreBase(g, i, p) {
			continue
		}
		if !d.MayIgnore || how == ignoreMay || how == ignoreLasting && !g.FollowsBaseLasting(i) {
			return true
		}
	}
	return false
}

// A card by which its player only may ignore its base (Def.MayIgnore:
// Infiltrate) holds that player's standing choice about the base's lasting
// abilities, which have no moment at which to ask: the card's ongoing
// ability has no timing of its own, so it is resolved as the card is played
// (compendium: Using Card Abilities), and the choice stays while the card
// stays where it is. Until the player chooses to follow them, they ignore
// them. The choice is kept in the card's Note (a card that changes zones
// keeps no memory).

// FollowBaseLasting records that the player of card c, by which they only
// may ignore its base, chose to follow the base's lasting abilities.
func (g *Game) FollowBaseLasting(c CardID) { g.Cards[c].Note = 1 }

// FollowsBaseLasting reports whether the player of card c chose to follow
// the lasting abilities of the base c lets them ignore (FollowBaseLasting).
func (g *Game) FollowsBaseLasting(c CardID) bool { return g.Cards[c].Note != 0 }

// lastingHooks are the hooks of a base's lasting abilities that apply to
// each player's cards on their own (BaseIgnoredLasting).
const lastingHooks = hPowerMod | hProtect | hCanPlay

// BaseHasLasting reports whether the base at slot s has a lasting ability
// that a player may ignore for their own cards (lastingHooks): its own, or
// one a base card lent to it has (lent.go).
func (g *Game) BaseHasLasting(s BaseID) bool {
	if b := g.Bases[s].Card; b >= 0 && defHooks[g.Cards[b].Def]&lastingHooks != 0 {
		return true
	}
	i := CardID(g.Lent) - 1
	return i >= 0 && g.lent(i) && g.Cards[i].Base == s && defHooks[g.Cards[i].Def]&lastingHooks != 0
}
