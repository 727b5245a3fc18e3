// The sandbox page (/sandbox): open a position written in the scenario
// format (pasted, loaded from a file, or carried by a share link's
// fragment, #p=...&m=...) as a sandbox game, then go to its table.
const $ = (id) => document.getElementById(id);
const text = $('sb-text'), err = $('sb-err'), pick = $('sb-pick');
const MAX = 64 * 1024;

const EXAMPLE = `name: A race for Tar Pits
rule: the player with the most power at a base takes its first place
setup:
  players:
    - id: Ann
      factions: [Dinosaurs, Aliens]
      hand: [King Rex, Augmentation, Invader]
      deck: [Laseratops, Scout, War Raptor]
    - id: Bob
      factions: [Ninjas, Pirates]
      hand: [Ninja Master, Shinobi, Full Sail]
      deck: [First Mate, Buccaneer, Tiger Assassin]
  bases:
    - base: Tar Pits
      cards:
        - { card: Laseratops, owner: Ann }
        - { card: Saucy Wench, owner: Bob }
        - { card: Tiger Assassin, owner: Bob, counters: 1 }
    - base: The Homeworld
      cards:
        - { card: Collector, owner: Ann }
    - base: Jungle Oasis
  base_deck: [Rhodes Plaza Mall, Ninja Dojo]
  current: Ann
`;

function showError(msg, line) {
  err.textContent = msg;
  if (line > 0) {
    const lines = text.value.split('\n');
    const start = lines.slice(0, line - 1).reduce((n, l) => n + l.length + 1, 0);
    const end = start + (lines[line - 1] || '').length;
    text.focus();
    text.setSelectionRange(start, end);
    // bring the line into the box's view
    const lh = parseFloat(getComputedStyle(text).lineHeight) || 18;
    text.scrollTop = Math.max(0, (line - 3) * lh);
  }
}

function size() {
  const n = new TextEncoder().encode(text.value).length;
  $('sb-size').textContent = n > MAX ? `${Math.ceil(n / 1024)} KB: a position may be at most 64 KB` : '';
}

async function open(p) {
  err.textContent = '';
  pick.hidden = true;
  $('sb-failed').hidden = true;
  if (!text.value.trim()) { showError('Paste a position first (or put the example here).'); return; }
  $('sb-open').disabled = true;
  try {
    const q = new URLSearchParams();
    if (p) q.set('pick', p);
    if ($('sb-steps').checked) q.set('steps', '1');
    const r = await fetch('/api/sandbox' + (q.toString() ? '?' + q : ''), { method: 'POST', headers: { 'Content-Type': 'application/yaml' }, body: text.value });
    const b = await r.json().catch(() => ({}));
    if (!r.ok) { showError(b.error || `The server answered ${r.status}.`, b.line); return; }
    if (!p && b.scenarios && b.scenarios.length > 1) { choose(b); return; }
    if (b.failed) { // the game stops before the step that failed: say why first
      $('sb-failed-text').textContent = b.failed;
      $('sb-failed-open').href = b.link;
      $('sb-failed').hidden = false;
      $('sb-failed-open').focus();
      return;
    }
    location.assign(b.link);
  } catch {
    showError('The server cannot be reached. Check the connection and try again.');
  } finally {
    $('sb-open').disabled = false;
  }
}

// choose: a text of several scenarios; the first is open already.
function choose(b) {
  pick.hidden = false;
  pick.replaceChildren();
  const h = document.createElement('p');
  h.textContent = `This text holds ${b.scenarios.length} scenarios. Which one?`;
  const list = document.createElement('div');
  list.className = 'row';
  b.scenarios.forEach((name, i) => {
    const btn = document.createElement('button');
    btn.textContent = `${i + 1}. ${name}`;
    btn.dataset.pick = i + 1;
    btn.onclick = () => (i === 0 ? location.assign(b.link) : open(i + 1));
    list.append(btn);
  });
  pick.append(h, list);
  list.querySelector('button').focus();
}

$('sb-open').onclick = () => open(0);
$('sb-example').onclick = () => { text.value = EXAMPLE; err.textContent = ''; size(); text.focus(); };
text.addEventListener('input', size);
$('sb-file').addEventListener('change', async (e) => {
  const f = e.target.files && e.target.files[0];
  if (!f) return;
  if (f.size > MAX) { showError(`${f.name} is ${Math.ceil(f.size / 1024)} KB: a position may be at most 64 KB.`); return; }
  text.value = await f.text();
  size();
  err.textContent = '';
});

// A share link: open it at once.
async function openShared(fragment) {
  $('sb-opening').hidden = false;
  try {
    const r = await fetch('/api/sandbox/link', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ fragment }) });
    const b = await r.json().catch(() => ({}));
    if (r.ok && b.link) { location.replace(b.link); return; }
    showError(`This share link cannot be opened: ${b.error || `the server answered ${r.status}`}`);
  } catch {
    showError('The server cannot be reached: reload the page to try the link again.');
  }
  $('sb-opening').hidden = true;
}
if (location.hash.startsWith('#p=') || location.hash.includes('&p=')) openShared(location.hash.slice(1));
