package engine

import "math/bits"

// Built-in procedures, registered like card abilities so that frames name them by id.
var (
	fnTurn, fnPlayPhase, fnPlayCard, fnDrain, fnWindow, fnScorePhase, fnScoreBase,
	fnHandLimit, fnExtraPlay, fnResolveTrig int16
)

func init() {
	fnTurn = regFn(turnProc)
	fnPlayPhase = regFn(playPhaseProc)
	fnPlayCard = regFn(playCardProc)
	fnDrain = regFn(drainProc)
	fnWindow = regFn(windowProc)
	fnScorePhase = regFn(scorePhaseProc)
	fnScoreBase = regFn(scoreBaseProc)
	fnHandLimit = regFn(handLimitProc)
	fnExtraPlay = regFn(extraPlayProc)
	fnResolveTrig = regFn(resolveTrigProc)
}

// startTurn resets the per-turn counters of player p.
func (g *Game) resetTurn(p int) {
	pl := &g.Players[p]
	// what every player has played "this turn" starts again from zero
	// (cards played on another player's turn count for that turn only)
	for q := range g.Players {
		g.Players[q].MinionsPlayed, g.Players[q].ActionsPlayed, g.Players[q].MinionsBeforePlay = 0, 0, 0
	}
	pl.MinionQuota, pl.ActionQuota = 1, 1
	pl.NExtra = 0
	for q := range g.Players {
		g.Players[q].StdPlayed = 0 // "each turn": counts restart every turn, for every player
	}
	pl.Extras = [MaxExtras]Extra{}
	for i := 0; i < int(g.NCards); i++ {
		g.Cards[i].Flags &^= FTalentUsed | FPlayedTurn | FUsedSpecial
	}
	for s := 0; s < int(g.NBases); s++ {
		g.Bases[s].Flags &^= BShinobiUsed
	}
}

// turnProc: V0 = 1 when the turn started directly at a later phase (scenario setups).
func turnProc(g *Game, f *Frame) {
	p := int(f.Player)
	switch f.Step {
	case 0: // Start Turn
		g.Phase = PhaseStart
		g.Current = int8(p)
		if g.pauseAt(f, PhaseStart, p) {
			return
		}
		g.Current = int8(p)
		g.Phase = PhaseStart
		g.resetTurn(p)
		if g.Players[p].NoActions > 0 {
			g.Players[p].NoActions--
			if g.Players[p].NoActions == 0 {
				g.Players[p].ActionQuota = 0
				g.Players[p].Flags |= pfNoActions
			}
		}
		g.expire(ExpireStartOfTurn, p)
		g.emit(Event{Kind: EvTurnStart, Player: int8(p), Card: None, Base: None})
		g.push(fnDrain, p, None, None, None)
		f.Next()
	case 1: // Play Cards
		g.Phase = PhasePlay
		if g.pauseAt(f, PhasePlay, p) {
			return
		}
		g.Phase = PhasePlay
		g.notePlayPhaseStart(p)
		g.push(fnPlayPhase, p, None, None, None)
		f.Next()
	case 2: // Score Bases
		g.Phase = PhaseScore
		if g.pauseAt(f, PhaseScore, p) {
			return
		}
		g.Phase = PhaseScore
		g.push(fnScorePhase, p, None, None, None)
		f.Next()
	case 3: // Draw 2
		g.Phase = PhaseDraw
		if g.pauseAt(f, PhaseDraw, p) {
			return
		}
		g.Phase = PhaseDraw
		var drawn [2]int
		g.drawInto(p, 2, drawn[:0])
		g.push(fnHandLimit, p, None, None, None)
		f.Next()
	case 4: // End Turn: things that happen, then things that expire
		g.Phase = PhaseEnd
		if g.pauseAt(f, PhaseEnd, p) {
			return
		}
		g.Phase = PhaseEnd
		g.emit(Event{Kind: EvTurnEnd, Player: int8(p), Card: None, Base: None})
		g.push(fnDrain, p, None, None, None)
		f.Next()
	case 5:
		g.expire(ExpireEndOfTurn, p)
		g.endSuspensions()
		g.Players[p].Flags &^= pfNoActions
		g.Players[p].NExtra = 0
		g.Players[p].Extras = [MaxExtras]Extra{}
		if g.checkGameOver() {
			return
		}
		f.Player = int8((p + 1) % int(g.NPlayers))
		g.Turn++
		f.Goto(0)
	}
}

const pfNoActions uint8 = 1

func (g *Game) checkGameOver() bool {
	best, n := -1, 0
	var who uint8
	for p := 0; p < int(g.NPlayers); p++ {
		v := int(g.Players[p].VP)
		if v > best {
			best, n, who = v, 1, 1<<p
		} else if v == best {
			n++
			who |= 1 << p
		}
	}
	if best < WinVP || n > 1 {
		return false
	}
	g.Over = true
	g.Winners = who
	for p := 0; p < int(g.NPlayers); p++ {
		if who&(1<<p) != 0 {
			g.Winner = int8(p)
		}
	}
	g.Pending.Active = false
	g.emit(Event{Kind: EvGameOver, Player: g.Winner, Card: None, Base: None})
	return true
}

// Play Cards phase ------------------------------------------------------------

func playPhaseProc(g *Game, f *Frame) {
	p := int(f.Player)
	switch f.Step {
	case 0:
		if g.NTrig > 0 {
			g.push(fnDrain, p, None, None, None)
			f.Goto(0)
			return
		}
		g.BeginAsk()
		g.playOptions(p, WinPlayPhase, None)
		g.Opt(Option{Kind: OptPass, Player: None, Base: None, Card: None})
		g.Ask(f, p, "Play a card, use an ability, or pass to end the Play Cards phase", AskAlways)
	case 1:
		if !g.takeWindowOption(f, p, WinPlayPhase, None) {
			return // passed: the phase ends
		}
		f.Goto(0)
	}
}

// playOptions adds what player p may do now: cards to play, talents, specials.
func (g *Game) playOptions(p int, w Window, slot int) {
	if w == WinPlayPhase {
		hooks := g.activeHooks()
		// (a card is in at most one of these cases: live cards not in play
		// are bases, in play or lent, never in a hand or a discard pile)
		fromDiscard := hooks&hBaseFrom != 0 || g.hasExtraFrom(p, ZDiscard)
		// the cards that can give an option: live ones (in play, bases) and
		// those in hands and (when p may play from there) discard piles, in index order
		// (only the live cards with a talent can give one; the cards of
		// other players' hands and discard piles never do)
		var cands cardSet
		talents := &g.HookCards[bits.TrailingZeros16(hTalent)]
		for w := range cands {
			cands[w] = g.Table[w]&talents[w] | g.Zones[ZHand][w]&g.Held[p][w]
			if fromDiscard {
				cands[w] |= g.Zones[ZDiscard][w] & g.Held[p][w]
			}
		}
		for i := range cands.each {
			c := &g.Cards[i]
			switch c.Zone {
			case ZInPlay:
				if int(c.Ctrl) == p && g.talentReady(p, i) {
					g.Opt(Option{Kind: OptUse, Player: int8(p), Card: int16(i), Base: c.Base, Num: -1})
				}
			case ZHand, ZDiscard:
				if int(c.Ctrl) == p && (c.Zone == ZHand || fromDiscard) && g.canPlayNormallyH(p, i, hooks) {
					g.Opt(Option{Kind: OptPlay, Player: int8(p), Card: int16(i), Base: None, Num: -1})
				}
			default:
				if g.live(i) && g.baseTalentOK(p, i) {
					g.Opt(Option{Kind: OptUse, Player: int8(p), Card: int16(i), Base: c.Base, Num: -1})
				}
			}
		}
	}
	g.specialOptions(p, w, slot)
}

func (g *Game) specialOptions(p int, w Window, slot int) {
	if g.SpecialWins&(1<<w) == 0 {
		return
	}
	// the cards having Specials, less those in other players' hands, decks
	// and discard piles (Game.Held)
	cands := g.HookCards[bits.TrailingZeros16(hSpecials)]
	for q := range g.Held {
		if q != p {
			for w := range cands {
				cands[w] &^= g.Held[q][w]
			}
		}
	}
	for i := range cands.each {
		c := &g.Cards[i]
		if int(c.Ctrl) != p {
			continue
		}
		d := defs[c.Def]
		for k := range d.Specials {
			sp := &d.Specials[k]
			if sp.Window != w || sp.From != c.Zone {
				continue
			}
			if sp.OK != nil && !sp.OK(g, i, p, slot) {
				continue
			}
			kind := OptUse
			if sp.Play {
				kind = OptPlay
				if d.Type == Action && g.ActionsForbidden(p) {
					continue
				}
			}
			g.Opt(Option{Kind: kind, Player: int8(p), Card: int16(i), Base: c.Base, Num: int16(k)})
		}
	}
}

// takeWindowOption acts on the answer of a play/window question. It reports
// false when the player passed.
func (g *Game) takeWindowOption(f *Frame, p int, w Window, slot int) bool {
	o := f.Ans
	switch o.Kind {
	case OptPlay:
		c := int(o.Card)
		if o.Num < 0 {
			g.pushPlay(p, c, None, playNormal, -1, None)
			return true
		}
		sp := &defs[g.Cards[c].Def].Specials[o.Num]
		fn := int16(-1)
		if sp.Do != nil {
			fn = sp.fn
		}
		pf := g.pushPlay(p, c, slot, playFree, fn, None)
		pf.V[4] = int16(w)
		return true
	case OptUse:
		c := int(o.Card)
		if o.Num < 0 {
			g.useTalent(c)
			g.resolve(defs[g.Cards[c].Def].talentFn, p, c, int(g.Cards[c].Base), None)
			return true
		}
		sp := &defs[g.Cards[c].Def].Specials[o.Num]
		rf := g.resolve(sp.fn, p, c, slot, None)
		rf.V[5] = int16(w)
		return true
	}
	return false
}

// resolve schedules an ability followed by the triggers it sets off.
// Scheduled work runs in the order it is scheduled, so the ability is pushed
// before the drain that resolves the triggers it (or its play) set off.
func (g *Game) resolve(fn int16, player, src, base, target int) *Frame {
	f := g.push(fn, player, src, base, target)
	g.push(fnDrain, player, None, None, None)
	return f
}

// Resolve schedules ability fn as a resolution of its own (triggers it sets off resolve after it).
func (g *Game) Resolve(fn int16, player, src, base, target int) *Frame {
	return g.resolve(fn, player, src, base, target)
}

// drainProc resolves queued triggered abilities; the current player orders them.
func drainProc(g *Game, f *Frame) {
	switch f.Step {
	case 0:
		if g.NTrig == 0 {
			return
		}
		if h := g.handTrigFirst(); h != None {
			g.startTrig(h)
			f.Goto(0)
			return
		}
		inPlay, last := 0, 0
		for i := 0; i < int(g.NTrig); i++ {
			if g.Cards[g.Trigs[i].Src].Zone != ZHand {
				inPlay, last = inPlay+1, i
			}
		}
		if inPlay == 1 {
			g.startTrig(last)
			f.Goto(0)
			return
		}
		g.BeginAsk()
		for i := 0; i < int(g.NTrig); i++ {
			t := &g.Trigs[i]
			if g.Cards[t.Src].Zone == ZHand {
				continue
			}
			g.Opt(Option{Kind: OptCard, Card: t.Src, Base: t.Base, Player: t.Player, Num: int16(i)})
		}
		g.Ask(f, int(g.Current), "Choose which ability resolves next", AskAlways)
	case 1:
		i := int(f.Ans.Num)
		if i >= int(g.NTrig) {
			i = 0
		}
		g.startTrig(i)
		f.Goto(0)
	}
}

// handTrigFirst: abilities of cards in hands resolve after those of cards in
// play, clockwise from the current player. It returns the queued trigger to
// start now when only hand triggers are left, else None.
func (g *Game) handTrigFirst() int {
	for i := 0; i < int(g.NTrig); i++ {
		if g.Cards[g.Trigs[i].Src].Zone != ZHand {
			return None
		}
	}
	for _, p := range g.PlayersFrom(int(g.Current)) {
		for i := 0; i < int(g.NTrig); i++ {
			if int(g.Trigs[i].Player) == p {
				return i
			}
		}
	}
	return 0
}

func (g *Game) startTrig(i int) {
	t := g.Trigs[i]
	copy(g.Trigs[i:g.NTrig], g.Trigs[i+1:g.NTrig])
	g.NTrig--
	rf := g.resolve(t.Fn, int(t.Player), int(t.Src), int(t.Base), None)
	rf.Ev = t.Ev
}

func resolveTrigProc(g *Game, f *Frame) {}

// Playing cards ------------------------------------------------------------------

// Play modes.
const (
	playNormal = 0 // uses the normal quota or a held extra grant
	playFree   = 1 // an extra play granted right now by an ability
)

// pushPlay schedules playing card c by player p. slot forces the base (None: ask),
// fn overrides the ability that resolves (-1: the card's own).
func (g *Game) pushPlay(p, c, slot, mode int, fn int16, onMinion int) *Frame {
	if g.IsTitan(c) {
		return g.titanPlay(p, c, slot, fn) // titans.go
	}
	pf := g.push(fnPlayCard, p, c, slot, onMinion)
	pf.V[0] = int16(mode)
	pf.V[1] = fn
	pf.V[2] = -1 // max power for a restricted free play
	return pf
}

// PlayExtraNow schedules an immediate extra play of card c by p (onto slot, or
// asking when None), as abilities like Shinobi or Hoverbot grant.
func (g *Game) PlayExtraNow(p, c, slot int) {
	g.pushPlay(p, c, slot, playFree, -1, None)
}

// canPlayNormally reports whether p may play card c from hand (or discard) now
// using a normal or held extra play.
func (g *Game) canPlayNormally(p, c int) bool { return g.canPlayNormallyH(p, c, g.activeHooks()) }

// canPlayNormallyH is canPlayNormally given the activeHooks of the game.
func (g *Game) canPlayNormallyH(p, c int, hooks uint16) bool {
	d := g.def(c)
	from := g.Cards[c].Zone
	if from == ZDiscard && hooks&hBaseFrom == 0 && !g.hasExtraFrom(p, ZDiscard) {
		return false // nothing lets this player play from the discard pile
	}
	switch d.Type {
	case Minion:
		if from == ZHand && g.Players[p].NExtra == 0 {
			// only the normal play can be used, whatever the base
			// (findAllowance): no quota, no play; otherwise any base
			// where the minion may go
			if g.Players[p].MinionQuota <= 0 {
				return false
			}
			for s := 0; s < int(g.NBases); s++ {
				if g.Bases[s].Card != None && g.minionAllowedH(p, c, s, hooks) {
					return true
				}
			}
			return false
		}
		for s := 0; s < int(g.NBases); s++ {
			if g.Bases[s].Card != None && g.findAllowance(p, c, s, from) >= -1 && g.minionAllowedH(p, c, s, hooks) {
				return true
			}
		}
	case Action:
		if from != ZHand || d.SpecialOnly() {
			return false
		}
		if g.findAllowance(p, c, None, from) < -1 {
			return false
		}
		return g.actionHasTarget(p, c)
	}
	return false
}

// findAllowance picks the play allowance for card c onto slot: an extra grant
// index (>= 0), -1 for the normal quota, or -2 when none fits.
func (g *Game) findAllowance(p, c, slot int, from Zone) int {
	pl := &g.Players[p]
	d := g.def(c)
	best, bestScore := -2, -1
	for i := 0; i < int(pl.NExtra); i++ {
		e := &pl.Extras[i]
		if e.Uses <= 0 {
			continue
		}
		if (d.Type == Minion) != (e.Kind == ExtraMinion) {
			continue
		}
		if e.From != from && !(from == ZDiscard && e.From == ZHand && slot != None && g.discardAllowedAt(p, slot)) {
			continue
		}
		if e.MaxPower >= 0 && d.Power > int(e.MaxPower) {
			continue
		}
		if e.Base != None && slot != None && int(e.Base) != slot {
			continue
		}
		if e.Base != None && slot == None && d.Type == Minion {
			// can it fit the restricted base? checked by caller per slot
		}
		if e.Faction != None && !g.cardOfFaction(c, int(e.Faction)) {
			continue
		}
		if !g.extraWhereOK(e, p, slot) {
			continue
		}
		score := 1
		if e.MaxPower >= 0 || e.Base != None || e.Faction != None || e.From != ZHand || e.Where != WhereAny {
			score = 2
		}
		if score > bestScore {
			best, bestScore = i, score
		}
	}
	if best >= 0 && bestScore == 2 {
		return best
	}
	quota := pl.MinionQuota
	if d.Type == Action {
		quota = pl.ActionQuota
	}
	normalOK := quota > 0 && (from == ZHand || (from == ZDiscard && slot != None && g.discardAllowedAt(p, slot)))
	if d.Type == Action && pl.Flags&pfNoActions != 0 {
		return -2
	}
	if best >= 0 {
		return best // a generic extra is used before the normal play (keeps the normal play for later)
	}
	if normalOK {
		return -1
	}
	return -2
}

func (g *Game) discardAllowedAt(p, slot int) bool {
	for i := range g.tableWith(hBaseFrom).each {
		c := &g.Cards[i]
		if c.Zone == ZInPlay && int(c.Base) == slot {
			d := defs[c.Def]
			if d.BaseFrom != nil && d.BaseFrom(g, i, p) {
				return true
			}
		}
	}
	return false
}

func (g *Game) cardOfFaction(c, faction int) bool {
	return factionIndex(g.def(c).Faction) == faction
}

func factionIndex(name string) int {
	if i, ok := registry().index[name]; ok {
		return i
	}
	return None
}

// FactionIndex returns the index of a faction name among Factions().
func FactionIndex(name string) int { return factionIndex(name) }

// minionAllowed reports whether minion c may be played by p onto slot (base and card restrictions).
func (g *Game) minionAllowed(p, c, slot int) bool {
	if g.Bases[slot].Card == None || g.nameForbidden(p, c) {
		return false
	}
	for i := range g.tableWith(hCanPlay).each {
		s := &g.Cards[i]
		if !g.live(i) {
			continue
		}
		d := defs[s.Def]
		if d.Type == BaseCard && g.BaseIgnored(int(s.Base), p) {
			continue
		}
		if !d.CanPlay(g, i, p, c, slot) {
			return false
		}
	}
	return true
}

// MinionAllowed is minionAllowed for card code.
func (g *Game) MinionAllowed(p, c, slot int) bool { return g.minionAllowed(p, c, slot) }

func (g *Game) actionHasTarget(p, c int) bool {
	d := g.def(c)
	if g.nameForbidden(p, c) {
		return false
	}
	switch d.Target {
	case OnBase:
		for s := 0; s < int(g.NBases); s++ {
			if g.Bases[s].Card != None && g.actionTargetOK(p, c, s) {
				return true
			}
		}
		return false
	case OnMinion, OnOwnMinion:
		for m := range g.onTable {
			if g.Cards[m].Zone == ZInPlay && g.IsMinion(m) && g.actionTargetOK(p, c, m) {
				return true
			}
		}
		return false
	}
	return d.PlayOK == nil || d.PlayOK(g, p, c, None)
}

func (g *Game) actionTargetOK(p, c, t int) bool {
	d := g.def(c)
	switch d.Target {
	case OnBase:
		if g.Bases[t].Card == None {
			return false
		}
	case OnMinion:
		if !g.InPlay(t) || !g.IsMinion(t) {
			return false
		}
	case OnOwnMinion:
		if !g.InPlay(t) || !g.IsMinion(t) || g.Ctrl(t) != p {
			return false
		}
	}
	for i := range g.tableWith(hCanPlay).each {
		s := &g.Cards[i]
		if !g.live(i) {
			continue
		}
		sd := defs[s.Def]
		if sd.CanPlay != nil && d.Target == OnBase && !sd.CanPlay(g, i, p, c, t) {
			return false
		}
	}
	return d.PlayOK == nil || d.PlayOK(g, p, c, t)
}

// playCardProc: Src = card, Base = forced slot, Target = forced minion,
// V0 = mode, V1 = ability override, V2 = max power (free plays), V3 = chosen target.
func playCardProc(g *Game, f *Frame) {
	p, c := int(f.Player), int(f.Src)
	d := g.def(c)
	switch f.Step {
	case 0: // choose where
		if d.Type == Action && g.ActionsForbidden(p) {
			return // Mark of Sleep: no action may be played, not even an extra one
		}
		g.BeginAsk()
		switch {
		case d.Type == Minion:
			for s := 0; s < int(g.NBases); s++ {
				if g.Bases[s].Card == None || (f.Base != None && s != int(f.Base)) {
					continue
				}
				if !g.minionAllowed(p, c, s) {
					continue
				}
				if f.V[0] == playNormal && g.findAllowance(p, c, s, g.Cards[c].Zone) < -1 {
					continue
				}
				g.OptBaseOf(s)
			}
			g.Ask(f, p, "Choose a base to play {} on", 0, CardArg(c))
		case d.Target == OnBase:
			for s := 0; s < int(g.NBases); s++ {
				if g.Bases[s].Card != None && (f.Base == None || s == int(f.Base)) && g.actionTargetOK(p, c, s) {
					g.OptBaseOf(s)
				}
			}
			g.Ask(f, p, "Choose a base to play {} on", 0, CardArg(c))
		case d.Target == OnMinion || d.Target == OnOwnMinion:
			for _, m := range g.Minions(None) {
				if (f.Target == None || m == int(f.Target)) && (f.Base == None || g.BaseOf(m) == int(f.Base)) && g.actionTargetOK(p, c, m) {
					g.OptCardOf(m)
				}
			}
			g.Ask(f, p, "Choose a minion to play {} on", 0, CardArg(c))
		default:
			f.Ans = Option{Kind: OptNone, Card: None, Base: None, Player: None}
			f.Next()
		}
	case 1: // put it into play
		slot, on := int(f.Base), None
		switch {
		case d.Type == Minion || d.Target == OnBase:
			if f.Ans.Kind != OptBase {
				g.discardUnplayable(c)
				return
			}
			slot = int(f.Ans.Base)
		case d.Target == OnMinion || d.Target == OnOwnMinion:
			if f.Ans.Kind != OptCard {
				g.discardUnplayable(c)
				return
			}
			on = int(f.Ans.Card)
			slot = g.BaseOf(on)
		}
		from := g.Cards[c].Zone
		if f.V[0] == playNormal {
			a := g.findAllowance(p, c, slot, from)
			pl := &g.Players[p]
			switch {
			case a >= 0:
				pl.Extras[a].Uses--
			case a == -1:
				if d.Type == Minion {
					pl.MinionQuota--
				} else {
					pl.ActionQuota--
				}
			default:
				return // no longer allowed: nothing happens
			}
		}
		if d.Type == Minion {
			g.Players[p].MinionsPlayed++
		} else {
			g.Players[p].ActionsPlayed++
		}
		cd := &g.Cards[c]
		if d.Type == Action && d.Target == Standard {
			g.setZone(c, ZSetAside)
			cd.Ctrl = int8(p)
			cd.Base = int8(slot)
			cd.On = None
		} else {
			g.setZone(c, ZInPlay)
			cd.Ctrl = int8(p)
			cd.Base = int8(slot)
			cd.On = int16(on)
			cd.Counters = 0
			cd.Flags &^= FTalentUsed
			if on != None {
				prot := g.Protected(on, Affect{Kind: AffAttach, By: f.Player, Src: f.Src})
				if !g.affect(f, on, AffAttach) {
					if prot || !g.InPlay(on) {
						g.DiscardCard(c)
					} else {
						// an "instead" (Hideout) stopped it: it stays, doing nothing this turn (suspend.go)
						cd.Pos = g.nextPos()
						cd.Flags |= FPlayedTurn
						g.suspend(c)
					}
					g.emit(Event{Kind: EvPlay, Player: int8(p), Card: int16(c), Base: int8(slot), Other: int16(on), Num: int16(from)})
					return
				}
			}
		}
		cd.Pos = g.nextPos()
		cd.Flags |= FPlayedTurn
		f.V[3] = int16(on)
		if d.Type == Action && d.Target == Standard {
			g.Players[p].StdPlayed++
		}
		g.emit(Event{Kind: EvPlay, Player: int8(p), Card: int16(c), Base: int8(slot), Other: int16(on), Num: int16(from)})
		fn := f.V[1]
		if fn < 0 && d.OnPlay != nil {
			fn = d.onPlayFn
		}
		g.resolvePlayed(fn, p, c, slot, on) // reactions.go: a WinPlayed window may come first
		// Specials that answer a card being played come after its triggers.
		if g.windowOpens(WinAfterPlay) {
			wf := g.push(fnWindow, p, c, slot, None)
			wf.V[0] = int16(WinAfterPlay)
		}
		f.Next()
	case 2: // a standard action leaves: maybe somewhere else than the discard pile
		if g.Cards[c].Zone == ZSetAside {
			if g.standardLeaves(p, c) {
				f.Next()
				return
			}
			g.DiscardCard(c)
		}
	case 3:
		if g.Cards[c].Zone == ZSetAside {
			g.DiscardCard(c)
		}
	}
}

func (g *Game) discardUnplayable(c int) {
	if z := g.Cards[c].Zone; z == ZHand || z == ZSetAside || z == ZDeck {
		g.DiscardCard(c)
	}
}

func (g *Game) anySpecialFor(w Window) bool {
	if g.SpecialWins&(1<<w) == 0 {
		return false
	}
	// only the cards with Specials in a zone some Special for w is used from
	cands := g.HookCards[bits.TrailingZeros16(hSpecials)]
	var in cardSet
	for z := Zone(0); z <= ZTitan; z++ {
		if specialFrom[w]&(1<<z) != 0 {
			for k := range in {
				in[k] |= g.Zones[z][k]
			}
		}
	}
	for k := range cands {
		cands[k] &= in[k]
	}
	for i := range cands.each {
		d := defs[g.Cards[i].Def]
		for k := range d.Specials {
			if d.Specials[k].Window == w && g.Cards[i].Zone == d.Specials[k].From {
				return true
			}
		}
	}
	return false
}

// GrantExtra gives p an extra play to hold for the rest of the turn.
func (g *Game) GrantExtra(p int, e Extra) {
	pl := &g.Players[p]
	if e.Uses == 0 {
		e.Uses = 1
	}
	if e.From == 0 {
		e.From = ZHand
	}
	if e.Base == 0 && e.MaxPower == 0 && e.Faction == 0 {
		// zero values mean "no restriction"
	}
	for i := 0; i < int(pl.NExtra); i++ {
		if pl.Extras[i].Uses == 0 {
			pl.Extras[i] = e
			return
		}
	}
	if int(pl.NExtra) < MaxExtras {
		pl.Extras[pl.NExtra] = e
		pl.NExtra++
	}
}

// ExtraMinionGrant returns a generic extra-minion grant.
func ExtraMinionGrant() Extra {
	return Extra{Kind: ExtraMinion, MaxPower: -1, Base: None, From: ZHand, Src: None, Faction: None, Uses: 1}
}

// ExtraActionGrant returns a generic extra-action grant.
func ExtraActionGrant() Extra {
	return Extra{Kind: ExtraAction, MaxPower: -1, Base: None, From: ZHand, Src: None, Faction: None, Uses: 1}
}

// ExtraPlay describes an immediate extra play offered by an ability.
type ExtraPlay struct {
	Kind     uint8 // ExtraMinion or ExtraAction
	MaxPower int   // -1: no limit
	Base     int   // only onto this slot, or None
	From     Zone  // ZHand (default) or ZDiscard
	Card     int   // only this card, or None
	Must     bool  // not optional
	Faction  int   // faction index or None
	NotBase  int   // not onto this slot, or None
}

// OfferExtraPlay schedules an immediate, optional extra play for p.
func (g *Game) OfferExtraPlay(p int, x ExtraPlay, src int) {
	ef := g.push(fnExtraPlay, p, src, x.Base, x.Card)
	ef.V[0] = int16(x.Kind)
	ef.V[1] = int16(x.MaxPower)
	if x.From == 0 {
		x.From = ZHand
	}
	ef.V[2] = int16(x.From)
	if x.Must {
		ef.V[3] = 1
	}
	ef.V[4] = int16(x.Faction)
	ef.V[5] = int16(x.NotBase)
}

func (g *Game) extraCandidates(f *Frame) []int {
	p := int(f.Player)
	var out []int
	for i := range g.inZone(Zone(f.V[2])).each {
		c := &g.Cards[i]
		if int(c.Ctrl) != p {
			continue
		}
		if f.Target != None && i != int(f.Target) {
			continue
		}
		d := defs[c.Def]
		if f.V[0] == int16(ExtraMinion) {
			if d.Type != Minion || (f.V[1] >= 0 && d.Power > int(f.V[1])) {
				continue
			}
			if f.V[4] != None && !g.cardOfFaction(i, int(f.V[4])) {
				continue
			}
			ok := false
			for _, s := range g.BaseSlots() {
				if (f.Base == None || s == int(f.Base)) && s != int(f.V[5]) && g.minionAllowed(p, i, s) {
					ok = true
					break
				}
			}
			if !ok {
				continue
			}
		} else {
			if d.Type != Action || d.SpecialOnly() || g.Players[p].Flags&pfNoActions != 0 || !g.actionHasTarget(p, i) {
				continue
			}
		}
		out = append(out, i)
	}
	return out
}

func extraPlayProc(g *Game, f *Frame) {
	p := int(f.Player)
	switch f.Step {
	case 0:
		cs := g.extraCandidates(f)
		g.BeginAsk()
		for _, c := range cs {
			g.Opt(Option{Kind: OptPlay, Card: int16(c), Player: int8(p), Base: None, Num: -1})
		}
		fl := AskMay
		if f.V[3] == 1 {
			fl = 0
		}
		prompt := Prompt("You may play an extra minion")
		if f.V[0] == int16(ExtraAction) {
			prompt = "You may play an extra action"
		}
		g.Ask(f, p, prompt, fl)
	case 1:
		if f.Ans.Kind != OptPlay {
			return
		}
		c := int(f.Ans.Card)
		pf := g.pushPlay(p, c, int(f.Base), playFree, -1, None)
		if f.V[5] != None && f.Base == None {
			// restrict away from a base: choose among the others
			pf.V[2] = f.V[5]
			pf.Flags |= 0
		}
	}
}

// Me First / priority windows ----------------------------------------------------

// windowProc: V0 = window, Base = slot, V1 = players asked so far, V2 = passes in a row.
func windowProc(g *Game, f *Frame) {
	switch f.Step {
	case 0:
		if g.NTrig > 0 {
			g.push(fnDrain, int(g.Current), None, None, None)
			f.Goto(0)
			return
		}
		n := int(g.NPlayers)
		if int(f.V[2]) >= n {
			return
		}
		p := (int(g.Current) + int(f.V[1])) % n
		g.BeginAsk()
		g.specialOptions(p, Window(f.V[0]), int(f.Base))
		if g.Pending.N == 0 && !g.askEveryone(Window(f.V[0])) {
			f.V[2]++
			f.V[1]++
			f.Goto(0)
			return
		}
		f.V[5] = int16(p)
		g.Ask(f, p, windowPrompt(Window(f.V[0])), AskMay|g.askFlags(Window(f.V[0])))
	case 1:
		p := int(f.V[5])
		if g.takeWindowOption(f, p, Window(f.V[0]), int(f.Base)) {
			f.V[2] = 0
		} else {
			f.V[2]++
		}
		f.V[1]++
		f.Goto(0)
	}
}

// With OptAskAll, a Me First window asks every player in turn, as at the
// table, whether or not they hold something they could use: being asked, and
// even the window opening, then depend on no one's hand. It opens whenever
// some card of the game has a Special for it (public: the factions are).
// Without it (scenarios), a window opens only when someone could respond,
// and only those players are asked.

// windowOpens reports whether a Me First window of kind w opens now.
func (g *Game) windowOpens(w Window) bool {
	if g.Options&OptAskAll != 0 {
		return g.SpecialWins&(1<<w) != 0
	}
	return g.anySpecialFor(w)
}

// askEveryone reports whether window w asks players with nothing to play.
func (g *Game) askEveryone(w Window) bool {
	return g.Options&OptAskAll != 0 && g.SpecialWins&(1<<w) != 0
}

// askFlags: a player asked with nothing to play is asked all the same.
func (g *Game) askFlags(w Window) int {
	if g.askEveryone(w) {
		return AskAlways
	}
	return 0
}

// WindowPassOnly reports whether the pending decision is a Me First window
// in which its decider has nothing to do but pass (OptAskAll). An interface
// may pass for a person who asked it to (revealing that they had nothing).
func (g *Game) WindowPassOnly() bool {
	if !g.Pending.Active || g.Pending.N != 1 || g.Pending.Opts[0].Kind != OptPass {
		return false
	}
	fi := int(g.Pending.Frame)
	return fi >= 0 && fi < int(g.NFrames) && (g.Frames[fi].Fn == fnWindow || g.Frames[fi].Fn == fnReact)
}

func windowPrompt(w Window) Prompt {
	switch w {
	case WinBeforeScore:
		return "A base is about to score: play or use a Special, or pass"
	case WinAfterScore:
		return "A base has scored: play or use a Special, or pass"
	case WinAfterPlay:
		return "A card was played: respond with a Special, or pass"
	case WinGainVP:
		return "VP were gained: respond with a Special, or pass"
	}
	return "Play or use a Special, or pass"
}

// OpenWindow schedules a Me First window.
func (g *Game) OpenWindow(w Window, slot int) {
	wf := g.push(fnWindow, int(g.Current), None, slot, None)
	wf.V[0] = int16(w)
}

// Scoring ---------------------------------------------------------------------------

// EligibleBases returns the slots whose total power reaches the breakpoint.
func (g *Game) EligibleBases() []int {
	var out []int
	var arr [32]int16
	srcs := g.powerSources(arr[:0]) // the same for every base (powersum.go)
	// TotalAt of every base in one walk of the cards in play (power.go:
	// totalAtFrom); power functions only read the game, so the order of
	// the calls does not matter
	var tot [MaxBases]int
	loose := g.anyLoosePower() // else loosePowerAt is 0 everywhere
	var barr [16]int16
	bsrcs := g.breakSources(barr[:0]) // the same for every base (power.go)
	for i := range g.inZone(ZInPlay).each {
		c := &g.Cards[i]
		if c.Base >= 0 && c.Base < g.NBases && g.Bases[c.Base].Card != None && c.Ctrl >= 0 && c.Ctrl < g.NPlayers {
			tot[c.Base] += g.powerGivenFrom(i, srcs)
		}
	}
	for s := 0; s < int(g.NBases); s++ {
		if g.Bases[s].Card == None {
			continue
		}
		t := tot[s]
		for p := 0; loose && p < int(g.NPlayers); p++ {
			t += g.loosePowerAt(s, p)
		}
		if t >= g.breakpointFrom(s, bsrcs) {
			out = append(out, s)
		}
	}
	return out
}

func scorePhaseProc(g *Game, f *Frame) {
	switch f.Step {
	case 0:
		if g.NTrig > 0 {
			g.push(fnDrain, int(g.Current), None, None, None)
			f.Goto(0)
			return
		}
		el := g.EligibleBases()
		if len(el) == 0 {
			return
		}
		g.AskBases(f, int(g.Current), "Choose which base scores first", el, false)
	case 1:
		s := f.ChosenBase()
		if s == None {
			return
		}
		sf := g.push(fnScoreBase, int(g.Current), None, s, None)
		sf.V[0] = g.Bases[s].Card
		f.Goto(0)
	}
}

// scoreBaseProc: Base = slot, V0 = the scoring base card.
func scoreBaseProc(g *Game, f *Frame) {
	s := int(f.Base)
	gone := g.Bases[s].Card != f.V[0]
	switch f.Step {
	case 0: // before scoring: abilities in play, then Specials
		g.Bases[s].Flags |= BScoring
		g.emit(Event{Kind: EvScoringChosen, Player: g.Current, Base: int8(s), Card: f.V[0]})
		g.push(fnDrain, int(g.Current), None, None, None)
		g.OpenWindow(WinBeforeScore, s)
		f.Next()
	case 1: // award VP
		if gone {
			return
		}
		places := g.Places(s)
		g.recordScore(s, int(f.V[0]), places)
		d := g.def(int(f.V[0]))
		for p := 0; p < int(g.NPlayers); p++ {
			if places[p] > 0 {
				vp := d.VP[places[p]-1]
				g.emit(Event{Kind: EvAward, Player: int8(p), Base: int8(s), Card: f.V[0], Num: int16(vp), Other: int16(places[p])})
				g.GainVP(p, vp)
			}
		}
		g.emit(Event{Kind: EvScore, Player: g.Current, Base: int8(s), Card: f.V[0]})
		g.push(fnDrain, int(g.Current), None, None, None)
		f.Next()
	case 2: // after scoring
		if gone {
			return
		}
		g.emit(Event{Kind: EvAfterScore, Player: g.Current, Base: int8(s), Card: f.V[0]})
		g.push(fnDrain, int(g.Current), None, None, None)
		g.OpenWindow(WinAfterScore, s)
		f.Next()
	case 3: // discard the cards, then the base
		if gone {
			return
		}
		for _, c := range g.OnBase(s) {
			if g.Cards[c].Zone == ZInPlay && g.Cards[c].Base == int8(s) {
				g.leavePlay(c)
				g.put(c, ZDiscard, int(g.Cards[c].Owner))
			}
		}
		old := int(f.V[0])
		g.Bases[s].Flags = 0
		g.put(old, ZBaseDiscard, None)
		g.Cards[old].Base = None
		g.Bases[s].Card = None
		g.expireScored(s)
		g.dropBaseEffects(s)
		// the abilities triggered by the cards leaving (The Birch Woman,
		// Igor...) resolve now, while the slot is empty: nothing they do
		// can reach the base that replaces this one
		g.push(fnDrain, int(g.Current), None, None, None)
		f.Next()
	case 4: // replace the base
		old := int(f.V[0])
		nb := g.drawBase()
		if nb != None {
			g.placeBase(nb, s)
		} else {
			g.removeSlot(s)
		}
		g.emit(Event{Kind: EvBaseReplaced, Player: g.Current, Base: int8(s), Card: int16(nb), Other: int16(old)})
		g.push(fnDrain, int(g.Current), None, None, None)
	}
}

func (g *Game) expireScored(s int) {
	n := 0
	for i := 0; i < int(g.NEff); i++ {
		e := g.Effects[i]
		if e.Expires == ExpireAfterScore && int(e.Base) == s {
			continue
		}
		g.Effects[n] = e
		n++
	}
	g.NEff = int8(n)
}

// drawBase takes the top base of the base deck, reshuffling the base discard if needed.
func (g *Game) drawBase() int {
	top := g.topBase()
	if top == None {
		for _, b := range g.Collect(ZBaseDiscard, None) {
			g.put(b, ZBaseDeck, None)
		}
		g.shuffleBases()
		top = g.topBase()
	}
	return top
}

func (g *Game) topBase() int {
	best := None
	for i := range g.inZone(ZBaseDeck).each {
		if best == None || g.Cards[i].Pos < g.Cards[best].Pos {
			best = i
		}
	}
	return best
}

func (g *Game) shuffleBases() {
	deck := g.Collect(ZBaseDeck, None)
	for i := len(deck) - 1; i > 0; i-- {
		j := g.Intn(i + 1)
		deck[i], deck[j] = deck[j], deck[i]
	}
	for _, c := range deck {
		g.Cards[c].Pos = g.nextPos()
	}
}

// ShuffleBaseDeck shuffles the base deck.
func (g *Game) ShuffleBaseDeck() { g.shuffleBases() }

func (g *Game) placeBase(b, s int) {
	g.put(b, ZBaseInPlay, None)
	g.Cards[b].Base = int8(s)
	g.Bases[s].Card = int16(b)
	g.Bases[s].Flags = 0
	g.Bases[s].Mark = 0
}

// PlaceBase puts base card b into slot s (replacing nothing; the slot must be empty).
func (g *Game) PlaceBase(b, s int) { g.placeBase(b, s) }

func (g *Game) removeSlot(s int) {
	// No base left anywhere: the slot stays empty (a degenerate case).
}

// handLimitProc: after drawing, discard down to ten.
func handLimitProc(g *Game, f *Frame) {
	p := int(f.Player)
	switch f.Step {
	case 0:
		if g.Count(ZHand, p) <= HandLimit {
			return
		}
		g.AskCards(f, p, "Discard down to ten cards: choose a card to discard", g.Hand(p), false)
	case 1:
		if c := f.Chosen(); c != None {
			g.DiscardCard(c)
		}
		f.Goto(0)
	}
}

// GainVP gives p n victory points.
func (g *Game) GainVP(p, n int) {
	if n <= 0 {
		return
	}
	g.Players[p].VP += int16(n)
	g.emit(Event{Kind: EvVP, Player: int8(p), Num: int16(n), Card: None, Base: None})
	g.noteVPGain(p) // reactions.go: Specials answering a VP gain
}
