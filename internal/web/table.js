// Drawing the table: cards, bases, players, as HTML strings. Pure functions
// of the message and the catalogue; game.js wires them to the page.

export const PHASES = ['Start of turn', 'Play cards', 'Score bases', 'Draw 2 cards', 'End of turn', 'Setup'];
export const PHASE_HELP = [
  'Abilities that happen at the start of a turn resolve.',
  'Play up to one minion and one action (plus any extra plays), and use Talents. Click Done playing to finish.',
  'Every base that reached its breakpoint scores, one at a time; players may use Specials first.',
  'The player draws two cards, then keeps at most ten.',
  'Effects that last until the end of the turn stop; the next player goes.',
  'The game is being set up.',
];
export const TYPES = ['', 'Minion', 'Action', 'Base', 'Titan'];
export const SETS = { core: 'Core Set', monster_smash: 'Monster Smash', culture_shock: 'World Tour: Culture Shock', geekier_box: 'The Bigger Geekier Box' };
export const FACTION_COLOURS = {
  'Aliens': '#a5e66e', 'Anansi Tales': '#e9c75f', 'Ancient Incas': '#f2ab6e', 'Dinosaurs': '#e6a062',
  'Geeks': '#aab8ff', 'Giant Ants': '#e0957a', "Grimms' Fairy Tales": '#a3d6a4', 'Mad Scientists': '#74e2d2',
  'Ninjas': '#b3bccb', 'Pirates': '#e4bf66', 'Polynesian Voyagers': '#79cdeb', 'Robots': '#9fd0ec',
  'Russian Fairy Tales': '#eba8cf', 'Smash Up All Stars': '#ffd86b', 'Tricksters': '#8ddcad', 'Vampires': '#ef97aa',
  'Werewolves': '#cfb08a', 'Wizards': '#c2a8f5', 'Zombies': '#b7d494',
};
export const FACTION_BLURBS = {
  'Aliens': 'Send minions back to their owners\' hands and shake up the bases.',
  'Anansi Tales': 'Sly storytellers who trade places and turn plans around.',
  'Ancient Incas': 'Patient builders who reuse their actions and shape the bases.',
  'Dinosaurs': 'Huge power on few minions, with armour and upgrades.',
  'Geeks': 'Stop other players\' actions and win the long game.',
  'Giant Ants': 'Grow +1 power counters and hand them from ant to ant.',
  "Grimms' Fairy Tales": 'Dark storybook magic: curses, wishes and twists of fate.',
  'Mad Scientists': 'Experiments that trade minions and counters for raw power.',
  'Ninjas': 'Slip onto a base at the last moment and remove a rival.',
  'Pirates': 'Sail minions from base to base and sink the small ones.',
  'Polynesian Voyagers': 'Navigators who move between bases and ride the tide.',
  'Robots': 'A swarm of small minions that bring out more minions.',
  'Russian Fairy Tales': 'Folk heroes and witches that bend the usual rules.',
  'Smash Up All Stars': 'A mixed team of favourites from all over the game.',
  'Tricksters': 'Traps and pranks that punish anyone who plays near them.',
  'Vampires': 'Feed on destroyed minions and grow stronger each time.',
  'Werewolves': 'Bursts of power that last until the end of the turn.',
  'Wizards': 'Extra actions and card draws, one spell after another.',
  'Zombies': 'Bring minions back from the discard pile again and again.',
};
export const PLAYER_VARS = ['var(--p0)', 'var(--p1)', 'var(--p2)', 'var(--p3)'];

export const esc = (s) => String(s ?? '').replace(/[&<>"']/g, c => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }[c]));
export const fc = (f) => FACTION_COLOURS[f] || '#c9c4b8';
const ordinal = (n) => ['', '1st', '2nd', '3rd', '4th'][n] || `${n}th`;
export { ordinal };

// Ctx carries what drawing needs: seat names, the catalogue, targets.
export function seatName(ctx, i) {
  if (i == null || i < 0) return '';
  const s = ctx.seats && ctx.seats[i];
  return s ? s.name : `Player ${i + 1}`;
}
export function you(ctx, i) { return i === ctx.me ? `${seatName(ctx, i)} (you)` : seatName(ctx, i); }

export function cardText(ctx, c) {
  const e = ctx.catalog && ctx.catalog[c.Key];
  return (e && e.text) || c.Text || '';
}

// targetAttrs marks an element the pending decision may choose.
function targetAttrs(ctx, key) {
  const t = ctx.targets && ctx.targets.get(key);
  return t ? { cls: ' target', label: 'Choose: ' } : { cls: '', label: '' };
}

// card draws one card. where: 'hand', 'play', 'attached', 'pile', 'tray'.
export function card(ctx, c, where) {
  const text = cardText(ctx, c);
  const t = targetAttrs(ctx, `card:${c.ID}`);
  const minion = c.Type === 1;
  let foot = '', footLabel = '';
  if (where === 'play' || where === 'attached') {
    const ctrl = c.Ctrl >= 0 ? c.Ctrl : c.Owner;
    foot = you(ctx, ctrl);
    if (c.Owner >= 0 && c.Owner !== ctrl) foot += ` · owner ${seatName(ctx, c.Owner)}`;
    footLabel = `, controlled by ${foot}`;
  } else if (where === 'pile' && c.Owner >= 0) {
    foot = seatName(ctx, c.Owner);
  }
  const ctrlIdx = c.Ctrl >= 0 ? c.Ctrl : c.Owner;
  const pc = ctrlIdx >= 0 ? PLAYER_VARS[ctrlIdx] : '#ddd';
  const kind = TYPES[c.Type] || '';
  const cls = `card ${minion ? 'minion' : 'action'}${where === 'attached' ? ' mini' : ''}${t.cls}${ctx.last && ctx.last.has(c.ID) ? ' last' : ''}`;
  const sr = (x) => `<span class="sr-only">${esc(x)}</span>`;
  return `<div class="${cls}" role="button" tabindex="0" data-card="${c.ID}" data-k="card:${c.ID}" data-where="${where}" style="--fc:${fc(c.Faction)};--pc:${pc}" data-tip="${esc(`${c.Name}|${kind}${minion ? ` · power ${c.Power}` : ''} · ${c.Faction || ''}|${text}`)}">
${t.label ? sr(t.label) : ''}<div class="chead"><span class="cname">${esc(c.Name)}</span>${minion ? `${sr(', power')}<span class="cpow${c.Power > c.Printed ? ' up' : c.Power < c.Printed ? ' down' : ''}">${c.Power}</span>${c.Power !== c.Printed ? sr(` (printed ${c.Printed})`) : ''}` : ''}</div>
<div class="ctype">${sr(', ')}${esc(kind)} · ${esc(c.Faction || '')}</div>
<div class="ctext">${sr('. ')}${esc(text)}</div>${c.Counters ? `<span class="badge">+${c.Counters}${sr(' power counters')}</span>` : ''}${foot ? `<div class="cfoot">${sr(where === 'pile' ? 'Owner: ' : 'Controlled by ')}${esc(foot)}</div>` : ''}</div>`;
}

export function optionCard(ctx, o, key) {
  const t = targetAttrs(ctx, key);
  if (o.Hidden) {
    const who = seatName(ctx, o.Holder);
    return `<div class="card action${t.cls}" role="button" tabindex="0" data-k="${key}" style="--fc:#8b93a3" data-tip="${esc(`Hidden card|held by ${who}|You cannot see which card this is.`)}">
${t.label ? `<span class="sr-only">${t.label}</span>` : ''}<div class="chead"><span class="cname">Hidden card</span></div><div class="ctext">${esc(who)}</div></div>`;
  }
  const byName = ctx.byName && ctx.byName[o.CardName || o.BaseName];
  const faction = byName ? byName.faction : '';
  const text = (byName && byName.text) || o.CardText || '';
  const minion = o.CardType === 1;
  const kind = TYPES[o.CardType] || '';
  const name = o.CardName || o.BaseName || '';
  return `<div class="card ${minion ? 'minion' : 'action'}${t.cls}" role="button" tabindex="0" data-k="${key}" style="--fc:${fc(faction)}" data-tip="${esc(`${name}|${kind}${minion ? ` · power ${o.Power}` : ''} · ${faction}|${text}`)}">
${t.label ? `<span class="sr-only">${t.label}</span>` : ''}<div class="chead"><span class="cname">${esc(name)}</span>${minion ? `<span class="sr-only">, power</span><span class="cpow">${o.Power}</span>` : ''}</div>
<div class="ctype">${esc(kind)}${faction ? ' · ' + esc(faction) : ''}</div><div class="ctext">${esc(text)}</div></div>`;
}

// base draws a base with its minions.
export function base(ctx, v, b) {
  const text = cardText(ctx, b.Card);
  const t = targetAttrs(ctx, `slot:${b.Slot}`);
  const n = v.NPlayers;
  const segs = [];
  for (let i = 0; i < n; i++) if (b.PowerBy[i] > 0) segs.push(`<span class="seg" style="--pc:${PLAYER_VARS[i]};width:${Math.min(100, 100 * b.PowerBy[i] / Math.max(1, b.Current))}%"></span>`);
  const standing = [];
  const order = [...Array(n).keys()].filter(i => b.PowerBy[i] > 0 || b.HasMinions[i]).sort((a, c) => b.PowerBy[c] - b.PowerBy[a]);
  for (const i of order) {
    const pl = b.Places[i];
    standing.push(`<li style="--pc:${PLAYER_VARS[i]}">${esc(you(ctx, i))} ${b.PowerBy[i]}${pl ? ` · <span class="place"><span class="sr-only">would take </span>${ordinal(pl)}</span>` : ''}</li>`);
  }
  const rewards = b.VP.map((x, i) => x ? `${ordinal(i + 1)} ${x}` : '').filter(Boolean).join(' · ');
  const mins = (b.Minions || []).map(m => `<div class="stack">${card(ctx, m, 'play')}${(m.Attached || []).length ? `<div class="attached" role="group" aria-label="Attached to ${esc(m.Name)}">${m.Attached.map(a => card(ctx, a, 'attached')).join('')}</div>` : ''}</div>`).join('');
  const acts = (b.Actions || []).map(a => card(ctx, a, 'attached')).join('');
  return `<article class="base${b.Scoring ? ' scoring' : ''}" aria-label="Base ${esc(b.Card.Name)}" data-base="${b.Slot}">
<div class="basecard${t.cls}" role="button" tabindex="0" data-k="slot:${b.Slot}" data-slot="${b.Slot}" style="--fc:${fc(b.Card.Faction)}" data-tip="${esc(`${b.Card.Name}|Base · breakpoint ${b.Current}${b.Current !== b.Breakpoint ? ` (printed ${b.Breakpoint})` : ''}|${text}`)}">
${t.label ? `<span class="sr-only">${t.label}</span>` : ''}<h2 class="bname">${esc(b.Card.Name)}${b.Scoring ? ' — scoring' : ''}</h2>
<p class="btext">${esc(text || 'No ability.')}</p>
<div class="bp">${segs.join('')}<span class="lbl"><span class="sr-only">Power </span>${b.Total} / ${b.Current}<span class="sr-only"> to score</span></span></div>
<div class="rewards"><span class="sr-only">Rewards: </span>${esc(rewards)}</div>
${standing.length ? `<ul class="standing" aria-label="Power here">${standing.join('')}</ul>` : ''}
</div>
${acts ? `<div class="baseacts" role="group" aria-label="Actions on ${esc(b.Card.Name)}">${acts}</div>` : ''}
<div class="minions">${mins || '<span class="none">no minions yet</span>'}</div>
</article>`;
}

// playerChip draws one player in the header strip.
export function playerChip(ctx, v, p, i) {
  const t = targetAttrs(ctx, `player:${i}`);
  const disc = (p.Discard || []).length;
  const pileT = (ctx.pileTargets && ctx.pileTargets.has(i)) ? ' target' : '';
  const seat = (ctx.seats && ctx.seats[i]) || {};
  const kind = seat.kind && seat.kind !== 'human' ? 'computer' : 'person';
  // a person who has left: shown to everyone, with the computer standing in if it does
  const away = seat.stand_in ? 'away · computer plays' : seat.away ? 'away' : '';
  return `<div class="pchip${p.IsCurrent ? ' current' : ''}" role="listitem" style="--pc:${PLAYER_VARS[i]}">
<span class="band" aria-hidden="true"></span>
<span class="who${t.cls}" ${t.cls ? 'role="button" tabindex="0"' : ''} data-k="player:${i}" data-player="${i}" title="${esc(`${t.label}${you(ctx, i)}, ${kind}${away ? ` (${away})` : ''}${p.IsCurrent ? ', taking a turn' : ''}: ${p.VP} VP, ${p.HandSize} cards in hand, ${p.DeckSize} in deck; ${(p.Factions || []).join(' and ')}`)}">
${t.label ? `<span class="sr-only">${t.label}</span>` : ''}<b><span class="nm">${esc(you(ctx, i))}</span> <span class="vp">${p.VP} VP</span>${away ? ` <span class="away">${away}</span>` : ''}</b><small>${esc((p.Factions || []).join(' + '))} · hand ${p.HandSize} · deck ${p.DeckSize}</small></span>
<button class="pile${pileT}" data-pile="${i}" ><span class="pl-word">Discard</span> <span class="sr-only">pile of ${esc(seatName(ctx, i))}:</span> ${disc}${pileT ? '<span class="sr-only"> (cards to choose)</span>' : ''}</button></div>`;
}
