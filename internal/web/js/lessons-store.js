// Lesson progress, kept in this browser only (localStorage): the ids of
// the lessons whose goal was reached.
const KEY = 'smashup.lessons.done';

export function doneLessons() {
  try {
    const v = JSON.parse(localStorage.getItem(KEY) || '[]');
    return new Set(Array.isArray(v) ? v : []);
  } catch { return new Set(); }
}

export function markDone(id) {
  const d = doneLessons();
  if (d.has(id)) return;
  d.add(id);
  try { localStorage.setItem(KEY, JSON.stringify([...d])); } catch { /* private mode: not kept */ }
}

// startLesson makes a game of lesson id and goes to its table.
export async function startLesson(id) {
  const r = await fetch('/api/lessons/' + encodeURIComponent(id), { method: 'POST' });
  const b = await r.json().catch(() => ({}));
  if (!r.ok || !b.link) throw new Error(b.error || `the server answered ${r.status}`);
  location.assign(b.link);
}

// startFirstGame makes a real game, the person against the easy computer,
// and goes to its table.
export async function startFirstGame() {
  const body = { seats: ['human', 'easy'], names: ['You', 'Computer'], mode: 'random', bases: 'sets', stand_in: 0, preset: 'first-game' };
  const r = await fetch('/api/games', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  const b = await r.json().catch(() => ({}));
  if (!r.ok || !b.links || !b.links[0]) throw new Error(b.error || `the server answered ${r.status}`);
  location.assign(b.links[0]);
}
