// hexwar play page: the map, the counters and the panel, all from the
// JSON API of `hexwar play` (docs/PLAY-API.md). Plain ES2020, no build step.
'use strict';

const SVGNS = 'http://www.w3.org/2000/svg';
let SIDE_FILL = ['#3b6db3', '#b8403a'];
let SIDE_DARK = ['#1f3f70', '#6e211c'];

// Counter colours by nation where the side's id or name says which.
const NATION_COLOURS = [
  [/soviet|red army/i, '#b23a32'],
  [/axis|german|wehrmacht/i, '#55636d'],
  [/japan/i, '#8a7628'],
  [/french|france/i, '#2f5fa8'],
  [/prussia/i, '#3d6b45'],
  [/commonwealth|british/i, '#a8483a'],
];

function darken(hex, k) {
  const n = parseInt(hex.slice(1), 16);
  const c = [(n >> 16) & 255, (n >> 8) & 255, n & 255].map((v) => Math.round(v * k));
  return '#' + c.map((v) => v.toString(16).padStart(2, '0')).join('');
}

function chooseColours(sides) {
  const picked = sides.map((sd, i) => {
    const hit = NATION_COLOURS.find(([re]) => re.test(sd.id) || re.test(sd.name));
    return hit ? hit[1] : SIDE_FILL[i];
  });
  if (picked[0] !== picked[1]) SIDE_FILL = picked;
  SIDE_DARK = SIDE_FILL.map((c) => darken(c, 0.55));
}
const AI_PAUSE_MS = 300;
const SLIDE_MS = 320;

// ---------------------------------------------------------------- state --

let SCEN = null;            // GET /api/scenario
let STATE = null;           // latest GET /api/state (or action answer)
const hexes = new Map();    // label -> {label, x, y, terrain, name, town, port, objective}
const unitDefs = new Map(); // id -> scenario unit
const sideIdx = new Map();  // side id -> 0 | 1
let units = new Map();      // id -> state unit
let me = 0;                 // index of the human side

let sel = null;             // {id, info, readonly}
let combat = null;          // {target, attackers: [], air, odds, oddsError, resolved, result}
let advanceDismissed = -1;  // state version at which the person declined to advance
let showSupply = false;
let showControl = false;
let renderedLog = 0;
let lastLogTurn = null;
let gameOverShown = false;
let endPhaseArmed = false;

const view = {s: 1, tx: 0, ty: 0};

// ---------------------------------------------------------------- utils --

const $ = (id) => document.getElementById(id);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

function el(tag, attrs, ...children) {
  const e = document.createElement(tag);
  if (attrs) for (const [k, v] of Object.entries(attrs)) {
    if (v === null || v === undefined || v === false) continue;
    if (k === 'class') e.className = v;
    else if (k === 'text') e.textContent = v;
    else if (k.startsWith('on')) e.addEventListener(k.slice(2), v);
    else if (k === 'dataset') Object.assign(e.dataset, v);
    else e.setAttribute(k, v === true ? '' : v);
  }
  for (const c of children) if (c !== null && c !== undefined) e.append(c);
  return e;
}

function sv(tag, attrs, ...children) {
  const e = document.createElementNS(SVGNS, tag);
  if (attrs) for (const [k, v] of Object.entries(attrs)) {
    if (v === null || v === undefined || v === false) continue;
    if (k === 'text') e.textContent = v;
    else if (k === 'dataset') Object.assign(e.dataset, v);
    else e.setAttribute(k, v);
  }
  for (const c of children) if (c) e.append(c);
  return e;
}

function fmt(n, digits = 2) {
  if (typeof n !== 'number') return String(n);
  if (Number.isInteger(n)) return String(n);
  return String(+n.toFixed(digits));
}

function pct(p) {
  const v = p * 100;
  if (v > 0 && v < 1) return '<1%';
  if (v < 100 && v > 99) return '>99%';
  return Math.round(v) + '%';
}

function sideName(id) {
  if (!SCEN) return id;
  const s = SCEN.sides.find((x) => x.id === id);
  return s ? s.name : id;
}

function sideOf(id) { return sideIdx.has(id) ? sideIdx.get(id) : -1; }
function unitSide(uid) { const d = unitDefs.get(uid); return d ? sideOf(d.side) : -1; }
function phaseKind() {
  const p = (STATE && STATE.phase || '').toLowerCase();
  if (p.includes('rail')) return 'rail';
  if (p.includes('combat')) return 'combat';
  if (p.includes('move')) return 'move';
  return p;
}
function myTurn() { return !!(STATE && STATE.your_turn && !STATE.over); }

// ----------------------------------------------------------- busy, toast --

let busyCount = 0;
function busyInc() { busyCount++; document.body.dataset.busy = '1'; }
function busyDec() {
  busyCount = Math.max(0, busyCount - 1);
  if (busyCount === 0) document.body.dataset.busy = '0';
}

let statusTimer = null;
function status(msg, kind = 'info', ms = 4500) {
  const s = $('status');
  s.textContent = msg;
  s.className = 'show ' + kind;
  s.dataset.kind = kind;
  clearTimeout(statusTimer);
  if (ms > 0) statusTimer = setTimeout(() => { s.className = kind; }, ms);
}
function error(e) {
  console.error(e);
  status(e && e.message ? e.message : String(e), 'error', 7000);
}

class ApiError extends Error {
  constructor(msg, code) { super(msg); this.code = code; }
}

// The session's token, which the server put in the page: it accepts a
// change only with it (docs/PLAY-API.md, "What the server refuses").
const TOKEN = (document.querySelector('meta[name="hexwar-token"]') || {}).content || '';

async function api(method, path, body) {
  busyInc();
  try {
    const opts = {method, headers: {'X-Hexwar-Token': TOKEN}};
    if (method !== 'GET') opts.headers['Content-Type'] = 'application/json';
    if (body !== undefined) {
      opts.body = typeof body === 'string' ? body : JSON.stringify(body);
    }
    let r;
    try {
      r = await fetch(path, opts);
    } catch (e) {
      throw new ApiError('cannot reach the server: ' + e.message, 0);
    }
    const text = await r.text();
    let data = null;
    if (text) { try { data = JSON.parse(text); } catch (_) { data = null; } }
    if (!r.ok) {
      const msg = data && data.error ? data.error : `${r.status} ${r.statusText || 'error'}`;
      throw new ApiError(msg, r.status);
    }
    return data;
  } finally {
    busyDec();
  }
}

// Runs an async UI handler with the busy flag and error toast.
async function guarded(fn) {
  busyInc();
  try { return await fn(); } catch (e) { error(e); } finally { busyDec(); }
}

// ------------------------------------------------------------- geometry --

function hexPoints(x, y, r) {
  const pts = [];
  for (let k = 0; k < 6; k++) {
    const a = Math.PI / 3 * k;
    pts.push(`${(x + r * Math.cos(a)).toFixed(1)},${(y + r * Math.sin(a)).toFixed(1)}`);
  }
  return pts.join(' ');
}

function adjacent(a, b) {
  const A = hexes.get(a), B = hexes.get(b);
  if (!A || !B || a === b) return false;
  return Math.hypot(A.x - B.x, A.y - B.y) < SCEN.hex_size * 1.9;
}

function nearestHex(x, y) {
  let best = null, bd = Infinity;
  for (const h of hexes.values()) {
    const d = (h.x - x) ** 2 + (h.y - y) ** 2;
    if (d < bd) { bd = d; best = h; }
  }
  return best && bd <= (SCEN.hex_size ** 2) * 1.05 ? best : null;
}

// ---------------------------------------------------------- pan and zoom --

const board = () => $('board');
const pane = () => $('map-scroll');
const MAP_MARGIN = 40;   // map units of empty space around the map
const vb = {x: 0, y: 0}; // top-left of the SVG's viewBox

// The map is a native scroll area (so a WebDriver's scroll-into-view and
// the keyboard work): the SVG is drawn at the zoom's size, panning scrolls.
// view.tx, view.ty: where the map's origin is, in pixels from the visible
// area's top-left corner.
function paneRect() {
  const p = pane();
  const r = p.getBoundingClientRect();
  return {left: r.left, top: r.top, width: p.clientWidth, height: p.clientHeight};
}

function layout() {
  if (!SCEN) return;
  const p = pane();
  const W = SCEN.width + 2 * MAP_MARGIN, H = SCEN.height + 2 * MAP_MARGIN;
  const sw = Math.max(p.clientWidth, W * view.s), sh = Math.max(p.clientHeight, H * view.s);
  vb.x = -MAP_MARGIN - (sw / view.s - W) / 2;
  vb.y = -MAP_MARGIN - (sh / view.s - H) / 2;
  const b = board();
  b.setAttribute('width', sw.toFixed(1));
  b.setAttribute('height', sh.toFixed(1));
  b.setAttribute('viewBox', `${vb.x.toFixed(3)} ${vb.y.toFixed(3)} ${(sw / view.s).toFixed(3)} ${(sh / view.s).toFixed(3)}`);
}

function syncFromScroll() {
  const p = pane();
  view.tx = -vb.x * view.s - p.scrollLeft;
  view.ty = -vb.y * view.s - p.scrollTop;
}

function applyView() {
  layout();
  const p = pane();
  p.scrollLeft = -vb.x * view.s - view.tx;
  p.scrollTop = -vb.y * view.s - view.ty;
  syncFromScroll();
}

function toMap(clientX, clientY) {
  const r = paneRect();
  return {x: (clientX - r.left - view.tx) / view.s, y: (clientY - r.top - view.ty) / view.s};
}

function zoomAt(factor, cx, cy) {
  const r = paneRect();
  if (cx === undefined) { cx = r.left + r.width / 2; cy = r.top + r.height / 2; }
  const p = toMap(cx, cy);
  const s = Math.min(4, Math.max(0.12, view.s * factor));
  view.s = s;
  view.tx = cx - r.left - p.x * s;
  view.ty = cy - r.top - p.y * s;
  applyView();
}

function fitMap() {
  const r = paneRect();
  if (!SCEN || r.width === 0) return;
  const s = Math.min(r.width / (SCEN.width + 2 * MAP_MARGIN), r.height / (SCEN.height + 2 * MAP_MARGIN));
  view.s = s;
  view.tx = (r.width - SCEN.width * s) / 2;
  view.ty = (r.height - SCEN.height * s) / 2;
  applyView();
}

function centerOn(x, y, s) {
  const r = paneRect();
  if (s) view.s = s;
  view.tx = r.width / 2 - x * view.s;
  view.ty = r.height / 2 - y * view.s;
  applyView();
}

// Initial view: the whole map when it is readable that way, otherwise a
// readable zoom centred on the person's forces.
function initialView() {
  const r = paneRect();
  const fit = Math.min(r.width / SCEN.width, r.height / SCEN.height) * 0.98;
  if (fit >= 0.72) { fitMap(); return; }
  const s = Math.max(fit, Math.min(1, Math.max(0.8, r.width / (SCEN.width + 2 * MAP_MARGIN))));
  // The front: the person's units nearest the enemy's.
  const onMap = (side) => [...units.values()].filter((u) => u.hex && u.steps > 0 && hexes.has(u.hex) && (unitSide(u.id) === me) === side).map((u) => hexes.get(u.hex));
  const mine = onMap(true), theirs = onMap(false);
  let pts = mine;
  if (mine.length && theirs.length) {
    const dist = mine.map((h) => [h, Math.min(...theirs.map((t) => Math.hypot(t.x - h.x, t.y - h.y)))]).sort((a, b) => a[1] - b[1]);
    const near = dist.filter(([, dd]) => dd <= SCEN.hex_size * 7).map(([h]) => h);
    pts = near.length ? near : dist.slice(0, 5).map(([h]) => h);
  }
  if (!pts.length) for (const u of units.values()) if (u.hex && hexes.has(u.hex)) pts.push(hexes.get(u.hex));
  if (!pts.length) { fitMap(); return; }
  const x = pts.reduce((a, p) => a + p.x, 0) / pts.length;
  const y = pts.reduce((a, p) => a + p.y, 0) / pts.length;
  centerOn(x, y, s);
}

function isVisible(x, y, margin = 40) {
  const r = paneRect();
  const sx = x * view.s + view.tx, sy = y * view.s + view.ty;
  return sx > margin && sy > margin && sx < r.width - margin && sy < r.height - margin;
}

async function panTo(x, y, ms = 250) {
  const r = paneRect();
  const tx0 = view.tx, ty0 = view.ty;
  view.tx = r.width / 2 - x * view.s;
  view.ty = r.height / 2 - y * view.s;
  applyView(); // clamps to what can be scrolled
  const tx1 = view.tx, ty1 = view.ty;
  view.tx = tx0;
  view.ty = ty0;
  applyView();
  const t0 = performance.now();
  await new Promise((done) => {
    const step = (t) => {
      const k = Math.min(1, (t - t0) / ms);
      const e = k < 0.5 ? 2 * k * k : 1 - (-2 * k + 2) ** 2 / 2;
      view.tx = tx0 + (tx1 - tx0) * e;
      view.ty = ty0 + (ty1 - ty0) * e;
      applyView();
      if (k < 1) requestAnimationFrame(step); else done();
    };
    requestAnimationFrame(step);
  });
}

let drag = null;
let justDragged = false;

function setupPanZoom() {
  const b = board();
  b.addEventListener('pointerdown', (e) => {
    if (e.button !== 0) return;
    drag = {x: e.clientX, y: e.clientY, tx: view.tx, ty: view.ty, moved: false, id: e.pointerId};
  });
  b.addEventListener('pointermove', (e) => {
    if (drag && drag.id === e.pointerId) {
      const dx = e.clientX - drag.x, dy = e.clientY - drag.y;
      if (!drag.moved && Math.hypot(dx, dy) > 5) {
        drag.moved = true;
        b.classList.add('dragging');
        try { b.setPointerCapture(e.pointerId); } catch (_) { /* ignore */ }
      }
      if (drag.moved) {
        view.tx = drag.tx + dx;
        view.ty = drag.ty + dy;
        applyView();
      }
    }
    hoverAt(e.clientX, e.clientY);
  });
  const end = (e) => {
    if (drag && drag.id === e.pointerId) {
      if (drag.moved) { justDragged = true; setTimeout(() => { justDragged = false; }, 0); }
      b.classList.remove('dragging');
      drag = null;
    }
  };
  b.addEventListener('pointerup', end);
  b.addEventListener('pointercancel', end);
  b.addEventListener('pointerleave', () => { $('hover-info').hidden = true; });
  pane().addEventListener('scroll', syncFromScroll);
  b.addEventListener('wheel', (e) => {
    e.preventDefault();
    const d = e.deltaMode === 1 ? e.deltaY * 30 : e.deltaY;
    zoomAt(Math.exp(-d * 0.0015), e.clientX, e.clientY);
  }, {passive: false});
  b.addEventListener('click', onBoardClick);
  b.addEventListener('contextmenu', (e) => { e.preventDefault(); deselect(); });
  $('zoom-in').onclick = () => zoomAt(1.25);
  $('zoom-out').onclick = () => zoomAt(0.8);
  $('zoom-fit').onclick = fitMap;
  window.addEventListener('resize', () => { if (SCEN) applyView(); });
}

let hoverPending = null;
function hoverAt(cx, cy) {
  if (hoverPending) { hoverPending = [cx, cy]; return; }
  hoverPending = [cx, cy];
  requestAnimationFrame(() => {
    const [x, y] = hoverPending;
    hoverPending = null;
    if (!SCEN) return;
    const p = toMap(x, y);
    const h = nearestHex(p.x, p.y);
    const box = $('hover-info');
    if (!h) { box.hidden = true; return; }
    const bits = [`<b>${h.label}</b>`, esc(h.terrain)];
    if (h.name) bits.push(`<i>${esc(h.name)}</i>`);
    if (h.objective) {
      const o = h.objective;
      bits.push(typeof o === 'object' ? `objective ${o.vp} VP` : `objective ${esc(String(o))}`);
    }
    if (h.port) bits.push('port');
    const ctl = STATE && STATE.control && STATE.control[h.label];
    if (ctl) bits.push(`held by ${esc(sideName(ctl))}`);
    const here = [...units.values()].filter((u) => u.hex === h.label && u.steps > 0).map((u) => u.id);
    if (here.length) bits.push(here.map(esc).join(', '));
    box.innerHTML = bits.join(' · ');
    box.hidden = false;
  });
}

function esc(s) {
  return String(s).replace(/[&<>"']/g, (c) => ({'&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;'}[c]));
}

// ---------------------------------------------------------------- map ----

async function loadMap() {
  const r = await fetch('/map.svg');
  if (!r.ok) throw new ApiError('cannot load the map (' + r.status + ')', r.status);
  const text = await r.text();
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
  // The map's own counters, if any, are drawn by the page instead.
  const old = layer.querySelector('#map-counters');
  if (old) old.remove();
}

// -------------------------------------------------------------- counters --

function counterSize() { return SCEN.hex_size; }
function stackStep() { return counterSize() * 0.15; }

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

function shortId(id) {
  return id;
}

// One counter, its top-left corner at (0,0), side `s` units square.
function buildCounter(u, def) {
  const s = counterSize();
  const side = sideOf(def.side);
  const fill = SIDE_FILL[side] || '#666';
  const ink = '#fff';
  const g = sv('g', {class: `counter side-${side}`, dataset: {unit: u.id, side: def.side, at: u.hex || ''}});
  const maxSteps = def.steps || 1;
  const reduced = u.steps > 0 && u.steps < maxSteps;
  g.append(sv('rect', {class: 'counter-shadow', x: 1.2, y: 1.2, width: s, height: s, rx: 2.2, fill: 'rgba(0,0,0,0.45)'}));
  g.append(sv('rect', {class: 'counter-body', x: 0, y: 0, width: s, height: s, rx: 2.2, fill, stroke: SIDE_DARK[side] || '#222', 'stroke-width': 0.8}));
  if (reduced) {
    g.append(sv('rect', {class: 'reduced-band', x: 0.4, y: s * 0.72, width: s - 0.8, height: s * 0.27, fill: 'rgba(255,255,255,0.28)'}));
  }
  // Id along the top.
  const idText = sv('text', {x: s / 2, y: s * 0.19, 'font-size': s * 0.17, fill: ink, 'text-anchor': 'middle', class: 'counter-id', text: shortId(u.id)});
  if (u.id.length > 7) {
    idText.setAttribute('textLength', (s * 0.86).toFixed(1));
    idText.setAttribute('lengthAdjust', 'spacingAndGlyphs');
  }
  g.append(idText);
  // NATO box.
  const bw = s * 0.52, bh = s * 0.32;
  const box = natoGlyph(def.kind, bw, bh, ink);
  box.setAttribute('transform', `translate(${((s - bw) / 2).toFixed(2)},${(s * 0.3).toFixed(2)})`);
  g.append(box);
  // Values.
  const valText = sv('text', {x: s / 2, y: s * 0.93, 'font-size': s * 0.24, 'font-weight': 'bold', fill: reduced ? '#ffe08a' : ink, 'text-anchor': 'middle', class: 'counter-values', text: u.strength || ''});
  if ((u.strength || '').length > 5) {
    valText.setAttribute('textLength', (s * 0.9).toFixed(1));
    valText.setAttribute('lengthAdjust', 'spacingAndGlyphs');
  }
  g.append(valText);
  // Steps: pips down the right edge.
  if (maxSteps > 1 && maxSteps <= 6) {
    for (let k = 0; k < maxSteps; k++) {
      g.append(sv('circle', {class: k < u.steps ? 'pip full' : 'pip lost', cx: s * 0.89, cy: s * (0.33 + k * 0.12), r: s * 0.045,
        fill: k < u.steps ? ink : 'none', stroke: ink, 'stroke-width': 0.5}));
    }
  }
  // Supply.
  if (u.supply && u.supply !== 'supplied') {
    const label = u.u_level > 0 ? 'U' + u.u_level : 'U';
    const w = label.length > 1 ? s * 0.36 : s * 0.24;
    const tag = sv('g', {class: 'supply-tag', transform: `translate(${(-s * 0.12).toFixed(2)},${(-s * 0.12).toFixed(2)})`});
    tag.append(sv('rect', {x: 0, y: 0, width: w, height: s * 0.26, rx: 1.5, fill: '#f2c230', stroke: '#5a4500', 'stroke-width': 0.6}));
    tag.append(sv('text', {x: w / 2, y: s * 0.2, 'font-size': s * 0.2, 'font-weight': 'bold', fill: '#222', 'text-anchor': 'middle', text: label}));
    g.append(tag);
  }
  // Flags.
  const flags = [];
  if (u.attacked) flags.push(['A', '#c62828', 'attacked']);
  if (u.moved) flags.push(['M', '#37474f', 'moved']);
  flags.forEach(([t, c], i) => {
    const fx = s - s * 0.02 - i * s * 0.26, fy = -s * 0.02;
    g.append(sv('circle', {class: 'flag', cx: fx, cy: fy, r: s * 0.12, fill: c, stroke: '#fff', 'stroke-width': 0.6}));
    g.append(sv('text', {x: fx, y: fy + s * 0.065, 'font-size': s * 0.16, 'font-weight': 'bold', fill: '#fff', 'text-anchor': 'middle', text: t}));
  });
  if (u.committed) g.classList.add('committed');
  // Tooltip.
  const tip = [`${u.id} — ${def.name}`, def.type + (def.symbol ? ` (${def.symbol})` : ''), `strength ${u.strength}`, `${u.steps}/${maxSteps} steps`];
  if (u.morale !== null && u.morale !== undefined) tip.push(`morale ${u.morale}`);
  if (u.supply) tip.push(u.supply + (u.u_level ? ` (U${u.u_level})` : ''));
  if (typeof u.mp_left === 'number' && side === me) tip.push(`${fmt(u.mp_left)} MP left`);
  if (u.moved) tip.push('moved');
  if (u.attacked) tip.push('attacked');
  g.append(sv('title', {text: tip.join('\n')}));
  return g;
}

// Where each unit's counter goes: stacks fan out a little toward the lower right.
function counterPositions() {
  const s = counterSize();
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
    const n = ids.length;
    const step = stackStep();
    ids.forEach((id, k) => {
      const off = (k - (n - 1) / 2) * step;
      pos.set(id, {x: h.x - s / 2 + off, y: h.y - s / 2 + off, order: k, n});
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
  for (const [id, p] of order) {
    const u = units.get(id), def = unitDefs.get(id);
    if (!def) continue;
    const g = buildCounter(u, def);
    if (sel && sel.id === id) g.classList.add('selected');
    if (myTurn() && unitSide(id) === me) g.classList.add(canAct(u) ? 'can-act' : 'spent');
    if (candidates.has(id)) g.classList.add('can-join');
    if (attackers.has(id)) g.classList.add('attacking');
    g.setAttribute('transform', `translate(${p.x.toFixed(2)},${p.y.toFixed(2)})`);
    if (p.order < p.n - 1) {
      // A counter under others shows only its top strip: an empty box above
      // it moves the centre of its bounds into that strip, where a click (a
      // WebDriver's, which aims at the centre) reaches this counter.
      const s = counterSize(), d = stackStep();
      g.append(sv('rect', {class: 'hit-helper', x: 0, y: d - s, width: s, height: s - d, fill: 'none', stroke: 'none', 'pointer-events': 'none'}));
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

// ------------------------------------------------------------ highlights --

// A highlighted hex: a shaded polygon under the counters (data-area) and a
// badge above them with its cost or chance (data-hex, or data-target for an
// attack), so the badge can always be clicked.
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
  const y = h.y + R * 0.66;
  if (text) {
    const w = Math.max(R * 0.5, text.length * R * 0.17 + R * 0.14);
    badge.append(sv('rect', {x: h.x - w / 2, y: y - R * 0.16, width: w, height: R * 0.3, rx: R * 0.08}));
    badge.append(sv('text', {x: h.x, y: y + R * 0.075, 'font-size': R * 0.22, 'text-anchor': 'middle', text}));
  } else {
    badge.append(sv('circle', {cx: h.x, cy: y, r: R * 0.11}));
  }
  if (title) badge.append(sv('title', {text: title}));
  $('label-layer').append(badge);
  return g;
}

function clearHighlights() {
  $('highlight-layer').textContent = '';
  $('label-layer').textContent = '';
  $('path-layer').textContent = '';
}

function drawPath(labels, cls) {
  const pts = labels.filter((l) => hexes.has(l)).map((l) => `${hexes.get(l).x.toFixed(1)},${hexes.get(l).y.toFixed(1)}`);
  if (pts.length < 1) return;
  const g = sv('g', {class: 'path ' + cls});
  if (pts.length > 1) g.append(sv('polyline', {points: pts.join(' ')}));
  const [lx, ly] = pts[pts.length - 1].split(',');
  g.append(sv('circle', {cx: lx, cy: ly, r: SCEN.hex_size * 0.14}));
  $('path-layer').append(g);
}

let hoverPath = null;

function renderHighlights() {
  clearHighlights();
  if (!STATE) return;
  const mine = myTurn();
  // Combat: the target, the attackers' hexes.
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
    const rail = info.rail && info.rail.can_rail && k === 'rail';
    if (rail) {
      for (const d of info.rail.destinations || []) {
        const cost = d.cost !== undefined && d.cost !== null ? String(d.cost) : '';
        hexHighlight(d.hex, 'hl-rail', cost || null, `rail to ${d.hex}`);
      }
    } else if (info.moves && info.moves.can_move) {
      for (const d of info.moves.destinations || []) {
        hexHighlight(d.hex, d.stops ? 'hl-move hl-stops' : 'hl-move', String(d.cost), `${d.hex}: ${d.cost} MP${d.stops ? ' (the move ends there)' : ''}`);
      }
    }
    for (const c of info.charges || []) {
      hexHighlight(c.hex, 'hl-charge', pct(c.chance), `charge ${c.hex}: ${pct(c.chance)} to succeed`);
    }
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
    if (showSupply && sel.info.supply) {
      const sp = sel.info.supply;
      if (sp.path && sp.path.length) drawPath(sp.path, sp.can_trace ? 'supply' : 'supply broken');
    }
  }
  if (hoverPath) drawPath(hoverPath.labels, hoverPath.cls);
}

function renderControl() {
  const layer = $('control-layer');
  layer.textContent = '';
  if (!showControl || !STATE || !STATE.control) return;
  for (const [label, side] of Object.entries(STATE.control)) {
    const h = hexes.get(label);
    const i = sideOf(side);
    if (!h || i < 0) continue;
    layer.append(sv('polygon', {points: hexPoints(h.x, h.y, SCEN.hex_size * 0.97), fill: SIDE_FILL[i], 'fill-opacity': 0.22, stroke: 'none'}));
  }
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

async function startAttack(hex) {
  if (combat && combat.target === hex && !combat.resolved) return;
  if (STATE.attack && STATE.attack.target !== hex) {
    status(`An attack on ${STATE.attack.target} is already declared: roll or cancel it first.`, 'warn');
    return;
  }
  combat = {target: hex, attackers: [], air: 0, odds: null, oddsError: null, resolved: false, result: null};
  if (STATE.attack) combat.attackers = [...STATE.attack.attackers];
  // The selected unit joins if it can.
  if (sel && !sel.readonly && unitSide(sel.id) === me) {
    const u = units.get(sel.id);
    if (u && u.can_attack && adjacent(u.hex, hex) && !combat.attackers.includes(u.id)) combat.attackers.push(u.id);
  }
  sel = null;
  renderAll();
  const th = hexes.get(hex);
  if (th && !isVisible(th.x, th.y, 80)) panTo(th.x, th.y);
  if (!combat.attackers.length) {
    const c = combatCandidates();
    if (!c.size) status(`None of your units can attack ${hex}.`, 'warn');
  }
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
    if (!u || !adjacent(u.hex, combat.target)) { status(`${id} is not next to ${combat.target}.`, 'warn'); return; }
    if (!u.can_attack) { status(`${id} cannot attack now.`, 'warn'); return; }
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

function outcomeText(o) {
  const parts = [];
  if (o.attackers_eliminated) parts.push(`${o.attackers_eliminated} attacker${o.attackers_eliminated > 1 ? 's' : ''} eliminated`);
  if (o.attacker_steps) parts.push(`attacker −${o.attacker_steps} step${o.attacker_steps > 1 ? 's' : ''}`);
  if (o.attacker_morale) parts.push(`attacker −${o.attacker_morale} morale`);
  if (o.defenders_eliminated) parts.push(`${o.defenders_eliminated} defender${o.defenders_eliminated > 1 ? 's' : ''} eliminated`);
  if (o.defender_steps) parts.push(`defender −${o.defender_steps} step${o.defender_steps > 1 ? 's' : ''}`);
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
    const mods = (l.modifiers || []).map((m) => Array.isArray(m) ? `${m[0]} ×${fmt(m[1])}` : (m.name ? `${m.name} ×${fmt(m.factor)}` : String(m)));
    t.append(el('tr', null,
      el('td', {class: 'sid', text: l.id, title: l.name}),
      el('td', {class: 'mods', text: `${fmt(l.base)}${mods.length ? ' · ' + mods.join(' · ') : ''}`}),
      el('td', {class: 'num', text: fmt(l.strength)})));
  }
  return t;
}

function renderCombat() {
  const box = $('combat');
  if (!combat) { box.hidden = true; return; }
  box.hidden = false;
  const h = hexes.get(combat.target);
  const defenders = enemyUnitsAt(combat.target).map((u) => u.id);
  $('combat-target').textContent = `${combat.target}${h && h.name ? ' ' + h.name : ''}`;
  const help = $('combat-help');
  if (combat.resolved) help.textContent = '';
  else if (!combat.attackers.length) help.textContent = `Defenders: ${defenders.join(', ') || '—'}. Click your highlighted units next to it to add them.`;
  else help.textContent = `Attackers: ${combat.attackers.join(', ')}. Click a unit to add or remove it.`;
  // Air.
  const airMax = STATE && STATE.air_points ? STATE.air_points[me] || 0 : 0;
  const airRow = $('air-row');
  airRow.hidden = !(airMax > 0) || combat.resolved;
  const airSel = $('air');
  if (airSel.options.length !== airMax + 1) {
    airSel.textContent = '';
    for (let i = 0; i <= airMax; i++) airSel.append(el('option', {value: i, text: i === 0 ? 'none' : `${i} point${i > 1 ? 's' : ''}`}));
  }
  airSel.value = String(Math.min(combat.air || 0, airMax));
  // Odds.
  const odds = $('odds');
  odds.textContent = '';
  if (combat.oddsError) odds.append(el('div', {class: 'odds-error', text: combat.oddsError}));
  const o = combat.odds;
  if (o && !combat.resolved) {
    odds.append(el('div', {class: 'column-line'},
      el('span', {class: 'column', id: 'odds-column', text: o.column}),
      el('span', {class: 'ratio', text: `${fmt(o.attack)} : ${fmt(o.defense)}`}),
      el('span', {class: 'terrain', text: o.terrain || ''}),
      o.die_modifier ? el('span', {class: 'drm', text: `die ${o.die_modifier > 0 ? '+' : ''}${o.die_modifier}`}) : null,
      o.defender_air ? el('span', {class: 'drm', text: `enemy air ${o.defender_air}`}) : null));
    odds.append(strengthTable('Attack', o.attackers, o.attack));
    odds.append(strengthTable('Defense', o.defenders, o.defense));
    const t = el('table', {class: 'outcomes', id: 'outcomes'});
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
    odds.append(t);
  }
  // Result.
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

async function roll() {
  if (!combat || combat.resolved) return;
  await guarded(async () => {
    const already = new Set(declaredAttackers());
    try {
      for (const id of combat.attackers) {
        if (already.has(id)) continue;
        const r = await api('POST', '/api/action', {type: 'attack', unit: id, target: combat.target});
        applyResponse(r, {quiet: true});
      }
    } catch (e) {
      // Take back what was declared so the person can start again.
      try { const r = await api('POST', '/api/action', {type: 'cancel_attack'}); applyResponse(r, {quiet: true}); } catch (_) { /* ignore */ }
      throw e;
    }
    const target = combat.target;
    const r = await api('POST', '/api/action', {type: 'resolve', air: Number(combat.air || 0)});
    const withDice = (r.events || []).filter((ev) => ev.dice);
    const card = el('div', {class: 'result-card', id: 'roll-result'});
    if (withDice.length) {
      const d = withDice[withDice.length - 1].dice;
      card.append(el('div', {class: 'result-head'}, el('span', {text: 'Roll '}), diceNode(d)));
    }
    for (const ev of (r.events || [])) card.append(el('div', {class: 'result-line', text: ev.text}));
    combat = {target, attackers: [], resolved: true, result: card, odds: null};
    applyResponse(r);
    if (withDice.length) status(`${target}: rolled ${withDice[withDice.length - 1].dice.roll} — ${withDice[withDice.length - 1].dice.result}`, 'info');
  });
  afterAction();
}

async function cancelAttack() {
  if (!combat) return;
  if (STATE && STATE.attack && !combat.resolved) {
    await guarded(async () => {
      const r = await api('POST', '/api/action', {type: 'cancel_attack'});
      combat = null;
      applyResponse(r);
    });
  }
  combat = null;
  renderAll();
}

// ------------------------------------------------------------ selection --

async function selectUnit(id) {
  const readonly = unitSide(id) !== me;
  await guarded(async () => {
    const info = await api('GET', '/api/unit/' + encodeURIComponent(id));
    sel = {id, info, readonly};
    hoverPath = null;
    renderAll();
    if (showSupply && info.supply && !info.supply.can_trace) status(`${id} cannot trace supply: ${info.supply.reason || 'no path'}`, 'warn');
  });
}

function deselect() {
  if (combat) { cancelAttack(); return; }
  sel = null;
  hoverPath = null;
  renderAll();
}

function stackAt(hex) {
  return [...units.values()].filter((u) => u.hex === hex && u.steps > 0).map((u) => u.id);
}

async function onCounterClick(id) {
  const u = units.get(id);
  if (!u) return;
  const mine = unitSide(id) === me;
  const k = phaseKind();
  if (myTurn() && k === 'combat') {
    if (!mine) { await startAttack(u.hex); return; }
    if (combat && !combat.resolved && adjacent(u.hex, combat.target)) { await toggleAttacker(id); return; }
  }
  // A click on the selected counter picks the next unit of its stack.
  if (sel && sel.id === id) {
    const st = stackAt(u.hex);
    if (st.length > 1) {
      const pos = counterPos.get(id);
      const below = st.filter((x) => x !== id).sort((a, b) => (counterPos.get(b).order - counterPos.get(a).order));
      if (below.length && pos) { await selectUnit(below[0]); return; }
    }
    return;
  }
  if (combat && combat.resolved) combat = null;
  // Clicking a counter in a hex the selected unit can move to moves there when
  // the counter is an enemy's (a charge) — otherwise it selects.
  if (sel && !sel.readonly && !mine && sel.info) {
    const ch = (sel.info.charges || []).find((c) => c.hex === u.hex);
    if (ch) { await doAction({type: 'charge', unit: sel.id, target: u.hex}); return; }
  }
  await selectUnit(id);
}

async function onHexClick(label, fromHighlight) {
  if (!STATE) return;
  const k = phaseKind();
  const mine = myTurn();
  if (mine && STATE.advance && STATE.advance.hex === label && advanceDismissed !== STATE.version && fromHighlight) {
    const u = sel && STATE.advance.units.includes(sel.id) ? sel.id : STATE.advance.units[0];
    if (u) { await doAction({type: 'advance', unit: u}); return; }
  }
  if (mine && sel && sel.info && !sel.readonly) {
    const info = sel.info;
    if (k === 'rail' && info.rail && info.rail.can_rail && (info.rail.destinations || []).some((d) => d.hex === label)) {
      await doAction({type: 'rail_move', unit: sel.id, to: label}, sel.id);
      return;
    }
    const ch = (info.charges || []).find((c) => c.hex === label);
    if (ch) { await doAction({type: 'charge', unit: sel.id, target: label}); return; }
    if (info.moves && info.moves.can_move && (info.moves.destinations || []).some((d) => d.hex === label)) {
      await doAction({type: 'move', unit: sel.id, to: label}, sel.id);
      return;
    }
    if (k === 'combat' && (info.attacks || []).some((a) => a.hex === label)) {
      await startAttack(label);
      return;
    }
  }
  if (mine && k === 'combat' && enemyUnitsAt(label).length) { await startAttack(label); return; }
  if (combat && combat.target === label) return;
  // Anywhere else: clear the selection.
  if (sel || (combat && combat.resolved)) { if (combat && combat.resolved) combat = null; sel = null; hoverPath = null; renderAll(); }
}

async function onBoardClick(e) {
  if (justDragged) return;
  if (!SCEN || !STATE) return;
  if (document.body.dataset.aiRunning === '1') return;
  const cEl = e.target.closest && e.target.closest('[data-unit]');
  const tEl = e.target.closest && e.target.closest('[data-target]');
  const hEl = e.target.closest && e.target.closest('[data-hex]');
  const lEl = e.target.closest && e.target.closest('[data-area]');
  if (tEl) {
    if (myTurn() && phaseKind() === 'combat') await startAttack(tEl.dataset.target);
    return;
  }
  if (cEl) {
    // A counter standing in a highlighted hex: the counter wins for the
    // person's own units (select), otherwise see onCounterClick.
    await onCounterClick(cEl.dataset.unit);
    return;
  }
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
    if (!g || !sel || !sel.info) return;
    const label = g.dataset.area || g.dataset.hex;
    const u = units.get(sel.id);
    let path = null, cls = 'move';
    if (g.classList.contains('hl-move')) {
      const d = (sel.info.moves.destinations || []).find((x) => x.hex === label);
      if (d && d.path) path = d.path;
    } else if (g.classList.contains('hl-rail')) {
      const d = (sel.info.rail.destinations || []).find((x) => x.hex === label);
      path = d && (d.rail_hexes || d.path) ? (d.rail_hexes || d.path) : [label];
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
    if (!g) return;
    if (e.relatedTarget && g.contains(e.relatedTarget)) return;
    clear();
  });
}

// -------------------------------------------------------------- actions --

// Sends one action; `keep` is a unit to keep selected if it can still act.
async function doAction(action, keep) {
  let ok = false;
  await guarded(async () => {
    const before = snapshotPositions();
    const r = await api('POST', '/api/action', action);
    const slides = slidesFrom(before, r.state);
    await applyResponse(r, {slides});
    ok = true;
    if (keep && units.has(keep)) {
      const u = units.get(keep);
      if (myTurn() && (u.can_move || u.can_rail || u.can_charge)) {
        const info = await api('GET', '/api/unit/' + encodeURIComponent(keep));
        sel = {id: keep, info, readonly: false};
      } else sel = null;
      renderAll();
    }
  });
  afterAction();
  return ok;
}

function afterAction() {
  if (STATE && !STATE.your_turn && !STATE.over) runAI();
  if (STATE && STATE.over) showGameOver();
}

async function endPhase() {
  if (!myTurn()) { status('It is not your turn.', 'warn'); return; }
  endPhaseArmed = false;
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
  STATE = st;
  units = new Map(st.units.map((u) => [u.id, u]));
  document.body.dataset.yourTurn = st.your_turn && !st.over ? '1' : '0';
  document.body.dataset.over = st.over ? '1' : '0';
  document.body.dataset.phase = st.phase || '';
  document.body.dataset.version = String(st.version);
  if (!st.over) gameOverShown = false;
  if (st.attack && myTurn() && (!combat || combat.resolved)) {
    combat = {target: st.attack.target, attackers: [...st.attack.attackers], air: 0, odds: null, resolved: false, result: null};
    refreshOdds();
  }
}

// ------------------------------------------------------------------ AI ----

let aiRunning = false;
let aiSkip = false;
let aiStepWaiter = null;

function stepMode() { return $('ai-step-mode').checked; }

async function runAI() {
  if (aiRunning || !STATE || STATE.your_turn || STATE.over) return;
  aiRunning = true;
  aiSkip = false;
  document.body.dataset.aiRunning = '1';
  sel = null;
  combat = null;
  busyInc();
  renderAll();
  $('ai-controls').hidden = false;
  try {
    for (let n = 0; n < 5000 && STATE && !STATE.your_turn && !STATE.over; n++) {
      if (aiSkip) {
        const r = await api('POST', '/api/ai/finish');
        await applyResponse(r);
        break;
      }
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
    if (STATE && !STATE.your_turn && !STATE.over) {
      // Stopped by an error: leave a way on.
      $('ai-controls').hidden = false;
      $('ai-controls').classList.add('waiting');
      $('ai-label').textContent = 'The computer stopped. Skip to let it finish its turn.';
    }
    busyDec();
    renderAll();
    if (STATE && STATE.over) showGameOver();
    else if (STATE && STATE.your_turn) status(`Your turn: ${sideName(STATE.side)} ${STATE.phase} phase.`, 'info', 3000);
  }
}

async function showAIAction(r, before) {
  const a = r.action || {};
  const slides = slidesFrom(before, r.state);
  // Keep the action in view.
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
  if (dice.length) {
    const ev = dice[dice.length - 1];
    status(`${ev.text}`, 'ai', 3500);
  }
}

function flashHex(label) {
  const h = hexes.get(label);
  if (!h) return;
  const p = sv('polygon', {class: 'flash', points: hexPoints(h.x, h.y, SCEN.hex_size * 0.95)});
  $('label-layer').append(p);
  setTimeout(() => p.remove(), 900);
}

async function aiFinish() {
  aiSkip = true;
  if (aiStepWaiter) aiStepWaiter();
  if (!aiRunning && STATE && !STATE.your_turn && !STATE.over) {
    await guarded(async () => {
      const r = await api('POST', '/api/ai/finish');
      await applyResponse(r);
    });
    afterAction();
  }
}

async function refreshState() {
  const st = await api('GET', '/api/state');
  await applyResponse(st);
}

// ------------------------------------------------------------- panel ----

function renderPanel() {
  if (!STATE || !SCEN) return;
  $('turn').textContent = `Turn ${STATE.turn} of ${STATE.turns}`;
  const side = sideOf(STATE.side);
  const stm = $('side-to-move');
  stm.textContent = STATE.over ? 'Game over' : `${sideName(STATE.side)}${STATE.your_turn ? ' (you)' : ' (computer)'}`;
  stm.className = 'side-chip side-' + (STATE.over ? -1 : side);
  $('phase').textContent = STATE.phase;
  const strip = $('phase-strip');
  strip.textContent = '';
  for (const p of SCEN.phases) {
    strip.append(el('li', {class: p === STATE.phase ? 'current' : '', text: p}));
  }
  if (!SCEN.phases.includes(STATE.phase)) strip.append(el('li', {class: 'current', text: STATE.phase}));
  // Score.
  const tb = $('score').querySelector('tbody');
  tb.textContent = '';
  SCEN.sides.forEach((s, i) => {
    tb.append(el('tr', {class: 'side-' + i + (STATE.side === s.id ? ' to-move' : '')},
      el('td', null, el('span', {class: 'swatch side-' + i}), document.createTextNode(s.name + (i === me ? ' (you)' : ''))),
      el('td', {class: 'num', id: `vp-${i}`, text: String(STATE.vp ? STATE.vp[i] : '–')}),
      el('td', {class: 'num', id: `lost-${i}`, text: String(STATE.steps_lost ? STATE.steps_lost[i] : '–')}),
      el('td', {class: 'num', text: STATE.air_points ? String(STATE.air_points[i]) : '–'})));
  });
  const showAir = (STATE.air_points || []).some((x) => x > 0) || (SCEN.combat && (SCEN.combat.air || []).some((x) => x > 0));
  $('score').classList.toggle('no-air', !showAir);
  // Actions.
  if (!aiRunning) $('ai-controls').hidden = !(!STATE.your_turn && !STATE.over);
  const mine = myTurn();
  $('end-phase').disabled = !mine;
  $('end-phase').textContent = mine ? `End ${STATE.phase} phase` : 'End phase';
  const rm = STATE.rail_moves || [];
  $('undo-rail').hidden = !(mine && rm.length);
  const ri = $('rail-info');
  if (STATE.rail && phaseKind() === 'rail' && mine) {
    ri.hidden = false;
    ri.textContent = `Rail capacity: ${STATE.rail.used} of ${STATE.rail.capacity} used`;
  } else ri.hidden = true;
  // Advance.
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
  // Intent.
  const intent = STATE.intent || [];
  $('intent-box').hidden = !intent.length;
  const ul = $('intent');
  ul.textContent = '';
  for (const t of intent) ul.append(el('li', {text: t}));
  renderUnitInfo();
  renderCombat();
  renderReinforcements();
  renderLog();
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
  return el('tr', cls ? {class: cls} : null, el('th', {text: k}), el('td', null, v));
}

function miniCounter(u, def) {
  const s = counterSize();
  const svg = sv('svg', {class: 'mini-counter', viewBox: `-5 -5 ${s + 10} ${s + 10}`, width: 56, height: 56});
  const c = buildCounter(u, def);
  c.removeAttribute('data-unit');
  delete c.dataset.unit;
  svg.append(c);
  return svg;
}

function renderUnitInfo() {
  const box = $('unit-info');
  if (!sel || !units.has(sel.id)) { box.hidden = true; box.textContent = ''; return; }
  const u = units.get(sel.id), def = unitDefs.get(sel.id);
  const info = sel.info || {};
  box.hidden = false;
  box.textContent = '';
  box.dataset.unit = sel.id;
  const head = el('div', {class: 'unit-head'}, miniCounter(u, def),
    el('div', null, el('div', {class: 'unit-name', text: def.name}), el('div', {class: 'unit-type', text: `${def.type} · ${u.id}`}),
      el('div', {class: 'unit-side side-' + sideOf(def.side), text: sideName(def.side)})));
  box.append(head);
  const t = el('table', {class: 'kv'});
  t.append(infoRow('Hex', document.createTextNode(u.hex + (hexes.get(u.hex) && hexes.get(u.hex).name ? ' ' + hexes.get(u.hex).name : '') + ` (${hexes.get(u.hex) ? hexes.get(u.hex).terrain : ''})`)));
  t.append(infoRow('Strength', document.createTextNode(`${u.strength} · ${u.steps}/${def.steps} steps${u.morale !== null && u.morale !== undefined ? ' · morale ' + u.morale : ''}`)));
  if (!sel.readonly) {
    const mv = info.moves;
    if (mv && phaseKind() !== 'rail' && phaseKind() !== 'combat') t.append(infoRow('Movement', document.createTextNode(mv.can_move ? `${mv.mp_left} MP left · ${(mv.destinations || []).length} hexes` : (mv.reason || 'cannot move'))));
    if (phaseKind() === 'rail' && info.rail) t.append(infoRow('Rail', document.createTextNode(info.rail.can_rail ? `${(info.rail.destinations || []).length} destinations` : (info.rail.reason || 'cannot move by rail'))));
    if ((info.charges || []).length) t.append(infoRow('Charges', document.createTextNode(info.charges.map((c) => `${c.hex} ${pct(c.chance)}`).join(', '))));
    if (phaseKind() === 'combat' && (info.attacks || []).length) {
      t.append(infoRow('Attacks', document.createTextNode(info.attacks.map((a) => a.ok ? a.hex : `${a.hex} (${a.reason})`).join(', '))));
    }
  }
  const sp = info.supply;
  if (sp) {
    const txt = `${sp.judged || u.supply}${u.u_level ? ' (U' + u.u_level + ')' : ''}` + (sp.can_trace ? ` · traces ${Math.max(0, (sp.path || []).length - 1)} hexes` : ` · cannot trace: ${sp.reason || 'no path'}`);
    t.append(infoRow('Supply', document.createTextNode(txt), sp.can_trace ? '' : 'warn'));
  } else if (u.supply) {
    t.append(infoRow('Supply', document.createTextNode(u.supply)));
  }
  box.append(t);
  const stack = stackAt(u.hex).filter((x) => x !== u.id);
  if (stack.length) {
    const row = el('div', {class: 'stack-row'}, el('span', {class: 'small', text: 'Also here: '}));
    for (const id of stack) row.append(el('button', {class: 'chip', dataset: {selectUnit: id}, text: id, onclick: () => selectUnit(id)}));
    box.append(row);
  }
}

function renderLog() {
  const log = $('log');
  const entries = STATE.log || [];
  if (entries.length < renderedLog) { log.textContent = ''; renderedLog = 0; lastLogTurn = null; }
  const atBottom = log.scrollHeight - log.scrollTop - log.clientHeight < 40;
  for (let i = renderedLog; i < entries.length; i++) {
    const ev = entries[i];
    if (ev.turn !== lastLogTurn) {
      log.append(el('div', {class: 'log-turn', text: `Turn ${ev.turn}`}));
      lastLogTurn = ev.turn;
    }
    const si = sideOf(ev.side);
    const row = el('div', {class: 'log-entry side-' + si, dataset: {i: String(i)}});
    row.append(el('span', {class: 'log-text', text: ev.text}));
    if (ev.dice) row.append(diceNode(ev.dice));
    log.append(row);
  }
  renderedLog = entries.length;
  if (atBottom || true) log.scrollTop = log.scrollHeight;
}

async function renderAll(slides) {
  if (!STATE || !SCEN) return;
  renderPanel();
  renderControl();
  renderHighlights();
  await renderCounters(slides);
}

// ------------------------------------------------------------ game end --

function showGameOver() {
  if (!STATE || !STATE.over || gameOverShown) return;
  gameOverShown = true;
  const r = STATE.result || {};
  const d = $('game-over');
  let title;
  if (!r.winner || r.level === 'draw') title = 'Draw';
  else title = `${sideName(r.winner)}: ${r.level || ''} victory`;
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
  if (typeof d.showModal === 'function') { if (!d.open) d.showModal(); } else d.setAttribute('open', '');
}

function confirmBox(text) {
  const d = $('confirm-dialog');
  $('confirm-text').textContent = text;
  return new Promise((res) => {
    const done = () => { d.removeEventListener('close', done); res(d.returnValue === 'yes'); };
    d.addEventListener('close', done);
    d.returnValue = '';
    if (typeof d.showModal === 'function') d.showModal(); else res(window.confirm(text));
  });
}

// -------------------------------------------------------- file actions --

function save() {
  const a = document.createElement('a');
  a.href = '/api/save';
  a.download = `hexwar-${SCEN ? SCEN.name : 'game'}-turn${STATE ? STATE.turn : ''}.json`;
  document.body.append(a);
  a.click();
  a.remove();
  status('Saving the game…', 'info', 2000);
}

async function loadFile(file) {
  if (!file) return;
  await guarded(async () => {
    const text = await file.text();
    const r = await api('POST', '/api/load', text);
    resetLocal();
    if (r && (r.state || r.version !== undefined)) await applyResponse(r); else await refreshState();
    status(`Loaded ${file.name}.`, 'info');
  });
  $('load-file').value = '';
  afterAction();
}

// The New game dialog: the person's side and the computer's level (the
// current ones chosen; a spec that is not a level is offered as it is).
function newGameChoice() {
  const side = $('new-side'), level = $('new-level');
  side.textContent = '';
  for (const s of SCEN.sides) side.append(new Option(s.name, s.id, false, s.id === SCEN.human));
  level.textContent = '';
  const levels = SCEN.levels || [];
  if (!levels.includes(SCEN.ai)) level.append(new Option(SCEN.ai, SCEN.ai, true, true));
  for (const l of levels) level.append(new Option(l, l, false, l === SCEN.ai));
  const d = $('new-game-dialog');
  return new Promise((res) => {
    const done = () => {
      d.removeEventListener('close', done);
      res(d.returnValue === 'start' ? {side: side.value, ai: level.value} : null);
    };
    d.addEventListener('close', done);
    d.returnValue = '';
    if (typeof d.showModal === 'function') d.showModal();
    else res(window.confirm('Start a new game? The current game will be lost unless you saved it.') ? {} : null);
  });
}

async function newGame() {
  const choice = await newGameChoice();
  if (!choice) return;
  await guarded(async () => {
    const r = await api('POST', '/api/new', choice);
    // The person's side and the computer may have changed.
    SCEN = await api('GET', '/api/scenario');
    me = sideOf(SCEN.human);
    if (me < 0) me = 1;
    resetLocal();
    if (r && (r.state || r.version !== undefined)) await applyResponse(r); else await refreshState();
    initialView();
    status(`New game: you play ${sideName(SCEN.human)} against the computer (${SCEN.ai}).`, 'info', 4000);
  });
  afterAction();
}

function resetLocal() {
  sel = null;
  combat = null;
  hoverPath = null;
  renderedLog = 0;
  lastLogTurn = null;
  $('log').textContent = '';
  gameOverShown = false;
  const d = $('game-over');
  if (d.open) d.close();
}

// --------------------------------------------------------------- keys ----

function setupKeys() {
  document.addEventListener('keydown', async (e) => {
    if (e.target && (e.target.tagName === 'INPUT' || e.target.tagName === 'SELECT' || e.target.tagName === 'TEXTAREA')) return;
    if (document.querySelector('dialog[open]')) return;
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    if (e.key === 'Escape') { deselect(); return; }
    if (e.key === 'e' || e.key === 'E') {
      if (!myTurn() || busyCount > 0) return;
      const stillCan = phaseKind() === 'move' && [...units.values()].some((u) => unitSide(u.id) === me && u.hex && u.can_move && !u.moved);
      if (stillCan && !(await confirmBox(`Some of your units have not moved yet. End the ${STATE.phase} phase?`))) return;
      await endPhase();
      return;
    }
    if (e.key === 's' || e.key === 'S') { $('supply-toggle').checked = !$('supply-toggle').checked; onSupplyToggle(); return; }
    if (e.key === 'f' || e.key === 'F') { fitMap(); return; }
    if (e.key === '+' || e.key === '=') { zoomAt(1.25); return; }
    if (e.key === '-' || e.key === '_') { zoomAt(0.8); return; }
  });
}

function onSupplyToggle() {
  showSupply = $('supply-toggle').checked;
  if (showSupply && !sel) status('Select a unit to see its supply line.', 'info', 2500);
  if (showSupply && sel && sel.info && sel.info.supply && !sel.info.supply.can_trace) {
    status(`${sel.id} cannot trace supply: ${sel.info.supply.reason || 'no path'}`, 'warn');
  }
  renderHighlights();
}

// --------------------------------------------------------------- start ----

function setupButtons() {
  $('end-phase').onclick = () => endPhase();
  $('undo-rail').onclick = () => undoRail();
  $('roll').onclick = () => roll();
  $('cancel-attack').onclick = () => cancelAttack();
  $('air').onchange = () => { if (combat) { combat.air = Number($('air').value); refreshOdds(); } };
  $('ai-finish').onclick = () => aiFinish();
  $('ai-step').onclick = () => { if (aiStepWaiter) aiStepWaiter(); };
  $('ai-step-mode').onchange = () => { if (!stepMode() && aiStepWaiter) aiStepWaiter(); if (aiRunning) $('ai-step').hidden = !stepMode(); };
  $('save').onclick = save;
  $('load').onclick = () => $('load-file').click();
  $('load-file').onchange = (e) => loadFile(e.target.files[0]);
  $('new-game').onclick = () => newGame();
  $('supply-toggle').onchange = onSupplyToggle;
  $('control-toggle').onchange = () => { showControl = $('control-toggle').checked; renderControl(); };
  $('help-btn').onclick = () => $('help-dialog').showModal();
  $('game-over').addEventListener('close', () => { if ($('game-over').returnValue === 'new') newGame(); });
}

async function start() {
  busyInc();
  setupPanZoom();
  setupHover();
  setupButtons();
  setupKeys();
  try {
    const [scen, st] = await Promise.all([api('GET', '/api/scenario'), api('GET', '/api/state')]);
    SCEN = scen;
    document.title = `${scen.title} — hexwar`;
    $('scenario-title').textContent = scen.title;
    $('scenario-title').title = scen.description || '';
    scen.sides.forEach((s, i) => sideIdx.set(s.id, i));
    me = sideOf(scen.human);
    if (me < 0) me = 1;
    for (const h of scen.hexes) hexes.set(h.label, h);
    for (const u of scen.units) unitDefs.set(u.id, u);
    chooseColours(scen.sides);
    document.documentElement.style.setProperty('--side0', SIDE_FILL[0]);
    document.documentElement.style.setProperty('--side1', SIDE_FILL[1]);
    try { await loadMap(); } catch (e) { error(e); }
    setState(st);
    initialView();
    await renderAll();
    if (st.over) showGameOver();
    else if (st.your_turn) status(`You play ${sideName(scen.human)} against the computer (${scen.ai}). ${sideName(st.side)} ${st.phase} phase.`, 'info', 4000);
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
  if (!STATE || busyCount > 0 || aiRunning || document.hidden) return;
  try {
    const r = await fetch('/api/state');
    if (!r.ok) return;
    const st = await r.json();
    if (busyCount > 0 || aiRunning || !STATE || st.version === STATE.version) return;
    if (st.log && STATE.log && st.log.length < STATE.log.length) resetLocal();
    await applyResponse(st);
    afterAction();
  } catch (_) { /* the server may be gone: say nothing until an action fails */ }
}

window.addEventListener('DOMContentLoaded', () => {
  start();
  setInterval(poll, 4000);
});
