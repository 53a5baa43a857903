// The replay viewer: a game record (a batch game, a saved game, this
// game) stepped through action by action or player-turn by player-turn,
// with each player-turn's dice, losses and what each computer player said
// it meant to do. The server plays the record back and keeps every
// position; the page asks for a step and draws it.
'use strict';

let REPLAY = null;      // GET /api/replay while the viewer is open
let replayTimer = null; // autoplay

function replayPlaying() { return replayTimer !== null; }

async function fetchReplay() {
  REPLAY = await api('GET', '/api/replay');
  if (!REPLAY.open) REPLAY = null;
}

// Opens the viewer on `body` ({} this game, {game: I} a run's game,
// {record, name} a file's record).
async function openReplay(body) {
  stopAutoplay();
  await guarded(async () => {
    await api('POST', '/api/replay/open', body);
    await fetchReplay();
    await loadScenario();
    status(`Replay of ${REPLAY.source}: ${REPLAY.steps} actions.`, 'info', 4000);
  });
}

async function closeReplay() {
  stopAutoplay();
  await guarded(async () => {
    await api('POST', '/api/replay/close');
    REPLAY = null;
    await loadScenario();
  });
  afterAction();
}

// The game becomes the one replayed, cut at the step shown; the person
// plays on from there against the computer.
async function playFromHere() {
  stopAutoplay();
  await guarded(async () => {
    await api('POST', '/api/replay/play');
    REPLAY = null;
    await loadScenario();
    status(`You play on from here as ${sideName(SCEN.human)}.`, 'info', 4000);
  });
  afterAction();
}

async function gotoStep(step) {
  if (!REPLAY) return;
  step = Math.max(0, Math.min(REPLAY.steps, step));
  const at = STATE.replay ? STATE.replay.step : 0;
  if (step === at) return;
  await guarded(async () => {
    const before = snapshotPositions();
    const st = await api('POST', '/api/replay/goto', {step});
    // One step forward slides the counters; a jump redraws.
    await applyResponse(st, {slides: step === at + 1 ? slidesFrom(before, st) : null});
    const last = (st.log || []).slice(-1)[0];
    if (step === at + 1 && last && last.dice) status(last.text, 'ai', 2500);
  });
}

function currentTurn() {
  return REPLAY && STATE.replay ? REPLAY.turns[STATE.replay.turn_index] : null;
}

function stepTurn(delta) {
  if (!REPLAY || !STATE.replay) return;
  const i = STATE.replay.turn_index;
  const t = REPLAY.turns[i];
  if (delta < 0) {
    // Back to this player-turn's start, or the one before if already there.
    const to = STATE.replay.step > t.from ? t.from : (REPLAY.turns[Math.max(0, i - 1)] || t).from;
    gotoStep(to);
  } else {
    gotoStep(t.to > STATE.replay.step ? t.to : (REPLAY.turns[i + 1] || t).to);
  }
}

function stopAutoplay() {
  if (replayTimer !== null) clearInterval(replayTimer);
  replayTimer = null;
  const b = $('rp-play');
  if (b) b.textContent = '▶ Play';
}

function toggleAutoplay() {
  if (replayTimer !== null) { stopAutoplay(); return; }
  $('rp-play').textContent = '⏸ Pause';
  let going = false;
  replayTimer = setInterval(async () => {
    if (going || busyCount > 0) return;
    if (!REPLAY || !STATE.replay || STATE.replay.step >= REPLAY.steps) { stopAutoplay(); return; }
    going = true;
    try { await gotoStep(STATE.replay.step + 1); } finally { going = false; }
  }, 450);
}

// Arrow keys step, Page keys go by player-turn, Home and End, Space plays.
function replayKey(e) {
  const s = STATE.replay ? STATE.replay.step : 0;
  const keys = {
    ArrowRight: () => (e.shiftKey ? stepTurn(1) : gotoStep(s + 1)),
    ArrowLeft: () => (e.shiftKey ? stepTurn(-1) : gotoStep(s - 1)),
    PageDown: () => stepTurn(1),
    PageUp: () => stepTurn(-1),
    Home: () => gotoStep(0),
    End: () => gotoStep(REPLAY ? REPLAY.steps : s),
    ' ': () => toggleAutoplay(),
  };
  const f = keys[e.key];
  if (!f) return false;
  e.preventDefault();
  f();
  return true;
}

function lossText(t) {
  const parts = [];
  SCEN.sides.forEach((s, i) => {
    if (t.steps_lost[i]) parts.push(`${s.name} −${t.steps_lost[i]} step${t.steps_lost[i] > 1 ? 's' : ''}`);
    if (t.morale_lost[i]) parts.push(`${s.name} −${t.morale_lost[i]} morale`);
  });
  return parts.join(', ');
}

function renderReplayPanel() {
  const box = $('replay-box');
  if (!replaying() || !REPLAY) { box.hidden = true; return; }
  box.hidden = false;
  const at = STATE.replay;
  const t = currentTurn();
  $('rp-source').textContent = REPLAY.source;
  const players = REPLAY.players ? REPLAY.players.map((p, i) => `${SCEN.sides[i].name}: ${p}`).join(' · ') : '';
  $('rp-meta').textContent = `${players}${players ? ' · ' : ''}seed ${REPLAY.seed}, game ${REPLAY.game}`;
  const slider = $('rp-slider');
  slider.max = String(REPLAY.steps);
  slider.value = String(at.step);
  $('rp-pos').textContent = `Action ${at.step} of ${REPLAY.steps}${t && at.step ? ` · last played: turn ${t.turn}, ${sideName(t.side)}` : ' · the start'}`;
  $('rp-run').hidden = REPLAY.run_games === null || REPLAY.run_games === undefined;
  if (!$('rp-run').hidden) {
    $('rp-game').max = String(REPLAY.run_games - 1);
    $('rp-run-count').textContent = `of ${REPLAY.run_games}`;
  }
  // This player-turn: what its player meant, its combats, its losses.
  const card = $('rp-turn');
  card.textContent = '';
  if (t) {
    card.append(el('div', {class: 'rp-turn-head side-' + sideOf(t.side), text: `Turn ${t.turn} · ${sideName(t.side)}`}));
    if (t.intent.length) {
      const ul = el('ul', {class: 'rp-intent', id: 'rp-intent'});
      for (const l of t.intent) ul.append(el('li', {text: l}));
      card.append(el('div', {class: 'small', text: 'What it meant to do:'}), ul);
    } else card.append(el('div', {class: 'small', text: 'This player said nothing of its plan.'}));
    for (const c of t.combats) card.append(el('div', {class: 'rp-combat'}, el('span', {text: c.text}), c.dice ? diceNode(c.dice) : null));
    const lost = lossText(t);
    if (lost) card.append(el('div', {class: 'rp-loss', text: `Losses: ${lost}`}));
  }
  // Every player-turn, to jump to.
  const list = $('rp-turns');
  if (list.dataset.count !== String(REPLAY.turns.length) || list.dataset.source !== REPLAY.source) {
    list.textContent = '';
    list.dataset.count = String(REPLAY.turns.length);
    list.dataset.source = REPLAY.source;
    REPLAY.turns.forEach((x, i) => {
      const bits = [];
      if (x.combats.length) bits.push(`${x.combats.length} combat${x.combats.length > 1 ? 's' : ''}`);
      const lost = lossText(x);
      if (lost) bits.push(lost);
      list.append(el('button', {class: 'rp-turn-row side-' + sideOf(x.side), dataset: {turnIndex: String(i)}, onclick: () => gotoStep(x.to)},
        el('b', {text: `T${x.turn} ${sideName(x.side)}`}), el('span', {text: bits.length ? ' · ' + bits.join(' · ') : ''})));
    });
  }
  list.querySelectorAll('.rp-turn-row').forEach((b) => b.classList.toggle('current', Number(b.dataset.turnIndex) === at.turn_index));
  const cur = list.querySelector('.rp-turn-row.current');
  if (cur && replayTimer !== null) cur.scrollIntoView({block: 'nearest'});
}

// The Replay dialog: this game, a file, or a game of the run.
async function openReplayDialog() {
  const d = $('replay-dialog');
  $('replay-error').hidden = true;
  let run = null;
  try { run = (await api('GET', '/api/replay')).run_games; } catch (_) { /* none */ }
  $('replay-run-row').hidden = run === null || run === undefined;
  if (run) { $('replay-game').max = String(run - 1); $('replay-run-count').textContent = `of ${run}`; }
  $('replay-this').disabled = replaying();
  d.showModal();
}

async function replayFromFile(file) {
  if (!file) return;
  try {
    const record = JSON.parse(await file.text());
    $('replay-dialog').close();
    await openReplay({record, name: file.name});
  } catch (e) {
    $('replay-error').textContent = `${file.name}: ${e.message}`;
    $('replay-error').hidden = false;
  }
  $('replay-file').value = '';
}

function setupReplay() {
  $('replay-btn').onclick = () => openReplayDialog();
  $('replay-this').onclick = (e) => { e.preventDefault(); $('replay-dialog').close(); openReplay({}); };
  $('replay-file').onchange = (e) => replayFromFile(e.target.files[0]);
  $('replay-open-game').onclick = (e) => { e.preventDefault(); $('replay-dialog').close(); openReplay({game: Number($('replay-game').value || 0)}); };
  $('rp-start').onclick = () => gotoStep(0);
  $('rp-prev-turn').onclick = () => stepTurn(-1);
  $('rp-prev').onclick = () => gotoStep(STATE.replay.step - 1);
  $('rp-play').onclick = () => toggleAutoplay();
  $('rp-next').onclick = () => gotoStep(STATE.replay.step + 1);
  $('rp-next-turn').onclick = () => stepTurn(1);
  $('rp-end').onclick = () => gotoStep(REPLAY.steps);
  $('rp-slider').oninput = () => { stopAutoplay(); gotoStep(Number($('rp-slider').value)); };
  $('rp-close').onclick = () => closeReplay();
  $('rp-play-here').onclick = () => playFromHere();
  $('rp-open-game').onclick = () => openReplay({game: Number($('rp-game').value || 0)});
}
