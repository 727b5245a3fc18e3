package engine

// Scoring: which bases reach their breakpoint, scoring one (before, when and
// after), and replacing it from the base deck.

// EligibleBases returns the slots whose total power reaches the breakpoint.
func (g *Game) EligibleBases() []BaseID {
	var buf [MaxBases]BaseID
	out := g.eligibleBases(buf[:0])
	if len(out) == 0 {
		return nil
	}
	return append([]BaseID(nil), out...)
}

// eligibleBases is EligibleBases appending to out (empty) instead of allocating.
func (g *Game) eligibleBases(out []BaseID) []BaseID {
	var arr [32]CardID
	srcs := g.powerSources(arr[:0]) // the same for every base (powersum.go)
	// TotalAt of every base in one walk of the cards in play (power.go:
	// totalAtFrom); power functions only read the game, so the order of
	// the calls does not matter
	var tot [MaxBases]int
	loose := g.anyLoosePower() // else loosePowerAt is 0 everywhere
	var barr [16]CardID
	bsrcs := g.breakSources(barr[:0]) // the same for every base (power.go)
	for i := range g.inZone(ZInPlay).each {
		c := &g.Cards[i]
		if c.Base >= 0 && c.Base < g.NBases && g.Bases[c.Base].Card != None && c.Ctrl >= 0 && c.Ctrl < g.NPlayers && !defPowerless[c.Def] {
			tot[c.Base] += g.powerGivenFrom(i, srcs)
		}
	}
	for s := range g.NBases {
		if g.Bases[s].Card == None {
			continue
		}
		t := tot[s]
		for p := Seat(0); loose && p < g.NPlayers; p++ {
			t += g.loosePowerAt(s, p)
		}
		if t >= g.breakpointFrom(s, bsrcs) {
			out = append(out, s)
		}
	}
	return out
}

// scorePhaseProc scores the eligible bases, one at a time, in the order the
// current player chooses.
func scorePhaseProc(g *Game, f *Frame) {
	switch f.Step {
	case chooseBase:
		if g.drainFirst(f) {
			return
		}
		var buf [MaxBases]BaseID
		el := g.eligibleBases(buf[:0])
		if len(el) == 0 {
			return
		}
		g.AskBases(f, g.Current, "Choose which base scores first", el, false)
	case scoreIt:
		s := f.ChosenBase()
		if s == None {
			return
		}
		sf := g.push(fnScoreBase, g.Current, None, s, None)
		sf.SetCard(scoringBase, g.Bases[s].Card)
		f.Goto(chooseBase)
	}
}

// scorePhaseProc's steps.
const (
	chooseBase Step = iota // the current player chooses the base that scores next
	scoreIt                // it scores
)

// scoreBaseProc's steps.
const (
	beforeScoring Step = iota // abilities in play, then Specials
	awardVP
	afterScoring
	discardCards // the cards, then the base
	replaceBase
)

// scoreBaseProc's slot.
const scoringBase CardSlot = 0 // the base card scoring

// scoringMoment announces a moment of scoreBaseProc f (event k: the base is
// about to score, or has scored), lets what it triggers resolve, then opens
// the players' window w, and goes on to f's next step.
func (g *Game) scoringMoment(f *Frame, k EventKind, w Window) {
	ev := Event{Kind: k, Player: g.Current, Base: f.Base, Card: f.CardIn(scoringBase)}
	g.emit(ev)
	g.queueInPlaySpecials(ev, w, f.Base)
	g.push(fnDrain, g.Current, None, None, None)
	g.OpenWindow(w, f.Base)
	f.Next()
}

// scoreBaseProc scores a base: Base = its slot.
func scoreBaseProc(g *Game, f *Frame) {
	s := f.Base
	gone := g.Bases[s].Card != f.CardIn(scoringBase)
	switch f.Step {
	case beforeScoring:
		g.Bases[s].Flags |= BScoring
		g.scoringMoment(f, EvScoringChosen, WinBeforeScore)
	case awardVP:
		if gone {
			return
		}
		places := g.Places(s)
		g.recordScore(s, f.CardIn(scoringBase), places)
		d := g.def(f.CardIn(scoringBase))
		// the VP are dispensed to everyone at once: what answers a gain
		// (Cosplay) has priority from the current player, clockwise
		for k := range g.NPlayers {
			if p := g.SeatAfter(g.Current, int(k)); places[p] > 0 {
				vp := d.VP[places[p]-1]
				g.emit(Event{Kind: EvAward, Player: p, Base: s, Card: f.CardIn(scoringBase), Num: int16(vp), Other: int16(places[p])})
				g.GainVP(p, vp)
			}
		}
		g.emit(Event{Kind: EvScore, Player: g.Current, Base: s, Card: f.CardIn(scoringBase)})
		g.push(fnDrain, g.Current, None, None, None)
		f.Next()
	case afterScoring:
		if gone {
			return
		}
		g.scoringMoment(f, EvAfterScore, WinAfterScore)
	case discardCards:
		if gone {
			return
		}
		for _, c := range g.OnBase(s) {
			if g.Cards[c].Zone == ZInPlay && g.Cards[c].Base == s {
				g.leavePlay(c)
				g.put(c, ZDiscard, g.Cards[c].Owner)
			}
		}
		old := f.CardIn(scoringBase)
		g.Bases[s].Flags = 0
		g.put(old, ZBaseDiscard, None)
		g.Cards[old].Base = None
		g.Bases[s].Card = None
		g.expireScored(s)
		g.dropBaseEffects(s)
		// the abilities triggered by the cards leaving (The Birch Woman,
		// Igor...) resolve now, while the slot is empty: nothing they do
		// can reach the base that replaces this one
		g.push(fnDrain, g.Current, None, None, None)
		f.Next()
	case replaceBase:
		old := f.CardIn(scoringBase)
		nb := g.drawBase()
		if nb != None {
			g.placeBase(nb, s)
		} else {
			g.removeSlot(s)
		}
		g.emit(Event{Kind: EvBaseReplaced, Player: g.Current, Base: s, Card: nb, Other: int16(old)})
		g.push(fnDrain, g.Current, None, None, None)
	}
}

func (g *Game) expireScored(s BaseID) {
	n := 0
	for i := 0; i < int(g.NEff); i++ {
		e := g.Effects[i]
		if e.Expires == ExpireAfterScore && e.Base == s {
			continue
		}
		g.Effects[n] = e
		n++
	}
	g.NEff = int8(n)
}

// drawBase takes the top base of the base deck, reshuffling the base discard if needed.
func (g *Game) drawBase() CardID {
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

func (g *Game) topBase() CardID {
	if g.TopKnown && g.TopSeq == g.Seq && g.TopLow == g.Low {
		return g.TopCard
	}
	top := g.findTopBase()
	g.TopKnown, g.TopSeq, g.TopLow, g.TopCard = true, g.Seq, g.Low, top
	return top
}

// findTopBase is topBase without the derived fields: the base deck's card
// of lowest position.
func (g *Game) findTopBase() CardID {
	best := NoCard
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

func (g *Game) placeBase(b CardID, s BaseID) {
	g.put(b, ZBaseInPlay, None)
	g.Cards[b].Base = s
	g.Bases[s].Card = b
	g.Bases[s].Flags = 0
	g.Bases[s].Counters = 0
}

// PlaceBase puts base card b into slot s (replacing nothing; the slot must be empty).
func (g *Game) PlaceBase(b CardID, s BaseID) { g.placeBase(b, s) }

func (g *Game) removeSlot(s BaseID) {
	// No base left anywhere: the slot stays empty (a degenerate case).
}

// handLimitProc: after drawing, discard down to ten.
