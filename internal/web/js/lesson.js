// The lesson panel on the table page (a game with update.lesson: one of
// the guided first game's lessons): the goal in words, hints shown one at
// a time, and once the server finds the goal reached, the way on (the next
// lesson, or at the end a first real game against the easy computer).
import { html } from '../vendor/preact-htm.js';
import { set } from './store.js';
import { markDone, startLesson, startFirstGame } from './lessons-store.js';

export function LessonPanel(ctx) {
  const { s, u } = ctx;
  const l = u.lesson;
  const shown = s.lessonHints || 0;
  if (l.reached) markDone(l.id);
  const go = async (e, f) => {
    e.target.disabled = true;
    try { await f(); } catch (err) { set({ lessonError: err.message }); e.target.disabled = false; }
  };
  return html`<section id="lesson" aria-label="Lesson" class=${l.reached ? 'reached' : ''}>
    <div class="lsrow">
      <span class="lstag">Lesson ${l.number} of ${l.count}</span>
      <b class="lstitle">${l.title}</b>
      <span class="lstools">
        ${shown < l.hints.length && !l.reached ? html`<button id="lesson-hint" onClick=${() => set({ lessonHints: shown + 1 })}>${shown ? 'Another hint' : 'Show a hint'}</button>` : null}
        <a class="button" href="/learn" id="lesson-all">All lessons</a>
      </span>
    </div>
    <p class="lsgoal"><span class="lslabel">Goal</span> ${l.goal}</p>
    ${shown ? html`<ol class="lshints">${l.hints.slice(0, shown).map((h, i) => html`<li key=${i}>${h}</li>`)}</ol>` : null}
    ${l.reached ? html`<div id="lesson-reached" class="lsdone" role="status">
      <span class="lsok">✓ Goal reached!</span>
      ${l.next
        ? html`<button class="primary" id="lesson-next" onClick=${(e) => go(e, () => startLesson(l.next))}>Next lesson</button>`
        : html`<span>That was the last lesson.</span><button class="primary" id="lesson-first-game" onClick=${(e) => go(e, startFirstGame)}>Play a first game against the easy computer</button>`}
      <span class="hint-text">Or keep playing this table as long as you like.</span>
    </div>` : null}
    ${s.lessonError ? html`<p class="error" role="alert">${s.lessonError}</p>` : null}
  </section>`;
}
