// The dialogs and the page's start: New game (scenario, side, level,
// seed), Save and Load (the game record), the map key, help, game over,
// the keyboard, and loading a scenario (at start, and whenever the game
// or the replay viewer changes it).
'use strict';

// A level in a few words, for the New game dialog.
const LEVEL_HELP = {
  novice: 'the heuristic player with slips: one unit in five goes anywhere, one good attack in five is not made, garrisons walk off',
  normal: 'the heuristic player: keeps its supply, cuts yours, plans attacks on the exact odds, keeps its garrisons',
  hard: 'a search guided by the heuristic, on both cores, about 3 s a turn',
  expert: 'weighs several plans of attack, then searches deeper and sees its supply lines cut before they are, on both cores, about 10 s a turn',
};

// ------------------------------------------------------------ scenario ----

// (Re)loads what does not change during a game: the scenario, its map and
// colours; then the state. Called at start and when the scenario may
// have changed (new game, load, replay viewer).
async function loadScenario() {
  const [scen, st] = await Promise.all([api('GET', '/api/scenario'), api('GET', '/api/state')]);
  SCEN = scen;
  document.title = `${scen.title} — hexwar`;
  $('scenario-title').textContent = scen.title;
  $('scenario-title').title = scen.description || '';
  sideIdx.clear();
  scen.sides.forEach((s, i) => sideIdx.set(s.id, i));
  me = sideOf(scen.human);
  if (me < 0) me = 0;
  hexes.clear();
  for (const h of scen.hexes) hexes.set(h.label, h);
  unitDefs.clear();
  for (const u of scen.units) unitDefs.set(u.id, u);
  SIDE_FILL = scen.sides.map((s, i) => s.color || SIDE_FILL[i]);
  SIDE_DARK = SIDE_FILL.map((c) => darken(c, 0.55));
  document.documentElement.style.setProperty('--side0', SIDE_FILL[0]);
  document.documentElement.style.setProperty('--side1', SIDE_FILL[1]);
  resetLocal();
  try { await loadMap(); } catch (e) { error(e); }
  setState(st);
  // The replay viewer's outline, when one is open (at start, or opened
  // from another tab).
  if (!replaying()) REPLAY = null;
  else if (!REPLAY) await fetchReplay();
  initialView();
  await renderAll();
  renderKey();
}

function darken(hex, k) {
  const n = parseInt(hex.slice(1), 16);
  const c = [(n >> 16) & 255, (n >> 8) & 255, n & 255].map((v) => Math.round(v * k));
  return '#' + c.map((v) => v.toString(16).padStart(2, '0')).join('');
}

function resetLocal() {
  sel = null;
  combat = null;
  hint = null;
  hoverPath = null;
  resetLog();
  closeStackPopup();
  gameOverShown = false;
  const d = $('game-over');
  if (d.open) d.close();
}

// ------------------------------------------------------------ game end --

function showGameOver() {
  if (!STATE || !STATE.over || gameOverShown || replaying()) return;
  gameOverShown = true;
  const r = STATE.result || {};
  let title = !r.winner || r.level === 'draw' ? 'Draw' : `${sideName(r.winner)}: ${r.level || ''} victory`;
  if (r.winner) title = (sideOf(r.winner) === me ? 'You win — ' : 'You lose — ') + title;
  $('game-over-title').textContent = title;
  $('game-over-reason').textContent = r.reason || '';
  const t = $('game-over-table');
  t.textContent = '';
  t.append(el('tr', null, el('th', {text: 'Side'}), el('th', {text: 'VP'}), el('th', {text: 'Steps lost'})));
  SCEN.sides.forEach((s, i) => {
    const vp = r.vp ? r.vp[i] : STATE.vp[i];
    const lost = r.steps_lost ? r.steps_lost[i] : STATE.steps_lost[i];
    t.append(el('tr', null, el('td', null, el('span', {class: 'swatch side-' + i}), document.createTextNode(s.name)), el('td', {class: 'num', text: String(vp)}), el('td', {class: 'num', text: String(lost)})));
  });
  const d = $('game-over');
  if (!d.open) d.showModal();
}

function confirmBox(text) {
  const d = $('confirm-dialog');
  $('confirm-text').textContent = text;
  return new Promise((res) => {
    const done = () => { d.removeEventListener('close', done); res(d.returnValue === 'yes'); };
    d.addEventListener('close', done);
    d.returnValue = '';
    d.showModal();
  });
}

// -------------------------------------------------------- file actions --

// Save: the game record (seed and actions, with the position), as a file.
async function save() {
  await guarded(async () => {
    const text = await request('GET', '/api/save', undefined, {text: true});
    const a = document.createElement('a');
    a.href = URL.createObjectURL(new Blob([text], {type: 'application/json'}));
    a.download = `hexwar-${SCEN.name}-turn${STATE.turn}-seed${STATE.seed}.json`;
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(a.href), 10000);
    status(`Saved as ${a.download}.`, 'info', 3000);
  });
}

async function loadFile(file) {
  if (!file) return;
  await guarded(async () => {
    const r = await api('POST', '/api/load', await file.text());
    await loadScenario();
    if (r && r.warning) status(`Loaded ${file.name}; ${r.warning}`, 'warn', 10000);
    else status(`Loaded ${file.name}.`, 'info');
  });
  $('load-file').value = '';
  afterAction();
}

// ------------------------------------------------------------ new game ----

let newFile = null; // {name, toml, sides} of a scenario file chosen

// The sides of the scenario chosen, for the side list.
function fillSides(sides, current) {
  const side = $('new-side');
  side.textContent = '';
  for (const s of sides) side.append(new Option(s.name, s.id, false, s.id === current));
}

async function openNewGame() {
  const d = $('new-game-dialog');
  $('new-error').hidden = true;
  newFile = null;
  $('new-file-row').hidden = true;
  const scen = $('new-scenario');
  scen.textContent = '';
  let list = [];
  try { list = (await api('GET', '/api/scenarios')).builtin; } catch (e) { error(e); }
  for (const c of list) scen.append(new Option(c.title, c.name, false, c.name === SCEN.name));
  if (!list.some((c) => c.name === SCEN.name)) scen.append(new Option(SCEN.title, '', true, true));
  scen.append(new Option('From a scenario file…', '@file'));
  scen.onchange = () => {
    const v = scen.value;
    $('new-file-row').hidden = v !== '@file';
    if (v === '@file') { if (newFile) fillSides(newFile.sides); else fillSides([]); return; }
    const c = list.find((x) => x.name === v);
    fillSides(c ? c.sides : SCEN.sides, v === SCEN.name || !v ? SCEN.human : null);
  };
  fillSides(SCEN.sides, SCEN.human);
  const level = $('new-level');
  level.textContent = '';
  const levels = SCEN.levels || [];
  const ai = replaying() ? 'normal' : SCEN.ai;
  if (!levels.includes(ai)) level.append(new Option(ai, ai, true, true));
  for (const l of levels) level.append(new Option(l, l, false, l === ai));
  level.onchange = () => { $('new-level-help').textContent = LEVEL_HELP[level.value] || `the player spec ${level.value}`; };
  level.onchange();
  $('new-seed').value = '';
  d.showModal();
}

async function chooseScenarioFile(file) {
  $('new-error').hidden = true;
  if (!file) return;
  try {
    const f = {name: file.name, toml: await file.text()};
    const c = await api('POST', '/api/scenario/check', f);
    newFile = {...f, sides: c.sides, title: c.title};
    $('new-file-status').textContent = c.title;
    fillSides(c.sides);
  } catch (e) {
    newFile = null;
    fillSides([]);
    $('new-error').textContent = e.message;
    $('new-error').hidden = false;
  }
}

async function startNewGame() {
  const body = {side: $('new-side').value, ai: $('new-level').value};
  const v = $('new-scenario').value;
  if (v === '@file') {
    if (!newFile) { $('new-error').textContent = 'Choose a scenario file first.'; $('new-error').hidden = false; return; }
    body.scenario_file = {name: newFile.name, toml: newFile.toml};
  } else if (v) body.scenario = v;
  if (!body.side) delete body.side;
  const seed = $('new-seed').value.trim();
  if (seed) body.seed = Number(seed);
  busyInc();
  try {
    await request('POST', '/api/new', body);
  } catch (e) {
    $('new-error').textContent = e.message;
    $('new-error').hidden = false;
    return;
  } finally {
    busyDec();
  }
  $('new-game-dialog').close();
  await guarded(async () => {
    await loadScenario();
    status(`New game: you play ${sideName(SCEN.human)} against the computer (${SCEN.ai}).`, 'info', 4000);
  });
  afterAction();
}

// ---------------------------------------------------------------- key ----

// A small drawing for the key, `w` x `h` pixels.
function keySvg(draw, w = 34, h = 20) {
  const s = sv('svg', {width: w, height: h, viewBox: `0 0 ${w} ${h}`, class: 'key-svg'});
  draw(s, w, h);
  return s;
}

function keyRow(sample, name, text) {
  return el('tr', null, el('td', {class: 'key-sample'}, sample), el('th', {text: name}), el('td', {text}));
}

function featureSample(f) {
  return keySvg((s, w, h) => {
    const line = (c, sw, extra = {}) => s.append(sv('line', {x1: 2, y1: h / 2, x2: w - 2, y2: h / 2, stroke: c, 'stroke-width': sw, ...extra}));
    switch (f.kind) {
      case 'river': line(f.color, 5); break;
      case 'stream': line(f.color, 2.5); break;
      case 'bridge': line('#2f6fcf', 5); s.append(sv('line', {x1: w / 2, y1: 2, x2: w / 2, y2: h - 2, stroke: f.color, 'stroke-width': 5})); break;
      case 'ford': line('#2f6fcf', 5); s.append(sv('circle', {cx: w / 2, cy: h / 2, r: 3.5, fill: '#fff', stroke: '#2f6fcf', 'stroke-width': 1.5})); break;
      case 'slope': case 'double_slope':
        line('#999', 1);
        for (let x = 6; x < w - 2; x += 6) s.append(sv('line', {x1: x, y1: h / 2, x2: x, y2: h / 2 + 6, stroke: f.color, 'stroke-width': f.kind === 'slope' ? 1.4 : 2.2}));
        break;
      case 'steep': line(f.color, 4); break;
      case 'road': line(f.color, 4); break;
      case 'track': line(f.color, 2.5, {'stroke-dasharray': '7 4'}); break;
      case 'rail': line(f.color, 4); line('#fff', 1.6, {'stroke-dasharray': '5 5'}); break;
      default: line(f.color, 3);
    }
  });
}

function counterSample(marker) {
  return keySvg((s) => {
    const [bg, fg] = marker ? markerColours(marker) : ['#555', '#fff'];
    s.append(sv('rect', {x: 2, y: 3, width: 30, height: 14, rx: 2, fill: bg}));
    s.append(sv('text', {x: 17, y: 13.5, 'font-size': 9, 'font-weight': 'bold', fill: fg, 'text-anchor': 'middle', text: marker}));
  });
}

function hlSample(cls, text) {
  return keySvg((s, w, h) => {
    const g = sv('g', {class: 'hl ' + cls});
    g.append(sv('rect', {x: 1, y: 1, width: w - 2, height: h - 2, rx: 3}));
    s.append(g);
    if (text) s.append(sv('text', {x: w / 2, y: h / 2 + 4, 'font-size': 10, 'font-weight': 'bold', fill: '#111', 'text-anchor': 'middle', text}));
  });
}

// The map key: terrain, hexsides and routes (from the scenario), then the
// counters' markers and the page's highlights.
function renderKey() {
  const box = $('key-body');
  box.textContent = '';
  const L = SCEN.legend;
  const classes = L.classes.join(' / ');
  const t = el('table', {class: 'key'});
  t.append(el('tr', null, el('td', {colspan: 3, class: 'key-head', text: `Terrain — MP to enter (${classes}), defense`})));
  for (const x of L.terrain) {
    t.append(keyRow(keySvg((s, w, h) => s.append(sv('polygon', {points: hexPoints(w / 2, h / 2, 9), fill: x.color, stroke: '#777'}))),
      x.name, `${x.costs.join(' / ')} MP · defense ×${fmt(x.defense)}`));
  }
  if (L.hexsides.length || L.routes.length) {
    t.append(el('tr', null, el('td', {colspan: 3, class: 'key-head', text: `Hexsides and routes — MP to cross, or a hex along (${classes})`})));
  }
  for (const f of [...L.hexsides, ...L.routes]) {
    const cost = f.costs.length ? `${f.costs.join(' / ')} MP` : (f.kind === 'rail' ? 'rail movement, in the Rail Phase' : '');
    t.append(keyRow(featureSample(f), f.kind.replace('_', ' '), cost));
  }
  t.append(el('tr', null, el('td', {colspan: 3, class: 'key-head', text: 'Markers on counters'})));
  const markers = SCEN.supply_model === 'graded'
    ? [['L', 'limited supply (U0)'], ['U2', 'out of supply, its U-level (U1 to U8)'], ['S', 'special supply (S-U2: holding a U-level)'], ['ISO', 'isolated (GS-7)']]
    : [['OOS', 'out of supply: no supply line traced']];
  for (const [m, text] of markers) t.append(keyRow(counterSample(m), m, text));
  t.append(keyRow(counterSample('M'), 'M / A', 'moved this turn / attacked this phase'));
  t.append(keyRow(counterSample('3'), 'count', 'a stack: how many units; click it to list them'));
  t.append(keyRow(counterSample('4-4'), 'values', 'attack-movement; yellow when reduced; dots: steps left'));
  t.append(el('tr', null, el('td', {colspan: 3, class: 'key-head', text: 'On the map'})));
  t.append(keyRow(hlSample('hl-move', '2'), 'move', 'a hex the selected unit can reach, and its cost in MP'));
  t.append(keyRow(hlSample('hl-move hl-free', '0*'), '0*', 'free: the first road hex to a unit that has not moved (MP-MOV-5)'));
  t.append(keyRow(hlSample('hl-move hl-stops', '3'), 'dashed', 'the move ends there: an enemy zone of control'));
  t.append(keyRow(hlSample('hl-rail'), 'rail', 'a rail destination'));
  t.append(keyRow(hlSample('hl-charge', '67%'), 'charge', 'a hex to charge, and the chance of success'));
  t.append(keyRow(hlSample('hl-attackable', '⚔'), 'attack', 'an enemy hex your units can attack (grey ×: this unit cannot)'));
  t.append(keyRow(hlSample('hl-advance'), 'advance', 'the hex a combat emptied, open to its attackers'));
  t.append(keyRow(keySvg((s, w, h) => s.append(sv('line', {x1: 3, y1: h / 2, x2: w - 3, y2: h / 2, class: 'hint-key'}))), 'hint', 'the computer\'s suggestion'));
  t.append(keyRow(keySvg((s, w, h) => s.append(sv('circle', {cx: w / 2, cy: h / 2, r: 8, fill: 'none', stroke: '#d4a017', 'stroke-width': 2}))), 'objective', 'victory points for holding it'));
  box.append(t);
}

// ---------------------------------------------------------------- keys ----

function setupKeys() {
  document.addEventListener('keydown', async (e) => {
    if (e.target && (e.target.tagName === 'INPUT' || e.target.tagName === 'SELECT' || e.target.tagName === 'TEXTAREA')) return;
    if (document.querySelector('dialog[open]')) return;
    const k = e.key;
    if ((e.ctrlKey || e.metaKey) && !e.altKey) {
      if (k === 'z' || k === 'Z') { e.preventDefault(); await undoRedo(e.shiftKey ? 'redo' : 'undo'); }
      if (k === 'y' || k === 'Y') { e.preventDefault(); await undoRedo('redo'); }
      return;
    }
    if (e.altKey) return;
    if (replaying() && replayKey(e)) return;
    if (k === 'Escape') { deselect(); return; }
    if (k === 'e' || k === 'E') {
      if (!myTurn() || busyCount > 0) return;
      const stillCan = phaseKind() === 'move' && [...units.values()].some((u) => unitSide(u.id) === me && u.hex && u.can_move && !u.moved);
      if (stillCan && !(await confirmBox(`Some of your units have not moved yet. End the ${STATE.phase} phase?`))) return;
      await endPhase();
      return;
    }
    if (k === 'h' || k === 'H') { await askHint(); return; }
    if (k === 's' || k === 'S') { $('supply-toggle').checked = !$('supply-toggle').checked; onSupplyToggle(); return; }
    if (k === 'n' || k === 'N') { $('labels-toggle').checked = !$('labels-toggle').checked; onLabelsToggle(); return; }
    if (k === 'k' || k === 'K') { toggleKey(); return; }
    if (k === 'f' || k === 'F') { fitMap(); return; }
    if (k === '+' || k === '=') { zoomAt(1.25); return; }
    if (k === '-' || k === '_') { zoomAt(0.8); }
  });
}

function onSupplyToggle() {
  show.supply = $('supply-toggle').checked;
  if (show.supply && !sel) status('Select a unit to see its supply line.', 'info', 2500);
  if (show.supply && sel && sel.info && sel.info.supply && !sel.info.supply.can_trace) {
    status(`${sel.id} cannot trace supply: ${sel.info.supply.reason || 'no path'}`, 'warn');
  }
  renderHighlights();
}

function onLabelsToggle() {
  show.labels = $('labels-toggle').checked;
  $('hexnum-layer').hidden = !show.labels;
}

function toggleKey() {
  const k = $('key-box');
  k.hidden = !k.hidden;
  $('key-btn').classList.toggle('on', !k.hidden);
}

// --------------------------------------------------------------- start ----

function setupButtons() {
  $('end-phase').onclick = () => endPhase();
  $('undo').onclick = () => undoRedo('undo');
  $('redo').onclick = () => undoRedo('redo');
  $('hint-btn').onclick = () => askHint();
  $('undo-rail').onclick = () => undoRail();
  $('roll').onclick = () => roll();
  $('cancel-attack').onclick = () => cancelAttack();
  $('air').onchange = () => { if (combat) { combat.air = Number($('air').value); refreshOdds(); } };
  $('ai-finish').onclick = () => aiFinish();
  $('ai-step').onclick = () => { if (aiStepWaiter) aiStepWaiter(); };
  $('ai-step-mode').onchange = () => { if (!stepMode() && aiStepWaiter) aiStepWaiter(); if (aiRunning) $('ai-step').hidden = !stepMode(); };
  $('save').onclick = () => save();
  $('load').onclick = () => $('load-file').click();
  $('load-file').onchange = (e) => loadFile(e.target.files[0]);
  $('new-game').onclick = () => openNewGame();
  $('new-file').onchange = (e) => chooseScenarioFile(e.target.files[0]);
  $('new-start').onclick = (e) => { e.preventDefault(); startNewGame(); };
  $('supply-toggle').onchange = onSupplyToggle;
  $('labels-toggle').onchange = onLabelsToggle;
  $('control-toggle').onchange = () => { show.control = $('control-toggle').checked; renderControl(); };
  $('key-btn').onclick = toggleKey;
  $('key-close').onclick = toggleKey;
  $('help-btn').onclick = () => $('help-dialog').showModal();
  $('game-over').addEventListener('close', () => { if ($('game-over').returnValue === 'new') openNewGame(); });
  document.addEventListener('click', (e) => {
    const p = $('stack-popup');
    if (!p.hidden && !p.contains(e.target) && !board().contains(e.target)) closeStackPopup();
  });
  setupReplay();
}

async function start() {
  busyInc();
  setupPanZoom();
  setupHover();
  setupButtons();
  setupKeys();
  try {
    await loadScenario();
    if (STATE.over && !replaying()) showGameOver();
    else if (replaying()) status('Replay: step through the game with the buttons or the arrow keys.', 'info', 5000);
    else if (STATE.your_turn) status(`You play ${sideName(SCEN.human)} against the computer (${SCEN.ai}). ${sideName(STATE.side)} ${STATE.phase} phase.`, 'info', 4000);
  } catch (e) {
    error(e);
    $('scenario-title').textContent = 'Cannot reach the game server';
  } finally {
    busyDec();
  }
  afterAction();
}

// Another tab or a script may change the game: look now and then, quietly.
async function poll() {
  if (!STATE || busyCount > 0 || aiRunning || document.hidden || replayPlaying()) return;
  try {
    const st = await request('GET', '/api/state');
    if (busyCount > 0 || aiRunning || !STATE || st.version === STATE.version) return;
    if (!!st.replay !== !!STATE.replay) { await loadScenario(); return; }
    if (st.log && STATE.log && st.log.length < STATE.log.length) resetLocal();
    await applyResponse(st);
    afterAction();
  } catch (_) { /* the server may be gone: say nothing until an action fails */ }
}

window.addEventListener('DOMContentLoaded', () => {
  start();
  setInterval(poll, 4000);
});
