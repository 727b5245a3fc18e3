package table

import (
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/smashup/smashup/internal/engine"
	"github.com/smashup/smashup/internal/scenario"
	"github.com/smashup/smashup/internal/store"
)

// Reports ("Something looks wrong?"): a person at the table, or watching
// it, says what they see; the report keeps the game as it is then, as a
// replay and written down as a scenario (scenario.FromGame), for the
// operator. It holds every hidden card, so the reporter may open it (in
// the sandbox) only once the game is over, with the key only they got.

// MaxReportText is the longest report a person may write, in characters.
const MaxReportText = 1000

// ErrReportText is a report with no words, or too many.
var ErrReportText = fmt.Errorf("a report needs a few words on what looks wrong (at most %d characters)", MaxReportText)

// CleanReportText keeps the words of a report: control characters become
// spaces, the ends are trimmed; an empty or too long text is ErrReportText.
func CleanReportText(text string) (string, error) {
	if !utf8.ValidString(text) {
		return "", ErrReportText
	}
	text = strings.TrimSpace(strings.Map(func(r rune) rune {
		if r == '\n' {
			return r
		}
		if unicode.IsControl(r) || r == '\u2028' || r == '\u2029' {
			return ' '
		}
		return r
	}, text))
	if text == "" || utf8.RuneCountInString(text) > MaxReportText {
		return "", ErrReportText
	}
	return text, nil
}

// Report makes seat's report (engine.NoSeat: a spectator's) of the game as
// it is now, with the text cleaned by CleanReportText. It returns the report
// to store and the key that opens it, which only the reporter gets.
func (l *Table) Report(seat engine.Seat, text string, now time.Time) (store.Report, string, error) {
	text, err := CleanReportText(text)
	if err != nil {
		return store.Report{}, "", err
	}
	l.mu.Lock()
	if l.rec.foreign != "" {
		l.mu.Unlock()
		return store.Report{}, "", errors.New("this game cannot be reported: " + l.rec.foreign)
	}
	rep, err := l.replayLocked()
	l.mu.Unlock()
	if err != nil {
		return store.Report{}, "", err
	}
	raw, err := rep.Marshal()
	if err != nil {
		return store.Report{}, "", err
	}
	id, key := randomHex(8), randomHex(16)
	r := store.Report{ID: id, Game: l.id, KeyHash: HashReportKey(key), Seat: int(seat), Move: len(rep.Moves),
		Text: text, Created: now.UTC(), Replay: raw}
	if seat == engine.NoSeat {
		r.Seat = -1
	}
	first, _, _ := strings.Cut(text, "\n")
	if utf8.RuneCountInString(first) > 60 {
		first = string([]rune(first)[:60]) + "…"
	}
	w, err := scenario.FromGame(fmt.Sprintf("Report %s: %s", id, first),
		"reported by a player: name the rule it breaks, and make the last check say what should have happened", rep.Setup, rep.Moves)
	if err != nil {
		r.Problem = err.Error() // the replay is kept all the same
	} else {
		r.Scenario = reportHeader(r) + string(w.Text)
		r.Position, r.Moves = string(w.Setup), strings.TrimPrefix(scenario.ShareMoves(w.Moves), "&m=") // 1.0.2...
	}
	return r, key, nil
}

// reportHeader is the comment a report's scenario begins with: who said
// what, when.
func reportHeader(r store.Report) string {
	who := "a spectator"
	if r.Seat >= 0 {
		who = fmt.Sprintf("seat %d", r.Seat+1)
	}
	var b strings.Builder
	fmt.Fprintf(&b, "# Report %s on game %s, after %d decisions, by %s, %s:\n", r.ID, r.Game, r.Move, who, r.Created.Format(time.RFC3339))
	for _, l := range strings.Split(r.Text, "\n") {
		fmt.Fprintf(&b, "#   %s\n", l)
	}
	return b.String()
}

// HashReportKey is what a store keeps of a report's key.
func HashReportKey(key string) string {
	h := sha256.Sum256([]byte("smashup report key\x00" + key))
	return hex.EncodeToString(h[:])
}

func randomHex(n int) string {
	b := make([]byte, n)
	if _, err := rand.Read(b); err != nil {
		panic(err)
	}
	return hex.EncodeToString(b)
}
