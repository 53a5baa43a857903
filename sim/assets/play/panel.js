// The side panel: the turn and phase, the score, the buttons (end phase,
// undo, redo, hint), the selected unit, the attack being built with its
// exact odds, the hint, the computer's plan, reinforcements and the log.
'use strict';

function renderPanel() {
  if (!STATE || !SCEN) return;
  $('turn').textContent = `Turn ${STATE.turn} of ${STATE.turns}`;
  const side = sideOf(STATE.side);
  const stm = $('side-to-move');
  let who = STATE.your_turn ? ' (you)' : ' (computer)';
  if (replaying()) who = '';
  stm.textContent = STATE.over ? 'Game over' : `${sideName(STATE.side)}${who}`;
  stm.className = 'side-chip side-' + (STATE.over ? -1 : side);
  $('phase').textContent = STATE.phase;
  const strip = $('phase-strip');
  strip.textContent = '';
  for (const p of SCEN.phases) strip.append(el('li', {class: p === STATE.phase ? 'current' : '', text: p}));
  if (!SCEN.phases.includes(STATE.phase)) strip.append(el('li', {class: 'current', text: STATE.phase}));
  renderScore();
  // Actions.
  const mine = myTurn();
  $('actions').hidden = replaying();
  if (!aiRunning) $('ai-controls').hidden = !(!STATE.your_turn && !STATE.over && !replaying());
  $('end-phase').disabled = !mine;
  $('end-phase').textContent = mine ? `End ${STATE.phase} phase` : 'End phase';
  $('undo').disabled = !mine || !(STATE.undo > 0);
  $('redo').disabled = !mine || !(STATE.redo > 0);
  $('undo').title = STATE.undo > 0 ? `Take back your last action (${STATE.undo} in this phase) — Ctrl+Z` : 'Nothing to take back: only this phase\'s actions since the last die roll';
  $('hint-btn').disabled = !mine;
  const rm = STATE.rail_moves || [];
  $('undo-rail').hidden = !(mine && rm.length);
  const ri = $('rail-info');
  if (STATE.rail && phaseKind() === 'rail' && mine) {
    ri.hidden = false;
    ri.textContent = `Rail capacity: ${STATE.rail.used} of ${STATE.rail.capacity} used`;
  } else ri.hidden = true;
  renderAdvance(mine);
  // The computer's plan.
  const intent = STATE.intent || [];
  $('intent-box').hidden = !intent.length || replaying();
  const ul = $('intent');
  ul.textContent = '';
  for (const t of intent) ul.append(el('li', {text: t}));
  renderUnitInfo();
  renderCombat();
  renderHint();
  renderReinforcements();
  renderLog();
  if (typeof renderReplayPanel === 'function') renderReplayPanel();
}

function renderScore() {
  const tb = $('score').querySelector('tbody');
  tb.textContent = '';
  SCEN.sides.forEach((s, i) => {
    tb.append(el('tr', {class: 'side-' + i + (STATE.side === s.id ? ' to-move' : '')},
      el('td', null, el('span', {class: 'swatch side-' + i}), document.createTextNode(s.name + (i === me && !replaying() ? ' (you)' : ''))),
      el('td', {class: 'num', id: `vp-${i}`, text: String(STATE.vp ? STATE.vp[i] : '–')}),
      el('td', {class: 'num', id: `lost-${i}`, text: String(STATE.steps_lost ? STATE.steps_lost[i] : '–')}),
      el('td', {class: 'num srp-col', id: `srp-${i}`, text: STATE.works ? String(STATE.works.srp[i]) : '–'}),
      el('td', {class: 'num', text: STATE.air_points ? String(STATE.air_points[i]) : '–'})));
  });
  $('score').classList.toggle('no-srp', !STATE.works);
  const showAir = (STATE.air_points || []).some((x) => x > 0) || (SCEN.combat && (SCEN.combat.air || []).some((x) => x > 0));
  $('score').classList.toggle('no-air', !showAir);
}

function renderAdvance(mine) {
  const adv = $('advance-box');
  if (mine && STATE.advance && advanceDismissed !== STATE.version) {
    adv.hidden = false;
    $('advance-hex').textContent = STATE.advance.hex;
    const list = $('advance-units');
    list.textContent = '';
    for (const id of STATE.advance.units) {
      list.append(el('button', {class: 'advance-unit', dataset: {unit: id}, text: `Advance ${id}`, onclick: () => doAction({type: 'advance', unit: id})}));
    }
    list.append(el('button', {id: 'advance-done', text: 'Stay', onclick: () => { advanceDismissed = STATE.version; renderAll(); }}));
  } else adv.hidden = true;
}

// Units still to come, by turn of arrival, both sides.
function renderReinforcements() {
  const box = $('reinforcements');
  const due = [];
  for (const u of units.values()) {
    const def = unitDefs.get(u.id);
    if (!def || u.hex || u.steps <= 0 || !(def.arrives > STATE.turn)) continue;
    due.push([def.arrives, sideOf(def.side), u.id, def]);
  }
  box.hidden = !due.length;
  if (!due.length) return;
  due.sort((a, b) => a[0] - b[0] || a[1] - b[1] || a[2].localeCompare(b[2]));
  $('reinf-count').textContent = `(${due.length})`;
  const list = $('reinf-list');
  list.textContent = '';
  let turn = null;
  for (const [t, side, id, def] of due) {
    if (t !== turn) { list.append(el('div', {class: 'reinf-turn', text: `Turn ${t}`})); turn = t; }
    list.append(el('div', {class: 'reinf-unit side-' + side, title: def.type},
      el('span', {class: 'swatch side-' + side}), document.createTextNode(`${id} · ${def.name}${def.hex ? ' → ' + def.hex : ''}`)));
  }
}

function infoRow(k, v, cls) {
  return el('tr', cls ? {class: cls} : null, el('th', {text: k}), el('td', null, typeof v === 'string' ? document.createTextNode(v) : v));
}

// GS-10: what each work does, for the buttons' titles.
const WORK_WORDS = {fort: 'build a fort', airbase: 'build an airbase', repair: 'repair the rail line', demolish: 'break the rail line'};

function renderUnitInfo() {
  const box = $('unit-info');
  if (!sel || !units.has(sel.id)) { box.hidden = true; box.textContent = ''; return; }
  const u = units.get(sel.id), def = unitDefs.get(sel.id);
  const info = sel.info || {};
  box.hidden = false;
  box.textContent = '';
  box.dataset.unit = sel.id;
  box.append(el('div', {class: 'unit-head'}, miniCounter(u, def),
    el('div', null, el('div', {class: 'unit-name', text: def.name}), el('div', {class: 'unit-type', text: `${def.type} · ${u.id}`}),
      el('div', {class: 'unit-side side-' + sideOf(def.side), text: sideName(def.side)}))));
  const t = el('table', {class: 'kv'});
  const h = hexes.get(u.hex);
  t.append(infoRow('Hex', `${u.hex}${h && h.name ? ' ' + h.name : ''} (${h ? h.terrain : ''})`));
  t.append(infoRow('Strength', `${u.strength} · ${u.steps}/${def.steps} steps${u.morale !== null && u.morale !== undefined ? ' · morale ' + u.morale : ''}`));
  if (!sel.readonly && myTurn()) {
    const k = phaseKind();
    const mv = info.moves;
    if (mv && k !== 'rail' && k !== 'combat') {
      t.append(infoRow('Movement', mv.can_move ? `${mv.mp_left} MP left · ${(mv.destinations || []).length} hexes` : (mv.reason || 'cannot move')));
      const free = (info.move_notes || []).map((n) => n.hex);
      if (free.length) t.append(infoRow('0 MP*', `${free.join(', ')}: ${info.move_notes[0].note}`, 'note'));
    }
    if (k === 'rail' && info.rail) t.append(infoRow('Rail', info.rail.can_rail ? `${(info.rail.destinations || []).length} destinations` : (info.rail.reason || 'cannot move by rail')));
    if (k === 'movement' && (info.works || []).length) {
      // GS-10: the works it may do here, each a button (the work ends its move).
      const row = el('span');
      for (const w of info.works) {
        row.append(el('button', {class: 'work-btn', dataset: {work: w.work}, title: `${WORK_WORDS[w.work]}: ${w.cost} SRP; ends its move`,
          onclick: () => doAction({type: 'work', unit: u.id, work: w.work}, u.id)}, document.createTextNode(`${w.work} (${w.cost})`)));
      }
      t.append(infoRow('Works', row));
    }
    if ((info.charges || []).length) t.append(infoRow('Charges', info.charges.map((c) => `${c.hex} ${pct(c.chance)}`).join(', ')));
    if (k === 'combat' && (info.attacks || []).length) {
      t.append(infoRow('Attacks', info.attacks.map((a) => a.ok ? a.hex : `${a.hex} (${a.reason})`).join(', ')));
    }
  }
  // Supply as judged this turn, and what a judgement now would find.
  const marker = u.supply_marker ? ` [${u.supply_marker}]` : '';
  t.append(infoRow('Supply', `${u.supply}${marker}, as judged this turn`, u.supply_marker ? 'warn' : ''));
  const sp = info.supply;
  if (sp) {
    let now, ok;
    if (sp.now) {
      ok = sp.now === 'full';
      now = sp.now + (sp.hq ? ` through ${sp.hq}` : '') + (sp.reason ? ` — ${sp.reason}` : '');
    } else {
      ok = sp.can_trace;
      now = sp.can_trace ? `a line of ${Math.max(0, (sp.path || []).length - 1)} hexes` : `cut off: ${sp.reason || 'no path'}`;
    }
    t.append(infoRow('Now', now, ok ? '' : 'warn'));
  }
  if (u.isolated) t.append(infoRow('Isolated', 'wears an isolation marker', 'warn'));
  box.append(t);
  // The stack it stands in, top first: click one to pick it.
  const stack = stackAt(u.hex);
  if (stack.length > 1) {
    const order = (x) => (counterPos.get(x) || {order: 0}).order;
    const list = el('div', {class: 'stack-list', id: 'stack-list'}, el('div', {class: 'small', text: `In ${u.hex}, ${stack.length} units (top first):`}));
    for (const id of stack.sort((a, b) => order(b) - order(a))) {
      const x = units.get(id), d = unitDefs.get(id);
      list.append(el('button', {class: 'stack-row-btn' + (id === u.id ? ' current' : ''), dataset: {selectUnit: id}, title: unitTip(x, d), onclick: () => onStackPick(id)},
        miniCounter(x, d, 26), el('span', {class: 'stack-id', text: id}), el('span', {class: 'stack-name', text: d.name}),
        el('span', {class: 'stack-str', text: x.strength + (x.supply_marker ? ' ' + x.supply_marker : '')})));
    }
    box.append(list);
  }
}

// ------------------------------------------------------------- combat ----

function outcomeText(o) {
  const parts = [];
  const n = (k, one, many) => `${k} ${k > 1 ? many : one}`;
  if (o.attackers_eliminated) parts.push(`${n(o.attackers_eliminated, 'attacker', 'attackers')} eliminated`);
  if (o.attacker_steps) parts.push(`attacker −${n(o.attacker_steps, 'step', 'steps')}`);
  if (o.attacker_morale) parts.push(`attacker −${o.attacker_morale} morale`);
  if (o.defenders_eliminated) parts.push(`${n(o.defenders_eliminated, 'defender', 'defenders')} eliminated`);
  if (o.defender_steps) parts.push(`defender −${n(o.defender_steps, 'step', 'steps')}`);
  if (o.defender_morale) parts.push(`defender −${o.defender_morale} morale`);
  if (o.retreated) parts.push('defender retreats');
  if (o.hex_taken) parts.push('hex taken');
  return parts.length ? parts.join(', ') : 'no effect';
}

function outcomeTone(o) {
  const good = (o.defender_steps || 0) + (o.defenders_eliminated || 0) * 2 + (o.retreated ? 1 : 0) + (o.hex_taken ? 1 : 0) + (o.defender_morale || 0) * 0.5;
  const bad = (o.attacker_steps || 0) + (o.attackers_eliminated || 0) * 2 + (o.attacker_morale || 0) * 0.5;
  if (good > bad) return 'good';
  if (bad > good) return 'bad';
  return 'even';
}

function strengthTable(title, lines, total) {
  const t = el('table', {class: 'strengths'});
  t.append(el('tr', null, el('th', {colspan: 2, text: title}), el('th', {class: 'num', text: fmt(total)})));
  for (const l of lines || []) {
    const mods = (l.modifiers || []).map((m) => Array.isArray(m) ? `${m[0]} ×${fmt(m[1])}` : String(m));
    t.append(el('tr', null,
      el('td', {class: 'sid', text: l.id, title: l.name}),
      el('td', {class: 'mods', text: `${fmt(l.base)}${mods.length ? ' · ' + mods.join(' · ') : ''}`}),
      el('td', {class: 'num', text: fmt(l.strength)})));
  }
  return t;
}

// The odds of an attack: column, strengths with modifiers, every outcome.
function oddsNode(o, id) {
  const wrap = el('div', {class: 'odds-block'});
  wrap.append(el('div', {class: 'column-line'},
    el('span', {class: 'column', id: id ? id + '-column' : null, text: o.column}),
    el('span', {class: 'ratio', text: `${fmt(o.attack)} : ${fmt(o.defense)}`}),
    el('span', {class: 'terrain', text: o.terrain || ''}),
    o.die_modifier ? el('span', {class: 'drm', text: `die ${o.die_modifier > 0 ? '+' : ''}${o.die_modifier}`}) : null,
    o.attacker_air ? el('span', {class: 'drm', text: `air ${o.attacker_air}`}) : null,
    o.defender_air ? el('span', {class: 'drm', text: `enemy air ${o.defender_air}`}) : null));
  wrap.append(strengthTable('Attack', o.attackers, o.attack));
  wrap.append(strengthTable('Defense', o.defenders, o.defense));
  const t = el('table', {class: 'outcomes', id: id ? id + '-outcomes' : null});
  const outs = [...(o.outcomes || [])];
  const max = Math.max(...outs.map((x) => x.probability), 0.0001);
  for (const x of outs) {
    const bar = el('div', {class: 'bar ' + outcomeTone(x)});
    bar.style.width = (100 * x.probability / max).toFixed(1) + '%';
    t.append(el('tr', null,
      el('td', {class: 'num p', text: pct(x.probability)}),
      el('td', {class: 'barcell'}, bar),
      el('td', {class: 'otext', text: outcomeText(x)})));
  }
  wrap.append(t);
  return wrap;
}

function renderCombat() {
  const box = $('combat');
  if (!combat || replaying()) { box.hidden = true; return; }
  box.hidden = false;
  const h = hexes.get(combat.target);
  const defenders = enemyUnitsAt(combat.target).map((u) => u.id);
  $('combat-target').textContent = `${combat.target}${h && h.name ? ' ' + h.name : ''}`;
  const help = $('combat-help');
  if (combat.resolved) help.textContent = '';
  else if (!combat.attackers.length) help.textContent = `Defenders: ${defenders.join(', ') || '—'}. Click your highlighted units next to it to add them.`;
  else help.textContent = `Attackers: ${combat.attackers.join(', ')}. Click a unit to add or remove it.`;
  const airMax = STATE && STATE.air_points ? STATE.air_points[me] || 0 : 0;
  $('air-row').hidden = !(airMax > 0) || combat.resolved;
  const airSel = $('air');
  if (airSel.options.length !== airMax + 1) {
    airSel.textContent = '';
    for (let i = 0; i <= airMax; i++) airSel.append(el('option', {value: i, text: i === 0 ? 'none' : `${i} point${i > 1 ? 's' : ''}`}));
  }
  airSel.value = String(Math.min(combat.air || 0, airMax));
  const odds = $('odds');
  odds.textContent = '';
  if (combat.oddsError) odds.append(el('div', {class: 'odds-error', text: combat.oddsError}));
  if (combat.odds && !combat.resolved) odds.append(oddsNode(combat.odds, 'odds'));
  const res = $('combat-result');
  res.textContent = '';
  if (combat.result) res.append(combat.result);
  $('roll').hidden = combat.resolved;
  $('roll').disabled = !combat.attackers.length || !myTurn() || phaseKind() !== 'combat';
  $('cancel-attack').textContent = combat.resolved ? 'Close' : 'Cancel';
}

function diceNode(d) {
  const wrap = el('span', {class: 'dice'});
  wrap.append(el('span', {class: 'die', text: String(d.roll), title: 'die roll'}));
  if (d.modified !== undefined && d.modified !== null && d.modified !== d.roll) wrap.append(el('span', {class: 'die-mod', text: `→ ${d.modified}`, title: 'modified roll'}));
  if (d.result) wrap.append(el('span', {class: 'crt', text: d.result}));
  return wrap;
}

// --------------------------------------------------------------- hint ----

function renderHint() {
  const box = $('hint-box');
  if (!hint || !myTurn()) { box.hidden = true; return; }
  box.hidden = false;
  box.textContent = '';
  box.dataset.actionType = hint.action.type;
  box.append(el('h2', {text: `Hint: the computer (${hint.by}) would`}));
  box.append(el('div', {class: 'hint-text', id: 'hint-text', text: hintSentence(hint)}));
  if (hint.reason.length) {
    const ul = el('ul', {class: 'hint-reason'});
    for (const r of hint.reason) ul.append(el('li', {text: r}));
    box.append(ul);
  }
  if (hint.chance !== null && hint.chance !== undefined) box.append(el('div', {class: 'small', text: `${pct(hint.chance)} chance the charge succeeds`}));
  if (hint.odds) box.append(oddsNode(hint.odds, 'hint-odds'));
  if (hint.plan.length) {
    const d = el('details', {class: 'hint-plan'}, el('summary', {text: `Its plan this turn (${hint.plan.length})`}));
    const ul = el('ul');
    for (const r of hint.plan) ul.append(el('li', {text: r}));
    d.append(ul);
    box.append(d);
  }
  box.append(el('div', {class: 'row'},
    el('button', {id: 'hint-do', class: 'primary', text: hint.action.type === 'attack' ? 'Set up this attack' : 'Do it', onclick: () => playHint()}),
    el('button', {id: 'hint-close', text: 'Close', onclick: () => { hint = null; renderAll(); }})));
}

function hintSentence(h) {
  const a = h.action;
  switch (a.type) {
    case 'move': return `move ${h.unit} from ${h.from} to ${h.to}${h.cost ? ` (${h.cost} MP)` : ''}`;
    case 'rail_move': return `move ${h.unit} by rail from ${h.from} to ${h.to}`;
    case 'attack': return `attack ${h.target} with ${h.attackers.join(', ')}${h.air ? ` and ${h.air} air point${h.air > 1 ? 's' : ''}` : ''}${h.odds ? ` at ${h.odds.column}` : ''}`;
    case 'resolve': return `roll the attack on ${h.target}${h.air ? ` with ${h.air} air` : ''}`;
    case 'charge': return `charge ${h.target} with ${h.unit}`;
    case 'advance': return `advance ${h.unit}`;
    case 'spend_supply': return `spend supply points on ${h.unit}`;
    case 'end_phase': return `end the ${STATE.phase} phase`;
    default: return h.text;
  }
}

// ---------------------------------------------------------------- log ----

let renderedLog = 0;
let lastLogKey = null;

function renderLog() {
  const log = $('log');
  const entries = STATE.log || [];
  if (entries.length < renderedLog) { log.textContent = ''; renderedLog = 0; lastLogKey = null; }
  for (let i = renderedLog; i < entries.length; i++) {
    const ev = entries[i];
    const key = `${ev.turn}/${ev.side}`;
    if (key !== lastLogKey) {
      log.append(el('div', {class: 'log-turn side-' + sideOf(ev.side), dataset: {turn: String(ev.turn), side: ev.side}, text: `Turn ${ev.turn} · ${sideName(ev.side)}`}));
      lastLogKey = key;
    }
    const row = el('div', {class: 'log-entry side-' + sideOf(ev.side), dataset: {i: String(i)}});
    row.append(el('span', {class: 'log-text', text: ev.text}));
    if (ev.dice) row.append(diceNode(ev.dice));
    log.append(row);
  }
  renderedLog = entries.length;
  log.scrollTop = log.scrollHeight;
}

function resetLog() {
  renderedLog = 0;
  lastLogKey = null;
  $('log').textContent = '';
}

async function renderAll(slides) {
  if (!STATE || !SCEN) return;
  renderPanel();
  renderControl();
  renderHighlights();
  await renderCounters(slides);
}
