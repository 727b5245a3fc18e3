// The "Learn to play" page (/learn): the lessons in order, each marked
// when its goal was reached in this browser, and the offer of a first real
// game against the easy computer.
import { doneLessons, startLesson, startFirstGame } from './js/lessons-store.js';

const $ = (id) => document.getElementById(id);

function render(list) {
  const done = doneLessons();
  const ol = $('lessons');
  ol.replaceChildren();
  const next = list.find(l => !done.has(l.id));
  list.forEach((l, i) => {
    const li = document.createElement('li');
    li.className = 'lesson' + (done.has(l.id) ? ' done' : '') + (next && next.id === l.id ? ' next' : '');
    li.dataset.lesson = l.id;
    const text = document.createElement('div');
    text.className = 'ltext';
    const h = document.createElement('b');
    h.textContent = `${i + 1}. ${l.title}`;
    const g = document.createElement('span');
    g.className = 'hint-text';
    g.textContent = l.goal;
    text.append(h, g);
    const mark = document.createElement('span');
    mark.className = 'lmark';
    mark.textContent = done.has(l.id) ? '✓ done' : '';
    const btn = document.createElement('button');
    btn.textContent = done.has(l.id) ? 'Play again' : 'Start';
    if (next && next.id === l.id) btn.className = 'primary';
    btn.onclick = async () => {
      btn.disabled = true;
      try { await startLesson(l.id); } catch (e) { $('learn-err').textContent = `The lesson cannot start: ${e.message}`; btn.disabled = false; }
    };
    li.append(text, mark, btn);
    ol.append(li);
  });
  if (!next) {
    $('done-text').textContent = 'You have reached the goal of every lesson. Time for a whole game against the easy computer: two factions each, dealt at random, first to 15 victory points.';
    $('learn-done').classList.add('ready');
  }
}

fetch('/api/lessons').then(r => r.json()).then(render).catch(() => {
  $('learn-err').textContent = 'The lessons cannot be loaded. Check the connection and reload the page.';
});

$('first-game').onclick = async () => {
  $('first-game').disabled = true;
  try { await startFirstGame(); } catch (e) { $('first-err').textContent = `The game cannot start: ${e.message}`; $('first-game').disabled = false; }
};
