package wire

// Lesson is what a lesson game's page gets beyond a seat's update (the
// guided first game, issue 25): the lesson's goal in words, its hints, and
// whether the goal has been reached (checked by the server after every
// move; once reached it stays reached).
type Lesson struct {
	ID      string   `json:"id"` // "01-minion"
	Number  int      `json:"number"`
	Count   int      `json:"count"` // how many lessons there are
	Title   string   `json:"title"`
	Goal    string   `json:"goal"`
	Hints   []string `json:"hints"`
	Reached bool     `json:"reached"`
	// Next: the next lesson's id (absent after the last one).
	Next string `json:"next,omitempty"`
}
