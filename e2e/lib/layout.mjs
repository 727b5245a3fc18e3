// In-page checks of the table's layout, run with page.evaluate: what a
// person sees at a decision of theirs. Each returns a list of problems
// (strings), empty when all is well.

// tableCheck: every base's name, total and breakpoint visible, inside the
// window, and not covered by another element (a hit test at the element's
// centre; the tooltip, which lets clicks through, is tested by overlap);
// every target of the decision visible and not covered, after scrolling it
// into view inside its own scroll container (the hand strip, a base's
// column). Also reports names cut short and whether the page itself
// scrolled (it should not: the table is a fixed grid).
export function tableCheck(opts) {
  const probs = [], notes = [];
  const vw = innerWidth, vh = innerHeight;
  const tip = document.getElementById('tip');
  const tipRect = tip && !tip.hidden && tip.offsetWidth ? tip.getBoundingClientRect() : null;
  const describe = (el) => {
    if (!el) return 'nothing';
    let s = el.tagName.toLowerCase() + (el.id ? '#' + el.id : '') + (el.classList.length ? '.' + [...el.classList].join('.') : '');
    if (el.dataset && el.dataset.card) s += `[data-card=${el.dataset.card}]`;
    const txt = (el.textContent || '').trim().replace(/\s+/g, ' ').slice(0, 30);
    if (txt) s += ` "${txt}"`;
    const host = el.parentElement && el.parentElement.closest('[id], section[data-slot]');
    if (host) s += ` in ${host.id ? '#' + host.id : `base slot ${host.dataset.slot}`}`;
    return s;
  };
  const visible = (el, what) => {
    const r = el.getBoundingClientRect();
    if (r.width < 1 || r.height < 1) return `${what} has no size`;
    const cs = getComputedStyle(el);
    if (cs.visibility === 'hidden' || +cs.opacity < 0.1) return `${what} is hidden (${cs.visibility}, opacity ${cs.opacity})`;
    const x = r.left + r.width / 2, y = r.top + r.height / 2;
    if (x < 0 || y < 0 || x >= vw || y >= vh) return `${what} is outside the window (centre at ${Math.round(x)},${Math.round(y)}; window ${vw}x${vh})`;
    const h = document.elementFromPoint(x, y);
    if (!h) return `${what}: nothing is at its centre`;
    if (!(el.contains(h) || h.contains(el))) return `${what} is covered by ${describe(h)}`;
    if (tipRect && x >= tipRect.left && x <= tipRect.right && y >= tipRect.top && y <= tipRect.bottom) return `${what} is covered by the tooltip (#tip)`;
    return '';
  };
  const doc = document.scrollingElement;
  const bases = [...document.querySelectorAll('section[data-slot]')];
  if (opts.bases != null && bases.length !== opts.bases) probs.push(`${bases.length} bases on the page, the table has ${opts.bases}`);
  for (const b of bases) {
    const label = b.getAttribute('aria-label') || '';
    const nameEl = b.querySelector('[data-role=base-name]');
    const name = nameEl ? nameEl.textContent.trim() : '?';
    if (!/^Base ./.test(label)) probs.push(`base slot ${b.dataset.slot}: aria-label is "${label}", not "Base NAME"`);
    else if (nameEl && label !== 'Base ' + name) probs.push(`base slot ${b.dataset.slot}: aria-label "${label}" but its name reads "${name}"`);
    for (const role of ['base-name', 'base-total', 'base-breakpoint']) {
      const el = b.querySelector(`[data-role=${role}]`);
      if (!el) { probs.push(`base ${name} (slot ${b.dataset.slot}) has no [data-role=${role}]`); continue; }
      const p = visible(el, `the ${role.slice(5)} of base ${name} (slot ${b.dataset.slot})`);
      if (p) probs.push(p);
    }
    if (nameEl && nameEl.scrollWidth > nameEl.clientWidth + 1) notes.push(`base name "${name}" is cut (${nameEl.scrollWidth}px of text in ${nameEl.clientWidth}px)`);
  }
  if (doc.scrollTop || doc.scrollLeft) notes.push(`the page itself was scrolled (${doc.scrollLeft},${doc.scrollTop}) before the check`);
  const ghosts = document.querySelectorAll('.ghost-card[data-target]').length;
  if (ghosts) notes.push(`${ghosts} travelling copies of cards (.ghost-card) carry data-target`);
  const targets = [...document.querySelectorAll('[data-target]:not(.ghost-card)')];
  let n = 0;
  for (const el of targets) {
    if (!el.classList.contains('target')) { probs.push(`[data-target=${el.dataset.target}] has no class "target"`); continue; }
    n++;
    const before = [doc.scrollLeft, doc.scrollTop];
    el.scrollIntoView({ block: 'nearest', inline: 'nearest' });
    if (doc.scrollTop !== before[1] || doc.scrollLeft !== before[0]) {
      probs.push(`target ${el.dataset.target} (${describe(el)}) can only be reached by scrolling the whole page`);
      doc.scrollTo(before[0], before[1]);
    }
    const p = visible(el, `target ${el.dataset.target} (${describe(el)})`);
    if (p) probs.push(p);
  }
  const hand = document.getElementById('hand');
  const moving = !!document.querySelector('.ghost-card') || document.getAnimations().some(a => a.playState === 'running' && a.effect && a.effect.getComputedTiming().endTime !== Infinity);
  return { probs, notes, targets: n, moving, handTop: hand ? Math.round(hand.getBoundingClientRect().top) : null };
}

// logCheck: every log line is a sentence: a capital (or a digit) first, no "---".
export function logCheck() {
  const bad = [];
  const ls = [...document.querySelectorAll('#log li')].map(li => li.textContent.trim());
  for (const t of ls) {
    if (!t) bad.push('an empty line');
    else if (t.includes('---')) bad.push(`"${t}" contains "---"`);
    else if (!/^[\p{Lu}\p{N}"“'(▶]/u.test(t)) bad.push(`"${t}" does not start with a capital letter`);
    else if (/replaces (a|a hidden) card\b/.test(t)) bad.push(`"${t}" does not name the base replaced`);
    else if (/\b(undefined|null|NaN|\[object)/.test(t)) bad.push(`"${t}" shows a programming value`);
  }
  return { n: ls.length, bad: bad.slice(0, 8), sample: ls.slice(-6) };
}

// fitCheck: nothing clipped, everything tappable (issue 35, item 5). For
// every minion row and attached action on the bases: not wider than its
// base's column, its name not cut, reachable (scrolled into view inside
// its own column, never by scrolling the page) and not covered; on a phone
// (opts.phone) every lit target on the table at least 44 px tall and wide;
// every hand card reachable; the header in one row on a laptop; every base
// shows its text on a laptop; on a phone the dock covers at most 35% of the
// window (opts.dock, default 0.35). Returns {probs, minions, attached, hand}.
export function fitCheck(opts) {
  const probs = [];
  // brokenWord is a word of el's own text drawn on two lines ('' if none)
  const brokenWord = (el) => {
    const r = document.createRange();
    for (const t of el.childNodes) {
      if (t.nodeType !== 3) continue;
      for (const m of t.textContent.matchAll(/[^\s-]+/g)) {
        r.setStart(t, m.index); r.setEnd(t, m.index + m[0].length);
        const tops = new Set([...r.getClientRects()].filter(x => x.width > 0).map(x => Math.round(x.top)));
        if (tops.size > 1) return m[0];
      }
    }
    return '';
  };
  const vw = innerWidth, vh = innerHeight;
  const doc = document.scrollingElement;
  const name = (el) => ((el.querySelector('.nm') || el).textContent || '').trim().replace(/\s+/g, ' ').slice(0, 30);
  const seen = (el, what) => {
    const r = el.getBoundingClientRect();
    if (r.width < 1 || r.height < 1) return `${what} has no size`;
    const x = r.left + r.width / 2, y = r.top + Math.min(r.height / 2, 10);
    if (x < 0 || y < 0 || x >= vw || y >= vh) return `${what} is outside the window`;
    const h = document.elementFromPoint(x, y);
    if (!h || !(el.contains(h) || h.contains(el))) return `${what} is covered by ${h ? h.tagName.toLowerCase() + (h.id ? '#' + h.id : '') + '.' + [...h.classList].join('.') : 'nothing'}`;
    return '';
  };
  let minions = 0, attached = 0;
  // (the scroll of the bases' grid as the person left it, put back after the minions are scrolled into view)
  const grid = document.getElementById('bases'), gridAt = grid ? [grid.scrollLeft, grid.scrollTop] : null;
  for (const b of document.querySelectorAll('section.base[data-slot]')) {
    const col = b.getBoundingClientRect();
    const bname = (b.querySelector('[data-role=base-name]') || {}).textContent || '?';
    for (const el of b.querySelectorAll('.m[data-card], .att[data-card]')) {
      const isAtt = el.classList.contains('att');
      if (isAtt) attached++; else minions++;
      const what = `${isAtt ? 'attached card' : 'minion'} "${name(el)}" at ${bname}`;
      const before = [doc.scrollLeft, doc.scrollTop];
      el.scrollIntoView({ block: 'nearest', inline: 'nearest' });
      if (doc.scrollTop !== before[1] || doc.scrollLeft !== before[0]) { probs.push(`${what} can only be reached by scrolling the whole page`); doc.scrollTo(before[0], before[1]); }
      const r = el.getBoundingClientRect();
      if (r.right > col.right + 1 || r.left < col.left - 1) probs.push(`${what} runs out of its column (${Math.round(r.left)}–${Math.round(r.right)} in ${Math.round(col.left)}–${Math.round(col.right)})`);
      const nm = el.querySelector('.nm') || (isAtt ? el : null);
      if (nm && nm.scrollWidth > nm.clientWidth + 1) probs.push(`${what}: its name is cut (${nm.scrollWidth} px of text in ${nm.clientWidth} px)`);
      const broken = nm ? brokenWord(nm) : '';
      if (broken) probs.push(`${what}: the word "${broken}" is broken across two lines`);
      const p = seen(el, what);
      if (p) probs.push(p);
      if (opts.phone && el.classList.contains('target') && (r.height < 43.5 || r.width < 43.5)) probs.push(`${what} is a target of ${Math.round(r.width)}x${Math.round(r.height)} px on a phone (under 44 px)`);
    }
    if (opts.texts && !b.querySelector('.btext')) probs.push(`base ${bname} does not show its text`);
  }
  for (const col of document.querySelectorAll('.bmins')) col.scrollTop = 0;
  if (grid) grid.scrollTo(gridAt[0], gridAt[1]);
  const cards = [...document.querySelectorAll('#hand .card')];
  for (const el of cards) {
    el.scrollIntoView({ block: 'nearest', inline: 'nearest' });
    const p = seen(el, `hand card "${(el.querySelector('.cname') || el).textContent.trim()}"`);
    if (p) probs.push(p);
    const t = el.querySelector('.ctext');
    if (!t && !el.classList.contains('hidden')) probs.push(`hand card "${el.querySelector('.cname').textContent}" shows no rules text`);
  }
  const hand = document.getElementById('hand');
  if (hand) hand.scrollLeft = 0;
  if (!opts.phone) {
    const chips = [...document.querySelectorAll('#players > li')].map(li => Math.round(li.getBoundingClientRect().top));
    if (new Set(chips).size > 1) probs.push(`the header wraps: its players start at ${[...new Set(chips)].join(', ')} px`);
    const top = document.querySelector('.top');
    if (top && top.getBoundingClientRect().height > 80) probs.push(`the header is ${Math.round(top.getBoundingClientRect().height)} px tall`);
  }
  for (const ch of document.querySelectorAll('#players .pchip')) if (!ch.querySelector('.pfac')) { probs.push('a seat in the header does not show its factions'); break; }
  const dock = document.getElementById('dock');
  const share = dock ? dock.getBoundingClientRect().height / vh : 0;
  if (opts.phone && share > (opts.dock || 0.35)) probs.push(`the dock covers ${(100 * share).toFixed(0)}% of the window`);
  return { probs, minions, attached, hand: cards.length, dock: share };
}

// tapCheck: on a phone, everything a person taps to choose or to act is at
// least 44 px tall and wide (issue 35, item 5): every lit target (cards,
// bases, players), the bar's and the dock's buttons, the header's buttons
// and selects, the dialogs' buttons; what a tap only explains (a card's or
// a group's text in the detail panel: [data-info] that is no target) at
// least 24 px (WCAG's minimum), those under 44 px counted. Only what is in
// sight. Returns {probs, n, info, smallInfo}.
export function tapCheck() {
  const probs = [];
  const vw = innerWidth, vh = innerHeight;
  const describe = (el) => {
    const what = el.tagName.toLowerCase() + (el.id ? '#' + el.id : '') + (el.dataset.target ? `[data-target=${el.dataset.target}]` : '') + (el.classList.length ? '.' + [...el.classList].join('.') : '');
    const txt = (el.getAttribute('aria-label') || el.textContent || '').trim().replace(/\s+/g, ' ').slice(0, 30);
    return `${what}${txt ? ` "${txt}"` : ''}`;
  };
  const inSight = (r) => r.width >= 1 && r.height >= 1 && r.bottom > 0 && r.top < vh && r.right > 0 && r.left < vw;
  const acts = new Set(document.querySelectorAll('[data-target].target:not(.ghost-card), #bar button, #dock button, .top button, .top select, a.button, #menu button, #pile button, #confirm-end button, #overlay button, #gameover button'));
  let n = 0, infos = 0, smallInfo = 0;
  for (const el of acts) {
    const r = el.getBoundingClientRect();
    if (!inSight(r) || el.closest('[hidden]')) continue;
    n++;
    if (r.height < 43.5 || r.width < 43.5) probs.push(`${describe(el)} is a tap of ${Math.round(r.width)}x${Math.round(r.height)} px on a phone (under 44 px)`);
  }
  for (const el of document.querySelectorAll('[data-info][role=button]:not(.ghost-card)')) {
    if (acts.has(el)) continue;
    const r = el.getBoundingClientRect();
    if (!inSight(r) || el.closest('[hidden]')) continue;
    infos++;
    if (r.height < 43.5 || r.width < 43.5) smallInfo++;
    if (r.height < 23.5 || r.width < 23.5) probs.push(`${describe(el)}, a tap that shows a text, is ${Math.round(r.width)}x${Math.round(r.height)} px on a phone (under 24 px)`);
  }
  return { probs, n, info: infos, smallInfo };
}
