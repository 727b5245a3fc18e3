// Package table is a game at the table: one game's live state, held in
// memory and rebuilt from the store, and everything that changes it. The
// HTTP routes that reach it (package server) read requests, check limits
// and write answers; what a request does to a game happens here.
//
// # What lives here
//
// A Table is one game in memory (game.go): its configuration (Config:
// seats, keys, the engine setup, a draft), its move log, the decision
// source that asks the seats (source.go; draft.go while the factions are
// drafted), the pages connected to it (subscribe.go), who is at the table
// (presence.go) and when the server's answers reach it (settings.go). Its
// lock guards all of it; a method whose name ends in Locked is called with
// that lock held (for a method of Tables, the tables' lock).
//
// Tables are every game this instance holds (table.go, memory.go: loaded
// on first use, unloaded when idle), and what makes them go on by
// themselves: the workers that make the server's answers, computers' moves
// and the passes made for a person (queue.go), the janitor (memory.go,
// keep.go), and with a store shared by several instances the games' leases,
// the shared presence and the notifications of other instances' moves
// (lease.go, listen.go). A change of a game's configuration (a claim, an
// invite, a start: seats.go) is a compare-and-swap on the stored one, so
// that an invite is claimed once over every instance.
//
// # How a move flows
//
// A seat's move, a computer's and one made for a person all go through
// Table.Move's pipeline (moves.go) under the game's lock:
//
//  1. checked: the game goes on, the move number is the current one, the
//     seat is the one the source says decides, the option is offered, and
//     any follow-up answers are ones its message offered;
//  2. described as a stored move (source.record: a draft pick by faction
//     name, a game decision as an engine.Choice) and tried on a copy (a
//     card's bug refuses the move and never reaches the log);
//  3. appended to the store's log (durable first; a move number taken by
//     another instance reloads the game and answers ErrStale);
//  4. applied (applyLocal: source.apply checks the record against what
//     this build offers), the next answer the server owes planned
//     (settings.go) and the store's marks updated (keep.go);
//  5. announced: one message per seat and one for the spectators
//     (message.go), built under the lock and marshalled and sent to every
//     Subscriber after it; then the workers are kicked (queue.go) in case
//     the next decision is the server's to make.
//
// A move loaded from the store (record.go: replaying a stored game, a
// legacy one migrated) is only applied (applyLocal); one made by another
// instance (table.go remoteMove) is applied and announced.
//
// # What else lives here, and why
//
// Making a game (create.go from the lobby's form, sandbox.go from a
// position, lessons.go from a lesson) builds its Config and adds it to the
// tables, counted against its owner's budget of games with computers
// (budget.go). The rules sandbox, the lessons and hints are kinds of play
// bound to the live state: a sandbox's one key plays whoever decides and
// its message shows every hand, a lesson's goal is checked after every
// move, a hint is worked out from the game under its lock and kept with it
// (hint.go). So their game-side halves are here; their routes are the
// server's. The post-game review works on a finished game's replay, not on
// live state, and stays in the server.
//
// The engine knows nothing of this package, and this package nothing of
// HTTP: the server imports it, never the reverse. What the server counts
// for /metrics it learns through Tables.States and Tables.OnThought.
package table
