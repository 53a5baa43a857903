// The map: the server's drawing of the terrain, hex numbers drawn by the
// page at the top of each hex (out from under the counters), counters and
// stacks (fanned, with a count, listed on click), highlights with their
// cost badges, paths, the control overlay and the hint's arrows.
'use strict';

// ---------------------------------------------------------------- map ----

async function loadMap() {
  const text = await request('GET', '/map.svg', undefined, {text: true});
  const doc = new DOMParser().parseFromString(text, 'image/svg+xml');
  const root = doc.documentElement;
  const layer = $('map-layer');
  layer.textContent = '';
  if (root.nodeName !== 'svg') throw new Error('the map is not SVG');
  // Carry over presentation attributes of the root (fonts).
  for (const a of ['font-family', 'font-size']) {
    if (root.hasAttribute(a)) layer.setAttribute(a, root.getAttribute(a));
  }
  for (const child of [...root.childNodes]) {
    if (child.nodeType !== 1) continue;
    if (child.nodeName === 'title') continue;
    const node = document.importNode(child, true);
    // Keep the map's ids from clashing with the page's.
    if (node.id) node.id = 'map-' + node.id;
    for (const n of node.querySelectorAll('[id]')) n.id = 'map-' + n.id;
    layer.append(node);
  }
  // The page draws its own counters, and the hex numbers where counters
  // do not cover them.
  for (const id of ['map-counters', 'map-labels']) {
    const old = layer.querySelector('#' + id);
    if (old) old.remove();
  }
  drawHexNumbers();
}

// Hex numbers, small, along the top edge of each hex.
function drawHexNumbers() {
  const layer = $('hexnum-layer');
  layer.textContent = '';
  const R = SCEN.hex_size;
  for (const h of hexes.values()) {
    layer.append(sv('text', {class: 'hexnum', x: h.x.toFixed(1), y: (h.y - R * 0.64).toFixed(1), 'font-size': (R * 0.19).toFixed(1), text: h.label}));
  }
  layer.hidden = !show.labels;
}

// -------------------------------------------------------------- counters --

function counterSize() { return SCEN.hex_size * 0.82; }
function fanStep() { return counterSize() * 0.11; }
const FAN_MAX = 4; // counters drawn apart in a stack; more share the last place

function natoGlyph(kind, w, h, color) {
  const g = sv('g', {class: 'nato', stroke: color, 'stroke-width': 1, fill: 'none'});
  g.append(sv('rect', {x: 0, y: 0, width: w, height: h}));
  switch (kind) {
    case 'infantry':
      g.append(sv('path', {d: `M0,0 L${w},${h} M${w},0 L0,${h}`}));
      break;
    case 'cavalry':
      g.append(sv('path', {d: `M0,${h} L${w},0`}));
      break;
    case 'camel':
      g.append(sv('path', {d: `M0,${h} L${w},0`}));
      g.append(sv('circle', {cx: w * 0.3, cy: h * 0.3, r: h * 0.12, fill: color}));
      break;
    case 'armor':
      g.append(sv('rect', {x: w * 0.18, y: h * 0.22, width: w * 0.64, height: h * 0.56, rx: h * 0.28}));
      break;
    case 'artillery':
      g.append(sv('circle', {cx: w / 2, cy: h / 2, r: h * 0.17, fill: color, stroke: 'none'}));
      break;
    case 'hq':
      g.append(sv('text', {x: w / 2, y: h * 0.72, 'font-size': h * 0.62, fill: color, stroke: 'none', 'text-anchor': 'middle', 'font-weight': 'bold', text: 'HQ'}));
      break;
    case 'leader': {
      const cx = w / 2, cy = h / 2 + 0.3, R = h * 0.42, r = R * 0.42, pts = [];
      for (let k = 0; k < 10; k++) {
        const a = -Math.PI / 2 + k * Math.PI / 5, rr = k % 2 ? r : R;
        pts.push(`${(cx + rr * Math.cos(a)).toFixed(2)},${(cy + rr * Math.sin(a)).toFixed(2)}`);
      }
      g.append(sv('polygon', {points: pts.join(' '), fill: color, stroke: 'none'}));
      break;
    }
    default:
      break;
  }
  return g;
}

// The supply marker's colours: out of supply (binary) red, limited
// yellow, a U-level orange, special purple.
function markerColours(m) {
  if (m === 'OOS') return ['#c62828', '#fff'];
  if (m === 'L') return ['#f2c230', '#222'];
  if (m.startsWith('S')) return ['#7b1fa2', '#fff'];
  return ['#ef6c00', '#fff'];
}

// A small tag at (x, y) on a counter.
function counterTag(cls, x, y, text, fill, ink, s) {
  const w = Math.max(s * 0.26, text.length * s * 0.13 + s * 0.08);
  const g = sv('g', {class: 'tag ' + cls, transform: `translate(${x.toFixed(2)},${y.toFixed(2)})`});
  g.append(sv('rect', {x: 0, y: 0, width: w, height: s * 0.25, rx: 1.5, fill, stroke: 'rgba(0,0,0,.6)', 'stroke-width': 0.5}));
  g.append(sv('text', {x: w / 2, y: s * 0.195, 'font-size': s * 0.2, 'font-weight': 'bold', fill: ink, 'text-anchor': 'middle', text}));
  return g;
}

// One counter, its top-left corner at (0,0), `counterSize()` square.
function buildCounter(u, def) {
  const s = counterSize();
  const side = sideOf(def.side);
  const fill = SIDE_FILL[side] || '#666';
  const ink = '#fff';
  const g = sv('g', {class: `counter side-${side}`, dataset: {unit: u.id, side: def.side, at: u.hex || ''}});
  const maxSteps = def.steps || 1;
  const reduced = u.steps > 0 && u.steps < maxSteps;
  g.append(sv('rect', {class: 'counter-shadow', x: 1, y: 1, width: s, height: s, rx: 2, fill: 'rgba(0,0,0,0.45)'}));
  g.append(sv('rect', {class: 'counter-body', x: 0, y: 0, width: s, height: s, rx: 2, fill, stroke: SIDE_DARK[side] || '#222', 'stroke-width': 0.8}));
  if (reduced) g.append(sv('rect', {class: 'reduced-band', x: 0.4, y: s * 0.72, width: s - 0.8, height: s * 0.27, fill: 'rgba(255,255,255,0.28)'}));
  const idText = sv('text', {x: s / 2, y: s * 0.2, 'font-size': s * 0.18, fill: ink, 'text-anchor': 'middle', class: 'counter-id', text: u.id});
  if (u.id.length > 7) {
    idText.setAttribute('textLength', (s * 0.86).toFixed(1));
    idText.setAttribute('lengthAdjust', 'spacingAndGlyphs');
  }
  g.append(idText);
  const bw = s * 0.52, bh = s * 0.32;
  const box = natoGlyph(def.kind, bw, bh, ink);
  box.setAttribute('transform', `translate(${((s - bw) / 2).toFixed(2)},${(s * 0.3).toFixed(2)})`);
  g.append(box);
  const values = u.strength || '';
  const valText = sv('text', {x: s / 2, y: s * 0.93, 'font-size': s * 0.25, 'font-weight': 'bold', fill: reduced ? '#ffe08a' : ink, 'text-anchor': 'middle', class: 'counter-values', text: values});
  if (values.length > 5) {
    valText.setAttribute('textLength', (s * 0.9).toFixed(1));
    valText.setAttribute('lengthAdjust', 'spacingAndGlyphs');
  }
  g.append(valText);
  // Far out: the values alone, large.
  g.append(sv('text', {x: s / 2, y: s * 0.68, 'font-size': s * 0.44, 'font-weight': 'bold', fill: reduced ? '#ffe08a' : ink, 'text-anchor': 'middle', class: 'counter-big', text: values,
    textLength: values.length > 3 ? (s * 0.94).toFixed(1) : null, lengthAdjust: values.length > 3 ? 'spacingAndGlyphs' : null}));
  if (maxSteps > 1 && maxSteps <= 6) {
    for (let k = 0; k < maxSteps; k++) {
      g.append(sv('circle', {class: k < u.steps ? 'pip full' : 'pip lost', cx: s * 0.89, cy: s * (0.33 + k * 0.12), r: s * 0.045,
        fill: k < u.steps ? ink : 'none', stroke: ink, 'stroke-width': 0.5}));
    }
  }
  if (u.supply_marker) {
    const [bg, fg] = markerColours(u.supply_marker);
    g.append(counterTag('supply-tag', -s * 0.14, -s * 0.14, u.supply_marker, bg, fg, s));
  }
  if (u.isolated) g.append(counterTag('iso-tag', -s * 0.14, s * 0.16, 'ISO', '#111', '#fff', s));
  const flags = [];
  if (u.attacked) flags.push(['A', '#c62828']);
  if (u.moved) flags.push(['M', '#37474f']);
  flags.forEach(([t, c], i) => {
    const fx = s - s * 0.02 - i * s * 0.26, fy = -s * 0.02;
    g.append(sv('circle', {class: 'flag', cx: fx, cy: fy, r: s * 0.12, fill: c, stroke: '#fff', 'stroke-width': 0.6}));
    g.append(sv('text', {class: 'flag', x: fx, y: fy + s * 0.065, 'font-size': s * 0.16, 'font-weight': 'bold', fill: '#fff', 'text-anchor': 'middle', text: t}));
  });
  if (u.committed) g.classList.add('committed');
  g.append(sv('title', {text: unitTip(u, def)}));
  return g;
}

function unitTip(u, def) {
  const tip = [`${u.id} — ${def.name}`, def.type + (def.symbol ? ` (${def.symbol})` : ''), `strength ${u.strength}`, `${u.steps}/${def.steps} steps`];
  if (u.morale !== null && u.morale !== undefined) tip.push(`morale ${u.morale}`);
  tip.push(`supply: ${u.supply}${u.supply_marker ? ` (${u.supply_marker})` : ''}`);
  if (u.isolated) tip.push('isolated');
  if (typeof u.mp_left === 'number' && sideOf(def.side) === me && myTurn()) tip.push(`${fmt(u.mp_left)} MP left`);
  if (u.moved) tip.push('moved');
  if (u.attacked) tip.push('attacked');
  return tip.join('\n');
}

// Where each unit's counter goes: a stack fans up and to the right, its
// top counter fully shown, the selected unit on top.
function counterPositions() {
  const s = counterSize(), d = fanStep();
  const byHex = new Map();
  for (const u of units.values()) {
    if (!u.hex || u.steps <= 0 || !hexes.has(u.hex)) continue;
    if (!byHex.has(u.hex)) byHex.set(u.hex, []);
    byHex.get(u.hex).push(u.id);
  }
  const pos = new Map();
  for (const [hex, ids] of byHex) {
    if (sel && ids.includes(sel.id)) { ids.splice(ids.indexOf(sel.id), 1); ids.push(sel.id); }
    const h = hexes.get(hex);
    const n = ids.length, shown = Math.min(n, FAN_MAX);
    ids.forEach((id, k) => {
      const layer = Math.max(0, k - (n - shown));
      const off = (layer - (shown - 1) / 2) * d;
      pos.set(id, {x: h.x - s / 2 + off, y: h.y - s / 2 - off, order: k, n, hex});
    });
  }
  return pos;
}

// Whether one of the person's units can still do something this phase.
function canAct(u) {
  if (!myTurn() || unitSide(u.id) !== me) return false;
  const k = phaseKind();
  if (k === 'move') return u.can_move || u.can_charge;
  if (k === 'rail') return u.can_rail;
  if (k === 'combat') return u.can_attack;
  return false;
}

let counterPos = new Map();

function renderCounters(slides) {
  const layer = $('counter-layer');
  layer.textContent = '';
  counterPos = counterPositions();
  const order = [...counterPos.entries()].sort((a, b) => a[1].order - b[1].order);
  const candidates = combatCandidates();
  const attackers = combat ? new Set(combat.attackers) : new Set();
  const s = counterSize();
  for (const [id, p] of order) {
    const u = units.get(id), def = unitDefs.get(id);
    if (!def) continue;
    const g = buildCounter(u, def);
    if (sel && sel.id === id) g.classList.add('selected');
    if (myTurn() && unitSide(id) === me) g.classList.add(canAct(u) ? 'can-act' : 'spent');
    if (candidates.has(id)) g.classList.add('can-join');
    if (attackers.has(id)) g.classList.add('attacking');
    g.setAttribute('transform', `translate(${p.x.toFixed(2)},${p.y.toFixed(2)})`);
    const top = p.order === p.n - 1;
    g.dataset.top = top ? '1' : '0';
    g.dataset.stack = String(p.n);
    if (top && p.n > 1) {
      // How many counters the stack holds.
      g.append(sv('circle', {class: 'stack-count', cx: s * 0.02, cy: s * 0.98, r: s * 0.15}));
      g.append(sv('text', {class: 'stack-count-n', x: s * 0.02, y: s * 0.98 + s * 0.075, 'font-size': s * 0.2, 'text-anchor': 'middle', text: String(p.n)}));
    }
    layer.append(g);
  }
  if (slides && slides.length) return animateSlides(slides);
  return Promise.resolve();
}

// Slides each moved counter from its old hex to its new one.
function animateSlides(slides) {
  const items = [];
  for (const {id, from} of slides) {
    const g = $('counter-layer').querySelector(`[data-unit="${CSS.escape(id)}"]`);
    const p = counterPos.get(id);
    const f = hexes.get(from);
    if (!g || !p || !f) continue;
    const s = counterSize();
    items.push({g, x0: f.x - s / 2, y0: f.y - s / 2, x1: p.x, y1: p.y});
    g.parentNode.append(g); // on top while moving
    g.classList.add('moving');
  }
  if (!items.length) return Promise.resolve();
  const t0 = performance.now();
  return new Promise((done) => {
    const step = (t) => {
      const k = Math.min(1, (t - t0) / SLIDE_MS);
      const e = 1 - (1 - k) ** 3;
      for (const it of items) {
        const x = it.x0 + (it.x1 - it.x0) * e, y = it.y0 + (it.y1 - it.y0) * e;
        it.g.setAttribute('transform', `translate(${x.toFixed(2)},${y.toFixed(2)})`);
      }
      if (k < 1) requestAnimationFrame(step);
      else { for (const it of items) it.g.classList.remove('moving'); done(); }
    };
    requestAnimationFrame(step);
  });
}

// ------------------------------------------------------------ stack list --

// The units of a stack, listed beside it: a click on one picks it.
function openStackPopup(hex) {
  const ids = stackAt(hex);
  const h = hexes.get(hex);
  if (!h || ids.length < 2) { closeStackPopup(); return; }
  const box = $('stack-popup');
  box.textContent = '';
  box.dataset.hex = hex;
  box.append(el('div', {class: 'stack-head', text: `${hex}${h.name ? ' ' + h.name : ''} · ${ids.length} units`}));
  // Top of the stack first, as it lies.
  for (const id of ids.slice().sort((a, b) => (counterPos.get(b) || {order: 0}).order - (counterPos.get(a) || {order: 0}).order)) {
    const u = units.get(id), def = unitDefs.get(id);
    const row = el('button', {class: 'stack-row-btn' + (sel && sel.id === id ? ' current' : ''), dataset: {stackUnit: id}, title: unitTip(u, def),
      onclick: (e) => { e.stopPropagation(); closeStackPopup(); onStackPick(id); }},
    miniCounter(u, def, 30),
    el('span', {class: 'stack-id', text: id}),
    el('span', {class: 'stack-name', text: def.name}),
    el('span', {class: 'stack-str', text: u.strength + (u.supply_marker ? ' ' + u.supply_marker : '')}));
    box.append(row);
  }
  const r = paneRect(), p = toScreen(h.x + SCEN.hex_size * 0.9, h.y - SCEN.hex_size * 0.6);
  box.hidden = false;
  const w = box.offsetWidth, ht = box.offsetHeight;
  box.style.left = Math.max(4, Math.min(r.width - w - 4, p.x - r.left)) + 'px';
  box.style.top = Math.max(4, Math.min(r.height - ht - 4, p.y - r.top)) + 'px';
}

function closeStackPopup() {
  const box = $('stack-popup');
  if (box && !box.hidden) { box.hidden = true; box.textContent = ''; }
}

function miniCounter(u, def, px = 56) {
  const s = counterSize();
  const svg = sv('svg', {class: 'mini-counter', viewBox: `-5 -5 ${s + 10} ${s + 10}`, width: px, height: px});
  const c = buildCounter(u, def);
  delete c.dataset.unit;
  svg.append(c);
  return svg;
}

// ------------------------------------------------------------ highlights --

// A highlighted hex: a shaded polygon under the counters (data-area) and a
// badge above them with its cost or chance (data-hex, or data-target for an
// attack), at the hex's right, so the badge can always be clicked.
function hexHighlight(label, cls, text, title, key = 'hex') {
  const h = hexes.get(label);
  if (!h) return null;
  const R = SCEN.hex_size;
  const g = sv('g', {class: 'hl ' + cls, dataset: {area: label}});
  g.append(sv('polygon', {points: hexPoints(h.x, h.y, R * 0.94)}));
  if (title) g.append(sv('title', {text: title}));
  $('highlight-layer').append(g);
  const badge = sv('g', {class: 'hl-badge ' + cls});
  badge.dataset[key] = label;
  const x = h.x + R * 0.66, y = h.y;
  if (text) {
    const w = Math.max(R * 0.36, text.length * R * 0.15 + R * 0.12);
    badge.append(sv('rect', {x: x - w / 2, y: y - R * 0.15, width: w, height: R * 0.3, rx: R * 0.08}));
    badge.append(sv('text', {x, y: y + R * 0.075, 'font-size': R * 0.21, 'text-anchor': 'middle', text}));
  } else {
    badge.append(sv('circle', {cx: x, cy: y, r: R * 0.11}));
  }
  if (title) badge.append(sv('title', {text: title}));
  $('badge-layer').append(badge);
  return g;
}

function clearHighlights() {
  $('highlight-layer').textContent = '';
  $('badge-layer').textContent = '';
  $('path-layer').textContent = '';
}

function drawPath(labels, cls, layer = 'path-layer') {
  const pts = labels.filter((l) => hexes.has(l)).map((l) => `${hexes.get(l).x.toFixed(1)},${hexes.get(l).y.toFixed(1)}`);
  if (pts.length < 1) return null;
  const g = sv('g', {class: 'path ' + cls});
  if (pts.length > 1) g.append(sv('polyline', {points: pts.join(' ')}));
  const [lx, ly] = pts[pts.length - 1].split(',');
  g.append(sv('circle', {cx: lx, cy: ly, r: SCEN.hex_size * 0.14}));
  $(layer).append(g);
  return g;
}

let hoverPath = null;

// Why a destination costs what it does, when the server says.
function moveNote(info, hex) {
  const n = (info.move_notes || []).find((x) => x.hex === hex);
  return n ? n.note : null;
}

function renderHighlights() {
  clearHighlights();
  if (!STATE) return;
  const mine = myTurn();
  if (combat) {
    hexHighlight(combat.target, 'hl-target', '⚔', `defender ${combat.target}`, 'target');
  } else if (mine && phaseKind() === 'combat' && !(sel && sel.info && !sel.readonly)) {
    // Every hex the person could attack now.
    const targets = new Set();
    for (const u of units.values()) {
      if (unitSide(u.id) !== me || !u.hex || !u.can_attack) continue;
      for (const e of units.values()) {
        if (e.hex && e.steps > 0 && unitSide(e.id) !== me && adjacent(u.hex, e.hex)) targets.add(e.hex);
      }
    }
    for (const t of targets) hexHighlight(t, 'hl-attackable', '⚔', `attack ${t}`, 'target');
  } else if (sel && sel.info && !sel.readonly && mine) {
    const info = sel.info;
    const k = phaseKind();
    if (info.rail && info.rail.can_rail && k === 'rail') {
      for (const d of info.rail.destinations || []) hexHighlight(d.hex, 'hl-rail', null, `rail to ${d.hex}`);
    } else if (info.moves && info.moves.can_move) {
      for (const d of info.moves.destinations || []) {
        const note = moveNote(info, d.hex);
        const title = `${d.hex}: ${d.cost} MP${d.stops ? ' — the move ends there (enemy zone of control)' : ''}${note ? ' — ' + note : ''}`;
        hexHighlight(d.hex, 'hl-move' + (d.stops ? ' hl-stops' : '') + (note ? ' hl-free' : ''), String(d.cost) + (note ? '*' : ''), title);
      }
    }
    for (const c of info.charges || []) hexHighlight(c.hex, 'hl-charge', pct(c.chance), `charge ${c.hex}: ${pct(c.chance)} to succeed`);
    if (k === 'combat') {
      for (const a of info.attacks || []) {
        hexHighlight(a.hex, a.ok ? 'hl-attackable' : 'hl-attackable hl-no', a.ok ? '⚔' : '×', a.ok ? `attack ${a.hex}` : `${a.hex}: ${a.reason || 'cannot attack'}`, 'target');
      }
    }
  }
  if (mine && STATE.advance && advanceDismissed !== STATE.version) {
    hexHighlight(STATE.advance.hex, 'hl-advance', 'advance', `advance into ${STATE.advance.hex}`);
  }
  if (sel && sel.info) {
    const u = units.get(sel.id);
    if (u && u.hex && hexes.has(u.hex)) {
      const h = hexes.get(u.hex);
      $('path-layer').append(sv('polygon', {class: 'sel-hex', points: hexPoints(h.x, h.y, SCEN.hex_size * 0.98)}));
    }
    if (show.supply && sel.info.supply) {
      const sp = sel.info.supply;
      if (sp.path && sp.path.length) drawPath(sp.path, sp.can_trace ? 'supply' : 'supply broken');
    }
  }
  if (hoverPath) drawPath(hoverPath.labels, hoverPath.cls);
  renderHintOverlay();
}

// The hint on the map: a gold arrow along a move, rings on an attack.
function renderHintOverlay() {
  const layer = $('hint-layer');
  layer.textContent = '';
  delete layer.dataset.kind;
  if (!hint || !myTurn()) return;
  const R = SCEN.hex_size;
  const ring = (label, cls) => {
    const h = hexes.get(label);
    if (h) layer.append(sv('polygon', {class: 'hint-ring ' + cls, points: hexPoints(h.x, h.y, R * 0.9)}));
  };
  layer.dataset.kind = hint.action.type;
  if (hint.from && (hint.to || hint.target)) {
    const g = drawPath([hint.from, ...(hint.path && hint.path.length ? hint.path : [hint.to || hint.target])], 'hint-path', 'hint-layer');
    if (g) g.classList.add('hint-arrow');
    ring(hint.from, 'from');
  }
  if (hint.target) ring(hint.target, 'target');
  for (const id of hint.attackers || []) {
    const u = units.get(id);
    if (u && u.hex) ring(u.hex, 'from');
  }
}

function renderControl() {
  const layer = $('control-layer');
  layer.textContent = '';
  renderWorks(layer);
  if (!show.control || !STATE || !STATE.control) return;
  for (const [label, side] of Object.entries(STATE.control)) {
    const h = hexes.get(label);
    const i = sideOf(side);
    if (!h || i < 0) continue;
    layer.append(sv('polygon', {points: hexPoints(h.x, h.y, SCEN.hex_size * 0.97), fill: SIDE_FILL[i], 'fill-opacity': 0.22, stroke: 'none'}));
  }
}

// GS-10: broken rail (a red cross), built forts and airbases, marked in a
// corner of their hexes whatever the control overlay shows.
function renderWorks(layer) {
  const w = STATE && STATE.works;
  if (!w) return;
  const mark = (label, text, cls, title, dx) => {
    const h = hexes.get(label);
    if (!h) return;
    layer.append(sv('text', {class: 'works-mark ' + cls, x: h.x + dx * SCEN.hex_size, y: h.y + 0.7 * SCEN.hex_size, 'text-anchor': 'middle', text},
      sv('title', {text: title})));
  };
  for (const l of w.broken_rail) mark(l, '✕', 'rail-broken', `${l}: rail line broken`, -0.45);
  for (const l of w.forts) mark(l, '▲', 'fort-built', `${l}: fort built`, 0);
  for (const l of w.airbases) mark(l, '✈', 'airbase-built', `${l}: airbase built`, 0.45);
}

function flashHex(label) {
  const h = hexes.get(label);
  if (!h) return;
  const p = sv('polygon', {class: 'flash', points: hexPoints(h.x, h.y, SCEN.hex_size * 0.95)});
  $('badge-layer').append(p);
  setTimeout(() => p.remove(), 900);
}
