/* SPDX-License-Identifier: MIT */
// End-to-end tests of the web demo in headless Chromium (Debian's chromium, driven by
// playwright-core). Run by web/test/run.sh, which builds the site and serves it:
//   node web/test/e2e.mjs --url http://127.0.0.1:PORT/ --native TRACE --out DIR
// Checks: every scene runs for seconds with finite positions that keep changing, inside
// its world, and every agent drawn (the page counts the glyphs it draws, and the pixel
// under each agent must not be background); sliders reach both ends, switches, choices,
// buttons, keys and the seed field do what they say and nothing else; the layout shows the
// picture and every control together at 1280x800 and 1000x700 and puts the picture first
// on a phone; each scene shows real library calls from its source with working links;
// a frame error is shown; zoom, pan, follow and the speed readout work; the address
// reproduces a scene's settings; a click moves the target and an agent, read from the wasm memory, approaches
// it; in the groups scene a dragged box selects units and a click sends only them; the force-vector toggle changes the picture; the flock scene shows its frame rate
// and step time, draws a sample's vectors, flocks, and runs 100,000 agents; the crowd
// scene's walkers do not overlap with ORCA on (and do with it off), go round a clicked
// pillar, and run 2,000 strong; and the
// scenes replayed in the browser give bit for bit the trajectory the native build
// printed (web_trace.c, the flock's world included); and scenario files loaded in the
// page (chosen, pasted, dropped, picked from the examples) give the steer tool's CSV
// byte for byte and its error messages with line and column (--steer: the tool).
import { chromium } from 'playwright-core';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

const args = Object.fromEntries(
  process.argv.slice(2).reduce((pairs, a, i, all) => (a.startsWith('--') ? [...pairs, [a.slice(2), all[i + 1]]] : pairs), []));
const url = args.url;
const outDir = args.out || fs.mkdtempSync(path.join(os.tmpdir(), 'steer-web-'));
const nativeTrace = fs.readFileSync(args.native, 'utf8');
fs.mkdirSync(path.join(outDir, 'shots'), { recursive: true });

let failures = 0;
function check(ok, what, detail = '') {
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}${detail ? ': ' + detail : ''}`);
  if (!ok) failures++;
}

const profile = fs.mkdtempSync(path.join(outDir, 'profile-'));
const context = await chromium.launchPersistentContext(profile, {
  executablePath: process.env.STEER_CHROMIUM || '/usr/bin/chromium',
  headless: true,
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking',
    '--disable-component-update', '--disable-sync', '--no-first-run'],
  viewport: { width: 1280, height: 800 },
});
const page = context.pages()[0] || (await context.newPage());
const errors = [];
page.on('console', (m) => {
  if (m.type() === 'error') errors.push(`console error: ${m.text()}`);
  else if (m.type() === 'warning') console.log(`note: console warning: ${m.text()}`);
});
page.on('pageerror', (e) => errors.push(`page error: ${e.message}`));
page.on('requestfailed', (r) => errors.push(`request failed: ${r.url()}`));

// A hash of the canvas pixels, taken in the page.
const canvasHash = () => page.evaluate(() => {
  const c = document.getElementById('view');
  const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
  let h = 2166136261;
  for (let i = 0; i < d.length; i += 4) h = Math.imul(h ^ (d[i] | (d[i + 1] << 8) | (d[i + 2] << 16)), 16777619);
  return h >>> 0;
});

// Where a world point is on the page.
const pagePoint = (wx, wy) => page.evaluate(([x, y]) => {
  const r = document.getElementById('view').getBoundingClientRect();
  const v = window.steer.view;
  return [r.left + v.ox + x * v.scale, r.top + v.oy + y * v.scale];
}, [wx, wy]);

const agentDistance = (i) => page.evaluate((k) => {
  const a = window.steer.agents()[k];
  const w = window.steer.exports;
  return Math.hypot(a.x - w.web_target_x(), a.y - w.web_target_y());
}, i);

async function openScene(name) {
  await page.click(`#scenes button[data-scene="${name}"]`);
  await page.waitForFunction((n) => location.hash.split('?')[0] === '#' + n, name);
}

try {
  await page.goto(url);
  await page.waitForSelector('body[data-ready="1"]', { timeout: 10000 });
  const scenes = await page.$$eval('#scenes button', (bs) => bs.map((b) => b.dataset.scene));
  check(scenes.length >= 6, 'the page lists the scenes', scenes.join(', '));

  // 1. Every scene over several seconds: positions finite, inside the world, and still
  // changing at every sample; every agent drawn. The page counts the agents it draws
  // (finite, on the canvas) and the pixel under each agent's centre must not be the
  // background. Timed samples 1.5 s apart, after the scene has run 0.3 s.
  const sample = () => page.evaluate(() => {
    const w = window.steer.exports;
    const n = w.web_agent_count();
    const f = new Float32Array(w.memory.buffer, w.web_agents(), n * 10);
    const pos = [];
    let finite = true, outside = 0;
    const W = w.web_world_width(), H = w.web_world_height();
    for (let i = 0; i < n; i++) {
      const x = f[i * 10], y = f[i * 10 + 1];
      for (let k = 0; k < 7; k++) if (!Number.isFinite(f[i * 10 + k])) finite = false;
      if (!(x >= -1 && x <= W + 1 && y >= -1 && y <= H + 1)) outside++;
      pos.push(x, y);
    }
    return { n, pos, finite, outside, steps: w.web_step_count() };
  });
  // After the next frame: what the page drew, and the pixels under the agents.
  const drawnCheck = () => page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => {
    const s = window.steer, w = s.exports, v = s.view;
    const c = document.getElementById('view');
    const g = c.getContext('2d');
    const n = w.web_agent_count();
    const f = new Float32Array(w.memory.buffer, w.web_agents(), n * 10);
    const img = g.getImageData(0, 0, c.width, c.height).data;
    let covered = 0;
    for (let i = 0; i < n; i++) {
      const px = Math.floor((v.ox + f[i * 10] * v.scale) * v.dpr), py = Math.floor((v.oy + f[i * 10 + 1] * v.scale) * v.dpr);
      if (!(px >= 0 && py >= 0 && px < c.width && py < c.height)) continue;
      const o = (py * c.width + px) * 4;
      const r = img[o], gg = img[o + 1], b = img[o + 2];
      const background = (r === 255 && gg === 255 && b === 255) || (r === 247 && gg === 248 && b === 250);
      if (!background) covered++;
    }
    resolve({ n, drawn: s.drawn, covered });
  }))));
  for (const name of scenes) {
    const before = errors.length;
    await openScene(name);
    await page.evaluate(() => { window.steer.setPaused(false); window.steer.setForces(false); });
    await page.waitForTimeout(300);
    const samples = [await sample()];
    for (let k = 0; k < 2; k++) {
      await page.waitForTimeout(1500);
      samples.push(await sample());
    }
    const drawn = await drawnCheck();
    await page.screenshot({ path: path.join(outDir, 'shots', `${name}.png`) });
    const moved = samples.slice(1).map((s, k) => {
      const p = samples[k].pos;
      let m = 0;
      for (let i = 0; i < Math.min(p.length, s.pos.length); i += 2) if (Math.hypot(s.pos[i] - p[i], s.pos[i + 1] - p[i + 1]) > 1e-4) m++;
      return m;
    });
    const last = samples[samples.length - 1];
    check(samples.every((s) => s.n > 0 && s.finite), `scene ${name}: ${last.n} agents, every position and velocity finite over ${last.steps} steps`);
    check(moved.every((m) => m > 0) && last.steps > samples[0].steps + 10, `scene ${name}: agents still moving at every sample 1.5 s apart`,
      `moved ${moved.join(', ')}; steps ${samples.map((s) => s.steps).join(', ')}`);
    check(samples.every((s) => s.outside === 0), `scene ${name}: every agent inside its world`, samples.map((s) => s.outside).join(', '));
    check(drawn.n > 0 && drawn.drawn === drawn.n && drawn.covered >= 0.9 * drawn.n,
      `scene ${name}: every agent drawn`, `${drawn.drawn} of ${drawn.n} counted, ${drawn.covered} with a drawn pixel under them`);
    check(errors.length === before, `scene ${name}: no console errors`, errors.slice(before).join('; '));
  }

  // 1b. Wander by seeking with the slowest turn (max accel at its minimum): the agents
  // overshoot their targets but stay inside the world.
  await openScene('wander-by-seeking');
  const slowTurn = await page.evaluate(() => {
    const w = window.steer.exports;
    window.steer.setPaused(true);
    w.web_load(w.web_scene(), 3);
    for (let i = 0; i < w.web_param_count(); i++) if (/accel/.test(window.steer.text(w.web_param_name(i)))) w.web_set_param(i, w.web_param_min(i));
    let worst = 0;
    const W = w.web_world_width(), H = w.web_world_height();
    for (let k = 0; k < 3600; k++) {
      w.web_step();
      if (k % 10) continue;
      const f = new Float32Array(w.memory.buffer, w.web_agents(), w.web_agent_count() * 10);
      for (let i = 0; i < w.web_agent_count(); i++) {
        const x = f[i * 10], y = f[i * 10 + 1];
        worst = Math.max(worst, -x, -y, x - W, y - H);
      }
    }
    return worst;
  });
  check(slowTurn <= 0, 'wander by seeking: with max accel 1 every agent stays in the world for 60 s', `worst ${slowTurn.toFixed(2)} units outside`);

  // 1c. The path: moving a waypoint keeps the followers on course (laps kept, no one
  // thrown off the corridor).
  await openScene('path-following');
  const pathRun = await page.evaluate(() => {
    const w = window.steer.exports;
    window.steer.setPaused(true);
    w.web_load(w.web_scene(), 1);
    const text = window.steer.text;
    const stat = (name) => { for (let i = 0; i < w.web_stat_count(); i++) if (text(w.web_stat_name(i)) === name) return w.web_stat_value(i); return NaN; };
    // Distance of each follower to the drawn centreline (style 11 lines).
    const off = () => {
      const p = new Float32Array(w.memory.buffer, w.web_prims(), w.web_prim_count() * 8);
      const segs = [];
      for (let i = 0; i < w.web_prim_count(); i++) if (p[i * 8] === 1 && p[i * 8 + 1] === 11) segs.push([p[i * 8 + 2], p[i * 8 + 3], p[i * 8 + 4], p[i * 8 + 5]]);
      let worst = 0;
      for (const a of window.steer.agents()) {
        let best = Infinity;
        for (const [x1, y1, x2, y2] of segs) {
          const dx = x2 - x1, dy = y2 - y1, t = Math.max(0, Math.min(1, ((a.x - x1) * dx + (a.y - y1) * dy) / (dx * dx + dy * dy)));
          best = Math.min(best, Math.hypot(a.x - x1 - t * dx, a.y - y1 - t * dy));
        }
        worst = Math.max(worst, best);
      }
      return worst;
    };
    let before = 0;
    for (let k = 0; k < 1500; k++) { w.web_step(); if (k >= 1260) before = Math.max(before, off()); }
    const laps = stat('laps (fastest)');
    // Move the waypoint nearest the middle of the top edge 3 units up.
    const p = new Float32Array(w.memory.buffer, w.web_prims(), w.web_prim_count() * 8);
    let wp = null;
    for (let i = 0; i < w.web_prim_count(); i++) if (p[i * 8] === 3 && p[i * 8 + 1] === 2 && (!wp || p[i * 8 + 3] < wp[1])) wp = [p[i * 8 + 2], p[i * 8 + 3]];
    w.web_set_target(wp[0], wp[1] - 3);
    let after = 0;
    for (let k = 0; k < 240; k++) { w.web_step(); after = Math.max(after, off()); }
    return { laps, lapsAfter: stat('laps (fastest)'), before, after };
  });
  check(pathRun.laps >= 1 && pathRun.lapsAfter >= pathRun.laps && pathRun.after <= pathRun.before + 1,
    'path: moving a waypoint keeps every follower on course (laps kept, no further off the path than before)',
    JSON.stringify(Object.fromEntries(Object.entries(pathRun).map(([k, v]) => [k, Number(v.toFixed(2))]))));

  // 1d. The crowd: walkers at rest are drawn (paused at the start, 2,000 of them), F
  // shows every sampled walker's preferred and chosen velocities, and an arrow key
  // drops nothing.
  await openScene('crowd');
  await page.evaluate(() => {
    window.steer.setPaused(true);
    window.steer.exports.web_load(window.steer.exports.web_scene(), 1);
    window.steer.exports.web_set_param(0, 2000);
  });
  const rest = await drawnCheck();
  check(rest.n === 2000 && rest.drawn === 2000 && rest.covered >= 1800, 'crowd: 2,000 walkers at rest are all drawn',
    `${rest.drawn} counted, ${rest.covered} with a drawn pixel under them`);
  await page.evaluate(() => { window.steer.exports.web_load(window.steer.exports.web_scene(), 1); window.steer.load(window.steer.exports.web_scene(), 1); });
  await page.evaluate(() => { for (let k = 0; k < 60; k++) window.steer.exports.web_step(); });
  const crowdPlain = await canvasHash();
  await page.keyboard.press('f');
  const crowdVectors = await page.evaluate(() => {
    const w = window.steer.exports;
    const p = new Float32Array(w.memory.buffer, w.web_prims(), w.web_prim_count() * 8);
    const count = { 35: 0, 36: 0 };
    for (let i = 0; i < w.web_prim_count(); i++) if (p[i * 8] === 1 && p[i * 8 + 1] in count) count[p[i * 8 + 1]]++;
    return { forces: window.steer.forces, ...count, legend: document.getElementById('legend').textContent.replace(/\s+/g, ' ').trim() };
  });
  const crowdShown = await canvasHash();
  await page.screenshot({ path: path.join(outDir, 'shots', 'crowd-vectors.png') });
  check(crowdVectors.forces && crowdVectors[35] === 200 && crowdVectors[36] === 200 && crowdShown !== crowdPlain && /ORCA/.test(crowdVectors.legend),
    'crowd: F shows each walker\'s preferred velocity and the one ORCA chose', JSON.stringify(crowdVectors));
  await page.keyboard.press('f');
  const pillarsBefore = await page.evaluate(() => window.steer.exports.web_prim_count());
  for (const key of ['ArrowLeft', 'ArrowUp', 'ArrowRight', 'ArrowDown']) await page.keyboard.press(key);
  const pillarsAfter = await page.evaluate(() => window.steer.exports.web_prim_count());
  check(pillarsAfter === pillarsBefore, 'crowd: the arrow keys drop no pillar', `${pillarsBefore} -> ${pillarsAfter} primitives`);

  // 2a. Controls of every scene: sliders reach both ends (End and Home keys), switches
  // and choices set their parameter; afterwards the scene starts again with defaults.
  for (const name of scenes) {
    await openScene(name);
    await page.evaluate(() => window.steer.setPaused(true));
    const params = await page.$$eval('#params .param', (ds) => ds.map((d) => ({
      i: Number(d.dataset.param),
      kind: d.querySelector('input[type=range]') ? 'range' : d.querySelector('input[type=checkbox]') ? 'switch' : 'choice',
    })));
    const problems = [];
    for (const p of params) {
      const sel = `#params .param[data-param="${p.i}"]`;
      if (p.kind === 'range') {
        const attrs = await page.$eval(`${sel} input`, (e) => ({ min: Number(e.min), max: Number(e.max), step: Number(e.step),
          release: window.steer.exports.web_param_on_release(Number(e.closest('.param').dataset.param)) }));
        const n = Math.round((attrs.max - attrs.min) / attrs.step);
        if (Math.abs(attrs.min + n * attrs.step - attrs.max) > 1e-9 * Math.max(1, attrs.max)) problems.push(`${p.i}: max ${attrs.max} not a whole number of steps from ${attrs.min}`);
        if (attrs.release) continue; // a count: its end is run below (the flock's 100,000)
        for (const [key, want] of [['End', attrs.max], ['Home', attrs.min]]) {
          await page.focus(`${sel} input`);
          await page.keyboard.press(key);
          const got = await page.evaluate(([i, s]) => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve({
            input: Number(document.querySelector(s + ' input').value),
            wasm: window.steer.exports.web_param_value(i),
            shown: document.querySelector(s + ' .value').textContent })))), [p.i, sel]);
          if (got.input !== want || got.wasm !== Math.fround(want) || Number(got.shown.replace(/,/g, '')) !== want)
            problems.push(`${p.i} ${key}: want ${want}, slider ${got.input}, scene ${got.wasm}, shown ${got.shown}`);
        }
      } else if (p.kind === 'switch') {
        const v0 = await page.evaluate((i) => window.steer.exports.web_param_value(i), p.i);
        await page.click(`${sel} input`);
        const v1 = await page.evaluate((i) => window.steer.exports.web_param_value(i), p.i);
        if (v1 !== 1 - v0) problems.push(`${p.i}: switch ${v0} -> ${v1}`);
      } else {
        const labels = await page.$$(`${sel} label`);
        for (let k = labels.length - 1; k >= 0; k--) {
          await labels[k].click();
          const v = await page.evaluate((i) => window.steer.exports.web_param_value(i), p.i);
          if (v !== k) problems.push(`${p.i}: choice ${k} gave ${v}`);
        }
      }
    }
    const finite = await page.evaluate(() => {
      const w = window.steer.exports;
      for (let k = 0; k < 120; k++) w.web_step();
      return window.steer.agents().every((a) => Number.isFinite(a.x) && Number.isFinite(a.y));
    });
    check(params.length > 0 && problems.length === 0 && finite, `scene ${name}: all ${params.length} controls reach their ends and set their parameter; still finite`, problems.join('; '));
    await page.evaluate(() => window.steer.load(window.steer.exports.web_scene(), 1));
  }

  // 2b. Buttons, keys (and no other key) and the seed field.
  await openScene('arrive-leave-align-face');
  await page.evaluate(() => { window.steer.setPaused(false); window.steer.setForces(false); });
  const stepsNow = () => page.evaluate(() => window.steer.exports.web_step_count());
  await page.click('#pause');
  const p0 = await stepsNow();
  await page.waitForTimeout(300);
  const p1 = await stepsNow();
  await page.click('#step');
  const p2 = await stepsNow();
  await page.click('#reset');
  const p3 = await stepsNow();
  await page.click('#pause');
  await page.waitForTimeout(300);
  const p4 = await stepsNow();
  check(p1 === p0 && p2 === p1 + 1 && p3 === 0 && p4 > 0, 'buttons: Pause holds, Step advances one step, Reset starts again, Play runs', [p0, p1, p2, p3, p4].join(', '));
  await page.evaluate(() => { window.steer.setPaused(true); window.steer.load(window.steer.exports.web_scene(), 1); });
  await page.evaluate(() => document.activeElement && document.activeElement.blur());
  const snapshot = () => page.evaluate(() => ({ paused: window.steer.paused, forces: window.steer.forces, steps: window.steer.exports.web_step_count(),
    tx: window.steer.exports.web_target_x(), ty: window.steer.exports.web_target_y(), zoom: window.steer.camera.zoom, scene: window.steer.exports.web_scene() }));
  const press = async (...keys) => {
    for (const key of keys) await page.keyboard.press(key);
    await page.evaluate(() => document.activeElement && document.activeElement.blur());
    return snapshot();
  };
  const k0 = await snapshot();
  const k1 = await press('n');
  const k2 = await press('ArrowRight');
  const k3 = await press('f');
  const k4 = await press('f', 'x', 'p', 'a', 'z', '1', 'Enter', 'Tab', 'Backspace');
  const k5 = await press('r');
  const k6 = await press(' ');
  await press(' ');
  const keysOk = k1.steps === k0.steps + 1 && k2.tx === k1.tx + 1 && k2.ty === k1.ty && k3.forces !== k2.forces &&
    JSON.stringify(k4) === JSON.stringify(k2) && k5.steps === 0 && k6.paused !== k5.paused;
  check(keysOk, 'keys: N steps, an arrow nudges the target, F toggles the vectors, R resets, Space pauses; other keys do nothing',
    JSON.stringify([k0, k1, k2, k3, k4, k5, k6]));
  const seedTry = async (text) => {
    await page.fill('#seed', text);
    await page.press('#seed', 'Enter');
    return page.evaluate(() => ({ seed: window.steer.exports.web_seed() >>> 0, invalid: document.getElementById('seed').getAttribute('aria-invalid'),
      message: !document.getElementById('seed-msg').hidden && document.getElementById('seed-msg').getBoundingClientRect().height > 0 }));
  };
  const sGood = await seedTry('42');
  const sNeg = await seedTry('-5');
  const sBig = await seedTry('1e12');
  const sOver = await seedTry('4294967296');
  const sMax = await seedTry('4294967295');
  check(sGood.seed === 42 && sGood.invalid === 'false' && !sGood.message && sMax.seed === 4294967295 && !sMax.message,
    'seed: whole numbers up to 4294967295 start the scene with that seed', JSON.stringify([sGood, sMax]));
  check([sNeg, sBig, sOver].every((s) => s.seed === 42 && s.invalid === 'true' && s.message),
    'seed: -5, 1e12 and 4294967296 are refused visibly and leave the seed alone', JSON.stringify([sNeg, sBig, sOver]));
  check(/seed=4294967295/.test(await page.evaluate(() => location.hash)), 'seed: the address carries the seed');
  await page.evaluate(() => { window.steer.load(window.steer.exports.web_scene(), 1); window.steer.setPaused(false); });

  // 2c. The layout: the picture and every control of each scene on screen together at
  // 1280x800 and 1000x700 with nothing to scroll; on a phone, the picture first.
  const layout = () => page.evaluate(() => {
    const vw = innerWidth, vh = innerHeight;
    const inside = (e) => { const r = e.getBoundingClientRect(); return r.width > 0 && r.height > 0 && r.left >= 0 && r.top >= 0 && r.right <= vw + 0.5 && r.bottom <= vh + 0.5; };
    const c = document.getElementById('view').getBoundingClientRect();
    const controls = [...document.querySelectorAll('#controls button, #controls input:not([type=radio]), #controls .choice label, #scenes button')];
    const hidden = controls.filter((e) => !inside(e)).map((e) => e.id || e.textContent.trim() || e.getAttribute('aria-label'));
    const first = document.querySelector('#controls').getBoundingClientRect();
    return { canvas: [Math.round(c.left), Math.round(c.top), Math.round(c.width), Math.round(c.height)], canvasInside: inside(document.getElementById('view')),
      hidden, scroll: document.scrollingElement.scrollHeight - vh, controlsTop: Math.round(first.top), sceneTabs: inside(document.querySelector('#scenes button.active, #scenes #file-tab.active')) };
  });
  for (const [vw, vh] of [[1280, 800], [1000, 700], [390, 844]]) {
    await page.setViewportSize({ width: vw, height: vh });
    const bad = [];
    for (const name of scenes) {
      await openScene(name);
      await page.waitForTimeout(60);
      const l = await layout();
      if (vw >= 1000) {
        if (!l.canvasInside || l.canvas[2] < 400 || l.canvas[3] < 300 || l.hidden.length > 0 || l.scroll > 0)
          bad.push(`${name}: ${JSON.stringify(l)}`);
      } else if (l.canvas[1] > 150 || l.canvas[2] < 360 || l.canvas[3] < 240 || l.controlsTop < l.canvas[1] + l.canvas[3] || !l.sceneTabs) {
        bad.push(`${name}: ${JSON.stringify(l)}`);
      }
    }
    await openScene('flock');
    await page.screenshot({ path: path.join(outDir, 'shots', `layout-${vw}x${vh}.png`) });
    check(bad.length === 0, vw >= 1000 ? `layout ${vw}x${vh}: picture and every control of every scene on screen, nothing to scroll`
      : `layout ${vw}x${vh}: the picture comes first, within 150 px of the top, the controls below it`, bad.join('\n  '));
  }
  await page.setViewportSize({ width: 1280, height: 800 });

  // 2d. Code and docs beside every scene: the calls shown are library calls (declared in
  // include/steer) taken from the scene's own source file, and the links resolve.
  const headers = fs.readdirSync(path.join(ROOT, 'include/steer')).map((f) => fs.readFileSync(path.join(ROOT, 'include/steer', f), 'utf8')).join('\n');
  for (const name of scenes) {
    await openScene(name);
    const info = await page.evaluate(async () => {
      const links = {};
      for (const id of ['scene-docs', 'scene-source']) {
        const a = document.getElementById(id);
        // The docs viewer (doc.html#wander.md) shows docs/wander.md.txt: fetch that.
        const r = await fetch(a.href.replace(/doc\.html#(.*)$/, 'docs/$1.txt'));
        links[id] = { status: r.status, length: (await r.text()).length, href: a.getAttribute('href') };
      }
      return { code: document.getElementById('scene-code').textContent, source: document.getElementById('scene-code').dataset.source,
        origin: document.getElementById('scene-origin').textContent, links };
    });
    const src = fs.readFileSync(path.join(ROOT, 'web', info.source), 'utf8');
    const calls = [...new Set(info.code.match(/\bsteer_[a-z0-9_]+(?=\()/g) || [])];
    const unknown = calls.filter((c) => !new RegExp(`\\b${c}\\s*\\(`).test(headers) || !src.includes(c));
    const linesOk = info.code.split('\n').filter((l) => l !== '...').every((l) => src.includes(l.trim()));
    check(calls.length > 0 && unknown.length === 0 && linesOk, `scene ${name}: shows ${calls.length} library calls, every line from web/${info.source}`,
      unknown.length ? `not in the headers or the source: ${unknown.join(', ')}` : calls.join(', '));
    check(info.origin.length > 40 && Object.values(info.links).every((l) => l.status === 200 && l.length > 500),
      `scene ${name}: where it comes from, and links to its docs and source that resolve`, JSON.stringify(info.links));
  }

  // The docs viewer renders a page: headings, tables, code, and links to other pages
  // through itself.
  const docsHref = await page.getAttribute('#scene-docs', 'href');
  const docPage = await context.newPage();
  await docPage.goto(new URL(docsHref, url).href);
  await docPage.waitForFunction(() => document.querySelector('#doc h1'), null, { timeout: 10000 }).catch(() => {});
  const doc = await docPage.evaluate(() => ({ h1: document.querySelector('#doc h1')?.textContent, length: document.getElementById('doc').textContent.length,
    tables: document.querySelectorAll('#doc table').length, code: document.querySelectorAll('#doc pre').length,
    links: [...document.querySelectorAll('#doc a')].filter((a) => /doc\.html#[a-z0-9-]+\.md$/.test(a.getAttribute('href'))).length }));
  await docPage.screenshot({ path: path.join(outDir, 'shots', 'docs.png') });
  await docPage.close();
  check(doc.h1 && doc.length > 2000 && doc.tables + doc.code > 0 && doc.links > 0, `the docs link ${docsHref} shows the page, linked to the others`, JSON.stringify(doc));

  // 2e. An error in a frame stops the simulation with a visible message carrying its text;
  // Reset starts it again.
  await openScene('wander');
  await page.evaluate(() => {
    const w = window.steer.exports;
    w.real_step = w.web_step;
    w.web_step = () => { throw new Error('made to fail by the test'); };
    window.steer.setPaused(false);
  });
  await page.waitForTimeout(400);
  const failed = await page.evaluate(() => ({ failed: window.steer.failed, shown: !document.getElementById('error').hidden,
    text: document.getElementById('error').textContent.replace(/\s+/g, ' ').trim(), fps: document.getElementById('fps').textContent }));
  await page.screenshot({ path: path.join(outDir, 'shots', 'error.png') });
  await page.evaluate(() => { const w = window.steer.exports; w.web_step = w.real_step; delete w.real_step; });
  await page.click('#reset');
  await page.waitForTimeout(400);
  const recovered = await page.evaluate(() => ({ failed: window.steer.failed, shown: !document.getElementById('error').hidden, steps: window.steer.exports.web_step_count() }));
  check(failed.failed && failed.shown && /made to fail by the test/.test(failed.text) && failed.fps === '–',
    'a frame error stops the simulation and shows its text', JSON.stringify(failed));
  check(!recovered.failed && !recovered.shown && recovered.steps > 0, 'Reset after an error runs again', JSON.stringify(recovered));
  // The error message in the test's own run is expected: forget its console warning.

  // 2f. The camera: the wheel zooms about the pointer, a drag pans, Fit restores, Follow
  // keeps an agent in the middle; the readout gives the speed against real time.
  await openScene('flock');
  await page.evaluate(() => { window.steer.setPaused(false); window.steer.fitCamera(); });
  await page.waitForTimeout(200); // the resize above settles
  const v0 = await page.evaluate(() => ({ ...window.steer.view }));
  const [zx, zy] = await pagePoint(v0.ww * 0.25, v0.wh * 0.25);
  await page.mouse.move(zx, zy);
  await page.mouse.wheel(0, -600);
  // Chromium may deliver one wheel move as several events: wait until the zoom settles.
  let v1 = null;
  for (let k = 0; k < 20; k++) {
    await page.waitForTimeout(150);
    const v = await page.evaluate(() => ({ ...window.steer.view }));
    if (v1 && v.scale === v1.scale && v.ox === v1.ox) break;
    v1 = v;
  }
  const under = await page.evaluate(([x, y]) => { const r = document.getElementById('view').getBoundingClientRect(); const v = window.steer.view; return [(x - r.left - v.ox) / v.scale, (y - r.top - v.oy) / v.scale]; }, [zx, zy]);
  await page.mouse.move(zx, zy);
  await page.mouse.down();
  await page.mouse.move(zx + 120, zy + 60, { steps: 4 });
  await page.mouse.up();
  const v2 = await page.evaluate(() => ({ ...window.steer.view, forces: window.steer.forces }));
  const zoomedDrawn = await drawnCheck();
  check(v1.scale > 2 * v0.scale && Math.hypot(under[0] - v0.ww * 0.25, under[1] - v0.wh * 0.25) < 0.5,
    'camera: the wheel zooms in about the pointer', `scale ${v0.scale.toFixed(2)} -> ${v1.scale.toFixed(2)}, point under the pointer ${under.map((u) => u.toFixed(2))}`);
  check(Math.abs(v2.ox - v1.ox - 120) < 1 && Math.abs(v2.oy - v1.oy - 60) < 1 && !v2.forces && zoomedDrawn.drawn > 0 && zoomedDrawn.drawn < zoomedDrawn.n,
    'camera: a drag pans (and does not toggle the vectors); zoomed in, only agents on the canvas are drawn',
    `${zoomedDrawn.drawn} of ${zoomedDrawn.n}; moved ${(v2.ox - v1.ox).toFixed(1)}, ${(v2.oy - v1.oy).toFixed(1)}; vectors ${v2.forces}`);
  await page.click('#follow');
  await page.waitForTimeout(1000);
  const followed = await page.evaluate(() => {
    const v = window.steer.view, cam = window.steer.camera;
    const a = window.steer.agents().reduce((b, a) => (Math.hypot(a.x - cam.follow.x, a.y - cam.follow.y) < Math.hypot(b.x - cam.follow.x, b.y - cam.follow.y) ? a : b));
    return { dx: v.ox + a.x * v.scale - v.ax, dy: v.oy + a.y * v.scale - v.ay, on: document.getElementById('follow').classList.contains('on') };
  });
  check(followed.on && Math.hypot(followed.dx, followed.dy) < 20, 'camera: Follow keeps an agent in the middle of the view', JSON.stringify(followed));
  await page.click('#fit');
  const v3 = await page.evaluate(() => ({ ...window.steer.view }));
  check(v3.scale === v0.scale && v3.ox === v0.ox, 'camera: Fit shows the whole world again');
  await page.waitForTimeout(700);
  const speedText = await page.textContent('#speed');
  check(/^[0-9]+\.[0-9]{2}x real time$/.test(speedText), 'the readout gives the simulation speed against real time', speedText);

  // A pinch on a touch screen zooms (two fingers 40 px apart moved to 200 px: 5x), and
  // does not toggle the vectors.
  const phone = await chromium.launch({ executablePath: process.env.STEER_CHROMIUM || '/usr/bin/chromium', headless: true,
    args: ['--headless', '--no-sandbox', '--disable-gpu'] });
  const touchContext = await phone.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  const touchPage = await touchContext.newPage();
  await touchPage.goto(url + '#flock');
  await touchPage.waitForSelector('body[data-ready="1"]', { timeout: 10000 });
  await touchPage.waitForTimeout(300);
  const mid = await touchPage.evaluate(() => { const b = document.getElementById('view').getBoundingClientRect(); return { x: b.left + b.width / 2, y: b.top + b.height / 2, scale: window.steer.view.scale }; });
  const cdp = await touchContext.newCDPSession(touchPage);
  const touch = (type, pts) => cdp.send('Input.dispatchTouchEvent', { type, touchPoints: pts.map(([x, y], id) => ({ x, y, id })) });
  await touch('touchStart', [[mid.x - 20, mid.y], [mid.x + 20, mid.y]]);
  for (let k = 1; k <= 8; k++) await touch('touchMove', [[mid.x - 20 - 10 * k, mid.y], [mid.x + 20 + 10 * k, mid.y]]);
  await touch('touchEnd', []);
  await touchPage.waitForTimeout(100);
  const pinched = await touchPage.evaluate(() => ({ scale: window.steer.view.scale, forces: window.steer.forces }));
  await phone.close();
  check(Math.abs(pinched.scale / mid.scale - 5) < 0.05 && !pinched.forces, 'camera: a two-finger pinch zooms on a touch screen',
    `scale ${mid.scale.toFixed(2)} -> ${pinched.scale.toFixed(2)}`);

  // The flock's count follows the slider's label while it moves and starts the world
  // again only when it is let go.
  await page.evaluate(() => window.steer.load(window.steer.exports.web_scene(), 1));
  const released = await page.evaluate(() => {
    const input = document.querySelector('#params .param[data-param="0"] input');
    const w = window.steer.exports;
    const during = [];
    for (const v of ['20000', '50000', '30000']) {
      input.value = v;
      input.dispatchEvent(new Event('input'));
      during.push(w.web_agent_count());
    }
    const label = document.querySelector('#params .param[data-param="0"] .value').textContent;
    input.dispatchEvent(new Event('change'));
    return { during, label, after: w.web_agent_count() };
  });
  check(released.during.every((n) => n === 2000) && released.label === '30,000' && released.after === 30000,
    'flock: the count applies when the slider is let go, not while it moves', JSON.stringify(released));
  await page.evaluate(() => window.steer.load(window.steer.exports.web_scene(), 1));

  // 2g. The address: a link reproduces the scene, its seed and its settings.
  const shared = await context.newPage();
  await shared.goto(url + '#flock?seed=5&agents=3000&alignment-weight=4');
  await shared.waitForSelector('body[data-ready="1"]', { timeout: 10000 });
  const restored = await shared.evaluate(() => {
    const w = window.steer.exports;
    return { scene: document.querySelector('#scenes button.active').dataset.scene, seed: w.web_seed() >>> 0, agents: w.web_agent_count(), alignment: w.web_param_value(2),
      slider: document.querySelector('#params .param[data-param="2"] input').value };
  });
  await shared.close();
  check(restored.scene === 'flock' && restored.seed === 5 && restored.agents === 3000 && restored.alignment === 4 && restored.slider === '4',
    'the address #flock?seed=5&agents=3000&alignment-weight=4 reproduces that flock', JSON.stringify(restored));
  await page.evaluate(() => window.steer.load(window.steer.exports.web_scene(), 1));
  const hash = await page.evaluate(() => {
    const input = document.querySelector('#params .param[data-param="3"] input');
    input.value = '2.5';
    input.dispatchEvent(new Event('input'));
    return new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve(location.hash))));
  });
  check(/^#flock\?seed=1&cohesion-weight=2\.5$/.test(hash), 'a slider move shows in the address', hash);
  await page.evaluate(() => window.steer.load(window.steer.exports.web_scene(), 1));

  // 2. A click moves the target; the arriving agent (read from wasm memory) reaches it.
  await openScene('arrive-leave-align-face');
  await page.waitForTimeout(200);
  const [px, py] = await pagePoint(24, 4);
  await page.mouse.click(px, py);
  const target = await page.evaluate(() => [window.steer.exports.web_target_x(), window.steer.exports.web_target_y()]);
  check(Math.abs(target[0] - 24) < 0.2 && Math.abs(target[1] - 4) < 0.2, 'a click moves the target to the clicked point',
    target.map((t) => t.toFixed(2)).join(', '));
  const d0 = await agentDistance(0);
  const t0 = Date.now();
  await page.waitForFunction(() => {
    const a = window.steer.agents()[0], w = window.steer.exports;
    return Math.hypot(a.x - w.web_target_x(), a.y - w.web_target_y()) < 0.5;
  }, null, { timeout: 8000 }).catch(() => {});
  const d1 = await agentDistance(0);
  check(d0 > 8 && d1 < 0.5, 'the arriving agent reaches the clicked target',
    `distance ${d0.toFixed(2)} -> ${d1.toFixed(2)} in ${((Date.now() - t0) / 1000).toFixed(1)} s`);

  // The approach walker heads for a clicked target too.
  await openScene('approach-walker');
  const [qx, qy] = await pagePoint(10, 8);
  await page.mouse.click(qx, qy);
  const w0 = await agentDistance(0);
  await page.waitForTimeout(2000);
  const w1 = await agentDistance(0);
  check(w1 < w0 - 4, 'the approach walker closes on a clicked target', `distance ${w0.toFixed(2)} -> ${w1.toFixed(2)}`);

  // The groups scene: a drag selects the units inside its box, a click sends only them.
  await openScene('groups');
  await page.evaluate(() => { window.steer.load(window.steer.exports.web_scene(), 1); window.steer.setPaused(true); });
  const groupStart = await page.evaluate(() => window.steer.agents());
  const groupMid = groupStart.reduce((sum, a) => sum + a.x, 0) / groupStart.length;
  const [gax, gay] = await pagePoint(0.5, 0.5);
  const [gbx, gby] = await pagePoint(groupMid, 37);
  await page.mouse.move(gax, gay);
  await page.mouse.down();
  await page.mouse.move((gax + gbx) / 2, (gay + gby) / 2);
  await page.mouse.move(gbx, gby);
  await page.mouse.up();
  const [gcx, gcy] = await pagePoint(50, 30);
  await page.mouse.click(gcx, gcy);
  const groupChosen = groupStart.map((a) => a.x < groupMid);
  // Ten seconds of steps, run here rather than by the page's clock.
  const groupSent = await page.evaluate((sel) => {
    const w = window.steer.exports;
    for (let k = 0; k < 600; k++) w.web_step();
    const agents = window.steer.agents();
    const d = agents.map((a) => Math.hypot(a.x - 50, a.y - 30));
    const mean = (want) => { const v = d.filter((_, i) => sel[i] === want); return v.reduce((s, x) => s + x, 0) / v.length; };
    return { chosen: sel.filter(Boolean).length, selected: mean(true), others: mean(false), styles: agents.filter((a) => a.style === 1).length };
  }, groupChosen);
  check(groupChosen.filter(Boolean).length === 8 && groupSent.styles === 8 && groupSent.selected < 4 && groupSent.others > 8,
    'groups: a dragged box selects the units inside it and a click sends only them', JSON.stringify(groupSent));

  // 3. The force toggle: a click on the wander scene (no target) shows the vectors.
  await openScene('wander');
  await page.evaluate(() => { window.steer.setPaused(true); window.steer.setForces(false); });
  const plain = await canvasHash();
  const [cx, cy] = await pagePoint(32, 20);
  await page.mouse.click(cx, cy);
  const shown = await page.evaluate(() => window.steer.forces);
  const withForces = await canvasHash();
  await page.screenshot({ path: path.join(outDir, 'shots', 'wander-forces.png') });
  await page.mouse.click(cx, cy);
  const again = await canvasHash();
  check(shown && withForces !== plain, 'a click toggles the force vectors on and changes the picture');
  check(again === plain, 'a second click hides them and restores the picture');
  // ...and the F key does it in a scene whose clicks move a target.
  await openScene('arrive-leave-align-face');
  await page.evaluate(() => window.steer.setPaused(true));
  const f0 = await canvasHash();
  await page.keyboard.press('f');
  const f1 = await canvasHash();
  check(f0 !== f1, 'the F key toggles the force vectors');
  await page.keyboard.press('f');
  await page.evaluate(() => window.steer.setPaused(false));

  // 5. The flock: the batch world's crowd, its readouts, its force layer, and flocking.
  await openScene('flock');
  await page.evaluate(() => window.steer.setPaused(false));
  await page.waitForTimeout(1500);
  const readout = await page.evaluate(() => ({
    fps: Number(document.getElementById('fps').textContent),
    stepMs: Number(document.getElementById('step-ms').textContent),
    crowd: window.steer.exports.web_crowd(),
    agents: window.steer.exports.web_agent_count(),
  }));
  check(readout.crowd === 1 && readout.agents === 2000, 'flock: 2,000 agents drawn as a crowd', JSON.stringify(readout));
  check(readout.fps > 0 && readout.stepMs > 0, 'flock: the FPS and step-time readouts show numbers',
    `${readout.fps} fps, step ${readout.stepMs} ms`);
  await page.evaluate(() => { window.steer.setPaused(true); window.steer.setForces(false); });
  const flockPlain = await canvasHash();
  const [fx, fy] = await pagePoint(20, 20);
  await page.mouse.click(fx, fy);
  const flockForces = await canvasHash();
  const layer = await page.evaluate(() => {
    const w = window.steer.exports;
    const p = new Float32Array(w.memory.buffer, w.web_prims(), w.web_prim_count() * 8);
    const count = { 35: 0, 36: 0, 37: 0 };
    for (let i = 0; i < w.web_prim_count(); i++) if (p[i * 8 + 1] in count) count[p[i * 8 + 1]]++;
    return { forces: window.steer.forces, ...count };
  });
  await page.screenshot({ path: path.join(outDir, 'shots', 'flock-forces.png') });
  // Every 4th slot of 2,000 (at most 600 shown): 500 velocities, 500 forces, 1 neighbourhood.
  check(layer.forces && flockForces !== flockPlain && layer[35] === 500 && layer[36] === 500 && layer[37] === 1,
    'flock: a click shows the debug-draw vectors of a sample and changes the picture', JSON.stringify(layer));
  // The records (read through the world's debug drawing in one pass) carry each agent's
  // own velocity and force: the sample's vectors, drawn agent by agent, start at a
  // record's position and match its velocity and force to rounding.
  const pairing = await page.evaluate(() => {
    const w = window.steer.exports;
    const n = w.web_agent_count();
    const f = new Float32Array(w.memory.buffer, w.web_agents(), n * 10);
    const at = new Map();
    for (let i = 0; i < n; i++) at.set(`${f[i * 10]},${f[i * 10 + 1]}`, i);
    const p = new Float32Array(w.memory.buffer, w.web_prims(), w.web_prim_count() * 8);
    const vs = 0.6 * w.web_world_width() / 240, fs = 0.15 * w.web_world_width() / 240;
    let lines = 0, matched = 0, worst = 0;
    for (let k = 0; k < w.web_prim_count(); k++) {
      const o = k * 8, style = p[o + 1];
      if (style !== 35 && style !== 36) continue;
      lines++;
      const i = at.get(`${p[o + 2]},${p[o + 3]}`);
      if (i === undefined) continue;
      const scale = style === 35 ? vs : fs, field = style === 35 ? 2 : 5;
      const ex = (p[o + 4] - p[o + 2]) / scale - f[i * 10 + field], ey = (p[o + 5] - p[o + 3]) / scale - f[i * 10 + field + 1];
      worst = Math.max(worst, Math.hypot(ex, ey));
      matched++;
    }
    return { lines, matched, worst };
  });
  check(pairing.lines === 1000 && pairing.matched === 1000 && pairing.worst < 0.01,
    'flock: each agent record carries its own velocity and force', JSON.stringify(pairing));
  await page.mouse.click(fx, fy);

  // Flocking, measured in the page from the agent records: the mean over agents of the
  // length of the mean heading of the agents within 7.5 units (itself included) is near
  // 1 when neighbours fly together and about 1/sqrt(k) for k random headings. It must
  // rise from the random start, and fall again once the alignment and cohesion sliders
  // are set to 0 (which moves the agents into a world with the new recipe).
  const flocking = await page.evaluate(() => {
    const w = window.steer.exports;
    const order = () => {
      const n = w.web_agent_count();
      const f = new Float32Array(w.memory.buffer, w.web_agents(), n * 10);
      let sum = 0;
      for (let i = 0; i < n; i++) {
        let hx = 0, hy = 0, k = 0;
        for (let j = 0; j < n; j++) {
          const dx = f[j * 10] - f[i * 10], dy = f[j * 10 + 1] - f[i * 10 + 1];
          if (dx * dx + dy * dy > 7.5 * 7.5) continue;
          const s = Math.hypot(f[j * 10 + 2], f[j * 10 + 3]) || 1;
          hx += f[j * 10 + 2] / s;
          hy += f[j * 10 + 3] / s;
          k++;
        }
        sum += Math.hypot(hx, hy) / k;
      }
      return sum / n;
    };
    const inside = () => {
      const n = w.web_agent_count(), W = w.web_world_width(), H = w.web_world_height();
      const f = new Float32Array(w.memory.buffer, w.web_agents(), n * 10);
      for (let i = 0; i < n; i++) if (!(f[i * 10] >= 0 && f[i * 10] <= W && f[i * 10 + 1] >= 0 && f[i * 10 + 1] <= H)) return false;
      return true;
    };
    w.web_load(w.web_scene(), 7);
    const start = order();
    for (let i = 0; i < 600; i++) w.web_step();
    const flocked = order(), agents = w.web_agent_count(), wrapped = inside();
    w.web_set_param(2, 0);
    w.web_set_param(3, 0);
    for (let i = 0; i < 600; i++) w.web_step();
    return { start, flocked, apart: order(), agents, after: w.web_agent_count(), wrapped };
  });
  const fl = Object.fromEntries(Object.entries(flocking).map(([k, v]) => [k, typeof v === 'number' ? Number(v.toFixed(3)) : v]));
  check(flocking.flocked > 0.8 && flocking.flocked > flocking.start + 0.3,
    'flock: neighbours come to fly together', JSON.stringify(fl));
  check(flocking.apart < flocking.flocked - 0.2 && flocking.after === flocking.agents,
    'flock: alignment and cohesion sliders at 0 break the flocks up, keeping every agent');
  check(flocking.wrapped, 'flock: every agent stays inside the wrap-around box');

  // 100,000 agents through the page's own slider; the frame rate is logged as a figure.
  await page.evaluate(() => window.steer.load(window.steer.exports.web_scene(), 1));
  await page.evaluate(() => {
    const input = document.querySelector('#params input');
    input.value = '100000';
    input.dispatchEvent(new Event('input'));
    input.dispatchEvent(new Event('change'));
    window.steer.setPaused(false);
  });
  await page.waitForFunction(() => window.steer.exports.web_agent_count() === 100000, null, { timeout: 10000 }).catch(() => {});
  const big1 = await canvasHash();
  await page.waitForTimeout(3000);
  const big2 = await canvasHash();
  const big = await page.evaluate(() => ({ agents: window.steer.exports.web_agent_count(),
    fps: window.steer.fps, stepMs: window.steer.stepMs, steps: window.steer.exports.web_step_count() }));
  await page.screenshot({ path: path.join(outDir, 'shots', 'flock-100000.png') });
  check(big.agents === 100000 && big.steps > 0 && big1 !== big2, 'flock: the slider runs 100,000 agents and the picture moves',
    `${big.steps} steps, ${big.fps} fps, step ${big.stepMs === null ? '-' : big.stepMs.toFixed(1)} ms`);
  await page.evaluate(() => window.steer.load(0, 1));

  // 6. The crowd: the ORCA filter keeps 200 walkers from overlapping while they cross, in
  // both layouts and round a clicked pillar; without it they overlap, and the scene's
  // counter agrees with a count made here from the agent records.
  await openScene('crowd');
  await page.evaluate(() => window.steer.setPaused(true));
  const crowdHint = await page.textContent('#hint');
  check(/drop a pillar/.test(crowdHint), 'crowd: the hint says what a click does here', crowdHint);
  const crowdScene = await page.evaluate(() => window.steer.exports.web_scene());
  // A pillar dropped by a click at the centre of the circle, before the walkers get there.
  await page.evaluate((s) => window.steer.load(s, 1), crowdScene);
  const centre = await page.evaluate(() => [window.steer.exports.web_world_width() / 2, window.steer.exports.web_world_height() / 2]);
  const [mx, my] = await pagePoint(centre[0], centre[1]);
  await page.mouse.click(mx, my);
  const crowdRun = (layout, steps, pillarAt) => page.evaluate(([sc, lay, n, pillar]) => {
    const w = window.steer.exports;
    const text = (ptr) => {
      const b = new Uint8Array(w.memory.buffer);
      let e = ptr;
      while (b[e] !== 0) e++;
      return new TextDecoder().decode(b.subarray(ptr, e));
    };
    const stat = (name) => {
      for (let i = 0; i < w.web_stat_count(); i++) if (text(w.web_stat_name(i)) === name) return w.web_stat_value(i);
      return NaN;
    };
    // Walker pairs closer than 99% of their radius sum, and the closest approach to the
    // pillar (radius 2) as a fraction of the radius sum, from the records.
    const measure = () => {
      const m = w.web_agent_count();
      const f = new Float32Array(w.memory.buffer, w.web_agents(), m * 10);
      let pairs = 0, nearPillar = Infinity;
      for (let i = 0; i < m; i++) {
        const xi = f[i * 10], yi = f[i * 10 + 1], ri = f[i * 10 + 7];
        if (pillar) nearPillar = Math.min(nearPillar, Math.hypot(xi - pillar[0], yi - pillar[1]) / (ri + 2));
        for (let j = i + 1; j < m; j++)
          if (Math.hypot(f[j * 10] - xi, f[j * 10 + 1] - yi) < 0.99 * (ri + f[j * 10 + 7])) pairs++;
      }
      return { pairs, nearPillar };
    };
    if (lay !== null) { w.web_load(sc, 1); w.web_set_param(4, lay); }
    const start = w.web_agents();
    const first = new Float32Array(w.memory.buffer, start, w.web_agent_count() * 10).slice();
    let worstNow = 0, worstHere = 0, nearPillar = Infinity, agree = true;
    for (let k = 0; k < n; k++) {
      w.web_step();
      const now = stat('overlaps now');
      worstNow = Math.max(worstNow, now);
      if (k % 20 === 19) {
        const here = measure();
        worstHere = Math.max(worstHere, here.pairs);
        nearPillar = Math.min(nearPillar, here.nearPillar);
        if (!pillar && here.pairs !== now) agree = false;
      }
    }
    return { agents: w.web_agent_count(), worstNow, worstHere, nearPillar, agree, total: stat('overlaps so far'),
      arrivals: stat('arrivals'), startX: first[0], pillarDots: (() => {
        const p = new Float32Array(w.memory.buffer, w.web_prims(), w.web_prim_count() * 8);
        let d = 0;
        for (let i = 0; i < w.web_prim_count(); i++) if (p[i * 8] === 3 && p[i * 8 + 1] === 15) d++;
        return d;
      })() };
  }, [crowdScene, layout, steps, pillarAt]);
  const ringRun = await crowdRun(null, 2400, centre);
  check(ringRun.pillarDots === 1, 'crowd: a click drops a pillar', JSON.stringify({ pillars: ringRun.pillarDots }));
  check(ringRun.agents === 200 && ringRun.worstNow === 0 && ringRun.total === 0 && ringRun.worstHere === 0 && ringRun.nearPillar >= 0.99,
    'crowd: with ORCA on, 200 walkers crossing the circle round a pillar never overlap (counter and records)', JSON.stringify(ringRun));
  check(ringRun.arrivals >= 150, 'crowd: the walkers get across round the pillar (at least 150 arrivals in 40 s)', String(ringRun.arrivals));
  const groupRun = await crowdRun(1, 2400, null);
  check(groupRun.worstNow === 0 && groupRun.total === 0 && groupRun.worstHere === 0 && groupRun.arrivals >= 150,
    'crowd: two groups crossing head-on never overlap and get across', JSON.stringify(groupRun));
  // The filter off (slider 3 at 0): they walk through each other and the counter sees it.
  await page.evaluate((s) => { window.steer.exports.web_load(s, 1); window.steer.exports.web_set_param(3, 0); }, crowdScene);
  const offRun = await crowdRun(null, 600, null);
  check(offRun.worstNow > 10 && offRun.total > 100 && offRun.agree,
    'crowd: with ORCA off they overlap, and the live counter equals the pairs counted from the records', JSON.stringify(offRun));
  // Pillars: at most 24 (the oldest goes first), kept, with every walker, across a
  // slider change that moves the agents into a new world.
  const pillars = await page.evaluate((s) => {
    const w = window.steer.exports;
    w.web_load(s, 3);
    const W = w.web_world_width(), H = w.web_world_height();
    for (let k = 0; k < 40; k++) {
      w.web_set_target(W * (0.05 + 0.06 * (k % 15)), H * (0.05 + 0.1 * Math.floor(k / 15)));
      w.web_step();
      if (k === 20) w.web_set_param(1, 7);
    }
    const p = new Float32Array(w.memory.buffer, w.web_prims(), w.web_prim_count() * 8);
    let dots = 0;
    for (let i = 0; i < w.web_prim_count(); i++) if (p[i * 8] === 3 && p[i * 8 + 1] === 15) dots++;
    return { dots, walkers: w.web_agent_count() };
  }, crowdScene);
  check(pillars.dots === 24 && pillars.walkers === 200, 'crowd: 40 clicks leave the newest 24 pillars and every walker, across a recipe change',
    JSON.stringify(pillars));
  await page.evaluate((s) => { window.steer.load(s, 1); window.steer.setPaused(false); }, crowdScene);
  await page.waitForTimeout(800);
  await page.screenshot({ path: path.join(outDir, 'shots', 'crowd-running.png') });
  // 2,000 walkers through the page's own slider.
  await page.evaluate(() => {
    const input = document.querySelector('#params input');
    input.value = '2000';
    input.dispatchEvent(new Event('input'));
    input.dispatchEvent(new Event('change'));
  });
  await page.waitForFunction(() => window.steer.exports.web_agent_count() === 2000, null, { timeout: 10000 }).catch(() => {});
  const c1 = await canvasHash();
  await page.waitForTimeout(3000);
  const c2 = await canvasHash();
  const crowdBig = await page.evaluate(() => ({ agents: window.steer.exports.web_agent_count(),
    fps: window.steer.fps, stepMs: window.steer.stepMs, steps: window.steer.exports.web_step_count() }));
  await page.screenshot({ path: path.join(outDir, 'shots', 'crowd-2000.png') });
  check(crowdBig.agents === 2000 && crowdBig.steps > 0 && c1 !== c2, 'crowd: the slider runs 2,000 walkers and the picture moves',
    `${crowdBig.steps} steps, ${crowdBig.fps} fps, step ${crowdBig.stepMs === null ? '-' : crowdBig.stepMs.toFixed(1)} ms`);
  await page.evaluate(() => window.steer.load(0, 1));

  // 4. Native and wasm trajectories: the same script as web/test/web_trace.c.
  const wasmTrace = await page.evaluate(() => {
    const w = window.steer.exports;
    const f32 = Math.fround;
    let out = '';
    for (let scene = 0; scene < w.web_scene_count(); scene++) {
      for (const seed of [1, 2026]) {
        w.web_load(scene, seed);
        for (let step = 1; step <= 600; step++) {
          w.web_step();
          if (step === 200) w.web_set_target(f32(w.web_world_width() * f32(0.3)), f32(w.web_world_height() * f32(0.6)));
          if (step === 300) w.web_set_param(1, w.web_param_max(1));
          if (step % 100 === 0) {
            const n = w.web_agent_count() * 10;
            const dv = new DataView(w.memory.buffer, w.web_agents(), n * 4);
            let line = `scene ${scene} seed ${seed} step ${step}:`;
            for (let i = 0; i < n; i++) line += ' ' + dv.getUint32(i * 4, true).toString(16).padStart(8, '0');
            out += line + '\n';
          }
        }
      }
    }
    return out;
  });
  fs.writeFileSync(path.join(outDir, 'wasm-trace.txt'), wasmTrace);
  const a = nativeTrace.split('\n'), b = wasmTrace.split('\n');
  const firstDiff = a.findIndex((line, i) => line !== b[i]);
  check(a.length > 10 && a.length === b.length && firstDiff < 0,
    `native and wasm trajectories are bit-identical (${a.length - 1} checkpoints, every agent float)`,
    firstDiff < 0 ? '' : `first difference at line ${firstDiff + 1}:\n  native ${a[firstDiff]}\n  wasm   ${b[firstDiff]}`);
  // Equal traces could still be equally broken: every float of them must be finite.
  const nonFinite = (wasmTrace.match(/\b[0-9a-f]{8}\b/g) || []).filter((h) => ((parseInt(h, 16) >>> 23) & 0xff) === 0xff).length;
  check(nonFinite === 0, 'every agent float of the replayed trajectories is finite', `${nonFinite} NaN or infinite`);

  // 5. Scenario files, through the page's own controls, against the steer tool run on the
  // same file under the same name: the CSV of N steps byte for byte (rows of step 0 to N,
  // the page stepped by its Step), and a malformed file's message exactly as the tool
  // prints it after "steer: ".
  const fileDir = fs.mkdtempSync(path.join(outDir, 'files-'));
  const CSV_HEADER = 'step,t,agent,x,y,z,vx,vy,vz,orientation\n';
  const runTool = (dir, name, steps) => {
    const r = spawnSync(args.steer, ['run', name, '--steps', String(steps), '--csv', 'native.csv'], { cwd: dir, encoding: 'utf8' });
    return { status: r.status, stderr: r.stderr.trim(), csv: r.status === 0 ? fs.readFileSync(path.join(dir, 'native.csv'), 'utf8') : null };
  };
  const fileIn = (name, text) => {
    const dir = fs.mkdtempSync(path.join(fileDir, 'f-'));
    fs.writeFileSync(path.join(dir, name), text);
    return dir;
  };
  const pageCsv = (steps) => page.evaluate((n) => {
    const s = window.steer, w = s.exports;
    s.setPaused(true);
    document.getElementById('reset').click(); // step 0 again, with the file's seed
    let csv = s.text(w.web_file_csv());
    for (let k = 0; k < n; k++) {
      s.step();
      csv += s.text(w.web_file_csv());
    }
    return { csv, steps: w.web_step_count(), file: w.web_scene() === w.web_scene_count(), drawn: s.drawn, agents: w.web_agent_count() };
  }, steps);
  const waitTitle = (name) => page.waitForFunction((t) => document.getElementById('scene-title').textContent === 'Scenario file: ' + t,
    name, { timeout: 10000 }).catch(() => {});
  const sameCsv = (what, dir, name, steps, got) => {
    const ref = runTool(dir, name, steps);
    fs.writeFileSync(path.join(dir, 'page.csv'), CSV_HEADER + got.csv);
    const a = (ref.csv || '').split('\n'), b = (CSV_HEADER + got.csv).split('\n');
    const at = a.findIndex((line, i) => line !== b[i]);
    check(ref.status === 0 && got.file && a.length === b.length && at < 0 && a.length > steps,
      `scenario file ${what}: ${steps} steps in the page give steer run's CSV byte for byte (${a.length - 2} rows)`,
      ref.status !== 0 ? `steer run failed: ${ref.stderr}` : at < 0 ? `${a.length} and ${b.length} lines`
        : `first difference at line ${at + 1}:\n  steer ${a[at]}\n  page  ${b[at]}`);
  };
  const tool = (f) => fs.readFileSync(path.join(ROOT, 'tools/steer/scenarios', f), 'utf8');

  await page.click('#file-tab');
  await page.waitForFunction(() => location.hash.startsWith('#scenario-file'), null, { timeout: 10000 }).catch(() => {});
  const opened = await page.evaluate(() => ({ file: window.steer.exports.web_scene() === window.steer.exports.web_scene_count(),
    agents: window.steer.exports.web_agent_count(), panel: !!document.querySelector('#controls #file-text') }));
  check(opened.file && opened.agents > 0 && opened.panel, 'the Scenario file tab runs an example and shows the file panel', JSON.stringify(opened));

  // A chosen file: an agent scene with behaviours (pursue, evade, seek).
  const chosenDir = fileIn('pursue-evade.json', tool('pursue-evade.json'));
  await page.setInputFiles('#file-input', path.join(chosenDir, 'pursue-evade.json'));
  await waitTitle('pursue-evade');
  const chosen = await pageCsv(240);
  sameCsv('chosen (pursue-evade.json)', chosenDir, 'pursue-evade.json', 240, chosen);
  check(chosen.agents > 0 && chosen.drawn === chosen.agents, 'scenario file: the page draws every agent', `${chosen.drawn} of ${chosen.agents} drawn`);

  // A pasted text, edited from the tool's crowd (the batch world's ORCA crowd, walls and a
  // polygon): another seed and fewer walkers. Messages and the CSV call it by the name the
  // page shows for it.
  const crowd = JSON.parse(tool('crowd.json'));
  crowd.seed = 123;
  crowd.name = 'pasted-crowd';
  crowd.crowd.groups[0].ring.count = 30;
  const pasted = JSON.stringify(crowd, null, 2);
  await page.fill('#file-text', pasted);
  await page.click('#file-run');
  await waitTitle('pasted-crowd');
  const pastedName = await page.evaluate(() => window.steer.file.name);
  const pastedRun = await pageCsv(240);
  sameCsv(`pasted (${pastedName}, a crowd)`, fileIn(pastedName, pasted), pastedName, 240, pastedRun);

  // An example from the list: the flock (200 boids of the batch world).
  await page.selectOption('#file-examples', 'flock');
  await waitTitle('flock');
  const flockRun = await pageCsv(120);
  sameCsv('example flock', fileIn('flock.json', tool('flock.json')), 'flock.json', 120, flockRun);

  // Malformed files: one dropped on the picture (a syntax error), one pasted (a field's
  // value). The running file goes on; the message shows under the text.
  const badSyntax = '{\n  "name": "broken",\n  "agents": [\n    {"name": "a", "position": [1, 2, 3],, }\n  ]\n}\n';
  const badValue = '{\n  "agents": [\n    {"name": "a"},\n    {"name": "b", "behaviours": [{"type": "seek", "target": "c"}]}\n  ]\n}\n';
  const drop = (name, text) => page.evaluate(([n, t]) => {
    const dt = new DataTransfer();
    dt.items.add(new File([t], n, { type: 'application/json' }));
    document.getElementById('canvas-wrap').dispatchEvent(new DragEvent('drop', { dataTransfer: dt, bubbles: true, cancelable: true }));
  }, [name, text]);
  const shownError = async () => {
    await page.waitForFunction(() => window.steer.file.error !== null, null, { timeout: 5000 }).catch(() => {});
    return page.evaluate(() => {
      const e = document.getElementById('file-error'), r = e.getBoundingClientRect();
      return { text: window.steer.file.error, visible: !e.hidden && r.width > 0 && r.bottom <= innerHeight,
        stillFile: window.steer.exports.web_scene() === window.steer.exports.web_scene_count() };
    });
  };
  await drop('broken.json', badSyntax);
  const e1 = await shownError();
  const r1 = runTool(fileIn('broken.json', badSyntax), 'broken.json', 10);
  check(r1.status === 2 && /^steer: broken\.json:\d+:\d+: /.test(r1.stderr) && 'steer: ' + e1.text === r1.stderr && e1.visible && e1.stillFile,
    'scenario file dropped with a syntax error: the page shows steer run\'s message, line and column', `page "${e1.text}", steer "${r1.stderr}"`);
  await page.fill('#file-text', badValue);
  await page.click('#file-run');
  const e2 = await shownError();
  const name2 = await page.evaluate(() => window.steer.file.name);
  const r2 = runTool(fileIn(name2, badValue), name2, 10);
  check(r2.status === 2 && /:\d+:\d+: no agent is called "c"/.test(r2.stderr) && 'steer: ' + e2.text === r2.stderr && e2.visible,
    'scenario file pasted with a bad target: the page shows steer run\'s message, line and column', `page "${e2.text}", steer "${r2.stderr}"`);
  const cursor = await page.evaluate(() => document.getElementById('file-text').selectionStart);
  check(cursor === badValue.indexOf('"c"'), 'the text\'s cursor goes to the line and column of the message', `at ${cursor}`);

  // The panel fits with the controls: at 1280x800 and 1000x700 nothing to scroll.
  for (const [vw, vh] of [[1280, 800], [1000, 700]]) {
    await page.setViewportSize({ width: vw, height: vh });
    await page.waitForTimeout(60);
    const l = await layout();
    check(l.canvasInside && l.hidden.length === 0 && l.scroll <= 0, `layout ${vw}x${vh} with a scenario file: the picture, the file panel and every control on screen`, JSON.stringify(l));
    await page.screenshot({ path: path.join(outDir, 'shots', `scenario-file-${vw}x${vh}.png`) });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  check(errors.length === 0, 'no console errors over the whole run', errors.join('; '));
} catch (err) {
  check(false, 'the run completed', err.stack || String(err));
} finally {
  await context.close();
  fs.rmSync(profile, { recursive: true, force: true });
}
console.log(failures ? `${failures} check(s) failed` : 'all web checks passed');
process.exit(failures ? 1 : 0);
