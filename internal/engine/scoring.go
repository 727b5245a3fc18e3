package engine

// Scoring: which bases reach their breakpoint, scoring one (before, when and
// after), and replacing it from the base deck.

// EligibleBases returns the slots whose total power reaches the breakpoint.
func (g *Game) EligibleBases() []int {
	var buf [MaxBases]int
	out := g.eligibleBases(buf[:0])
	if len(out) == 0 {
		return nil
	}
	return append([]int(nil), out...)
}

// eligibleBases is EligibleBases appending to out (empty) instead of allocating.
func (g *Game) eligibleBases(out []int) []int {
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
		if g.drainFirst(f) {
			return
		}
		var buf [MaxBases]int
		el := g.eligibleBases(buf[:0])
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
	g.Bases[s].Counters = 0
}

// PlaceBase puts base card b into slot s (replacing nothing; the slot must be empty).
func (g *Game) PlaceBase(b, s int) { g.placeBase(b, s) }

func (g *Game) removeSlot(s int) {
	// No base left anywhere: the slot stays empty (a degenerate case).
}

// handLimitProc: after drawing, discard down to ten.
