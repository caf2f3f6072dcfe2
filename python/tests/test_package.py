# SPDX-License-Identifier: MIT
"""The package itself: version, deterministic release of worlds (no leak over 10,000
create/destroy cycles), type information shipped."""
import gc
import os
import re
from pathlib import Path

from conftest import ROOT

import steer


def test_version_is_the_c_librarys():
    text = (ROOT / "include" / "steer" / "base.h").read_text()
    header = re.search(r'#define STEER_VERSION_STRING "([^"]+)"', text).group(1)
    assert steer.__version__ == header


def test_typed_package():
    assert (Path(steer.__file__).parent / "py.typed").is_file()


def rss_kib():
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") // 1024


def cycle(i):
    w = steer.World(capacity=512, threads=2 if i % 10 == 0 else 1)
    rid = w.add_recipe(steer.Recipe(crowd=True).add(steer.Behaviour.SEPARATION).add(steer.Behaviour.WANDER))
    h = w.add(recipe=rid, position=(1, 2))
    w.set_walls([[(3, -5), (3, 5)]])
    w.set_callback(h, lambda handle, agent, s: s)
    w.step()
    w.snapshot()
    w.positions()
    if i % 2:
        w.close()  # deterministic release; the other half is released by the collector
    return w


def test_no_leak_over_10000_worlds():
    for i in range(500):
        cycle(i)
    gc.collect()
    before = rss_kib()
    for i in range(10000):
        cycle(i)
    gc.collect()
    grown = rss_kib() - before
    # One leaked world of capacity 512 is ~100 KiB; 10,000 would be ~1 GB.
    assert grown < 4096, "RSS grew by %d KiB over 10,000 worlds" % grown
