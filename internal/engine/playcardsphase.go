package engine

import (
	"math"
	"math/bits"
)

// Minions played during the Play Cards phase, as opposed to earlier in the
// turn (start-of-turn abilities): Ninja Acolyte asks about these only.

// notePlayPhaseStart records how many minions p had played when their Play
// Cards phase began.
func (g *Game) notePlayPhaseStart(p Seat) {
	g.Players[p].MinionsBeforePlay = g.Players[p].MinionsPlayed
}

// MinionsPlayedInPlayPhase returns how many minions p has played since their
// Play Cards phase of this turn began.
func (g *Game) MinionsPlayedInPlayPhase(p Seat) int {
	return int(g.Players[p].MinionsPlayed - g.Players[p].MinionsBeforePlay)
}

// Play Cards phase ------------------------------------------------------------

// playPhaseProc runs the Play Cards phase of Player's turn.
func playPhaseProc(g *Game, f *Frame) {
	p := f.Player
	switch f.Step {
	case offerPlays:
		if g.NTrig > 0 {
			g.push(fnDrain, p, None, None, None)
			f.Goto(offerPlays)
			return
		}
		if g.pastHorizon() {
			g.Paused = true
			f.Goto(offerPlays) // (Resume asks)
			return
		}
		g.BeginAsk()
		g.playOptions(p, WinPlayPhase, None)
		g.Offer(Option{Kind: OptPass, Player: None, Base: None, Card: None})
		g.Ask(f, p, "Play a card, use an ability, or pass to end the Play Cards phase", AskAlways)
	case takePlay:
		if !g.takeWindowOption(f, p, WinPlayPhase, None) {
			return // passed: the phase ends
		}
		f.Goto(offerPlays)
	}
}

// SetHorizon makes g, a quiet game a search plays on, pause (Paused) where
// its playout ends, at the first Play Cards question of a turn after turn
// (0: never), before the options are worked out: that question is always
// put (its player may pass), so the game is then as it would be at the
// question, but for the question itself, which the search does not read.
func (g *Game) SetHorizon(turn int) {
	g.HorizonTurn = int16(min(max(turn, 0), math.MaxInt16))
}

// pastHorizon reports whether the Play Cards question about to be asked is
// past the horizon (SetHorizon) and asking it would change nothing else:
// the game is quiet and no card hears the question asked (unheard).
func (g *Game) pastHorizon() bool {
	return g.HorizonTurn > 0 && g.Turn > g.HorizonTurn && g.unheard(EvAsked)
}

// playPhaseProc's steps.
const (
	offerPlays Step = iota // what the player may play or use, or pass
	takePlay               // do what they chose
)

// playOptions adds what player p may do now: cards to play, talents, specials.
func (g *Game) playOptions(p Seat, w Window, slot BaseID) {
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
		// With no extra play held, canPlayNormallyH of a card from the hand
		// is the same for every minion when no play restriction is in play
		// (the normal minion play is left and a base is in play), and false
		// for every action when the normal action play is spent (findAllowance);
		// an action is then played by the normal play when it has a target.
		pl := &g.Players[p]
		plain := pl.NExtra == 0
		minionsOK := pl.MinionQuota > 0 && g.anyBaseInPlay()
		actionsOK := pl.ActionQuota > 0 && pl.Flags&pfNoActions == 0
		for w, word := range cands {
			for ; word != 0; word &= word - 1 {
				i := CardID(w<<6 | bits.TrailingZeros64(word))
				c := &g.Cards[i]
				switch c.Zone {
				case ZInPlay:
					if c.Ctrl == p && g.talentReady(p, i) {
						g.Offer(Option{Kind: OptUse, Player: p, Card: i, Base: c.Base, Num: -1})
					}
				case ZHand, ZDiscard:
					if c.Ctrl != p || (c.Zone != ZHand && !fromDiscard) {
						break
					}
					var ok bool
					switch t := defType[c.Def]; {
					case plain && c.Zone == ZHand && t == Minion && hooks&hCanPlay == 0:
						ok = minionsOK
					case plain && c.Zone == ZHand && t == Action && !actionsOK:
						ok = false
					case plain && c.Zone == ZHand && t == Action:
						// the normal action play is left (findAllowance):
						// what remains of canPlayNormallyH
						ok = !defs[c.Def].SpecialOnly() && g.actionHasTarget(p, i)
					default:
						ok = g.canPlayNormallyH(p, i, hooks)
					}
					if ok {
						g.Offer(Option{Kind: OptPlay, Player: p, Card: i, Base: None, Num: -1})
					}
				default:
					if g.live(i) && g.baseTalentOK(p, i) {
						g.Offer(Option{Kind: OptUse, Player: p, Card: i, Base: c.Base, Num: -1})
					}
				}
			}
		}
	}
	g.specialOptions(p, w, slot, None)
}

// specialOptions offers what p may play or use in window w (about base slot);
// key (None in the Play Cards phase) is what the window is about: a card
// marked as having used a Special in it is not offered to use one again.
func (g *Game) specialOptions(p Seat, w Window, slot BaseID, key CardID) {
	if g.SpecialWins&(1<<w) == 0 {
		return
	}
	// the cards having Specials in the zones some Special for w is used
	// from (specialFrom), and of a hand, deck or discard pile only p's own
	// (Game.Held): the others have no Special p may use now
	// (word by word, skipping the words without a card having Specials)
	cands := g.HookCards[bits.TrailingZeros16(hSpecials)]
	mine := p >= 0 && p < MaxPlayers
	for k := range cands {
		if cands[k] == 0 {
			continue
		}
		var in uint64
		for zs := specialFrom[w]; zs != 0; zs &= zs - 1 {
			z := Zone(bits.TrailingZeros32(zs))
			if z > ZTitan {
				continue
			}
			if heldZone(z) && mine {
				in |= g.Zones[z][k] & g.Held[p][k]
			} else {
				in |= g.Zones[z][k]
			}
		}
		cands[k] &= in
	}
	for i := range cands.each {
		c := &g.Cards[i]
		if c.Ctrl != p {
			continue
		}
		d := defs[c.Def]
		for k := range d.Specials {
			sp := &d.Specials[k]
			if sp.Window != w || sp.From != c.Zone {
				continue
			}
			if w == WinAnswer {
				if ev, ok := g.answering(); !ok || !sp.answers(g, ev) {
					continue
				}
			}
			if sp.OK != nil && !sp.OK(g, i, p, slot) {
				continue
			}
			kind := OptUse
			if !sp.Play && key != None && g.Marked(flagUsedInWindow, i, key) {
				continue
			}
			if sp.Play {
				kind = OptPlay
				if d.Type == Action && g.ActionsForbidden(p) {
					continue
				}
			}
			g.Offer(Option{Kind: kind, Player: p, Card: i, Base: c.Base, Num: int16(k)})
		}
	}
}

// anyBaseInPlay reports whether some base slot holds a base.
func (g *Game) anyBaseInPlay() bool {
	for s := range g.NBases {
		if g.Bases[s].Card != None {
			return true
		}
	}
	return false
}

// takeWindowOption acts on the answer of a play/window question. It reports
// false when the player passed.
func (g *Game) takeWindowOption(f *Frame, p Seat, w Window, slot BaseID) bool {
	o := f.Ans
	switch o.Kind {
	case OptPlay:
		c := o.Card
		if o.Special() < 0 {
			g.pushPlay(p, c, None, playNormal, -1, None)
			return true
		}
		sp := &defs[g.Cards[c].Def].Specials[o.Special()]
		fn := int16(-1)
		if sp.Do != nil {
			fn = sp.fn
		}
		pf := g.pushPlay(p, c, slot, playFree, fn, None)
		pf.Set(playedInWindow, int(w))
		return true
	case OptUse:
		c := o.Card
		if o.Special() < 0 {
			g.useTalent(c)
			g.resolve(defs[g.Cards[c].Def].talentFn, p, c, g.Cards[c].Base, None)
			return true
		}
		sp := &defs[g.Cards[c].Def].Specials[o.Special()]
		rf := g.resolve(sp.fn, p, c, slot, None)
		rf.Set(usedInWindow, int(w))
		return true
	}
	return false
}

// usedInWindow is the slot of a Special's ability frame in which
// takeWindowOption notes the window the Special was used in (recorded in the
// frame; nothing reads it).
const usedInWindow NumSlot = 5
