# SPDX-License-Identifier: MIT
"""The world from Python: the golden hashes of tests/test_determinism.c at 1 and 2
threads, bulk numpy reads and writes, snapshots, handles, layers, bounds, walls,
callbacks and the exceptions for bad input."""
import math

import numpy as np
import pytest
from conftest import golden

import steer
from steer import _lib, scenarios


@pytest.mark.parametrize("threads", [1, 2])
def test_boids_golden_hash(threads):
    with scenarios.boids(2000, threads=threads) as w:
        assert len(w) == 2000
        if threads > 1:  # the world really runs on the pool
            assert _lib.steer_pool_workers(w._pool) == threads
        start = w.state_hash()
        w.step(1.0 / 60.0, n=200)
        assert w.state_hash() != start
        assert w.state_hash() == golden("BOIDS")
        assert w.stats().steps == 200


@pytest.mark.parametrize("threads", [1, 2])
def test_crowd_golden_hash(threads):
    with scenarios.crossing(20, threads=threads) as w:
        w.step(1.0 / 60.0, n=200)
        assert w.state_hash() == golden("CROWD")


def test_bulk_reads_match_each_agent(wander_world):
    w = wander_world
    w.step(n=5)
    a = w.arrays()
    assert a.positions.shape == (40, 3) and a.positions.dtype == np.float32
    for i in range(len(w)):
        h = steer.Handle(*map(int, a.handles[i]))
        assert h == w.handle_at(i)
        agent = w.get_agent(h)
        assert tuple(a.positions[i]) == agent.position
        assert tuple(a.velocities[i]) == agent.velocity
        assert a.orientations[i] == np.float32(agent.orientation)
    assert np.array_equal(w.positions(), a.positions)
    assert np.array_equal(w.velocities(), a.velocities)
    assert np.array_equal(w.orientations(), a.orientations)
    assert np.array_equal(w.handles(), a.handles)


def test_bulk_read_into_callers_array(wander_world):
    w = wander_world
    out = np.full((40, 3), np.nan, np.float32)
    got = w.positions(out=out)
    assert got is out and not np.isnan(out).any()
    w.step()
    before = out.copy()
    w.positions(out=out)
    assert not np.array_equal(before, out)
    for bad in (np.empty((39, 3), np.float32), np.empty((40, 3), np.float64),
                np.empty((3, 40), np.float32).T, [[0.0] * 3] * 40):
        with pytest.raises(steer.Invalid):
            w.positions(out=bad)


def test_bulk_write(wander_world):
    w = wander_world
    h = w.handles()
    p = w.positions() + np.float32(0.5)
    v = np.zeros((len(w), 3), np.float32)
    w.write(h, positions=p, velocities=v, orientations=np.full(len(w), 1.0, np.float32))
    assert np.array_equal(w.positions(), p)
    assert np.array_equal(w.velocities(), v)
    assert (w.orientations() == np.float32(1.0)).all()
    p[7, 1] = np.nan
    with pytest.raises(steer.Invalid):
        w.write(h, positions=p)
    w.remove(tuple(h[3]))
    with pytest.raises(steer.StaleHandle):
        w.write(h[3:5], positions=p[3:5])


def test_snapshot_continues_bit_identically(wander_world):
    w = wander_world
    w.step(n=10)
    data = w.snapshot()
    assert isinstance(data, bytes) and data[:8] == b"STEERWLD"
    w.step(n=25)
    expected = w.state_hash()
    with steer.World(capacity=64) as other:
        other.restore(data)
        other.step(n=25)
        assert other.state_hash() == expected
    w.restore(data)
    w.step(n=25)
    assert w.state_hash() == expected


def test_bad_snapshots_raise_with_status(wander_world):
    w = wander_world
    data = bytearray(w.snapshot())
    before = w.state_hash()
    with pytest.raises(steer.SnapshotError) as e:
        w.restore(bytes(data[:50]))
    assert e.value.status == _lib.STEER_SNAPSHOT_TRUNCATED
    data[200] ^= 1
    with pytest.raises(steer.SnapshotError) as e:
        w.restore(bytes(data))
    assert e.value.status == _lib.STEER_SNAPSHOT_BAD_CHECKSUM
    with pytest.raises(steer.SnapshotError) as e:
        w.restore(b"")
    with steer.World(capacity=8) as small, pytest.raises(steer.SnapshotError) as e:
        small.restore(w.snapshot())
    assert e.value.status == _lib.STEER_SNAPSHOT_TOO_BIG
    assert w.state_hash() == before


def test_handles_and_exceptions():
    with steer.World(capacity=2, max_recipes=1) as w:
        h = w.add(position=(1, 2))
        assert h in w and w.get_agent(h).position == (1.0, 2.0, 0.0)
        with pytest.raises(steer.Invalid) as e:
            w.add(position=(math.nan, 0))
        assert e.value.status == _lib.STEER_WORLD_INVALID
        assert e.value.status_name == "STEER_WORLD_INVALID"
        with pytest.raises(steer.Invalid):
            w.add(recipe=5)
        with pytest.raises(steer.Invalid):
            w.set_target(h, (math.inf, 0))
        with pytest.raises(steer.Invalid):
            w.step(-1.0)
        w.add()
        with pytest.raises(steer.Full) as e:
            w.add()
        assert e.value.status == _lib.STEER_WORLD_FULL
        w.add_recipe(steer.Recipe())
        with pytest.raises(steer.Full):
            w.add_recipe(steer.Recipe())
        w.remove(h)
        assert h not in w
        for call in (lambda: w.remove(h), lambda: w.get_agent(h), lambda: w.set_target(h, (0, 0)),
                     lambda: w.set_recipe(h, 0), lambda: w.set_layers(h, 1)):
            with pytest.raises(steer.StaleHandle) as e:
                call()
            assert e.value.status == _lib.STEER_WORLD_STALE
        with pytest.raises(steer.StaleHandle):
            w.get_agent(steer.Handle(0, 0, 0))
        assert isinstance(steer.StaleHandle("x"), steer.SteerError)
        for bad in ((2 ** 40, 0, 0), (-1, 1, 1), "abc", 7, (1, 2)):
            with pytest.raises(steer.Invalid):
                w.get_agent(bad)
        with pytest.raises(steer.Invalid):
            w.add(layer=2 ** 33)
        with pytest.raises(steer.Invalid):
            steer.Recipe().add(steer.Behaviour.WANDER, group=8)
        with pytest.raises(steer.Invalid):
            steer.Rng(-1)
    assert w.closed
    with pytest.raises(steer.Invalid):
        len(w)
    w.close()  # twice is fine
    for bad in (dict(capacity=0), dict(capacity=-3), dict(capacity=2 ** 40),
                dict(max_recipes=0)):
        with pytest.raises(steer.Invalid):
            steer.World(**bad)


def test_recipe_targets_layers_and_query():
    with steer.World(capacity=16) as w:
        seek = w.add_recipe(steer.Recipe().add(steer.Behaviour.ARRIVE, 1.0, target_radius=0.1))
        a = w.add(recipe=seek, position=(0, 0), target=(10, 0), layer=1)
        b = w.add(position=(3, 0), layer=2)
        assert set(w.query((0, 0), 5)) == {a, b}
        assert w.query((0, 0), 5, mask=2) == [b]
        w.set_layers(b, 4)
        assert w.query((0, 0), 5, mask=2) == []
        w.step(1 / 60, n=600)
        assert abs(w.get_agent(a).position[0] - 10) < 0.1
        w.set_target(a, (0, 5))
        w.step(1 / 60, n=600)
        assert abs(w.get_agent(a).position[1] - 5) < 0.1
        assert w.get_steering(a) is not None
        assert "<steer.World 2/16 agents, 1200 steps" in repr(w)
        assert "ARRIVE" in repr(steer.Recipe().add(steer.Behaviour.ARRIVE))
        with pytest.raises(TypeError):
            steer.Recipe().add(steer.Behaviour.WANDER, nonsense=1)
        with pytest.raises(ValueError):
            steer.Recipe().add(99)


def test_bounds_wrap_box():
    with steer.World(capacity=4, bounds=steer.Bounds.wrap_box((10, 10, 0))) as w:
        h = w.add(position=(9.9, 0), velocity=(5, 0), max_speed=10)
        w.step(0.1)
        assert w.get_agent(h).position[0] < 0


def test_crowd_walls_keep_agents_out():
    with steer.World(capacity=8) as w:
        r = w.add_recipe(steer.Recipe(crowd=True).add(steer.Behaviour.SEEK))
        h = w.add(recipe=r, position=(0, 0), target=(10, 0), max_speed=2, radius=0.5)
        w.set_walls([[(3, -5), (3, 5)]])
        w.step(1 / 60, n=600)
        assert w.get_agent(h).position[0] < 3 - 0.5
        w.set_walls(None)
        w.step(1 / 60, n=600)
        assert w.get_agent(h).position[0] > 3
        with pytest.raises(steer.Invalid):
            w.set_walls([(1, 2, 3)])


def test_python_callback_steers_and_errors_propagate():
    with steer.World(capacity=4, threads=2) as w:
        h = w.add(position=(0, 0))
        other = w.add(position=(5, 5))
        seen = []

        def push_right(handle, agent, steering):
            seen.append(handle)
            return steer.Steering((10.0, 0.0, 0.0), 0.0)

        w.set_callback(h, push_right)
        w.step(1 / 60, n=30)
        assert seen[0] == h and len(seen) == 30
        assert w.get_agent(h).position[0] > 0.5 and w.get_agent(other).position == (5.0, 5.0, 0.0)

        def broken(handle, agent, steering):
            raise RuntimeError("boom")

        w.set_callback(h, broken)
        with pytest.raises(RuntimeError, match="boom"):
            w.step()

        def structural(handle, agent, steering):
            w.add(position=(1, 1))  # refused during a step

        w.set_callback(h, structural)
        with pytest.raises(steer.Busy) as e:
            w.step()
        assert e.value.status == _lib.STEER_WORLD_BUSY and len(w) == 2
        w.set_callback(h, None)
        w.step()


def test_add_many_equals_adding_one_by_one():
    rng = np.random.default_rng(4)
    pos = rng.uniform(-10, 10, (50, 2)).astype(np.float32)
    vel = rng.uniform(-1, 1, (50, 3)).astype(np.float32)
    with steer.World(capacity=60) as a, steer.World(capacity=60) as b:
        ra = a.add_recipe(steer.Recipe().add(steer.Behaviour.WANDER))
        rb = b.add_recipe(steer.Recipe().add(steer.Behaviour.WANDER))
        one = [a.add(recipe=ra, position=p, velocity=v, max_speed=3) for p, v in zip(pos, vel)]
        many = b.add_many(pos, vel, recipe=rb, max_speed=3)
        assert [tuple(h[:2]) for h in many] == [h[:2] for h in one]
        a.step(n=20)
        b.step(n=20)
        assert a.state_hash() == b.state_hash()
        bad = np.zeros((15, 3), np.float32)
        bad[3, 0] = np.inf
        with pytest.raises(steer.Invalid, match="agent 3 of 15"):
            b.add_many(bad)
        assert len(b) == 53
        with pytest.raises(steer.Full):
            b.add_many(np.zeros((10, 3)))
        assert len(b) == 60
