// hexwar play page: the map, the counters and the panel, all from the
// JSON API of `hexwar play` (docs/PLAY-API.md). Plain ES2020, no build
// step, nothing fetched from elsewhere. The script comes in parts, loaded
// in this order and sharing these globals:
//   app.js      state, helpers, the one request function, pan and zoom
//   map.js      the map, hex numbers, counters and stacks, highlights
//   panel.js    the side panel: turn, score, unit, combat, hint, log
//   actions.js  selecting, moving, attacking, undo, hint, the AI's turn
//   dialogs.js  new game, save and load, key, help, keys, start-up
//   replay.js   the replay viewer
// The page keeps no rules: what it shows comes from the server.
'use strict';

const SVGNS = 'http://www.w3.org/2000/svg';
let SIDE_FILL = ['#3b6db3', '#b8403a'];
let SIDE_DARK = ['#1f3f70', '#6e211c'];
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
let hint = null;            // GET /api/hint, while shown
let advanceDismissed = -1;  // state version at which the person declined to advance
const show = {supply: false, control: false, labels: true};
let gameOverShown = false;

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
  for (const c of children) if (c !== null && c !== undefined && c !== false) e.append(c);
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

function esc(s) {
  return String(s).replace(/[&<>"']/g, (c) => ({'&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;'}[c]));
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
function replaying() { return !!(STATE && STATE.replay); }
function myTurn() { return !!(STATE && STATE.your_turn && !STATE.over && !STATE.replay); }
function stackAt(hex) {
  return [...units.values()].filter((u) => u.hex === hex && u.steps > 0).map((u) => u.id);
}

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

// The one place the page talks to the server: every request, JSON or
// not, goes through here (headers the server asks for belong here).
async function request(method, path, body, opts = {}) {
  const init = {method, headers: {'X-Hexwar-Token': TOKEN}};
  if (method !== 'GET') init.headers['Content-Type'] = 'application/json';
  if (body !== undefined) init.body = typeof body === 'string' ? body : JSON.stringify(body);
  let r;
  try {
    r = await fetch(path, init);
  } catch (e) {
    throw new ApiError('cannot reach the server: ' + e.message, 0);
  }
  const text = await r.text();
  if (!r.ok) {
    let msg = null;
    try { msg = JSON.parse(text).error; } catch (_) { /* not JSON */ }
    throw new ApiError(msg || `${r.status} ${r.statusText || 'error'}`, r.status);
  }
  if (opts.text) return text;
  return text ? JSON.parse(text) : null;
}

// A JSON request with the busy flag up while it runs.
async function api(method, path, body) {
  busyInc();
  try { return await request(method, path, body); } finally { busyDec(); }
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
// Below this zoom counters show their values only, and hex numbers hide.
const LOD_ZOOM = 0.85;

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
  b.classList.toggle('lod-far', view.s < LOD_ZOOM);
  $('zoom-level').textContent = Math.round(view.s * 100) + '%';
}

function syncFromScroll() {
  const p = pane();
  view.tx = -vb.x * view.s - p.scrollLeft;
  view.ty = -vb.y * view.s - p.scrollTop;
  closeStackPopup();
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

function toScreen(x, y) {
  const r = paneRect();
  return {x: r.left + x * view.s + view.tx, y: r.top + y * view.s + view.ty};
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

// Pixels at the top of the map the tool bar covers.
const TOOLS_PX = 50;

// Fits the box [x0, y0, x1, y1] (map units) in the window below the tool
// bar, no closer than `most`.
function fitBox(x0, y0, x1, y1, most = 4) {
  const r = paneRect();
  if (!SCEN || r.width === 0) return;
  const w = Math.max(x1 - x0, 1), h = Math.max(y1 - y0, 1);
  const high = r.height - TOOLS_PX;
  view.s = Math.min(most, r.width / w, high / h);
  view.tx = (r.width - (x0 + x1) * view.s) / 2;
  view.ty = TOOLS_PX + (high - (y0 + y1) * view.s) / 2;
  applyView();
}

function fitMap() {
  fitBox(-MAP_MARGIN / 2, -MAP_MARGIN / 2, SCEN.width + MAP_MARGIN / 2, SCEN.height + MAP_MARGIN / 2);
}

function centerOn(x, y, s) {
  const r = paneRect();
  if (s) view.s = s;
  view.tx = r.width / 2 - x * view.s;
  view.ty = r.height / 2 - y * view.s;
  applyView();
}

// The box around hex centres `pts`, a hex's width around it.
function boxOf(pts) {
  const R = SCEN.hex_size * 1.1;
  const xs = pts.map((p) => p.x), ys = pts.map((p) => p.y);
  return [Math.min(...xs) - R, Math.min(...ys) - R, Math.max(...xs) + R, Math.max(...ys) + R];
}

// The initial view: the whole front. Every unit on the map when that box
// is readable; otherwise the units within a few hexes of an enemy (where
// the fighting is); the whole map when neither is.
function initialView() {
  const R = SCEN.hex_size;
  const on = [...units.values()].filter((u) => u.hex && u.steps > 0 && hexes.has(u.hex));
  const pts = (list) => list.map((u) => hexes.get(u.hex));
  const readable = (box) => {
    const r = paneRect();
    return Math.min(r.width / (box[2] - box[0]), (r.height - TOOLS_PX) / (box[3] - box[1])) >= 0.55;
  };
  if (on.length) {
    const all = boxOf(pts(on));
    if (readable(all)) { fitBox(...all, 1.25); return; }
    const foes = (u) => on.filter((o) => unitSide(o.id) !== unitSide(u.id)).map((o) => hexes.get(o.hex));
    const front = on.filter((u) => {
      const h = hexes.get(u.hex);
      return foes(u).some((f) => Math.hypot(f.x - h.x, f.y - h.y) <= R * 1.75 * 4);
    });
    if (front.length) { fitBox(...boxOf(pts(front)), 1.25); return; }
    const mine = on.filter((u) => unitSide(u.id) === me);
    if (mine.length) { fitBox(...boxOf(pts(mine)), 1.25); return; }
  }
  fitMap();
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
  $('zoom-front').onclick = initialView;
  window.addEventListener('resize', () => { if (SCEN) applyView(); });
}

// The line under the map: the hex under the pointer.
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
    if (h.objective) bits.push(`objective ${esc(h.objective.name)} ${h.objective.vp} VP`);
    if (h.port) bits.push('port');
    if (h.fort) bits.push('fort');
    const ctl = STATE && STATE.control && STATE.control[h.label];
    if (ctl) bits.push(`held by ${esc(sideName(ctl))}`);
    const here = stackAt(h.label);
    if (here.length) bits.push(here.map(esc).join(', '));
    box.innerHTML = bits.join(' · ');
    box.hidden = false;
  });
}
