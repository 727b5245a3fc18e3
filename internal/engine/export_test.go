package engine

// EmitCaused records ev with cause as its cause, as an ability of cause
// would: for the tests of package engine_test.
func (g *Game) EmitCaused(ev Event, cause CardID) { g.emitCaused(ev, cause) }
