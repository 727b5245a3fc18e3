package server

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"net/http"
	"runtime"
	"sort"
	"sync"
	"time"

	"github.com/smashup/smashup/internal/ai"
	"github.com/smashup/smashup/internal/engine"
	"github.com/smashup/smashup/internal/present"
	"github.com/smashup/smashup/internal/store"
	"github.com/smashup/smashup/internal/table"
	"github.com/smashup/smashup/internal/wire"
)

// The post-game review (GET /api/games/{id}/review, any key of the game):
// once a game is over, every position of it (after each decision) is
// estimated with every card known by playouts in which every seat plays
// alike (ai.EstimateEven: reviewIterations playouts on one core, the same
// random numbers at every position), which gives each player's chance to
// win there, leaning toward nobody (a search rooted at the decider's
// question, as before, favoured whoever decided: the curve zigzagged by
// 15-20 points as a Me First window passed from one seat to another); the decisions after which their player's chance fell most
// are then searched again as the strongest computer level would have
// searched them at the time, from what that player knew (ai.NewAdvisor on
// one core), to say what it would have played.
//
// Cost: about 3 ms a position (BenchmarkEstimateGame: 0.54 s for a
// 160-decision two-player game on one core of the 2-core test machine),
// so a typical game is reviewed in one to three seconds, a long four-player
// game in under ten. Reviews are worked out one at a time on one goroutine,
// which steps aside while games with people wait for a computer's move;
// each is kept in memory (the last maxReviews) and stored with its game
// (store.Reviews: SQLite and PostgreSQL) under this build's rules
// fingerprint, so that a restarted server gives it again at once (a build
// with other rules works it out again).

// reviewIterations is the playouts per position.
const reviewIterations = 300

// maxReviews is how many reviews a server keeps in memory.
const maxReviews = 64

// reviews are the reviews a server has worked out or is working on.
type reviews struct {
	mu      sync.Mutex
	byGame  map[string]*review
	order   []string // oldest first
	pending []*review
	running bool
}

// review is one game's review in the making.
type review struct {
	id    string
	rep   *engine.Replay
	names present.Names
	seed  uint64
	out   wire.Review // guarded by reviews.mu
}

func (s *Server) handleReview(w http.ResponseWriter, r *http.Request) {
	l, _, ok := s.lookup(w, r)
	if !ok {
		return
	}
	rep, err := l.ReplayFile()
	names, seed := l.Names(), l.Config().Setup.Seed
	if err != nil {
		writeJSON(w, http.StatusConflict, apiError{err.Error()})
		return
	}
	if out, ok := s.cachedReview(l.ID()); ok {
		writeJSON(w, http.StatusOK, out)
		return
	}
	var stored *wire.Review
	if st, ok := s.store.(store.Reviews); ok { // worked out before (by this build)
		if b, err := st.LoadReview(r.Context(), l.ID(), engine.RulesFingerprint()); err == nil {
			var out wire.Review
			if json.Unmarshal(b, &out) == nil && out.Status == "done" {
				stored = &out
			}
		}
	}
	writeJSON(w, http.StatusOK, s.review(l.ID(), rep, names, seed, stored))
}

// cachedReview returns the review of game id held in memory, if any.
func (s *Server) cachedReview(id string) (wire.Review, bool) {
	rs := &s.reviews
	rs.mu.Lock()
	defer rs.mu.Unlock()
	if rv := rs.byGame[id]; rv != nil {
		return rv.out, true
	}
	return wire.Review{}, false
}

// review returns the review of game id as it stands, starting it when
// nobody has asked for it yet (stored: the one the store holds, if any).
func (s *Server) review(id string, rep *engine.Replay, names present.Names, seed uint64, stored *wire.Review) wire.Review {
	rs := &s.reviews
	rs.mu.Lock()
	defer rs.mu.Unlock()
	if rs.byGame == nil {
		rs.byGame = map[string]*review{}
	}
	if rv := rs.byGame[id]; rv != nil {
		return rv.out
	}
	if len(rs.order) >= maxReviews { // forget the oldest finished one
		for i, old := range rs.order {
			if rs.byGame[old].out.Status != "working" {
				delete(rs.byGame, old)
				rs.order = append(rs.order[:i:i], rs.order[i+1:]...)
				break
			}
		}
	}
	rv := &review{id: id, rep: rep, names: names, seed: seed, out: wire.Review{Status: "working", Total: len(rep.Moves) + 1}}
	rs.byGame[id] = rv
	rs.order = append(rs.order, id)
	if stored != nil {
		rv.out = *stored
		return rv.out
	}
	rs.pending = append(rs.pending, rv)
	if !rs.running && s.ctx.Err() == nil {
		rs.running = true
		go s.reviewWorker()
	}
	return rv.out
}

// reviewWorker works out the pending reviews one after another.
func (s *Server) reviewWorker() {
	rs := &s.reviews
	for {
		rs.mu.Lock()
		if len(rs.pending) == 0 || s.ctx.Err() != nil {
			rs.running = false
			rs.mu.Unlock()
			return
		}
		rv := rs.pending[0]
		rs.pending = rs.pending[1:]
		rs.mu.Unlock()
		out, err := s.workReview(rv)
		if st, ok := s.store.(store.Reviews); ok && err == nil {
			if b, jerr := json.Marshal(out); jerr == nil {
				ctx, cancel := context.WithTimeout(context.WithoutCancel(s.ctx), 10*time.Second)
				if serr := st.SaveReview(ctx, rv.id, engine.RulesFingerprint(), b); serr != nil {
					s.log().Error("storing a review", "game", rv.id, "err", serr)
				}
				cancel()
			}
		}
		rs.mu.Lock()
		if err != nil {
			rv.out = wire.Review{Status: "failed", Error: err.Error(), Done: rv.out.Done, Total: rv.out.Total}
		} else {
			rv.out = out
		}
		rs.mu.Unlock()
	}
}

// workReview estimates every position of rv's game, then its swings.
func (s *Server) workReview(rv *review) (out wire.Review, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("the review failed: %v", r)
		}
	}()
	rep := rv.rep
	g, err := engine.New(rep.Setup)
	if err != nil {
		return out, err
	}
	out = wire.Review{Status: "done", Total: len(rep.Moves) + 1}
	pct := func(x float64) int { return int(math.Round(100 * x)) }
	options := make([]int, len(rep.Moves)+1)
	for k := 0; ; k++ {
		for s.PeopleWait() && s.ctx.Err() == nil {
			time.Sleep(20 * time.Millisecond) // people's games first
		}
		if s.ctx.Err() != nil {
			return out, s.ctx.Err()
		}
		e := ai.EstimateEven(g, reviewIterations, table.SubSeed(rv.seed, "review", 0)) // one seed: the curve moves where the game does
		p := wire.ReviewPoint{Turn: int(g.Turn), Player: -1}
		if !g.Over && g.Pending.Active {
			p.Player = int(g.Pending.Player)
			options[k] = g.NumOptions()
		}
		for _, c := range e.Chances {
			p.Chances = append(p.Chances, pct(c))
		}
		out.Points = append(out.Points, p)
		s.reviews.mu.Lock()
		rv.out.Done = k + 1
		s.reviews.mu.Unlock()
		if k == len(rep.Moves) {
			break
		}
		if _, err := rep.Step(g, k, false); err != nil {
			return out, err
		}
		runtime.Gosched()
	}
	// the biggest falls of a player's chance at their own decisions
	var falls []wire.ReviewSwing
	for k := 0; k+1 < len(out.Points); k++ {
		p := out.Points[k].Player
		if p < 0 || options[k] < 2 {
			continue
		}
		from, to := out.Points[k].Chances[p], out.Points[k+1].Chances[p]
		if from-to >= 2 {
			falls = append(falls, wire.ReviewSwing{Point: k, Turn: out.Points[k].Turn, Player: p, From: from, To: to})
		}
	}
	sort.SliceStable(falls, func(i, j int) bool { return falls[i].From-falls[i].To > falls[j].From-falls[j].To })
	if len(falls) > 5 {
		falls = falls[:5]
	}
	if len(falls) > 0 {
		if err := rv.explain(falls); err != nil {
			return out, err
		}
	}
	out.Swings = falls
	out.Done = out.Total
	return out, nil
}

// explain says, for each fall, what was played and what the strongest
// computer level would have played from what the player knew then.
func (rv *review) explain(falls []wire.ReviewSwing) error {
	at := map[int]*wire.ReviewSwing{}
	last := 0
	for i := range falls {
		at[falls[i].Point] = &falls[i]
		last = max(last, falls[i].Point)
	}
	g, err := engine.New(rv.rep.Setup)
	if err != nil {
		return err
	}
	for k := 0; k <= last; k++ {
		if f := at[k]; f != nil {
			seat := g.Pending.Player
			_, d := wire.Build(g, seat, rv.names)
			if d != nil {
				if o := table.OptionAt(d, rv.rep.Moves[k]); o != nil {
					f.Played = reviewWords(d, o, rv.names)
				}
				c := new(engine.Game)
				c.CopyFrom(g)
				v := c.View(seat)
				a := ai.NewAdvisor(table.SubSeed(rv.seed, "review-advice", uint64(k)), 1, table.HintTime).Analyze(c, &v)
				if a.Choice != rv.rep.Moves[k] {
					if o := table.OptionAt(d, a.Choice); o != nil {
						f.Better = reviewWords(d, o, rv.names)
					}
				}
			}
		}
		if _, err := rv.rep.Step(g, k, false); err != nil {
			return err
		}
	}
	return nil
}

// reviewWords says what option o of decision d does, with the question it
// answers when d asks one while something resolves.
func reviewWords(d *wire.Decision, o *wire.Option, names present.Names) string {
	w := table.HintWords(d, o, names, engine.NoSeat, true)
	if d.Kind == "choice" && d.Prompt != "" {
		w += fmt.Sprintf(" (asked: %q)", d.Prompt)
	}
	return w
}
