'use strict';
let factions = [];
const $ = (id) => document.getElementById(id);
function seatRow(i) {
  const opts = factions.filter(f => f.playable).map(f => `<option>${f.name}</option>`).join('');
  return `<div class="row seat" data-i="${i}">Seat ${i + 1}
    <select class="kind"><option value="human">person</option><option value="ai" ${i > 0 ? 'selected' : ''}>computer</option><option value="random">random computer</option></select>
    <input class="name" placeholder="name" size="10">
    <span class="fs" ${$('mode').value === 'chosen' ? '' : 'hidden'}><select class="f1">${opts}</select> + <select class="f2">${opts}</select></span></div>`;
}
function render() {
  const n = +$('n').value;
  let h = '';
  for (let i = 0; i < n; i++) h += seatRow(i);
  $('seats').innerHTML = h;
  document.querySelectorAll('.seat').forEach((el, i) => {
    const f1 = el.querySelector('.f1'), f2 = el.querySelector('.f2');
    if (f1 && f1.options.length > 2 * i + 1) { f1.selectedIndex = 2 * i; f2.selectedIndex = 2 * i + 1; }
  });
}
async function create() {
  $('err').textContent = '';
  const seats = [], names = [], fs = [];
  document.querySelectorAll('.seat').forEach(el => {
    seats.push(el.querySelector('.kind').value);
    names.push(el.querySelector('.name').value);
    fs.push($('mode').value === 'chosen' ? [el.querySelector('.f1').value, el.querySelector('.f2').value] : []);
  });
  const body = { seats, names, factions: fs, mode: $('mode').value, bases: $('bases').value };
  const sd = $('seed').value.trim();
  if (sd !== '') body.seed = Number(sd);
  const r = await fetch('/api/games', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  const j = await r.json();
  if (!r.ok) { $('err').textContent = j.error; return; }
  const base = location.origin;
  let h = '';
  j.links.forEach((l, i) => {
    if (l) h += `<div class="row">Seat ${i + 1}: <a class="link" href="${l}" target="_blank">${base}${l}</a></div>`;
    else h += `<div class="row">Seat ${i + 1}: computer</div>`;
  });
  h += `<div class="row">Spectators: <a class="link" href="${j.spectator}" target="_blank">${base}${j.spectator}</a></div>`;
  $('links').innerHTML = h;
  $('result').hidden = false;
}
fetch('/api/factions').then(r => r.json()).then(j => { factions = j; render(); });
$('n').onchange = render; $('mode').onchange = render; $('create').onclick = create;
