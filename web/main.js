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
  wasm: null, // the module's exports (a plain copy, so a test can replace one)
  scene: 0,
  seed: 1,
  paused: false,
  forces: false,
  failed: false, // a frame threw: stepping stops until Reset or another scene
  accumulator: 0,
  lastTime: null,
  fps: 0,
  frames: 0,
  fpsTime: 0,
  stepMs: null, // mean time of one web_step over the last readout period
  stepTotal: 0,
  stepCount: 0,
  speed: null, // simulated seconds per real second over the last readout period
  periodSteps: 0,
  pendingParams: new Map(), // slider moves, applied once per frame
  crowdImage: null, // the ImageData crowd dots are written into
  drawn: 0, // agents drawn in the last picture (finite and on the canvas)
  pointers: new Map(), // pointers down on the canvas: id -> {x, y}
  gesture: null, // what the pointers are doing: target, pan, pinch or click
  camera: { zoom: 1, cx: null, cy: null, follow: null }, // centre in world units; follow: {x, y}
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

// A float from the module (0.1f is 0.10000000149...) as the short decimal it was written
// as, so slider ends and steps are exact and the ends reachable.
const tidy = (x) => Number(x.toPrecision(6));

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

// ---- errors ---------------------------------------------------------------------------

// Any error in a frame or a handler stops the simulation and says so over the picture,
// with the error's text, instead of leaving a frozen picture and a stale readout.
function showError(err) {
  state.failed = true;
  const text = err && err.message ? err.message : String(err);
  $('error-text').textContent = text;
  $('error').hidden = false;
  $('fps').textContent = '–';
  $('step-ms').textContent = '–';
  $('speed').textContent = 'stopped';
  console.warn('steer demo stopped:', err);
}

function clearError() {
  state.failed = false;
  $('error').hidden = true;
}

// ---- the address: scene, seed and parameters -------------------------------------------

function paramKey(i) {
  return slug(cString(state.wasm.web_param_name(i)));
}

// "#flock?seed=3&agents=5000": a link reproduces the scene, its seed and its settings.
function writeAddress() {
  const w = state.wasm;
  const q = new URLSearchParams();
  q.set('seed', String(state.seed));
  for (let i = 0; i < w.web_param_count(); i++) {
    const v = tidy(w.web_param_value(i));
    if (v !== tidy(defaultParam(i))) q.set(paramKey(i), String(v));
  }
  if (isFile() && state.file.example) q.set('example', state.file.example);
  const hash = '#' + slug(cString(w.web_scene_name(state.scene))) + '?' + q.toString();
  if (location.hash !== hash) history.replaceState(null, '', hash);
  $('share').href = hash;
}

const defaults = new Map(); // scene -> default parameter values
function defaultParam(i) {
  return defaults.get(state.scene)[i];
}

function readAddress() {
  const w = state.wasm;
  const [name, query] = location.hash.slice(1).split('?');
  let scene = -1;
  for (let i = 0; i < w.web_scene_count(); i++) if (slug(cString(w.web_scene_name(i))) === name) scene = i;
  const q = new URLSearchParams(query || '');
  const seed = parseSeed(q.get('seed') ?? '');
  return { scene, seed, q, file: name === FILE_SLUG };
}

function applyAddressParams(q) {
  const w = state.wasm;
  let changed = false;
  for (let i = 0; i < w.web_param_count(); i++) {
    const v = q.get(paramKey(i));
    if (v === null || v === '' || !Number.isFinite(Number(v))) continue;
    w.web_set_param(i, Number(v));
    changed = true;
  }
  return changed;
}

// ---- scene and controls -------------------------------------------------------------

function loadScene(scene, seed, query = null) {
  state.wasm.web_load(scene, seed >>> 0);
  showScene(scene, seed, query);
}

// The page around the scene the module runs now (a listed one, or a scenario file).
function showScene(scene, seed, query = null) {
  const w = state.wasm;
  clearError();
  state.scene = scene;
  state.seed = seed >>> 0;
  if (!defaults.has(scene)) {
    const d = [];
    for (let i = 0; i < w.web_param_count(); i++) d.push(w.web_param_value(i));
    defaults.set(scene, d);
  }
  if (query) applyAddressParams(query);
  state.accumulator = 0;
  state.pendingParams.clear();
  state.stepMs = null;
  state.stepTotal = 0;
  state.stepCount = 0;
  state.camera = { zoom: 1, cx: null, cy: null, follow: null };
  $('follow').classList.remove('on');
  $('seed').value = String(state.seed);
  markSeed(true);
  document.querySelectorAll('#scenes button').forEach((b, i) => {
    b.classList.toggle('active', i === scene);
    b.setAttribute('aria-current', i === scene ? 'true' : 'false');
    if (i === scene && b.parentElement.scrollWidth > b.parentElement.clientWidth) b.scrollIntoView({ block: 'nearest', inline: 'center' });
  });
  const file = isFile();
  $('file-tab').classList.toggle('active', file);
  $('file-tab').setAttribute('aria-current', file ? 'true' : 'false');
  const nav = $('scenes');
  if (file && nav.scrollWidth > nav.clientWidth) $('file-tab').scrollIntoView({ block: 'nearest', inline: 'center' });
  showInfo(scene);
  const hint = cString(w.web_scene_hint(scene));
  const target = w.web_has_target();
  $('hint').textContent = hint !== '' ? hint : target
    ? 'Click or drag on the picture to move the target; arrow keys nudge it. F shows the force vectors.'
    : 'Click the picture to show or hide the force vectors (as in the classic wander demo).';
  // The arrow keys nudge a target where the hint says so; the crowd has none.
  $('arrow-keys').hidden = !(target && !/pillar/.test(hint));
  $('pan-how').textContent = target ? 'right-drag or Shift-drag' : 'drag';
  canvas.classList.toggle('pan', !target);
  const crowd = w.web_crowd() && /ORCA/.test(hint);
  $('legend-vel').textContent = crowd ? 'velocity ORCA chose' : 'velocity';
  $('legend-force').textContent = crowd ? 'velocity Arrive asks for' : 'steering force';
  buildParams();
  if (file) $('params').append(filePanel());
  writeAddress();
  draw();
  showStats();
}

// The scene's text, where its algorithm comes from, the code it runs and its links.
function showInfo(scene) {
  const w = state.wasm;
  $('scene-title').textContent = cString(w.web_scene_name(scene));
  $('scene-about').textContent = cString(w.web_scene_about(scene));
  if (isFile()) {
    // The file's own name and description.
    $('scene-title').textContent = 'Scenario file: ' + cString(w.web_file_title());
    const about = cString(w.web_file_about());
    if (about) $('scene-about').textContent = about;
  }
  $('scene-origin').textContent = cString(w.web_scene_origin(scene));
  const source = cString(w.web_scene_source(scene));
  const code = (window.STEER_CODE || {})[source] || '';
  const box = $('scene-code').firstChild;
  box.textContent = '';
  // Comments grey, library calls (steer_*) bold blue; everything else as written.
  for (const part of code.split(/(\/\*[\s\S]*?\*\/)/)) {
    if (part.startsWith('/*')) {
      const span = document.createElement('span');
      span.className = 'cm';
      span.textContent = part;
      box.append(span);
      continue;
    }
    for (const bit of part.split(/(\bsteer_[a-z0-9_]+(?=\())/)) {
      if (/^steer_/.test(bit)) {
        const span = document.createElement('span');
        span.className = 'fn';
        span.textContent = bit;
        box.append(span);
      } else {
        box.append(bit);
      }
    }
  }
  $('scene-code').dataset.source = source;
  document.querySelector('.code-note').hidden = isFile(); // web_param and web_apply are the scenes' own
  const docs = cString(w.web_scene_docs(scene));
  $('scene-docs').href = 'doc.html#' + docs;
  $('scene-docs').textContent = 'Docs: ' + docs;
  $('scene-source').href = 'source/' + source + '.txt';
  $('scene-source').textContent = 'Source: web/' + source;
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
    const kind = w.web_param_kind(i);
    const title = cString(w.web_param_name(i));
    const div = document.createElement('div');
    div.className = 'param';
    div.dataset.param = String(i);
    if (kind === 1) {
      // An on/off switch.
      div.classList.add('switch-param');
      const label = document.createElement('label');
      label.className = 'switch';
      const input = document.createElement('input');
      input.type = 'checkbox';
      input.setAttribute('role', 'switch');
      input.checked = w.web_param_value(i) >= 0.5;
      input.addEventListener('change', () => setParam(i, input.checked ? 1 : 0));
      label.append(input, ' ' + title);
      div.append(label);
    } else if (kind === 2) {
      // One of a few named values.
      const names = cString(w.web_param_choices(i)).split('|');
      const head = document.createElement('div');
      head.className = 'name';
      head.textContent = title;
      const group = document.createElement('div');
      group.className = 'choice';
      group.setAttribute('role', 'radiogroup');
      group.setAttribute('aria-label', title);
      names.forEach((n, k) => {
        const label = document.createElement('label');
        const input = document.createElement('input');
        input.type = 'radio';
        input.name = 'param-' + i;
        input.value = String(k);
        input.checked = Math.round(w.web_param_value(i)) === k;
        input.addEventListener('change', () => setParam(i, k));
        label.append(input, n);
        group.append(label);
      });
      div.append(head, group);
    } else {
      const step = tidy(w.web_param_step(i));
      const label = document.createElement('label');
      label.className = 'name';
      const name = document.createElement('span');
      name.textContent = title;
      const value = document.createElement('span');
      value.className = 'value';
      label.append(name, value);
      const input = document.createElement('input');
      input.type = 'range';
      input.min = String(tidy(w.web_param_min(i)));
      input.max = String(tidy(w.web_param_max(i)));
      input.step = String(step);
      input.value = String(tidy(w.web_param_value(i)));
      input.setAttribute('aria-label', title);
      const digits = decimals(step);
      const format = (x) => x.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
      const show = () => { value.textContent = format(tidy(w.web_param_value(i))); };
      if (w.web_param_on_release(i)) {
        // A count that starts the world again (up to 100,000 agents): the label follows
        // the drag, the scene takes the value when the slider is let go.
        input.addEventListener('input', () => { value.textContent = format(Number(input.value)); });
        input.addEventListener('change', () => setParam(i, Number(input.value), show));
      } else {
        // A drag fires many input events per frame: apply the last one once per frame.
        input.addEventListener('input', () => {
          state.pendingParams.set(i, { value: Number(input.value), show });
          value.textContent = format(Number(input.value));
        });
      }
      show();
      div.append(label, input);
    }
    box.append(div);
  }
}

function setParam(i, value, show) {
  state.wasm.web_set_param(i, value);
  if (show) show();
  writeAddress();
  draw();
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
  writeAddress();
}

// One step, timed for the readout.
function timedStep() {
  const t0 = performance.now();
  state.wasm.web_step();
  state.stepTotal += performance.now() - t0;
  state.stepCount++;
  state.periodSteps++;
}

function stepOnce() {
  if (state.failed) return;
  applyParams();
  timedStep();
  draw();
}

// A seed: a whole number from 0 to 2^32 - 1 (web_load takes a uint32_t), or null.
function parseSeed(text) {
  const t = text.trim();
  if (!/^[0-9]{1,10}$/.test(t)) return null;
  const n = Number(t);
  return n <= 4294967295 ? n : null;
}

function markSeed(ok) {
  $('seed').setAttribute('aria-invalid', ok ? 'false' : 'true');
  $('seed-msg').hidden = ok;
}

// The seed field's value, when it is one, starts the scene again with it; a bad value
// stays in the field, marked, with the rule under it, and changes nothing.
function applySeed() {
  const seed = parseSeed($('seed').value);
  markSeed(seed !== null);
  if (seed !== null) reset();
}

// Start again with the seed in the field (or, when the field holds no seed, the last one).
function reset() {
  const seed = parseSeed($('seed').value);
  markSeed(seed !== null);
  if (seed !== null) state.seed = seed;
  clearError();
  state.wasm.web_restart(state.seed);
  state.accumulator = 0;
  writeAddress();
  draw();
}

// ---- a scenario file ---------------------------------------------------------------------

// The file scene is the one after the listed scenes (web/steer_web.h, web_file_load).
const FILE_SLUG = 'scenario-file';
function isFile() {
  return state.wasm !== null && state.scene === state.wasm.web_scene_count();
}

// What messages call the file (a chosen or dropped file's name, an example's), its bytes
// as read when they came from a file (so a byte that is not UTF-8 is reported as the tool
// reports it), and the example it is, unedited.
state.file = { name: 'scenario.json', bytes: null, example: null, panel: null };

// Loads `bytes` as the scenario file `name` and runs it; false (and the loader's message,
// as `steer run` prints it, under the text) when it does not load.
function runFile(bytes, name) {
  const w = state.wasm;
  const text = w.web_file_text(bytes.length);
  if (!text) {
    showFileError(`${name}: larger than 64 MiB, or out of memory`);
    return false;
  }
  new Uint8Array(w.memory.buffer, text, bytes.length).set(bytes);
  const encoded = new TextEncoder().encode(name).subarray(0, 255);
  const at = w.web_file_name();
  new Uint8Array(w.memory.buffer, at, encoded.length + 1).set([...encoded, 0]);
  if (!w.web_file_load(bytes.length)) {
    showFileError(cString(w.web_file_error()));
    return false;
  }
  showFileError(null);
  state.accumulator = 0;
  showScene(w.web_scene(), w.web_seed());
  return true;
}

// The text as it stands (edited by hand: as typed; read from a file: its bytes).
function runText() {
  const area = fp('#file-text');
  return runFile(state.file.bytes ?? new TextEncoder().encode(area.value), state.file.name);
}

// Shows a loader message (null hides it) and puts the cursor in the text where it points.
function showFileError(message) {
  const box = fp('#file-error');
  box.hidden = message === null;
  box.textContent = message ?? '';
  if (message === null) return;
  const m = /:(\d+):(\d+): /.exec(message.slice(state.file.name.length));
  const area = fp('#file-text');
  if (!m) return;
  // Lines and columns count characters; a byte-order mark is not counted.
  const chars = [...area.value.replace(/^\ufeff/, '')];
  let line = 1, i = 0;
  while (i < chars.length && line < Number(m[1])) if (chars[i++] === '\n') line++;
  const offset = chars.slice(0, i + Number(m[2]) - 1).join('').length;
  area.setSelectionRange(offset, offset + 1);
  area.scrollTop = Math.max(0, (Number(m[1]) - 3) * parseFloat(getComputedStyle(area).lineHeight || '15'));
}

// Text into the text area, then run: bytes of a file, or an example's text.
function useFile(bytes, name, example) {
  const area = fp('#file-text');
  area.value = new TextDecoder().decode(bytes);
  state.file = { ...state.file, name, bytes, example };
  return runFile(bytes, name);
}

async function loadExample(name) {
  const r = await fetch(`scenarios/${name}.json`);
  if (!r.ok) throw new Error(`scenarios/${name}.json: HTTP ${r.status}`);
  const bytes = new Uint8Array(await r.arrayBuffer());
  fp('#file-examples').value = name;
  return useFile(bytes, name + '.json', name);
}

async function readFile(file) {
  const bytes = new Uint8Array(await file.arrayBuffer());
  if (!isFile()) await openFile(null, null); // dropped on another scene: show the panel first
  fp('#file-examples').value = '';
  return useFile(bytes, file.name, null);
}

// The file scene: the loaded file again, or an example (the address's, or the first).
async function openFile(example, seed) {
  const w = state.wasm;
  const known = (window.STEER_EXAMPLES || []);
  if (example && known.includes(example)) await loadExample(example);
  else if (cString(w.web_file_title()) === '') await loadExample(known[0]);
  else if (!isFile()) runText(); // back from another scene: the file as it stands
  if (seed !== null && seed !== undefined && isFile()) {
    $('seed').value = String(seed);
    reset();
  }
}

function acceptDrops(target) {
  target.addEventListener('dragover', (event) => {
    if (![...(event.dataTransfer?.types || [])].includes('Files')) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
  });
  target.addEventListener('drop', (event) => {
    const file = event.dataTransfer?.files?.[0];
    if (!file) return;
    event.preventDefault();
    readFile(file).catch(showError);
  });
}

// Built once, put under the controls while the file scene runs.
const fp = (selector) => filePanel().querySelector(selector);
function filePanel() {
  if (state.file.panel) return state.file.panel;
  const panel = document.createElement('div');
  panel.id = 'file-panel';
  const examples = (window.STEER_EXAMPLES || []).map((n) => `<option value="${n}">${n}</option>`).join('');
  panel.innerHTML = `
    <div class="row"><label for="file-examples">Example</label>
      <select id="file-examples"><option value="">(your file)</option>${examples}</select></div>
    <textarea id="file-text" spellcheck="false" autocomplete="off" rows="12"
      aria-label="Scenario file, JSON (docs: scenarios.md)" placeholder="Paste a scenario file here, or drop one"></textarea>
    <p id="file-error" class="file-error" role="alert" hidden></p>
    <div class="buttons"><button id="file-run" type="button" title="Ctrl+Enter in the text">Run</button>
      <label class="file-open">Open file…<input id="file-input" type="file" accept=".json,application/json"></label></div>
    <p class="keys">Paste or drop a file in the <a href="doc.html#scenarios.md">tool's format</a>;
      Run starts it. Messages are the <code>steer</code> tool's, with line and column.</p>`;
  const area = panel.querySelector('textarea');
  // A paste over the whole text is a new file; an edit keeps the file's name.
  area.addEventListener('paste', () => {
    if (area.selectionStart === 0 && area.selectionEnd === area.value.length) state.file.name = 'pasted.json';
  });
  area.addEventListener('input', () => {
    state.file.bytes = null; // edited: run what the text says now
    state.file.example = null;
    panel.querySelector('select').value = '';
  });
  area.addEventListener('keydown', (event) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      runText();
    }
  });
  acceptDrops(area);
  panel.querySelector('#file-run').addEventListener('click', () => runText());
  panel.querySelector('select').addEventListener('change', (event) => {
    if (event.target.value) loadExample(event.target.value).catch(showError);
  });
  panel.querySelector('#file-input').addEventListener('change', (event) => {
    const file = event.target.files?.[0];
    if (file) readFile(file).catch(showError);
    event.target.value = '';
  });
  state.file.panel = panel;
  return panel;
}

// A failed step of the file's run stops it with the tool's message.
function checkFile() {
  if (isFile() && state.wasm.web_file_state() === 2) showError(new Error(cString(state.wasm.web_file_error())));
}

// ---- the camera -----------------------------------------------------------------------

function toWorld(clientX, clientY) {
  const r = canvas.getBoundingClientRect();
  const v = state.view;
  return [(clientX - r.left - v.ox) / v.scale, (clientY - r.top - v.oy) / v.scale];
}

// Zoom by `factor` keeping the world point under (clientX, clientY) in place.
function zoomAt(factor, clientX, clientY) {
  const cam = state.camera, v = state.view;
  const r = canvas.getBoundingClientRect();
  const [wx, wy] = toWorld(clientX, clientY);
  cam.zoom = Math.min(60, Math.max(1, cam.zoom * factor));
  const scale = v.base * cam.zoom;
  if (cam.follow) return draw(); // following: the agent stays in the middle
  cam.cx = wx - (clientX - r.left - v.ax) / scale;
  cam.cy = wy - (clientY - r.top - v.ay) / scale;
  draw();
}

function panBy(dx, dy) {
  const cam = state.camera, v = state.view;
  cam.follow = null;
  $('follow').classList.remove('on');
  cam.cx = (cam.cx ?? v.ww / 2) - dx / v.scale;
  cam.cy = (cam.cy ?? v.wh / 2) - dy / v.scale;
  draw();
}

function fitCamera() {
  state.camera = { zoom: 1, cx: null, cy: null, follow: null };
  $('follow').classList.remove('on');
  draw();
}

// Follow the agent nearest the middle of the view; each frame the camera moves to the
// agent nearest where the followed one was (records of a batch world change order).
function toggleFollow() {
  const cam = state.camera, v = state.view;
  if (cam.follow) {
    cam.follow = null;
    $('follow').classList.remove('on');
    return;
  }
  const r = canvas.getBoundingClientRect();
  const [mx, my] = toWorld(r.left + r.width / 2, r.top + r.height / 2);
  const near = nearestAgent(mx, my);
  if (!near) return;
  cam.follow = near;
  if (cam.zoom < 2.5) cam.zoom = Math.min(60, Math.max(2.5, 12 / Math.max(1e-3, v.base)));
  $('follow').classList.add('on');
  draw();
}

function nearestAgent(x, y) {
  const w = state.wasm;
  const n = w.web_agent_count();
  const f = new Float32Array(w.memory.buffer, w.web_agents(), n * AGENT_FLOATS);
  let best = null, bestD = Infinity;
  for (let i = 0; i < n; i++) {
    const dx = f[i * AGENT_FLOATS] - x, dy = f[i * AGENT_FLOATS + 1] - y, d = dx * dx + dy * dy;
    if (d < bestD) { bestD = d; best = { x: f[i * AGENT_FLOATS], y: f[i * AGENT_FLOATS + 1] }; }
  }
  return best;
}

// ---- input ----------------------------------------------------------------------------

function setupInput() {
  $('pause').addEventListener('click', () => setPaused(!state.paused));
  $('step').addEventListener('click', () => { setPaused(true); stepOnce(); });
  $('reset').addEventListener('click', reset);
  $('seed').addEventListener('input', () => markSeed(parseSeed($('seed').value) !== null));
  $('seed').addEventListener('change', applySeed);
  $('forces').addEventListener('change', () => setForces($('forces').checked));
  $('zoom-in').addEventListener('click', () => { const r = canvas.getBoundingClientRect(); zoomAt(1.5, r.left + r.width / 2, r.top + r.height / 2); });
  $('zoom-out').addEventListener('click', () => { const r = canvas.getBoundingClientRect(); zoomAt(1 / 1.5, r.left + r.width / 2, r.top + r.height / 2); });
  $('fit').addEventListener('click', fitCamera);
  $('follow').addEventListener('click', toggleFollow);

  canvas.addEventListener('wheel', (event) => {
    event.preventDefault();
    zoomAt(Math.exp(-event.deltaY * (event.deltaMode === 1 ? 0.05 : 0.0015)), event.clientX, event.clientY);
  }, { passive: false });
  canvas.addEventListener('contextmenu', (event) => event.preventDefault());

  // One pointer: in a scene with a target, a press moves it and a drag drags it
  // (right button or Shift: pan); elsewhere a drag pans and a click toggles the forces.
  // Two pointers: pinch to zoom and pan.
  canvas.addEventListener('pointerdown', (event) => {
    canvas.setPointerCapture(event.pointerId);
    state.pointers.set(event.pointerId, { x: event.clientX, y: event.clientY });
    if (state.pointers.size === 2) {
      state.gesture = { kind: 'pinch' };
      return;
    }
    if (state.pointers.size > 2) return;
    const target = state.wasm.web_has_target();
    if (state.wasm.web_has_drag() && event.button === 0 && !event.shiftKey) {
      // The scene's own drag (the groups scene selects with a box); a press without a
      // drag is a click, as elsewhere.
      state.gesture = { kind: 'box', x0: event.clientX, y0: event.clientY, x1: event.clientX, y1: event.clientY };
    } else if (target && event.button === 0 && !event.shiftKey) {
      state.gesture = { kind: 'target' };
      state.wasm.web_set_target(...toWorld(event.clientX, event.clientY));
      draw();
    } else {
      state.gesture = { kind: target ? 'pan' : 'click', x0: event.clientX, y0: event.clientY };
    }
  });
  canvas.addEventListener('pointermove', (event) => {
    const p = state.pointers.get(event.pointerId);
    if (!p || !state.gesture) return;
    const g = state.gesture;
    if (g.kind === 'pinch' && state.pointers.size === 2) {
      const [a, b] = [...state.pointers.values()];
      const d0 = Math.hypot(a.x - b.x, a.y - b.y), mx0 = (a.x + b.x) / 2, my0 = (a.y + b.y) / 2;
      p.x = event.clientX;
      p.y = event.clientY;
      const [c, d] = [...state.pointers.values()];
      const d1 = Math.hypot(c.x - d.x, c.y - d.y), mx1 = (c.x + d.x) / 2, my1 = (c.y + d.y) / 2;
      panBy(mx1 - mx0, my1 - my0);
      if (d0 > 0) zoomAt(d1 / d0, mx1, my1);
      return;
    }
    const dx = event.clientX - p.x, dy = event.clientY - p.y;
    p.x = event.clientX;
    p.y = event.clientY;
    if (g.kind === 'target') {
      state.wasm.web_set_target(...toWorld(event.clientX, event.clientY));
      draw();
    } else if (g.kind === 'box') {
      g.x1 = event.clientX;
      g.y1 = event.clientY;
      draw();
    } else if (g.kind === 'click' && Math.hypot(event.clientX - g.x0, event.clientY - g.y0) > 5) {
      g.kind = 'pan';
      panBy(event.clientX - g.x0, event.clientY - g.y0);
    } else if (g.kind === 'pan') {
      panBy(dx, dy);
    }
  });
  const stop = (event) => {
    state.pointers.delete(event.pointerId);
    const g = state.gesture;
    if (g && g.kind === 'click' && event.type === 'pointerup') setForces(!state.forces);
    if (g && g.kind === 'box' && event.type === 'pointerup') {
      if (Math.hypot(g.x1 - g.x0, g.y1 - g.y0) > 5) state.wasm.web_drag(...toWorld(g.x0, g.y0), ...toWorld(g.x1, g.y1));
      else state.wasm.web_set_target(...toWorld(g.x0, g.y0));
      state.gesture = null;
      draw();
    }
    if (state.pointers.size === 0) state.gesture = null;
    else if (g && g.kind === 'pinch') state.gesture = { kind: 'pan' };
  };
  canvas.addEventListener('pointerup', stop);
  canvas.addEventListener('pointercancel', stop);

  // A button pressed with the mouse gives the focus back, so Space then pauses rather
  // than pressing the last button again (keyboard users keep their focus).
  document.addEventListener('click', (event) => {
    const b = event.target instanceof Element && event.target.closest('button');
    if (b && event.detail > 0) b.blur();
  });

  // The keys the key list names, and nothing else.
  const nudges = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
  window.addEventListener('keydown', (event) => {
    const t = event.target;
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    if (t instanceof HTMLInputElement && (t.type === 'text' || t.type === 'number')) return; // the seed
    if (t instanceof HTMLTextAreaElement || t instanceof HTMLSelectElement) return; // the scenario file
    // Space on a button presses it, arrows move a focused slider or choice: leave those.
    const own = t instanceof HTMLButtonElement || t instanceof HTMLInputElement;
    if (own && (event.key === ' ' || event.key === 'Enter' || nudges[event.key])) return;
    if (nudges[event.key]) {
      if (!$('arrow-keys').hidden) state.wasm.web_nudge(...nudges[event.key]);
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
    } else if (event.key === 'Escape') {
      fitCamera();
    } else {
      return;
    }
    draw();
  });
  // An address typed or followed by hand (the page's own updates replace the hash
  // without this event): load what it names.
  window.addEventListener('hashchange', () => {
    const a = readAddress();
    if (a.scene >= 0) loadScene(a.scene, a.seed ?? state.seed, a.q);
    else if (a.file) openFile(a.q.get('example'), a.seed);
  });
  // A scenario file dropped anywhere on the picture runs, as one dropped on the text.
  for (const target of [$('canvas-wrap')]) acceptDrops(target);
  window.addEventListener('error', (event) => showError(event.error || event.message));
  window.addEventListener('unhandledrejection', (event) => showError(event.reason));
}

// ---- drawing ------------------------------------------------------------------------

// The whole world fits the canvas at zoom 1; the camera zooms about its centre point.
function fitView() {
  const dpr = window.devicePixelRatio || 1;
  const cw = canvas.clientWidth, ch = canvas.clientHeight;
  if (canvas.width !== Math.round(cw * dpr) || canvas.height !== Math.round(ch * dpr)) {
    canvas.width = Math.round(cw * dpr);
    canvas.height = Math.round(ch * dpr);
  }
  const w = state.wasm;
  const ww = w.web_world_width(), wh = w.web_world_height();
  // The top margin leaves room for the readout and the camera buttons in the corners.
  const pad = 12, top = 36;
  const base = Math.max(1e-6, Math.min((cw - 2 * pad) / ww, (ch - pad - top) / wh));
  const ax = cw / 2, ay = top + (ch - pad - top) / 2; // where the camera's centre shows
  const cam = state.camera;
  if (cam.follow) {
    const near = nearestAgent(cam.follow.x, cam.follow.y);
    if (near) cam.follow = near;
    cam.cx = cam.follow.x;
    cam.cy = cam.follow.y;
  }
  const scale = base * cam.zoom;
  const cx = cam.cx ?? ww / 2, cy = cam.cy ?? wh / 2;
  state.view = { scale, base, ox: ax - cx * scale, oy: ay - cy * scale, ax, ay, ww, wh, dpr, cw, ch };
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
      // Captions shrink with the picture so two side by side do not run into each other.
      ctx.font = s.font.replace('14px', `${Math.min(14, Math.max(8, (v.ww * v.scale) / 45)).toFixed(1)}px`);
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

// On the canvas (CSS pixels), with a margin for the glyph.
function onCanvas(x, y, margin) {
  const v = state.view;
  return Number.isFinite(x) && Number.isFinite(y) && x > -margin && y > -margin && x < v.cw + margin && y < v.ch + margin;
}

function drawAgents() {
  const v = state.view;
  const w = state.wasm;
  const vs = w.web_velocity_scale() * v.scale, fs = w.web_force_scale() * v.scale;
  for (const a of readAgents()) {
    const x = v.ox + a.x * v.scale, y = v.oy + a.y * v.scale;
    const r = Math.max(7, a.radius * v.scale * 1.1);
    if (!onCanvas(x, y, 2 * r) || !Number.isFinite(a.orientation)) continue;
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
    state.drawn++;
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

// The direction an agent points: its velocity, or at rest its orientation.
function heading(f, o) {
  const vx = f[o + 2], vy = f[o + 3], sp = Math.hypot(vx, vy);
  if (sp > 1e-6) return [vx / sp, vy / sp];
  const a = f[o + 4];
  return Number.isFinite(a) ? [Math.cos(a), Math.sin(a)] : [1, 0];
}

function headingIndex(ux, uy) {
  const k = Math.floor(((Math.atan2(uy, ux) + Math.PI) / (2 * Math.PI)) * HEADING_COLOURS);
  return k >= HEADING_COLOURS || !(k >= 0) ? 0 : k;
}

// Small triangles pointing along the heading, one path per colour; agents off the
// canvas (zoomed in) are skipped. Agents whose body is at least BODY_MIN_PX in radius on
// screen (the crowd scene's walkers) get a pale disc of their radius under the triangle,
// so contact and overlap show.
const BODY_MIN_PX = 3;
function drawCrowdTriangles(f, n) {
  const v = state.view;
  const len = Math.min(9, Math.max(5, v.scale * 1.8)), half = len * 0.32;
  const buckets = Array.from({ length: HEADING_COLOURS }, () => []);
  for (let i = 0; i < n; i++) {
    const o = i * AGENT_FLOATS;
    const x = v.ox + f[o] * v.scale, y = v.oy + f[o + 1] * v.scale;
    const r = Math.max(len, f[o + 7] * v.scale);
    if (!onCanvas(x, y, r)) continue;
    const [ux, uy] = heading(f, o);
    buckets[headingIndex(ux, uy)].push(i);
  }
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
      const [ux, uy] = heading(f, o);
      ctx.moveTo(x + ux * len * 0.6, y + uy * len * 0.6);
      ctx.lineTo(x - ux * len * 0.4 - uy * half, y - uy * len * 0.4 + ux * half);
      ctx.lineTo(x - ux * len * 0.4 + uy * half, y - uy * len * 0.4 - ux * half);
      ctx.closePath();
      state.drawn++;
    }
    ctx.fillStyle = colours[k];
    ctx.fill();
  }
}

// One square dot per agent, written into an ImageData over the part of the world on the
// canvas (device pixels) and put in one call: no path work per agent at all.
function drawCrowdPixels(f, n) {
  const v = state.view, dpr = v.dpr;
  const left = Math.max(0, Math.round(v.ox * dpr)), top = Math.max(0, Math.round(v.oy * dpr));
  const right = Math.min(canvas.width, Math.round((v.ox + v.ww * v.scale) * dpr));
  const bottom = Math.min(canvas.height, Math.round((v.oy + v.wh * v.scale) * dpr));
  const W = Math.max(1, right - left), H = Math.max(1, bottom - top);
  if (!state.crowdImage || state.crowdImage.width !== W || state.crowdImage.height !== H) state.crowdImage = new ImageData(W, H);
  const img = state.crowdImage;
  const px = new Uint32Array(img.data.buffer);
  px.fill(0xffffffff);
  const colours = palette().rgba;
  const dot = dpr >= 1.5 ? 3 : 2, k = v.scale * dpr, x0w = v.ox * dpr - left, y0w = v.oy * dpr - top;
  for (let i = 0; i < n; i++) {
    const o = i * AGENT_FLOATS;
    const fx = Math.floor(x0w + f[o] * k), fy = Math.floor(y0w + f[o + 1] * k);
    // Off the canvas, or not finite. One pixel of slack each way: the image's edges are
    // rounded, so an agent on the world's far edge can land just past them.
    if (!(fx >= -1 && fy >= -1 && fx <= W && fy <= H)) continue;
    const x0 = Math.max(0, Math.min(W - dot, fx)), y0 = Math.max(0, Math.min(H - dot, fy));
    const [ux, uy] = heading(f, o);
    const c = colours[headingIndex(ux, uy)];
    for (let dy = 0; dy < dot; dy++) {
      const row = (y0 + dy) * W + x0;
      for (let dx = 0; dx < dot; dx++) px[row + dx] = c;
    }
    state.drawn++;
  }
  ctx.putImageData(img, left, top);
}

function drawCrowd() {
  const w = state.wasm;
  const n = w.web_agent_count();
  const f = new Float32Array(w.memory.buffer, w.web_agents(), n * AGENT_FLOATS);
  if (state.view.scale >= CROWD_TRIANGLE_SCALE) drawCrowdTriangles(f, n);
  else drawCrowdPixels(f, n);
}

function draw() {
  if (!state.wasm || state.failed) return;
  fitView();
  const v = state.view;
  state.drawn = 0;
  ctx.setTransform(v.dpr, 0, 0, v.dpr, 0, 0);
  ctx.clearRect(0, 0, v.cw, v.ch);
  ctx.fillStyle = '#f7f8fa';
  ctx.fillRect(0, 0, v.cw, v.ch);
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
  const g = state.gesture;
  if (g && g.kind === 'box' && Math.hypot(g.x1 - g.x0, g.y1 - g.y0) > 5) {
    // The selection box being dragged, in canvas pixels.
    const r = canvas.getBoundingClientRect();
    ctx.strokeStyle = '#2b6cb0';
    ctx.setLineDash([4, 3]);
    ctx.strokeRect(Math.min(g.x0, g.x1) - r.left, Math.min(g.y0, g.y1) - r.top, Math.abs(g.x1 - g.x0), Math.abs(g.y1 - g.y0));
    ctx.setLineDash([]);
  }
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
  const speed = $('speed');
  if (isFile() && w.web_file_state() === 1) {
    speed.textContent = 'finished';
    speed.classList.remove('slow');
  } else if (state.paused) {
    speed.textContent = 'paused';
    speed.classList.remove('slow');
  } else if (state.speed !== null) {
    speed.textContent = `${state.speed.toFixed(2)}x real time`;
    // Behind the clock: the steps take longer than the time they simulate.
    speed.classList.toggle('slow', state.speed < 0.9);
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
  requestAnimationFrame(frame);
  if (state.failed) return;
  try {
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
    checkFile();
    state.frames++;
    if (time - state.fpsTime >= 500) {
      const elapsed = (time - state.fpsTime) / 1000;
      state.fps = Math.round(state.frames / elapsed);
      state.speed = state.periodSteps / STEPS_PER_SECOND / elapsed;
      state.frames = 0;
      state.periodSteps = 0;
      state.fpsTime = time;
      if (state.stepCount > 0) state.stepMs = state.stepTotal / state.stepCount;
      state.stepTotal = 0;
      state.stepCount = 0;
      showStats();
    }
    draw();
  } catch (err) {
    showError(err);
  }
}

// ---- start ----------------------------------------------------------------------------

async function start() {
  const response = await fetch('steer.wasm');
  if (!response.ok) throw new Error(`steer.wasm: HTTP ${response.status}`);
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
  state.wasm = { ...instance.exports };
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
  const tab = document.createElement('a');
  tab.id = 'file-tab';
  tab.href = '#' + FILE_SLUG;
  tab.textContent = 'Scenario file';
  tab.title = 'Run a scenario file of the steer tool: paste it, drop it, or pick an example';
  tab.addEventListener('click', (event) => { event.preventDefault(); openFile(null, null); });
  nav.append(tab);
  setupInput();
  new ResizeObserver(() => draw()).observe($('canvas-wrap'));
  const a = readAddress();
  loadScene(a.scene >= 0 ? a.scene : 0, a.seed ?? 1, a.q);
  if (a.file) await openFile(a.q.get('example'), a.seed);
  showStats();

  // For the end-to-end tests (web/test/e2e.mjs) and for poking at it from the console.
  window.steer = {
    exports: w,
    agents: readAgents,
    text: cString,
    load: loadScene,
    step: stepOnce,
    openFile,
    runFile,
    get file() { return { name: state.file.name, example: state.file.example, error: fp('#file-error').hidden ? null : fp('#file-error').textContent }; },
    setForces,
    setPaused,
    zoomAt,
    panBy,
    fitCamera,
    toggleFollow,
    get forces() { return state.forces; },
    get paused() { return state.paused; },
    get failed() { return state.failed; },
    get view() { return state.view; },
    get camera() { return state.camera; },
    get fps() { return state.fps; },
    get stepMs() { return state.stepMs; },
    get speed() { return state.speed; },
    get seed() { return state.seed; },
    get drawn() { return state.drawn; },
  };
  document.body.dataset.ready = '1';
  requestAnimationFrame(frame);
}

start().catch((err) => {
  showError(new Error('the demo failed to start: ' + (err && err.message ? err.message : err)));
  console.error(err);
});
