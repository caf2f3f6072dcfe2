/* SPDX-License-Identifier: MIT */
// The web demo's page: loads steer.wasm (the C library, web/steer_web.c and the scenes in
// web/scene_*.c), steps the running scene 60 times per second of demo time, and draws what
// the module writes into its memory (agent records and drawing primitives; layouts in
// web/steer_web.h). A crowd (the flock scene, up to 100,000 agents) is drawn in one pass:
// small triangles batched by colour while they are a few pixels long, single dots written
// straight into an ImageData when they are smaller.
'use strict';

const AGENT_FLOATS = 10;
const PRIM_FLOATS = 8;
const FORCE_LAYER = 32;
const STEPS_PER_SECOND = 60;
// Most steps per animation frame, and the time after which a frame stops stepping (ms):
// a slow scene then runs behind real time instead of freezing the page.
const MAX_STEPS_PER_FRAME = 6;
const STEP_BUDGET_MS = 12;
// Crowd agents are drawn as triangles down to this many pixels per world unit.
const CROWD_TRIANGLE_SCALE = 1.8;
const HEADING_COLOURS = 24;

const AGENT_COLOURS = ['#2f6fde', '#e8772e', '#2e9e5b', '#8a4fd8', '#d64545', '#7a808a'];

// Looks of the primitive styles (enum web_style), widths in CSS pixels.
const STYLES = {
  0: { stroke: '#e6e9ee', width: 1 },                                   // grid
  1: { stroke: 'rgba(47,111,222,0.35)', width: 2 },                     // trail
  2: { fill: '#e8772e' },                                               // waypoint
  3: { stroke: '#b9c0cb', width: 1.2, dash: [5, 5] },                   // leg
  4: { stroke: '#2e9e5b', width: 2.2 },                                 // spline
  5: { stroke: '#d64545', width: 2 },                                   // target
  6: { stroke: 'rgba(138,79,216,0.6)', width: 1.5 },                    // wander circle
  7: { stroke: 'rgba(47,111,222,0.55)', width: 1.5, dash: [6, 4], fill: 'rgba(47,111,222,0.04)' },
  8: { stroke: 'rgba(232,119,46,0.6)', width: 1.5, dash: [3, 4] },      // orange zone
  9: { stroke: 'rgba(47,111,222,0.7)', width: 1.2, dash: [4, 3] },      // tracked line
  10: { fill: 'rgba(214,69,69,0.85)' },                                 // target cell
  11: { stroke: '#7a808a', width: 2 },                                  // path
  12: { stroke: '#c9ced6', width: 1, dash: [4, 4] },                    // corridor
  13: { fill: '#3a4150', font: '600 14px system-ui, sans-serif' },     // caption
  14: { stroke: 'rgba(232,119,46,0.4)', width: 2 },                     // trail (other)
  15: { fill: '#c3c9d3' },                                              // obstacle
  16: { stroke: '#5d6675', width: 5 },                                  // wall
  32: { stroke: 'rgba(214,69,69,0.8)', width: 1.5, dash: [4, 3], fill: '#d64545' }, // prediction
  33: { stroke: '#8a4fd8', width: 1.5, fill: '#8a4fd8' },               // displacement
  34: { stroke: 'rgba(46,158,91,0.55)', width: 1.2, dash: [3, 4] },     // hint
  35: { stroke: 'rgba(46,158,91,0.9)', width: 1.3 },                    // world velocity
  36: { stroke: 'rgba(214,69,69,0.9)', width: 1.3 },                    // world force
  37: { stroke: 'rgba(31,36,48,0.7)', width: 1.5, dash: [5, 4], fill: 'rgba(31,36,48,0.05)' }, // neighbourhood
};

const state = {
  wasm: null, // the module's exports
  scene: 0,
  seed: 1,
  paused: false,
  forces: false,
  accumulator: 0,
  lastTime: null,
  fps: 0,
  frames: 0,
  fpsTime: 0,
  stepMs: null, // mean time of one web_step over the last readout period
  stepTotal: 0,
  stepCount: 0,
  pendingParams: new Map(), // slider moves, applied once per frame
  crowdImage: null, // the ImageData crowd dots are written into
  dragging: false,
  view: { scale: 1, ox: 0, oy: 0 },
};

const $ = (id) => document.getElementById(id);
const canvas = $('view');
const ctx = canvas.getContext('2d');

function cString(ptr) {
  const bytes = new Uint8Array(state.wasm.memory.buffer);
  let end = ptr;
  while (bytes[end] !== 0) end++;
  return new TextDecoder().decode(bytes.subarray(ptr, end));
}

function slug(name) {
  return name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
}

// Agent records read straight from the module's memory.
function readAgents() {
  const w = state.wasm;
  const n = w.web_agent_count();
  const f = new Float32Array(w.memory.buffer, w.web_agents(), n * AGENT_FLOATS);
  const agents = [];
  for (let i = 0; i < n; i++) {
    const o = i * AGENT_FLOATS;
    agents.push({ x: f[o], y: f[o + 1], vx: f[o + 2], vy: f[o + 3], orientation: f[o + 4],
      fx: f[o + 5], fy: f[o + 6], radius: f[o + 7], style: f[o + 8] });
  }
  return agents;
}

// ---- scene and controls -------------------------------------------------------------

function loadScene(scene, seed) {
  const w = state.wasm;
  state.scene = scene;
  state.seed = seed >>> 0;
  w.web_load(scene, state.seed);
  state.accumulator = 0;
  state.pendingParams.clear();
  state.stepMs = null;
  state.stepTotal = 0;
  state.stepCount = 0;
  document.querySelectorAll('#scenes button').forEach((b, i) => b.classList.toggle('active', i === scene));
  $('scene-title').textContent = cString(w.web_scene_name(scene));
  $('scene-about').textContent = cString(w.web_scene_about(scene));
  const hint = cString(w.web_scene_hint(scene));
  $('hint').textContent = hint !== '' ? hint : w.web_has_target()
    ? 'Click or drag on the picture to move the target; arrow keys nudge it. F shows the force vectors.'
    : 'Click the picture to show or hide the force vectors (as in the classic wander demo).';
  const name = slug(cString(w.web_scene_name(scene)));
  if (location.hash.slice(1) !== name) history.replaceState(null, '', '#' + name);
  buildParams();
  draw();
}

function decimals(step) {
  if (step >= 1) return 0;
  return Math.min(3, Math.ceil(-Math.log10(step) - 1e-9));
}

function buildParams() {
  const w = state.wasm;
  const box = $('params');
  box.textContent = '';
  for (let i = 0; i < w.web_param_count(); i++) {
    const step = w.web_param_step(i);
    const div = document.createElement('div');
    div.className = 'param';
    const label = document.createElement('label');
    label.className = 'name';
    const name = document.createElement('span');
    name.textContent = cString(w.web_param_name(i));
    const value = document.createElement('span');
    value.className = 'value';
    label.append(name, value);
    const input = document.createElement('input');
    input.type = 'range';
    input.min = w.web_param_min(i);
    input.max = w.web_param_max(i);
    input.step = step;
    input.value = w.web_param_value(i);
    input.setAttribute('aria-label', name.textContent);
    const digits = decimals(step);
    const format = (x) => x.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
    const show = () => { value.textContent = format(w.web_param_value(i)); };
    // A drag fires many input events per frame, and some parameters restart the scene
    // (the flock's count: a new world of up to 100,000 agents): apply the last value of
    // each slider once per frame.
    input.addEventListener('input', () => {
      state.pendingParams.set(i, { value: Number(input.value), show });
      value.textContent = format(Number(input.value));
    });
    show();
    div.append(label, input);
    box.append(div);
  }
}

function setPaused(paused) {
  state.paused = paused;
  $('pause').textContent = paused ? 'Play' : 'Pause';
  $('pause').classList.toggle('on', paused);
}

function setForces(on) {
  state.forces = on;
  $('forces').checked = on;
  $('legend').classList.toggle('shown', on);
  draw();
}

function applyParams() {
  if (state.pendingParams.size === 0) return;
  for (const [i, p] of state.pendingParams) {
    state.wasm.web_set_param(i, p.value);
    p.show();
  }
  state.pendingParams.clear();
}

// One step, timed for the readout.
function timedStep() {
  const t0 = performance.now();
  state.wasm.web_step();
  state.stepTotal += performance.now() - t0;
  state.stepCount++;
}

function stepOnce() {
  applyParams();
  timedStep();
  draw();
}

function reset() {
  const seed = Number($('seed').value);
  state.seed = Number.isFinite(seed) ? (seed >>> 0) : 1;
  state.wasm.web_restart(state.seed);
  state.accumulator = 0;
  draw();
}

function toWorld(event) {
  const r = canvas.getBoundingClientRect();
  const v = state.view;
  return [(event.clientX - r.left - v.ox) / v.scale, (event.clientY - r.top - v.oy) / v.scale];
}

function setupInput() {
  $('pause').addEventListener('click', () => setPaused(!state.paused));
  $('step').addEventListener('click', () => { setPaused(true); stepOnce(); });
  $('reset').addEventListener('click', reset);
  $('seed').addEventListener('change', reset);
  $('forces').addEventListener('change', () => setForces($('forces').checked));

  canvas.addEventListener('pointerdown', (event) => {
    if (!state.wasm.web_has_target()) {
      setForces(!state.forces);
      return;
    }
    state.dragging = true;
    canvas.setPointerCapture(event.pointerId);
    state.wasm.web_set_target(...toWorld(event));
    draw();
  });
  canvas.addEventListener('pointermove', (event) => {
    if (!state.dragging) return;
    state.wasm.web_set_target(...toWorld(event));
    draw();
  });
  const stop = () => { state.dragging = false; };
  canvas.addEventListener('pointerup', stop);
  canvas.addEventListener('pointercancel', stop);

  const nudges = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
  window.addEventListener('keydown', (event) => {
    if (event.target instanceof HTMLInputElement) return;
    if (nudges[event.key]) {
      state.wasm.web_nudge(...nudges[event.key]);
      event.preventDefault();
    } else if (event.key === 'f' || event.key === 'F') {
      setForces(!state.forces);
    } else if (event.key === ' ') {
      setPaused(!state.paused);
      event.preventDefault();
    } else if (event.key === 'n' || event.key === 'N') {
      setPaused(true);
      stepOnce();
    } else if (event.key === 'r' || event.key === 'R') {
      reset();
    } else {
      return;
    }
    draw();
  });
  window.addEventListener('hashchange', () => {
    const i = sceneFromHash();
    if (i >= 0 && i !== state.scene) loadScene(i, state.seed);
  });
}

function sceneFromHash() {
  const w = state.wasm;
  const want = location.hash.slice(1);
  for (let i = 0; i < w.web_scene_count(); i++) if (slug(cString(w.web_scene_name(i))) === want) return i;
  return -1;
}

// ---- drawing ------------------------------------------------------------------------

function fitView() {
  const dpr = window.devicePixelRatio || 1;
  const cw = canvas.clientWidth, ch = canvas.clientHeight;
  if (canvas.width !== Math.round(cw * dpr) || canvas.height !== Math.round(ch * dpr)) {
    canvas.width = Math.round(cw * dpr);
    canvas.height = Math.round(ch * dpr);
  }
  const w = state.wasm;
  const ww = w.web_world_width(), wh = w.web_world_height();
  // The top margin leaves room for the frame-rate readout in the corner.
  const pad = 18, top = 34;
  const scale = Math.min((cw - 2 * pad) / ww, (ch - pad - top) / wh);
  state.view = { scale, ox: (cw - ww * scale) / 2, oy: top + (ch - pad - top - wh * scale) / 2, ww, wh, dpr };
}

function applyStyle(style) {
  const s = STYLES[style] || STYLES[0];
  ctx.strokeStyle = s.stroke || 'transparent';
  ctx.fillStyle = s.fill || 'transparent';
  ctx.lineWidth = s.width || 1;
  ctx.setLineDash(s.dash || []);
  return s;
}

function drawPrims() {
  const w = state.wasm;
  const v = state.view;
  const n = w.web_prim_count();
  const p = new Float32Array(w.memory.buffer, w.web_prims(), n * PRIM_FLOATS);
  const X = (x) => v.ox + x * v.scale, Y = (y) => v.oy + y * v.scale;
  // Consecutive lines of one style go into one path, stroked once: the flock's force
  // layer holds over a thousand of them.
  let lineStyle = -1;
  const flushLines = () => {
    if (lineStyle >= 0) ctx.stroke();
    lineStyle = -1;
  };
  for (let i = 0; i < n; i++) {
    const o = i * PRIM_FLOATS;
    const kind = p[o], style = p[o + 1];
    if (style >= FORCE_LAYER && !state.forces) continue;
    const a = p[o + 2], b = p[o + 3], c = p[o + 4], d = p[o + 5];
    if (kind === 1) {
      if (lineStyle !== style) {
        flushLines();
        applyStyle(style);
        ctx.beginPath();
        lineStyle = style;
      }
      ctx.moveTo(X(a), Y(b));
      ctx.lineTo(X(c), Y(d));
      continue;
    }
    flushLines();
    const s = applyStyle(style);
    ctx.beginPath();
    if (kind === 2) {
      ctx.arc(X(a), Y(b), Math.max(0, c * v.scale), 0, 2 * Math.PI);
      if (s.fill) ctx.fill();
      ctx.stroke();
    } else if (kind === 3) {
      ctx.arc(X(a), Y(b), Math.max(2.5, c * v.scale), 0, 2 * Math.PI);
      ctx.fill();
    } else if (kind === 4) {
      ctx.fillRect(X(a), Y(b), c * v.scale, d * v.scale);
    } else if (kind === 5) {
      ctx.font = s.font;
      ctx.textBaseline = 'middle';
      ctx.fillText(cString(w.web_label(c)), X(a), Y(b));
    }
  }
  flushLines();
  ctx.setLineDash([]);
}

function arrow(x, y, dx, dy, colour) {
  const len = Math.hypot(dx, dy);
  if (len < 1) return;
  const ux = dx / len, uy = dy / len, head = Math.min(8, len * 0.4);
  ctx.strokeStyle = colour;
  ctx.fillStyle = colour;
  ctx.lineWidth = 2;
  ctx.beginPath();
  ctx.moveTo(x, y);
  ctx.lineTo(x + dx, y + dy);
  ctx.stroke();
  ctx.beginPath();
  ctx.moveTo(x + dx, y + dy);
  ctx.lineTo(x + dx - ux * head - uy * head * 0.5, y + dy - uy * head + ux * head * 0.5);
  ctx.lineTo(x + dx - ux * head + uy * head * 0.5, y + dy - uy * head - ux * head * 0.5);
  ctx.closePath();
  ctx.fill();
}

function drawAgents() {
  const v = state.view;
  const w = state.wasm;
  const vs = w.web_velocity_scale() * v.scale, fs = w.web_force_scale() * v.scale;
  for (const a of readAgents()) {
    const x = v.ox + a.x * v.scale, y = v.oy + a.y * v.scale;
    const r = Math.max(7, a.radius * v.scale * 1.1);
    ctx.save();
    ctx.translate(x, y);
    ctx.rotate(a.orientation);
    // A teardrop: round body, pointed nose along the heading.
    ctx.beginPath();
    ctx.moveTo(r * 1.9, 0);
    ctx.arc(0, 0, r, 0.55, 2 * Math.PI - 0.55);
    ctx.closePath();
    ctx.fillStyle = AGENT_COLOURS[a.style % AGENT_COLOURS.length];
    ctx.strokeStyle = 'rgba(20,24,32,0.55)';
    ctx.lineWidth = 1;
    ctx.fill();
    ctx.stroke();
    ctx.restore();
    if (state.forces) {
      arrow(x, y, a.vx * vs, a.vy * vs, '#2e9e5b');
      arrow(x, y, a.fx * fs, a.fy * fs, '#d64545');
    }
  }
}

// ---- the crowd --------------------------------------------------------------------------

// Colours by heading, around the hue circle; paler while the force vectors are shown so
// the vectors stand out. Both as CSS colours (triangles) and packed RGBA (dots).
function headingColours(pale) {
  const css = [], rgba = new Uint32Array(HEADING_COLOURS);
  const sat = pale ? 0.45 : 0.7, light = pale ? 0.78 : 0.46;
  for (let k = 0; k < HEADING_COLOURS; k++) {
    const hue = (360 * k) / HEADING_COLOURS;
    css.push(`hsl(${hue}, ${sat * 100}%, ${light * 100}%)`);
    // HSL to RGB (CSS Color 4's formula).
    const a = sat * Math.min(light, 1 - light);
    const channel = (m) => {
      const t = (m + hue / 30) % 12;
      return Math.round(255 * (light - a * Math.max(-1, Math.min(t - 3, 9 - t, 1))));
    };
    const r = channel(0), g = channel(8), b = channel(4);
    rgba[k] = ((255 << 24) | (b << 16) | (g << 8) | r) >>> 0; // RGBA bytes, little-endian
  }
  return { css, rgba };
}
const PALETTES = { bright: null, pale: null };
function palette() {
  const key = state.forces ? 'pale' : 'bright';
  if (!PALETTES[key]) PALETTES[key] = headingColours(state.forces);
  return PALETTES[key];
}

function headingIndex(vx, vy) {
  const k = Math.floor(((Math.atan2(vy, vx) + Math.PI) / (2 * Math.PI)) * HEADING_COLOURS);
  return k >= HEADING_COLOURS ? 0 : k;
}

// Small triangles pointing along the velocity, one path per colour. Agents whose body
// is at least BODY_MIN_PX in radius on screen (the crowd scene's walkers) get a pale disc
// of their radius under the triangle, so contact and overlap show.
const BODY_MIN_PX = 3;
function drawCrowdTriangles(f, n) {
  const v = state.view;
  const len = Math.min(9, Math.max(5, v.scale * 1.8)), half = len * 0.32;
  const buckets = Array.from({ length: HEADING_COLOURS }, () => []);
  for (let i = 0; i < n; i++) buckets[headingIndex(f[i * AGENT_FLOATS + 2], f[i * AGENT_FLOATS + 3])].push(i);
  const colours = palette().css;
  for (let k = 0; k < HEADING_COLOURS; k++) {
    if (buckets[k].length === 0) continue;
    ctx.beginPath();
    for (const i of buckets[k]) {
      const o = i * AGENT_FLOATS, r = f[o + 7] * v.scale;
      if (r < BODY_MIN_PX) continue;
      const x = v.ox + f[o] * v.scale, y = v.oy + f[o + 1] * v.scale;
      ctx.moveTo(x + r, y);
      ctx.arc(x, y, r, 0, 2 * Math.PI);
    }
    ctx.fillStyle = colours[k];
    ctx.globalAlpha = 0.3;
    ctx.fill();
    ctx.globalAlpha = 1;
    ctx.beginPath();
    for (const i of buckets[k]) {
      const o = i * AGENT_FLOATS;
      const x = v.ox + f[o] * v.scale, y = v.oy + f[o + 1] * v.scale;
      const sp = Math.hypot(f[o + 2], f[o + 3]) || 1;
      const ux = f[o + 2] / sp, uy = f[o + 3] / sp;
      ctx.moveTo(x + ux * len * 0.6, y + uy * len * 0.6);
      ctx.lineTo(x - ux * len * 0.4 - uy * half, y - uy * len * 0.4 + ux * half);
      ctx.lineTo(x - ux * len * 0.4 + uy * half, y - uy * len * 0.4 - ux * half);
      ctx.closePath();
    }
    ctx.fillStyle = colours[k];
    ctx.fill();
  }
}

// One square dot per agent, written into an ImageData over the world rectangle (device
// pixels) and put in one call: no path work per agent at all.
function drawCrowdPixels(f, n) {
  const v = state.view;
  const W = Math.max(1, Math.round(v.ww * v.scale * v.dpr)), H = Math.max(1, Math.round(v.wh * v.scale * v.dpr));
  if (!state.crowdImage || state.crowdImage.width !== W || state.crowdImage.height !== H) state.crowdImage = new ImageData(W, H);
  const img = state.crowdImage;
  const px = new Uint32Array(img.data.buffer);
  px.fill(0xffffffff);
  const colours = palette().rgba;
  const dot = v.dpr >= 1.5 ? 3 : 2, k = v.scale * v.dpr;
  for (let i = 0; i < n; i++) {
    const o = i * AGENT_FLOATS;
    const x0 = Math.min(W - dot, Math.max(0, Math.floor(f[o] * k))), y0 = Math.min(H - dot, Math.max(0, Math.floor(f[o + 1] * k)));
    const c = colours[headingIndex(f[o + 2], f[o + 3])];
    for (let dy = 0; dy < dot; dy++) {
      const row = (y0 + dy) * W + x0;
      for (let dx = 0; dx < dot; dx++) px[row + dx] = c;
    }
  }
  ctx.putImageData(img, Math.round(v.ox * v.dpr), Math.round(v.oy * v.dpr));
}

function drawCrowd() {
  const w = state.wasm;
  const n = w.web_agent_count();
  const f = new Float32Array(w.memory.buffer, w.web_agents(), n * AGENT_FLOATS);
  if (state.view.scale >= CROWD_TRIANGLE_SCALE) drawCrowdTriangles(f, n);
  else drawCrowdPixels(f, n);
}

function draw() {
  if (!state.wasm) return;
  fitView();
  const v = state.view;
  ctx.setTransform(v.dpr, 0, 0, v.dpr, 0, 0);
  ctx.clearRect(0, 0, canvas.clientWidth, canvas.clientHeight);
  ctx.fillStyle = '#f7f8fa';
  ctx.fillRect(0, 0, canvas.clientWidth, canvas.clientHeight);
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(v.ox, v.oy, v.ww * v.scale, v.wh * v.scale);
  if (state.wasm.web_crowd()) {
    // The crowd first: its pixels replace what lies under them, the vectors go on top.
    drawCrowd();
    drawPrims();
  } else {
    drawPrims();
    drawAgents();
  }
  ctx.strokeStyle = '#d5dae2';
  ctx.lineWidth = 1;
  ctx.strokeRect(v.ox + 0.5, v.oy + 0.5, v.ww * v.scale - 1, v.wh * v.scale - 1);
}

function showStats() {
  const w = state.wasm;
  const parts = [['step', w.web_step_count()]];
  for (let i = 0; i < w.web_stat_count(); i++) {
    const value = w.web_stat_value(i);
    parts.push([cString(w.web_stat_name(i)), Number.isInteger(value) ? value.toLocaleString('en-US') : value.toFixed(2)]);
  }
  $('fps').textContent = state.fps;
  $('step-ms').textContent = state.stepMs === null ? '–' : state.stepMs.toFixed(state.stepMs < 1 ? 3 : state.stepMs < 10 ? 2 : 1);
  const box = $('stats');
  box.textContent = '';
  for (const [name, value] of parts) {
    const span = document.createElement('span');
    const b = document.createElement('b');
    b.textContent = value;
    span.append(name, b);
    box.append(span);
  }
}

function frame(time) {
  if (state.lastTime === null) state.lastTime = time;
  const dt = Math.min(0.1, (time - state.lastTime) / 1000);
  state.lastTime = time;
  applyParams();
  if (!state.paused) {
    state.accumulator += dt * STEPS_PER_SECOND;
    const t0 = performance.now();
    let steps = 0;
    while (state.accumulator >= 1 && steps < MAX_STEPS_PER_FRAME &&
           (steps === 0 || performance.now() - t0 < STEP_BUDGET_MS)) {
      timedStep();
      state.accumulator -= 1;
      steps++;
    }
    if (state.accumulator > 1) state.accumulator = 0; // a slow frame: drop the backlog
  }
  state.frames++;
  if (time - state.fpsTime >= 500) {
    state.fps = Math.round((state.frames * 1000) / (time - state.fpsTime));
    state.frames = 0;
    state.fpsTime = time;
    if (state.stepCount > 0) state.stepMs = state.stepTotal / state.stepCount;
    state.stepTotal = 0;
    state.stepCount = 0;
    showStats();
  }
  draw();
  requestAnimationFrame(frame);
}

// ---- start ----------------------------------------------------------------------------

async function start() {
  const response = await fetch('steer.wasm');
  const bytes = await response.arrayBuffer();
  // The module needs no host: the only imports are WASI file calls that wasi-libc's
  // snprintf links in (the world's debug labels) and nothing ever calls. Stub every
  // import with a function that throws, so a call shows up as an error message.
  const module = await WebAssembly.compile(bytes);
  const imports = {};
  for (const imp of WebAssembly.Module.imports(module)) {
    imports[imp.module] = imports[imp.module] || {};
    imports[imp.module][imp.name] = () => { throw new Error('steer.wasm called ' + imp.module + '.' + imp.name); };
  }
  const instance = await WebAssembly.instantiate(module, imports);
  state.wasm = instance.exports;
  const w = state.wasm;

  const nav = $('scenes');
  for (let i = 0; i < w.web_scene_count(); i++) {
    const b = document.createElement('button');
    b.type = 'button';
    b.textContent = cString(w.web_scene_name(i));
    b.dataset.scene = slug(b.textContent);
    b.addEventListener('click', () => loadScene(i, state.seed));
    nav.append(b);
  }
  setupInput();
  new ResizeObserver(draw).observe($('canvas-wrap'));
  const fromHash = sceneFromHash();
  loadScene(fromHash >= 0 ? fromHash : 0, Number($('seed').value));
  showStats();

  // For the end-to-end tests (web/test/e2e.mjs) and for poking at it from the console.
  window.steer = {
    exports: w,
    agents: readAgents,
    load: loadScene,
    setForces,
    setPaused,
    get forces() { return state.forces; },
    get view() { return state.view; },
    get fps() { return state.fps; },
    get stepMs() { return state.stepMs; },
  };
  document.body.dataset.ready = '1';
  requestAnimationFrame(frame);
}

start().catch((err) => {
  const box = $('error');
  box.hidden = false;
  box.textContent = 'The demo failed to start: ' + err.message;
  console.error(err);
});
