package server

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/smashup/smashup/internal/table"
	"github.com/smashup/smashup/lessons"
)

func les(t *testing.T, id string) *lessons.Lesson {
	all, err := lessons.All()
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range all {
		if l.ID == id {
			return l
		}
	}
	t.Fatalf("no lesson %s", id)
	return nil
}

// TestLessonGame makes a lesson game over HTTP, checks that it is played
// as a real game (one seat, others computers, their hands hidden), plays
// the lesson's solution and sees the goal reached.
func TestLessonGame(t *testing.T) {
	_, c := newSandboxServer(t)
	var list []lessonItem
	if code := c.do("GET", "/api/lessons", "", "", nil, &list); code != 200 || len(list) < 8 || list[0].Title == "" {
		t.Fatalf("lessons: %d %+v", code, list)
	}
	var e apiError
	if code := c.do("POST", "/api/lessons/nothing", "", "", nil, &e); code != 404 {
		t.Fatalf("an unknown lesson: %d %v", code, e)
	}
	for _, id := range []string{"01-minion", "07-me-first"} {
		var resp table.SandboxResponse
		if code := c.do("POST", "/api/lessons/"+id, "", "", nil, &resp); code != 200 {
			t.Fatalf("lesson %s: %d", id, code)
		}
		gid, key := linkParts(t, resp.Link)
		m := c.state(gid, key)
		if m.Lesson == nil || m.Lesson.ID != id || m.Lesson.Reached || m.Lesson.Goal == "" || len(m.Lesson.Hints) < 2 || m.Sandbox != nil {
			t.Fatalf("lesson %s: first update %+v sandbox %v", id, m.Lesson, m.Sandbox)
		}
		if m.Seat != 0 || len(m.Seats) != 2 || m.Seats[1].Kind != "easy" || m.Decision == nil || !m.Decision.Mine {
			t.Fatalf("lesson %s: seat %d seats %+v decision %+v", id, m.Seat, m.Seats, m.Decision)
		}
		if m.Table == nil || len(m.Table.Hand) != len(les(t, id).Pos.Setup.Players[0].Hand) || m.Table.Players[1].Hand == 0 {
			t.Fatalf("lesson %s: my hand %d cards, the computer's %+v", id, len(m.Table.Hand), m.Table.Players[1])
		}
		if m.Lesson.Number == 1 && m.Lesson.Next != "02-action" {
			t.Fatalf("lesson %s: next %q", id, m.Lesson.Next)
		}
		moves, failed := les(t, id).Pos.Steps()
		if failed != "" {
			t.Fatal(failed)
		}
		for i, opt := range moves {
			if m.Lesson.Reached {
				t.Fatalf("lesson %s: reached before move %d", id, i+1)
			}
			var next Message
			body, _ := json.Marshal(map[string]int{"move": m.Move, "option": opt})
			if code := c.do("POST", "/api/games/"+gid+"/move", "application/json", key, body, &next); code != 200 {
				t.Fatalf("lesson %s: move %d: %d %s", id, i+1, code, next.Error)
			}
			m = next
		}
		if !m.Lesson.Reached {
			t.Fatalf("lesson %s: the solution did not reach the goal", id)
		}
		if m = c.state(gid, key); !m.Lesson.Reached { // it stays reached whatever the computer does next
			t.Fatalf("lesson %s: no longer reached", id)
		}
		if code := c.do("POST", "/api/games/"+gid+"/rematch", "", key, nil, &e); code != 409 || !strings.Contains(e.Error, "lesson") { // the lessons page starts it again
			t.Fatalf("lesson %s: a rematch: %d %v", id, code, e)
		}
	}
}
