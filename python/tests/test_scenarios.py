# SPDX-License-Identifier: MIT
"""Scenario files through the tool's loader and runner: every built-in scenario's
trajectory as numpy equals its CSV (the tool's trace writer) bit for bit, and, when
STEER_TOOL names the built steer tool (CTest sets it), the CSV equals the tool's own
`steer run --csv` byte for byte. Bad files raise ScenarioError with file, line, column."""
import csv
import os
import subprocess

import numpy as np
import pytest
from conftest import ROOT

import steer

SCENARIOS = sorted((ROOT / "tools" / "steer" / "scenarios").glob("*.json"))


def test_built_with_scenarios():
    assert steer.HAS_SCENARIOS, "the extension was built without cJSON (libcjson-dev)"
    assert len(SCENARIOS) >= 10


def read_csv(path):
    with open(path, newline="") as f:
        rows = list(csv.reader(f))
    assert rows[0] == ["step", "t", "agent", "x", "y", "z", "vx", "vy", "vz", "orientation"]
    return rows[1:]


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: p.stem)
def test_trajectory_equals_the_tools_csv(path, tmp_path):
    sc = steer.Scenario.load(path)
    steps = min(sc.steps, 120)
    out = tmp_path / "run.csv"
    tr = sc.run(steps=steps, csv=str(out))
    frames, n = tr.positions.shape[:2]
    assert frames == steps + 1 and n == len(sc.agents) and tr.names == sc.agents
    rows = read_csv(out)
    assert len(rows) == frames * n
    cols = np.array([r[3:] for r in rows], dtype=np.float32).reshape(frames, n, 7)
    assert [int(r[0]) for r in rows[::n]] == list(range(frames))
    assert [r[2] for r in rows[:n]] == sc.agents
    got = np.concatenate([tr.positions, tr.velocities, tr.orientations[..., None]], axis=2)
    assert np.array_equal(got.view(np.uint32), cols.view(np.uint32))
    assert np.allclose([float(r[1]) for r in rows[::n]], tr.t, rtol=1e-6)
    assert not np.array_equal(tr.positions[0], tr.positions[-1])  # something moved
    tool = os.environ.get("STEER_TOOL")
    if tool:
        ref = tmp_path / "tool.csv"
        subprocess.run([tool, "run", str(path), "--steps", str(steps), "--csv", str(ref)],
                       check=True, capture_output=True)
        assert ref.read_bytes() == out.read_bytes()


def test_same_seed_same_run_other_seed_other_run():
    path = ROOT / "tools" / "steer" / "scenarios" / "wander.json"
    with steer.Scenario.load(path) as sc:
        a, b, c = sc.run(steps=50), sc.run(steps=50), sc.run(steps=50, seed=sc.seed + 1)
    assert np.array_equal(a.positions, b.positions)
    assert not np.array_equal(a.positions, c.positions)
    with pytest.raises(steer.Invalid):
        sc.run()


def test_bad_scenarios_raise_with_position(tmp_path):
    with pytest.raises(steer.ScenarioError) as e:
        steer.Scenario.from_text('{\n  "name": "x",\n  "stepz": 3\n}', "bad.json")
    assert (e.value.file, e.value.line, e.value.column) == ("bad.json", 3, 3)
    assert "stepz" in e.value.message and e.value.status == steer._lib.STEER_WORLD_INVALID
    with pytest.raises(steer.ScenarioError) as e:
        steer.Scenario.from_text('{"name": "x", "steps": -5}')
    assert e.value.line == 1 and e.value.column > 1
    with pytest.raises(steer.ScenarioError) as e:
        steer.validate(tmp_path / "missing.json")
    assert e.value.line == 0 and "cannot open" in e.value.message
    bad = tmp_path / "trunc.json"
    bad.write_text(SCENARIOS[0].read_text()[:100])
    with pytest.raises(steer.ScenarioError) as e:
        steer.validate(bad)
    assert e.value.file == str(bad) and e.value.line >= 1
    steer.validate(SCENARIOS[0])
