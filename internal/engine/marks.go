package engine

// Marks: an ability that works through several cards one at a time ("move any
// number of your minions") remembers which cards it already handled by marking
// them. A mark is an EffMark effect tying flag, card and source card together;
// it lasts until the end of the turn at most, and Unmark clears the marks of a
// source when its ability is done.

// EffMark is the effect kind of a mark (kinds declared next to their
// mechanism are kept clear of the kinds listed in state.go).
const EffMark uint8 = 40

// MarkCard marks card c with flag on behalf of source card src.
func (g *Game) MarkCard(flag FlagID, c, src CardID) {
	g.AddEffect(Effect{Kind: EffMark, Expires: ExpireEndOfTurn, Player: g.Current, Base: None, Card: c, Amount: int16(flag), Src: src})
}

// Marked reports whether card c carries the mark flag of source card src.
func (g *Game) Marked(flag FlagID, c, src CardID) bool { return g.carries(EffMark, flag, c, src) }

// Unmark removes every mark flag made by source card src.
func (g *Game) Unmark(flag FlagID, src CardID) {
	g.dropEffects(func(e *Effect) bool { return e.Kind == EffMark && e.Flag() == flag && e.Src == src })
}
