// The pending decision as things to click: which elements of the table are
// targets, which hand cards are selected first (choose, then commit), and
// which answers are buttons. A move is a path: the option's index, then the
// indexes of the answers to its follow-up questions (option.then).
//
// Keys name the elements: "card:ID" (a card anywhere on the table, in a
// hand or a discard pile), "base:SLOT", "player:SEAT", "pile:SEAT" (a
// discard pile holding targets), "tray:PATH" (a card shown apart).

// keyOf is where option o (reached by path) lies.
export function keyOf(o, path) {
  const t = o.target || {};
  switch (t.where) {
    case 'hand': case 'table': case 'discard': return t.card != null ? `card:${t.card}` : `tray:${path.join('.')}`;
    case 'base': return `base:${t.base}`;
    case 'player': return t.card != null ? `card:${t.card}` : `player:${t.player}`;
    case 'tray': return `tray:${path.join('.')}`;
    default: return '';
  }
}

// text is what a button for option o says.
export function optText(o, d, n) {
  const name = o.card && !o.card.hidden ? o.card.name : 'a hidden card';
  switch (o.kind) {
    case 'play': return `Play ${name}${o.special ? ' (Special)' : ''}`;
    case 'use': return `Use ${name}${o.special ? ' (Special)' : ' (Talent)'}`;
    case 'pass': return d && d.kind === 'main' ? 'End the Play Cards phase' : d && d.kind === 'window' ? 'Pass' : cap(o.label || 'Done');
    case 'yes': return cap(o.label || 'Yes');
    case 'no': return cap(o.label || 'No');
    case 'number': return String(o.number);
    case 'text': return o.text || cap(o.label);
    case 'player': return n ? n.you(o.player) : cap(o.label);
    case 'card': return o.card ? `Choose ${name}` : cap(o.label);
    default: return cap(o.label || name);
  }
}
const cap = (s) => (s ? s[0].toUpperCase() + s.slice(1) : '');

// byIndex is the option of decision d that a move sends as index i.
export const byIndex = (d, i) => (d.options || []).find(o => o.index === i);

// answered: an option whose follow-up question is answered by a button
// (an ability chosen among several waiting, and its "may": yes or no),
// offered as one answer for each (its path: the option, then the answer).
const answered = (o) => !!o.then && o.then.options.every(t => !keyOf(t, [o.index, t.index]));

// needsSelect: an option chosen in two steps (its card is selected first).
const needsSelect = (o) => (o.target && o.target.where === 'hand') || (!!o.then && !answered(o));

// thenText is what the button for option o with its follow-up answer t says.
export function thenText(o, t, d) {
  const name = o.card && !o.card.hidden ? o.card.name : '';
  if (name && t.kind === 'yes') return `Use ${name}`;
  if (name && t.kind === 'no') return `Don't use ${name}`;
  return `${optText(o, d)}: ${optText(t, d)}`;
}

// passedForMe reports a Me First window that the server answers for the
// seat: it holds nothing it could play there and did not ask to be asked in
// every window (the server passes after the same pause a computer takes).
export function passedForMe(u) {
  const d = u && u.decision;
  return !!(d && d.mine && d.kind === 'window' && (d.options || []).every(o => o.kind === 'pass') &&
    !(u.settings && u.settings.ask_every_window));
}

// mine reports whether update u asks the seat something it answers itself.
export const mine = (u) => !!(u && u.decision && u.decision.mine) && !passedForMe(u);

// plan is the decision as the page offers it, given the selected element.
export function plan(update, selected) {
  const out = {
    targets: new Map(),     // key -> [{path, o}] clicking commits (a menu when several)
    selectable: new Map(),  // key -> [option indexes] clicking selects
    bar: [],                // [{path, o, text, primary}]
    tray: [],               // [{key, o, path}]
    piles: new Set(),       // seats whose discard pile holds targets
    selected: null,         // {key, opts: [options]} when valid
    prompt: '',
  };
  const d = update && update.decision;
  if (!mine(update) || !d.options) return out;
  out.prompt = d.prompt || '';
  if (d.kind === 'draft') return out; // the factions are tiles on the table (view-draft.js)
  const add = (key, path, o) => {
    if (!key) { out.bar.push({ path, o, text: optText(o, d), primary: ['pass', 'yes'].includes(o.kind) }); return; }
    if (!out.targets.has(key)) out.targets.set(key, []);
    out.targets.get(key).push({ path, o });
    if (key.startsWith('tray:')) out.tray.push({ key, o, path });
    if (o.target && o.target.where === 'discard' && o.target.player != null) out.piles.add(o.target.player);
  };
  if (selected) {
    const opts = selected.opts.map(i => byIndex(d, i)).filter(Boolean);
    if (opts.length) {
      out.selected = { key: selected.key, opts };
      const prompts = new Set();
      for (const o of opts) {
        if (o.then) {
          prompts.add(o.then.prompt);
          for (const t of o.then.options) add(keyOf(t, [o.index, t.index]), [o.index, t.index], t);
        } else if (o.kind === 'play' && o.base != null) add(`base:${o.base}`, [o.index], o);
        else out.bar.push({ path: [o.index], o, text: optText(o, d), primary: true });
      }
      if (prompts.size === 1) out.prompt = [...prompts][0];
      return out;
    }
  }
  // every option, grouped by where it lies; an element with any two-step
  // option is selected first, and offers all its options once selected
  const byKey = new Map();
  for (const o of d.options) {
    if (answered(o)) { // one button an answer, and the element lit with both
      const k = keyOf(o, [o.index]);
      for (const t of o.then.options) {
        const path = [o.index, t.index];
        out.bar.push({ path, o: t, text: thenText(o, t, d), title: o.then.prompt, primary: t.kind === 'yes' });
        if (k) add(k, path, { ...t, label: thenText(o, t, d) });
      }
      continue;
    }
    const k = keyOf(o, [o.index]);
    if (!k) { add('', [o.index], o); continue; }
    if (!byKey.has(k)) byKey.set(k, []);
    byKey.get(k).push(o);
  }
  for (const [k, os] of byKey) {
    // a card of the hand chosen as the answer to a question (discard it,
    // give it, put it back) is one click; a card to play is selected first
    const oneClick = d.kind !== 'main' && os.length === 1 && !os[0].then && os[0].kind === 'card';
    if (!oneClick && os.some(needsSelect)) out.selectable.set(k, os.map(o => o.index));
    else for (const o of os) add(k, [o.index], o);
  }
  // identical copies in the hand: when one copy is offered, every copy is
  // (playing either is the same move), so every copy glows
  const hand = (update.table && update.table.hand) || [];
  for (const c of hand) {
    const k = `card:${c.id}`;
    if (out.selectable.has(k) || out.targets.has(k)) continue;
    const twin = hand.find(x => x.key === c.key && out.selectable.has(`card:${x.id}`));
    if (twin) out.selectable.set(k, out.selectable.get(`card:${twin.id}`));
  }
  return out;
}

// single is the one answer of a selected element that needs nothing else
// (a targetless action: its "Play" button), or null: a double click or a
// double tap on the element makes that move at once (input.js).
export function single(update, key) {
  const p0 = plan(update, null);
  if (!p0.selectable.has(key)) return null;
  const p = plan(update, { key, opts: p0.selectable.get(key) });
  if (p.targets.size || p.bar.length !== 1) return null;
  return p.bar[0].path;
}

// nothingToPlay reports a Play Cards phase whose only answer is to end it.
export function nothingToPlay(update) {
  const d = update && update.decision;
  return !!(mine(update) && d.kind === 'main' && d.options.length && d.options.every(o => o.kind === 'pass'));
}

// isTarget reports whether key is clickable in plan p (a target, or a card to select).
export const isTarget = (p, key) => p.targets.has(key) || p.selectable.has(key);

// where says in words where the choices lie, for the hint.
// (piled: the discard piles' cards are shown in the tray, js/view-panels.js)
export function where(p, n, piled = false) {
  if (p.selected) {
    if ([...p.targets.keys()].some(k => k.startsWith('base:'))) return 'Now click a lit base, or Cancel.';
    if (p.targets.size) return 'Now click a lit target, or Cancel.';
    if (p.bar.length === 1) return 'Confirm with the button, or click the card again at once (a double click or a double tap plays it); or Cancel.';
    return 'Confirm with the button, or Cancel.';
  }
  const keys = [...p.targets.keys(), ...p.selectable.keys()];
  const hand = [...p.selectable.values()].length;
  if (p.piles.size && piled) return hand ? 'Click a lit card in your hand or one shown above it to select it.' : 'Choose one of the cards shown above your hand.';
  if (p.piles.size) return `The cards to choose are in ${[...p.piles].map(i => n.yours(i)).join(' or ')} discard pile: open the lit pile at the top.`;
  if (p.tray.length) return 'Choose one of the cards shown above your hand.';
  if (keys.some(k => k.startsWith('player:'))) return 'Click a lit player at the top of the page.';
  const buttons = p.bar.some(b => b.o.kind !== 'pass');
  if (keys.some(k => k.startsWith('base:'))) return buttons ? 'Click a lit base, or answer with a button.' : 'Click a lit base.';
  if (hand && p.bar.length && !p.targets.size) return 'Click a lit card in your hand to select it, or answer with a button.';
  if (hand) return 'Click a lit card to select it.';
  if (keys.length) return 'Click a lit card on the table.';
  return 'Answer with a button.';
}

// playsLeft is "1 minion · 1 action left" for the current player.
export function playsLeft(pl) {
  if (!pl) return '';
  const bits = [];
  if (pl.minions) bits.push(`${pl.minions} minion${pl.minions > 1 ? 's' : ''}`);
  if (pl.actions) bits.push(`${pl.actions} action${pl.actions > 1 ? 's' : ''}`);
  if (pl.extras) bits.push(`${pl.extras} extra play${pl.extras > 1 ? 's' : ''}`);
  return bits.length ? `${bits.join(' · ')} left` : 'no plays left';
}

// unusedPlays is the question asked before ending the Play Cards phase
// with plays left ('' when there is nothing to ask).
export function unusedPlays(update) {
  const d = update.decision, t = update.table;
  if (!d || d.kind !== 'main' || !t) return '';
  if (!d.options.some(o => o.kind === 'play')) return '';
  const pl = t.players[update.seat];
  if (!pl) return '';
  const bits = [];
  if (pl.minions) bits.push(`${pl.minions} minion${pl.minions > 1 ? 's' : ''}`);
  if (pl.actions) bits.push(`${pl.actions} action${pl.actions > 1 ? 's' : ''}`);
  if (pl.extras) bits.push(`${pl.extras} extra play${pl.extras > 1 ? 's' : ''}`);
  if (!bits.length) return '';
  const list = bits.length > 1 ? `${bits.slice(0, -1).join(', ')} and ${bits[bits.length - 1]}` : bits[0];
  return `You still have ${list} to play`;
}
