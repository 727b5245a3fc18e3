// Small helpers shared by the lobby and the game page: players' colours,
// factions' colours and blurbs, set names, ordinals.

export const PLAYER_COLOURS = ['var(--p0)', 'var(--p1)', 'var(--p2)', 'var(--p3)'];
export const playerColour = (seat) => PLAYER_COLOURS[seat] || 'var(--dim)';

export const SETS = {
  core: 'Core Set', monster_smash: 'Monster Smash', culture_shock: 'World Tour: Culture Shock',
  geekier_box: 'The Bigger Geekier Box',
};

export const FACTION_COLOURS = {
  'Aliens': '#a5e66e', 'Anansi Tales': '#e9c75f', 'Ancient Incas': '#f2ab6e', 'Dinosaurs': '#e6a062',
  'Geeks': '#aab8ff', 'Giant Ants': '#e0957a', "Grimms' Fairy Tales": '#a3d6a4', 'Mad Scientists': '#74e2d2',
  'Ninjas': '#b3bccb', 'Pirates': '#e4bf66', 'Polynesian Voyagers': '#79cdeb', 'Robots': '#9fd0ec',
  'Russian Fairy Tales': '#eba8cf', 'Smash Up All Stars': '#ffd86b', 'Tricksters': '#8ddcad', 'Vampires': '#ef97aa',
  'Werewolves': '#cfb08a', 'Wizards': '#c2a8f5', 'Zombies': '#b7d494',
};
export const factionColour = (f) => FACTION_COLOURS[f] || '#c9c4b8';

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

export const ordinal = (n) => ['', '1st', '2nd', '3rd', '4th'][n] || `${n}th`;
export const plural = (n, one, many) => `${n} ${n === 1 ? one : (many || one + 's')}`;
export const capital = (s) => (s ? s[0].toUpperCase() + s.slice(1) : s);
export const sentence = (s) => {
  s = capital(String(s || '').trim());
  return !s || '.!?:'.includes(s[s.length - 1]) ? s : s + '.';
};
export const byId = (id) => document.getElementById(id);
