package wire

// Review is a finished game's review (GET /api/games/{id}/review): each
// player's estimated chance to win after every decision, and the moments a
// player's chance fell most with what the strongest computer level would
// have done there.
type Review struct {
	// Status: "working" (Done of Total positions estimated so far: ask
	// again), "done", or "failed" (Error says why).
	Status string `json:"status"`
	Done   int    `json:"done"`
	Total  int    `json:"total"`
	Error  string `json:"error,omitempty"`
	// Points: one per position, after each decision of the game (the
	// faction draft aside), the first before any; when done.
	Points []ReviewPoint `json:"points,omitempty"`
	// Swings: the biggest falls of a player's chance at their own
	// decisions, the biggest first (at most 5); when done.
	Swings []ReviewSwing `json:"swings,omitempty"`
}

// ReviewPoint is one position of the game.
type ReviewPoint struct {
	Turn    int   `json:"turn"`
	Player  int   `json:"player"`  // who decides here (-1: the game is over)
	Chances []int `json:"chances"` // each seat's estimated chance to win, in percent
}

// ReviewSwing is a decision after which its player's chance fell.
type ReviewSwing struct {
	Point  int    `json:"point"` // the position where the decision was made (Points' index)
	Turn   int    `json:"turn"`
	Player int    `json:"player"`
	From   int    `json:"from"` // the player's chance before, in percent
	To     int    `json:"to"`   // and after
	Played string `json:"played"`
	// Better: what the strongest computer level would have played there,
	// from what the player knew then ("" when the same).
	Better string `json:"better,omitempty"`
}
