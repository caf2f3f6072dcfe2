# SPDX-License-Identifier: MIT
"""Shared helpers of the steer Python tests."""
import re
from pathlib import Path

import numpy as np
import pytest

import steer

ROOT = Path(__file__).resolve().parents[2]


def bits(values):
    """The float32 bit patterns of a flat sequence of floats (exact comparison)."""
    return np.asarray(values, dtype=np.float32).view(np.uint32).tolist()


def row(s):
    """A Steering as the 4 floats (linear x, y, z, angular) the C reference writes."""
    return [*s.linear, s.angular]


def golden(name):
    """A golden hash of tests/test_determinism.c, read from that file (the one place they live)."""
    text = (ROOT / "tests" / "test_determinism.c").read_text()
    m = re.search(r"#define DET_GOLDEN_%s UINT64_C\((0x[0-9a-fA-F]+)\)" % name, text)
    assert m, "DET_GOLDEN_%s not found in tests/test_determinism.c" % name
    return int(m.group(1), 16)


@pytest.fixture
def wander_world():
    """A small wandering world in a wrap box, closed after the test."""
    with steer.World(capacity=64, seed=5, bounds=steer.Bounds.wrap_box((20, 20, 0))) as w:
        rid = w.add_recipe(steer.Recipe().add(steer.Behaviour.WANDER))
        rng = steer.Rng(3, 1)
        for _ in range(40):
            w.add(recipe=rid, position=(rng.range(-20, 20), rng.range(-20, 20)),
                  velocity=(rng.range(-1, 1), rng.range(-1, 1)))
        yield w
