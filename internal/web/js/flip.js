// Cards that travel: the positions of every card before a change of the
// table, then each card animated from where it was to where it is (FLIP).
// A card that appears comes from its player's seat; one that leaves the
// table flies, faded, to its owner's seat.

const cardEls = () => document.querySelectorAll('#app [data-card]:not(.ghost-card)');

// capture notes where every card and every seat is now.
export function capture() {
  const cards = new Map();
  for (const el of cardEls()) {
    if (el.closest('#tip, #detail-panel, .ghost-card, #overlay, #gameover')) continue;
    const id = el.dataset.card;
    if (cards.has(id)) continue;
    const r = el.getBoundingClientRect();
    if (r.width === 0) continue;
    cards.set(id, { r, el: el.cloneNode(true) });
  }
  return { cards, seats: seatRects() };
}

function seatRects() {
  const m = new Map();
  for (const el of document.querySelectorAll('#app [data-seat-chip]')) m.set(el.dataset.seatChip, el.getBoundingClientRect());
  return m;
}

const visible = (r) => r.width > 0 && r.bottom > 0 && r.top < innerHeight;

// play animates from the positions in before to the present ones. from is
// the seat new cards come from (the acting player), owners maps card ids
// to the seat a leaving card flies to. ms: how long a card travels.
export function play(before, { from, owners, ms }) {
  if (!before || !ms || matchMedia('(prefers-reduced-motion: reduce)').matches) return;
  const seats = seatRects();
  const seen = new Set();
  const fresh = []; // cards in the hand under an id the page has not shown
  for (const el of cardEls()) {
    if (el.closest('#tip, #detail-panel, #overlay, #gameover')) continue;
    const id = el.dataset.card;
    if (seen.has(id)) continue;
    seen.add(id);
    const now = el.getBoundingClientRect();
    if (!visible(now)) continue;
    const old = before.cards.get(id);
    if (old) {
      const dx = old.r.left - now.left, dy = old.r.top - now.top;
      if (Math.abs(dx) < 2 && Math.abs(dy) < 2) continue;
      el.animate([{ transform: `translate(${dx}px, ${dy}px)` }, { transform: 'none' }], { duration: ms, easing: 'cubic-bezier(.2,.7,.3,1)' });
    } else if (el.classList.contains('hand') && el.dataset.key) {
      fresh.push({ el, now });
    } else if (from != null) {
      const s = seats.get(String(from)) || before.seats.get(String(from));
      if (!s) continue;
      const dx = s.left + s.width / 2 - (now.left + now.width / 2), dy = s.top + s.height / 2 - (now.top + now.height / 2);
      el.animate([{ transform: `translate(${dx}px, ${dy}px) scale(.4)`, opacity: 0 }, { transform: 'none', opacity: 1 }], { duration: ms, easing: 'cubic-bezier(.2,.7,.3,1)' });
    }
  }
  // A card takes a new id when it goes out of some seat's sight, or is
  // shown there (docs/protocol.md): a card of the same kind that has just
  // left (a minion returned to the hand, a hand card another player looked
  // at) travels to it; any other comes from the acting player's seat.
  const gone = new Map(); // data-key -> ids of the cards that left
  for (const [id, old] of before.cards) {
    const k = old.el.dataset && old.el.dataset.key;
    if (seen.has(id) || !k) continue;
    if (!gone.has(k)) gone.set(k, []);
    gone.get(k).push(id);
  }
  for (const { el, now } of fresh) {
    const ids = gone.get(el.dataset.key);
    const id = ids && ids.shift();
    if (id != null) {
      seen.add(id); // no ghost for it
      const old = before.cards.get(id);
      const dx = old.r.left - now.left, dy = old.r.top - now.top;
      if (Math.abs(dx) < 2 && Math.abs(dy) < 2) continue;
      el.animate([{ transform: `translate(${dx}px, ${dy}px)` }, { transform: 'none' }], { duration: ms, easing: 'cubic-bezier(.2,.7,.3,1)' });
      continue;
    }
    const s = from != null ? seats.get(String(from)) || before.seats.get(String(from)) : null;
    if (!s) continue;
    const dx = s.left + s.width / 2 - (now.left + now.width / 2), dy = s.top + s.height / 2 - (now.top + now.height / 2);
    el.animate([{ transform: `translate(${dx}px, ${dy}px) scale(.4)`, opacity: 0 }, { transform: 'none', opacity: 1 }], { duration: ms, easing: 'cubic-bezier(.2,.7,.3,1)' });
  }
  // cards that left: a ghost flies to their owner's seat and fades
  for (const [id, old] of before.cards) {
    if (seen.has(id) || !visible(old.r)) continue;
    const owner = owners && owners.get(id);
    const s = owner != null ? seats.get(String(owner)) : null;
    const g = old.el;
    g.classList.add('ghost-card');
    g.classList.remove('target', 'selected', 'hl');
    for (const el of [g, ...g.querySelectorAll('*')]) { // the copy is no card, no target: only a picture
      el.classList.remove('target', 'selected', 'hl');
      for (const a of ['id', 'data-target', 'data-card', 'data-key', 'data-info', 'tabindex', 'role']) el.removeAttribute(a);
    }
    g.setAttribute('aria-hidden', 'true');
    Object.assign(g.style, { left: old.r.left + 'px', top: old.r.top + 'px', width: old.r.width + 'px', height: old.r.height + 'px' });
    document.body.appendChild(g);
    const to = s ? `translate(${s.left - old.r.left}px, ${s.top - old.r.top}px) scale(.3)` : 'scale(.6)';
    g.animate([{ transform: 'none', opacity: 1 }, { transform: to, opacity: 0 }], { duration: ms * 1.2, easing: 'ease-in' }).onfinish = () => g.remove();
  }
}
