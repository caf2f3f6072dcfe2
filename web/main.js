// The web demo's page: loads steer.wasm (the C library and web/steer_web.c), steps the
// running scene 60 times per second of demo time, and draws what the module writes into
// its memory (agent records and drawing primitives; layouts in web/steer_web.h).
'use strict';

const AGENT_FLOATS = 10;
const PRIM_FLOATS = 8;
const FORCE_LAYER = 32;
const STEPS_PER_SECOND = 60;

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
  document.querySelectorAll('#scenes button').forEach((b, i) => b.classList.toggle('active', i === scene));
  $('scene-title').textContent = cString(w.web_scene_name(scene));
  $('scene-about').textContent = cString(w.web_scene_about(scene));
  $('hint').textContent = w.web_has_target()
    ? 'Click or drag on the picture to move the target; arrow keys nudge it. F shows the force vectors.'
    : 'Click the picture to show or hide the force vectors (as in the seed\'s demo).';
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
    const show = () => { value.textContent = w.web_param_value(i).toFixed(decimals(step)); };
    input.addEventListener('input', () => {
      w.web_set_param(i, Number(input.value));
      show();
      draw();
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

function stepOnce() {
  state.wasm.web_step();
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
  const pad = 18;
  const scale = Math.min((cw - 2 * pad) / ww, (ch - 2 * pad) / wh);
  state.view = { scale, ox: (cw - ww * scale) / 2, oy: (ch - wh * scale) / 2, ww, wh, dpr };
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
  for (let i = 0; i < n; i++) {
    const o = i * PRIM_FLOATS;
    const kind = p[o], style = p[o + 1];
    if (style >= FORCE_LAYER && !state.forces) continue;
    const s = applyStyle(style);
    const a = p[o + 2], b = p[o + 3], c = p[o + 4], d = p[o + 5];
    ctx.beginPath();
    if (kind === 1) {
      ctx.moveTo(X(a), Y(b));
      ctx.lineTo(X(c), Y(d));
      ctx.stroke();
    } else if (kind === 2) {
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

function draw() {
  if (!state.wasm) return;
  fitView();
  const v = state.view;
  ctx.setTransform(v.dpr, 0, 0, v.dpr, 0, 0);
  ctx.clearRect(0, 0, canvas.clientWidth, canvas.clientHeight);
  ctx.fillStyle = '#f7f8fa';
  ctx.fillRect(0, 0, canvas.clientWidth, canvas.clientHeight);
  ctx.fillStyle = '#ffffff';
  ctx.strokeStyle = '#d5dae2';
  ctx.lineWidth = 1;
  ctx.fillRect(v.ox, v.oy, v.ww * v.scale, v.wh * v.scale);
  ctx.strokeRect(v.ox + 0.5, v.oy + 0.5, v.ww * v.scale - 1, v.wh * v.scale - 1);
  drawPrims();
  drawAgents();
}

function showStats() {
  const w = state.wasm;
  const parts = [['step', w.web_step_count()], ['fps', state.fps]];
  for (let i = 0; i < w.web_stat_count(); i++) {
    const value = w.web_stat_value(i);
    parts.push([cString(w.web_stat_name(i)), Number.isInteger(value) ? value : value.toFixed(2)]);
  }
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
  if (!state.paused) {
    state.accumulator += dt * STEPS_PER_SECOND;
    let steps = 0;
    while (state.accumulator >= 1 && steps < 6) {
      state.wasm.web_step();
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
    showStats();
  }
  draw();
  requestAnimationFrame(frame);
}

// ---- start ----------------------------------------------------------------------------

async function start() {
  const response = await fetch('steer.wasm');
  const bytes = await response.arrayBuffer();
  // The module is built to need no imports; stub any WASI call anyway so a future
  // library change that pulls one in shows up as an error message, not a blank page.
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
