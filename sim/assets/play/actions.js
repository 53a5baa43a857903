// What the person does: select a unit (a stack's units listed on click),
// move it (a click on a shaded hex moves there, onto one's own units too:
// that is stacking), build an attack and roll it, undo and redo, ask for
// a hint and play it; and the computer's turn, animated or stepped.
'use strict';

// ------------------------------------------------------------ selection --

async function selectUnit(id) {
  const readonly = unitSide(id) !== me || !myTurn();
  if (replaying()) {
    // The viewer answers no questions about units: what the state says.
    sel = {id, info: {}, readonly: true};
    renderAll();
    return;
  }
  await guarded(async () => {
    const info = await api('GET', '/api/unit/' + encodeURIComponent(id));
    sel = {id, info, readonly};
    hoverPath = null;
    renderAll();
    if (show.supply && info.supply && !info.supply.can_trace) status(`${id} cannot trace supply: ${info.supply.reason || 'no path'}`, 'warn');
  });
}

function deselect() {
  closeStackPopup();
  if (combat) { cancelAttack(); return; }
  sel = null;
  hoverPath = null;
  renderAll();
}

// Whether the selected unit may go to `hex` now (move, rail, charge).
function selDestination(hex) {
  if (!sel || sel.readonly || !sel.info || !myTurn()) return null;
  const info = sel.info;
  if (phaseKind() === 'rail' && info.rail && info.rail.can_rail && (info.rail.destinations || []).some((d) => d.hex === hex)) {
    return {type: 'rail_move', unit: sel.id, to: hex};
  }
  if ((info.charges || []).some((c) => c.hex === hex)) return {type: 'charge', unit: sel.id, target: hex};
  if (info.moves && info.moves.can_move && (info.moves.destinations || []).some((d) => d.hex === hex)) {
    return {type: 'move', unit: sel.id, to: hex};
  }
  return null;
}

async function onCounterClick(id, shift, onCount) {
  const u = units.get(id);
  if (!u) return;
  // The stack's count: list its units.
  if (onCount) { openStackPopup(u.hex); return; }
  const mine = unitSide(id) === me;
  if (myTurn() && phaseKind() === 'combat' && !shift) {
    if (!mine) { await startAttack(u.hex); return; }
    if (combat && !combat.resolved && adjacent(u.hex, combat.target)) { await toggleAttacker(id); return; }
  }
  // A counter in a hex the selected unit may go to: go there (onto one's
  // own units, that is stacking). Shift-click selects instead.
  const go = !shift && selDestination(u.hex);
  if (go) { await doAction(go, go.type === 'charge' ? null : sel.id); return; }
  closeStackPopup();
  // A click on the selected counter picks the next unit of its stack.
  if (sel && sel.id === id) {
    const st = stackAt(u.hex);
    if (st.length > 1) {
      const below = st.filter((x) => x !== id).sort((a, b) => counterPos.get(b).order - counterPos.get(a).order);
      await selectUnit(below[0]);
    }
    return;
  }
  if (combat && combat.resolved) combat = null;
  await selectUnit(id);
}

// A unit picked from a stack's list.
async function onStackPick(id) {
  const u = units.get(id);
  if (!u) return;
  if (myTurn() && phaseKind() === 'combat') {
    if (unitSide(id) !== me) { await startAttack(u.hex); return; }
    if (combat && !combat.resolved && adjacent(u.hex, combat.target)) { await toggleAttacker(id); return; }
  }
  await selectUnit(id);
}

async function onHexClick(label, fromHighlight) {
  if (!STATE) return;
  closeStackPopup();
  const mine = myTurn();
  if (mine && STATE.advance && STATE.advance.hex === label && advanceDismissed !== STATE.version && fromHighlight) {
    const u = sel && STATE.advance.units.includes(sel.id) ? sel.id : STATE.advance.units[0];
    if (u) { await doAction({type: 'advance', unit: u}); return; }
  }
  const go = selDestination(label);
  if (go) { await doAction(go, go.type === 'charge' ? null : sel.id); return; }
  if (mine && sel && sel.info && !sel.readonly && phaseKind() === 'combat' && (sel.info.attacks || []).some((a) => a.hex === label)) {
    await startAttack(label);
    return;
  }
  if (mine && phaseKind() === 'combat' && enemyUnitsAt(label).length) { await startAttack(label); return; }
  if (combat && combat.target === label) return;
  if (sel || (combat && combat.resolved)) {
    if (combat && combat.resolved) combat = null;
    sel = null;
    hoverPath = null;
    renderAll();
  }
}

async function onBoardClick(e) {
  if (justDragged || !SCEN || !STATE) return;
  if (document.body.dataset.aiRunning === '1') return;
  const at = (sel) => e.target.closest && e.target.closest(sel);
  const tEl = at('[data-target]'), cEl = at('[data-unit]'), hEl = at('[data-hex]'), lEl = at('[data-area]');
  if (tEl) {
    if (myTurn() && phaseKind() === 'combat') await startAttack(tEl.dataset.target);
    return;
  }
  if (cEl) { await onCounterClick(cEl.dataset.unit, e.shiftKey, !!at('.stack-count, .stack-count-n')); return; }
  if (hEl) { await onHexClick(hEl.dataset.hex, true); return; }
  if (lEl) { await onHexClick(lEl.dataset.area, true); return; }
  const p = toMap(e.clientX, e.clientY);
  const h = nearestHex(p.x, p.y);
  if (h) await onHexClick(h.label, false);
  else if (sel) deselect();
}

function setupHover() {
  const b = board();
  const clear = () => {
    hoverPath = null;
    $('path-layer').querySelectorAll('.path.move, .path.rail, .path.charge').forEach((n) => n.remove());
  };
  b.addEventListener('pointerover', (e) => {
    const g = e.target.closest && e.target.closest('[data-area], [data-hex]');
    if (!g || !sel || !sel.info || !sel.info.moves) return;
    const label = g.dataset.area || g.dataset.hex;
    const u = units.get(sel.id);
    let path = null, cls = 'move';
    if (g.classList.contains('hl-move')) {
      const d = (sel.info.moves.destinations || []).find((x) => x.hex === label);
      if (d && d.path) path = d.path;
    } else if (g.classList.contains('hl-rail')) {
      const d = (sel.info.rail.destinations || []).find((x) => x.hex === label);
      path = d && d.path ? d.path : [label];
      cls = 'rail';
    } else if (g.classList.contains('hl-charge')) {
      path = [label]; cls = 'charge';
    }
    if (path && u && u.hex) {
      clear();
      hoverPath = {labels: [u.hex, ...path.filter((x) => x !== u.hex)], cls};
      drawPath(hoverPath.labels, hoverPath.cls);
    }
  });
  b.addEventListener('pointerout', (e) => {
    const g = e.target.closest && e.target.closest('[data-area], [data-hex]');
    if (!g || (e.relatedTarget && g.contains(e.relatedTarget))) return;
    clear();
  });
}

// ------------------------------------------------------------- combat ----

function enemyUnitsAt(hex) {
  return [...units.values()].filter((u) => u.hex === hex && u.steps > 0 && unitSide(u.id) !== me);
}

// The person's units that could join the attack being built.
function combatCandidates() {
  const out = new Set();
  if (!combat || combat.resolved || !myTurn() || phaseKind() !== 'combat') return out;
  for (const u of units.values()) {
    if (unitSide(u.id) !== me || !u.hex || u.steps <= 0) continue;
    if (adjacent(u.hex, combat.target) && (u.can_attack || combat.attackers.includes(u.id))) out.add(u.id);
  }
  return out;
}

function declaredAttackers() {
  return STATE && STATE.attack && STATE.attack.target === (combat && combat.target) ? STATE.attack.attackers : [];
}

async function startAttack(hex, preset) {
  if (combat && combat.target === hex && !combat.resolved && !preset) return;
  if (STATE.attack && STATE.attack.target !== hex) {
    status(`An attack on ${STATE.attack.target} is already declared: roll or cancel it first.`, 'warn');
    return;
  }
  combat = {target: hex, attackers: [], air: 0, odds: null, oddsError: null, resolved: false, result: null};
  if (STATE.attack) combat.attackers = [...STATE.attack.attackers];
  if (preset) {
    for (const id of preset.attackers) if (!combat.attackers.includes(id)) combat.attackers.push(id);
    combat.air = preset.air || 0;
  } else if (sel && !sel.readonly && unitSide(sel.id) === me) {
    // The selected unit joins if it can.
    const u = units.get(sel.id);
    if (u && u.can_attack && adjacent(u.hex, hex) && !combat.attackers.includes(u.id)) combat.attackers.push(u.id);
  }
  sel = null;
  closeStackPopup();
  renderAll();
  const th = hexes.get(hex);
  if (th && !isVisible(th.x, th.y, 80)) panTo(th.x, th.y);
  if (!combat.attackers.length && !combatCandidates().size) status(`None of your units can attack ${hex}.`, 'warn');
  await refreshOdds();
}

async function toggleAttacker(id) {
  if (!combat || combat.resolved) return;
  const i = combat.attackers.indexOf(id);
  if (i >= 0) {
    if (declaredAttackers().includes(id)) {
      status(`${id} is already committed to this attack; Cancel to start again.`, 'warn');
      return;
    }
    combat.attackers.splice(i, 1);
  } else {
    const u = units.get(id);
    if (!u || !u.can_attack || !adjacent(u.hex, combat.target)) {
      // The engine's reason, as it would refuse the attack.
      const q = new URLSearchParams({target: combat.target});
      const r = await guarded(() => api('GET', `/api/unit/${encodeURIComponent(id)}?${q}`));
      const why = r && r.attack_on && r.attack_on.reason;
      status(why ? `${id} cannot join: ${why}` : `${id} cannot attack ${combat.target} now.`, 'warn', 7000);
      return;
    }
    combat.attackers.push(id);
  }
  renderAll();
  await refreshOdds();
}

let oddsSeq = 0;
async function refreshOdds() {
  if (!combat) return;
  const seq = ++oddsSeq;
  combat.odds = null;
  combat.oddsError = null;
  if (!combat.attackers.length) { renderCombat(); return; }
  const q = new URLSearchParams({target: combat.target, attackers: combat.attackers.join(','), air: String(combat.air || 0)});
  try {
    const o = await api('GET', '/api/odds?' + q.toString());
    if (seq !== oddsSeq || !combat) return;
    combat.odds = o;
  } catch (e) {
    if (seq !== oddsSeq || !combat) return;
    combat.oddsError = e.message;
  }
  renderCombat();
}

async function roll() {
  if (!combat || combat.resolved) return;
  await guarded(async () => {
    const already = new Set(declaredAttackers());
    try {
      for (const id of combat.attackers) {
        if (already.has(id)) continue;
        const r = await api('POST', '/api/action', {type: 'attack', unit: id, target: combat.target});
        await applyResponse(r, {quiet: true});
      }
    } catch (e) {
      // Take back what was declared so the person can start again.
      try { await applyResponse(await api('POST', '/api/action', {type: 'cancel_attack'})); } catch (_) { /* ignore */ }
      throw e;
    }
    const target = combat.target;
    const r = await api('POST', '/api/action', {type: 'resolve', air: Number(combat.air || 0)});
    const withDice = (r.events || []).filter((ev) => ev.dice);
    const card = el('div', {class: 'result-card', id: 'roll-result'});
    if (withDice.length) card.append(el('div', {class: 'result-head'}, el('span', {text: 'Roll '}), diceNode(withDice[withDice.length - 1].dice)));
    for (const ev of (r.events || [])) card.append(el('div', {class: 'result-line', text: ev.text}));
    combat = {target, attackers: [], resolved: true, result: card, odds: null};
    await applyResponse(r);
    if (withDice.length) {
      const d = withDice[withDice.length - 1].dice;
      status(`${target}: rolled ${d.roll} — ${d.result}`, 'info');
    }
  });
  afterAction();
}

async function cancelAttack() {
  if (!combat) return;
  if (STATE && STATE.attack && !combat.resolved) {
    await guarded(async () => {
      const r = await api('POST', '/api/action', {type: 'cancel_attack'});
      combat = null;
      await applyResponse(r);
    });
  }
  combat = null;
  renderAll();
}

// -------------------------------------------------------------- actions --

// Sends one action; `keep` is a unit to keep selected if it can still act.
async function doAction(action, keep) {
  let ok = false;
  closeStackPopup();
  await guarded(async () => {
    const before = snapshotPositions();
    const r = await api('POST', '/api/action', action);
    await applyResponse(r, {slides: slidesFrom(before, r.state)});
    ok = true;
    await keepSelected(keep);
  });
  afterAction();
  return ok;
}

// Keeps `id` selected (its answer asked again) while it can still act.
async function keepSelected(id) {
  if (!id || !units.has(id)) return;
  const u = units.get(id);
  if (myTurn() && u.hex && (u.can_move || u.can_rail || u.can_charge || u.can_attack)) {
    const info = await api('GET', '/api/unit/' + encodeURIComponent(id));
    sel = {id, info, readonly: false};
  } else sel = null;
  renderAll();
}

function afterAction() {
  if (STATE && !STATE.your_turn && !STATE.over && !replaying()) runAI();
  if (STATE && STATE.over && !replaying()) showGameOver();
}

async function endPhase() {
  if (!myTurn()) { status('It is not your turn.', 'warn'); return; }
  sel = null;
  if (combat && !combat.resolved && STATE.attack) {
    status('Roll or cancel the declared attack first.', 'warn');
    return;
  }
  combat = null;
  await doAction({type: 'end_phase'});
}

async function undoRail() {
  const list = STATE && STATE.rail_moves || [];
  if (!list.length) return;
  const id = sel && list.includes(sel.id) ? sel.id : list[list.length - 1];
  await doAction({type: 'undo_rail', unit: id});
}

// Undo or redo (`which`): the server puts back the position kept.
async function undoRedo(which) {
  if (!myTurn()) return;
  const keep = sel && sel.id;
  await guarded(async () => {
    const before = snapshotPositions();
    const r = await api('POST', '/api/' + which);
    combat = null;
    await applyResponse(r, {slides: slidesFrom(before, r.state)});
    await keepSelected(keep);
    status(which === 'undo' ? 'Taken back.' : 'Played again.', 'info', 1500);
  });
}

function snapshotPositions() {
  const m = new Map();
  for (const u of units.values()) m.set(u.id, u.hex);
  return m;
}

function slidesFrom(before, state) {
  const out = [];
  if (!state) return out;
  for (const u of state.units) {
    const was = before.get(u.id);
    if (was && u.hex && was !== u.hex && u.steps > 0) out.push({id: u.id, from: was});
  }
  return out;
}

// Takes a server answer ({state, events} or a bare state) and redraws.
async function applyResponse(r, opts = {}) {
  const st = r && r.state ? r.state : (r && r.version !== undefined ? r : null);
  if (!st) return;
  setState(st);
  if (combat && !combat.resolved && (!myTurn() || phaseKind() !== 'combat')) combat = null;
  if (sel && (!units.has(sel.id) || !units.get(sel.id).hex)) sel = null;
  await renderAll(opts.slides);
}

function setState(st) {
  if (!STATE || st.version !== STATE.version || !!st.replay !== !!STATE.replay) hint = null;
  STATE = st;
  units = new Map(st.units.map((u) => [u.id, u]));
  const b = document.body.dataset;
  b.yourTurn = myTurn() ? '1' : '0';
  b.over = st.over ? '1' : '0';
  b.phase = st.phase || '';
  b.version = String(st.version);
  b.mode = st.replay ? 'replay' : 'play';
  if (!st.over) gameOverShown = false;
  if (st.attack && myTurn() && (!combat || combat.resolved)) {
    combat = {target: st.attack.target, attackers: [...st.attack.attackers], air: 0, odds: null, resolved: false, result: null};
    refreshOdds();
  }
}

async function refreshState() {
  await applyResponse(await api('GET', '/api/state'));
}

// --------------------------------------------------------------- hint ----

async function askHint() {
  if (!myTurn()) return;
  await guarded(async () => {
    $('hint-btn').textContent = 'Thinking…';
    let h;
    try { h = await api('GET', '/api/hint'); } finally { $('hint-btn').textContent = 'Hint'; }
    // Its unit selected, so its moves show around the hint's arrow.
    if (h.unit && unitSide(h.unit) === me && h.action.type !== 'attack') {
      sel = {id: h.unit, info: await api('GET', '/api/unit/' + encodeURIComponent(h.unit)), readonly: false};
    } else sel = null;
    hint = h;
    renderAll();
    const at = hexes.get(hint.target || hint.to || hint.from);
    if (at && !isVisible(at.x, at.y, 80)) panTo(at.x, at.y);
  });
}

// Plays the hint: an attack is set up (the person rolls), the rest sent.
async function playHint() {
  const h = hint;
  if (!h || !myTurn()) return;
  hint = null;
  const a = h.action;
  if (a.type === 'attack') { await startAttack(h.target, {attackers: h.attackers, air: h.air}); status('The attack is set up: press Roll.', 'info'); return; }
  if (a.type === 'resolve' && combat) { combat.air = h.air; await refreshOdds(); await roll(); return; }
  if (a.type === 'end_phase') { await endPhase(); return; }
  await doAction(a, a.type === 'move' || a.type === 'rail_move' ? a.unit : null);
}

// ------------------------------------------------------------------ AI ----

let aiRunning = false;
let aiSkip = false;
let aiStepWaiter = null;

function stepMode() { return $('ai-step-mode').checked; }

async function runAI() {
  if (aiRunning || !STATE || STATE.your_turn || STATE.over || replaying()) return;
  aiRunning = true;
  aiSkip = false;
  document.body.dataset.aiRunning = '1';
  sel = null;
  combat = null;
  busyInc();
  renderAll();
  $('ai-controls').hidden = false;
  try {
    for (let n = 0; n < 5000 && STATE && !STATE.your_turn && !STATE.over && !replaying(); n++) {
      if (aiSkip) { await applyResponse(await api('POST', '/api/ai/finish')); break; }
      if (stepMode()) {
        $('ai-step').hidden = false;
        $('ai-label').textContent = 'Computer waits — press Step';
        $('ai-controls').classList.add('waiting');
        busyDec();
        await new Promise((res) => { aiStepWaiter = res; });
        busyInc();
        aiStepWaiter = null;
        if (aiSkip) continue;
      }
      $('ai-step').hidden = !stepMode();
      $('ai-controls').classList.remove('waiting');
      $('ai-label').textContent = 'Computer is moving…';
      const before = snapshotPositions();
      let r;
      try {
        r = await api('POST', '/api/ai/step');
      } catch (e) {
        if (e.code === 409) { await refreshState(); break; }
        throw e;
      }
      await showAIAction(r, before);
      if (!stepMode() && !aiSkip) await sleep(AI_PAUSE_MS);
    }
  } catch (e) {
    error(e);
  } finally {
    aiRunning = false;
    document.body.dataset.aiRunning = '0';
    $('ai-controls').hidden = true;
    $('ai-step').hidden = true;
    $('ai-controls').classList.remove('waiting');
    if (STATE && !STATE.your_turn && !STATE.over && !replaying()) {
      // Stopped by an error: leave a way on.
      $('ai-controls').hidden = false;
      $('ai-controls').classList.add('waiting');
      $('ai-label').textContent = 'The computer stopped. Skip to let it finish its turn.';
    }
    busyDec();
    renderAll();
    if (STATE && STATE.over) showGameOver();
    else if (myTurn()) status(`Your turn: ${sideName(STATE.side)} ${STATE.phase} phase.`, 'info', 3000);
  }
}

async function showAIAction(r, before) {
  const a = r.action || {};
  const slides = slidesFrom(before, r.state);
  let focus = null;
  if (slides.length) focus = slides[0].from;
  else if (a.target) focus = a.target;
  if (focus && hexes.has(focus) && !aiSkip) {
    const h = hexes.get(focus);
    if (!isVisible(h.x, h.y, 80)) await panTo(h.x, h.y);
  }
  if (a.type === 'attack' || a.type === 'resolve' || a.type === 'charge') {
    const t = a.target || (STATE.attack && STATE.attack.target);
    if (t) flashHex(t);
  }
  await applyResponse(r, {slides: aiSkip ? null : slides});
  const dice = (r.events || []).filter((e) => e.dice);
  if (dice.length) status(dice[dice.length - 1].text, 'ai', 3500);
}

async function aiFinish() {
  aiSkip = true;
  if (aiStepWaiter) aiStepWaiter();
  if (!aiRunning && STATE && !STATE.your_turn && !STATE.over) {
    await guarded(async () => { await applyResponse(await api('POST', '/api/ai/finish')); });
    afterAction();
  }
}
