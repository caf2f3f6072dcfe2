/* SPDX-License-Identifier: MIT */
// End-to-end tests of the web demo in headless Chromium (Debian's chromium, driven by
// playwright-core). Run by web/test/run.sh, which builds the site and serves it:
//   node web/test/e2e.mjs --url http://127.0.0.1:PORT/ --native TRACE --out DIR
// Checks: every scene loads with no console errors and its picture changes between
// frames; a click moves the target and an agent, read from the wasm memory, approaches
// it; the force-vector toggle changes the picture; the flock scene shows its frame rate
// and step time, draws a sample's vectors, flocks, and runs 100,000 agents; the crowd
// scene's walkers do not overlap with ORCA on (and do with it off), go round a clicked
// pillar, and run 2,000 strong; and the
// scenes replayed in the browser give bit for bit the trajectory the native build
// printed (web_trace.c, the flock's world included).
import { chromium } from 'playwright-core';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

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
  viewport: { width: 1366, height: 768 },
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
  await page.waitForFunction((n) => location.hash === '#' + n, name);
}

try {
  await page.goto(url);
  await page.waitForSelector('body[data-ready="1"]', { timeout: 10000 });
  const scenes = await page.$$eval('#scenes button', (bs) => bs.map((b) => b.dataset.scene));
  check(scenes.length >= 6, 'the page lists the scenes', scenes.join(', '));

  // 1. Every scene loads, draws agents, and its picture changes from frame to frame.
  for (const name of scenes) {
    const before = errors.length;
    await openScene(name);
    await page.waitForTimeout(250);
    const h1 = await canvasHash();
    await page.waitForTimeout(400);
    const h2 = await canvasHash();
    const agents = await page.evaluate(() => window.steer.agents().length);
    await page.screenshot({ path: path.join(outDir, 'shots', `${name}.png`) });
    check(agents > 0 && h1 !== h2, `scene ${name}: ${agents} agents, pixels change between frames`);
    check(errors.length === before, `scene ${name}: no console errors`, errors.slice(before).join('; '));
  }

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
  check(errors.length === 0, 'no console errors over the whole run', errors.join('; '));
} catch (err) {
  check(false, 'the run completed', err.stack || String(err));
} finally {
  await context.close();
  fs.rmSync(profile, { recursive: true, force: true });
}
console.log(failures ? `${failures} check(s) failed` : 'all web checks passed');
process.exit(failures ? 1 : 0);
