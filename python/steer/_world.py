# SPDX-License-Identifier: MIT
"""The batch world: recipes, handles, layers, bounds, bulk numpy reads and writes,
snapshots, statistics, the state hash, the crowd filter's walls and Python callbacks."""
import enum
from typing import Callable, Dict, List, NamedTuple, Optional, Tuple

import numpy as np

from ._core import (Agent, Steering, VecLike, _c_steering, _points, _steering,
                    assign, uint, v3)
from ._errors import check, check_snapshot, invalid
from ._steer_cffi import ffi, lib

ALL_LAYERS = 0xFFFFFFFF


class Handle(NamedTuple):
    """A stable reference to an agent (steer_handle): slot, generation, world tag."""
    index: int
    generation: int
    world: int


def _h(handle) -> Tuple[int, int, int]:
    """A handle as three uint32 (None: the none handle); Invalid for anything else."""
    if handle is None:
        return (0, 0, 0)
    try:
        index, generation, world = handle
    except (TypeError, ValueError):
        raise invalid("a handle is (index, generation, world), not %r" % (handle,)) from None
    return (uint(index, 32, "handle"), uint(generation, 32, "handle"), uint(world, 32, "handle"))


def _handle(c) -> Handle:
    return Handle(c.index, c.generation, c.world)


class Behaviour(enum.IntEnum):
    """The behaviours a recipe can list (steer_behaviour_kind)."""
    SEEK = lib.STEER_BEHAVIOUR_SEEK
    FLEE = lib.STEER_BEHAVIOUR_FLEE
    ARRIVE = lib.STEER_BEHAVIOUR_ARRIVE
    PURSUE = lib.STEER_BEHAVIOUR_PURSUE
    EVADE = lib.STEER_BEHAVIOUR_EVADE
    WANDER = lib.STEER_BEHAVIOUR_WANDER
    LOOK_WHERE_GOING = lib.STEER_BEHAVIOUR_LOOK_WHERE_GOING
    SEPARATION = lib.STEER_BEHAVIOUR_SEPARATION
    ALIGNMENT = lib.STEER_BEHAVIOUR_ALIGNMENT
    COHESION = lib.STEER_BEHAVIOUR_COHESION
    QUEUE = lib.STEER_BEHAVIOUR_QUEUE
    FOLLOW_LEADER = lib.STEER_BEHAVIOUR_FOLLOW_LEADER
    AVOID_AGENTS = lib.STEER_BEHAVIOUR_AVOID_AGENTS


# The item field holding each kind's own parameters (steer_recipe_item).
_KIND_PARAMS = {
    Behaviour.ARRIVE: "arrive", Behaviour.PURSUE: "pursue", Behaviour.EVADE: "pursue",
    Behaviour.WANDER: "wander", Behaviour.LOOK_WHERE_GOING: "align",
    Behaviour.SEPARATION: "neighbourhood", Behaviour.ALIGNMENT: "neighbourhood",
    Behaviour.COHESION: "neighbourhood", Behaviour.QUEUE: "queue",
    Behaviour.FOLLOW_LEADER: "leader", Behaviour.AVOID_AGENTS: "predict",
}
_ITEM_FIELDS = ("neighbourhood", "arrive", "pursue", "wander", "align", "queue", "leader",
                "predict")


class Recipe:
    """A behaviour recipe (steer_recipe): up to 8 behaviours, blended within a priority
    group, groups tried in ascending order. ``crowd=True`` runs the ORCA velocity filter
    after the blend; ``orca`` sets its parameters (steer_orca_params: radius,
    neighbour_dist, max_neighbours, time_horizon, time_horizon_obstacles, responsibility,
    clearance, sidestep).

        r = Recipe().add(Behaviour.SEPARATION, 12, radius=5, cos_view=-0.707)
        r.add(Behaviour.WANDER, 1)
    """
    MAX = lib.STEER_RECIPE_MAX

    def __init__(self, crowd: bool = False, priority_epsilon: Optional[float] = None,
                 orca: Optional[dict] = None):
        self._c = ffi.new("steer_recipe *")
        self._c[0] = lib.steer_recipe_default()
        self._c.crowd = bool(crowd)
        if priority_epsilon is not None:
            self._c.priority_epsilon = priority_epsilon
        if orca:
            assign(self._c.orca, orca, "orca")

    def add(self, kind: Behaviour, weight: float = 1.0, group: int = 0, **params) -> "Recipe":
        """Append a behaviour with its weight and priority group. Keywords set the kind's own
        parameters (e.g. radius/cos_view for separation, target_radius for arrive,
        circle_radius for wander), or a whole parameter block by item field name
        (neighbourhood=..., arrive=..., leader={...}). Returns the recipe, for chaining."""
        if self._c.count >= self.MAX:
            raise invalid("a recipe holds at most %d behaviours" % self.MAX)
        kind = Behaviour(kind)
        if not 0 <= int(group) < self.MAX:
            raise invalid("a recipe group is in 0..%d, not %r" % (self.MAX - 1, group))
        self._c.items[self._c.count] = lib.steer_recipe_item_make(kind, weight)
        item = self._c.items[self._c.count]
        item.group = group
        own = _KIND_PARAMS.get(kind)
        for name, value in params.items():
            if name in _ITEM_FIELDS:
                if not isinstance(value, dict):
                    raise TypeError("%s: a parameter block is a dict, not %r" % (name, value))
                assign(getattr(item, name), value, name)
            elif own is not None and hasattr(getattr(item, own), name):
                assign(getattr(item, own), {name: value}, own)
            elif hasattr(item.neighbourhood, name):
                assign(item.neighbourhood, {name: value}, "neighbourhood")
            else:
                raise TypeError("%s has no parameter %r" % (kind.name, name))
        self._c.count += 1
        return self

    def __len__(self):
        return self._c.count

    def __repr__(self):
        kinds = ", ".join("%s*%g" % (Behaviour(self._c.items[i].kind).name, self._c.items[i].weight)
                          for i in range(self._c.count))
        return "Recipe([%s], crowd=%s)" % (kinds, bool(self._c.crowd))


class Bounds:
    """What happens to agents that leave the world (steer_bounds), applied after each step."""

    def __init__(self, kind=lib.STEER_BOUNDS_NONE, centre: VecLike = (0, 0, 0),
                 half_extents: VecLike = (0, 0, 0), radius: float = 0.0):
        self.kind, self.centre = int(kind), v3(centre)
        self.half_extents, self.radius = v3(half_extents), float(radius)

    @classmethod
    def wrap_box(cls, half_extents, centre=(0, 0, 0)):
        """Leaving one face enters through the opposite one; an axis with half extent <= 0
        is unbounded."""
        return cls(lib.STEER_BOUNDS_WRAP_BOX, centre, half_extents)

    @classmethod
    def wrap_sphere(cls, radius, centre=(0, 0, 0)):
        """Leaving the sphere teleports to the opposite point of its surface (boids)."""
        return cls(lib.STEER_BOUNDS_WRAP_SPHERE, centre, radius=radius)

    @classmethod
    def clamp_box(cls, half_extents, centre=(0, 0, 0)):
        """Held inside the box; the outward part of the velocity is removed."""
        return cls(lib.STEER_BOUNDS_CLAMP_BOX, centre, half_extents)

    @classmethod
    def respawn(cls, half_extents, centre=(0, 0, 0)):
        """An agent that leaves the box reappears at the centre with its velocity."""
        return cls(lib.STEER_BOUNDS_RESPAWN, centre, half_extents)

    def _c(self):
        return {"kind": self.kind, "centre": self.centre, "half_extents": self.half_extents,
                "radius": self.radius}

    def __repr__(self):
        return "Bounds(kind=%d, centre=%r, half_extents=%r, radius=%r)" % (
            self.kind, self.centre, self.half_extents, self.radius)


class Stats(NamedTuple):
    """Numbers about the last step (steer_world_stats)."""
    agents: int
    cells: int
    cell_size: float
    index_current: bool
    avg_neighbours: float
    steps: int
    vector_agents: int
    vector_moves: int


class WorldArrays(NamedTuple):
    """Every live agent's state in the world's internal order, from one C pass."""
    positions: np.ndarray     # (n, 3) float32
    velocities: np.ndarray    # (n, 3) float32
    orientations: np.ndarray  # (n,) float32
    handles: np.ndarray       # (n, 3) uint32: index, generation, world


# Python callbacks: the user pointer is a cffi handle to a _Callback.
class _Callback:
    __slots__ = ("fn", "errors")

    def __init__(self, fn, errors):
        self.fn, self.errors = fn, errors


@ffi.def_extern()
def steer_py_agent_callback(user, world, self_handle, agent, recipe_output):
    cb = ffi.from_handle(user)
    try:
        out = cb.fn(_handle(self_handle), Agent._from_c(agent[0]), _steering(recipe_output))
        return recipe_output if out is None else _c_steering(out)
    except BaseException as e:  # noqa: B902 - reported after the step
        cb.errors.append(e)
        return recipe_output


def _out(out, shape, dtype, what):
    if out is None:
        return np.empty(shape, dtype)
    if not isinstance(out, np.ndarray) or out.dtype != dtype or out.shape != shape \
            or not out.flags.c_contiguous or not out.flags.writeable:
        raise invalid("%s: out must be a writable C-contiguous %s array of shape %r" % (
            what, np.dtype(dtype).name, shape))
    return out


def _in(a, shape, dtype, what):
    arr = np.ascontiguousarray(a, dtype=dtype)
    if arr.shape != shape:
        raise invalid("%s: expected shape %r, got %r" % (what, shape, arr.shape))
    return arr


def _agent_def(agent, fields, recipe, layer, mask, target):
    """A steer_world_agent_def from an Agent (copied) and/or Agent field keywords."""
    agent = Agent(**fields) if agent is None else agent.copy()
    if fields:
        for k, v in fields.items():
            if k not in Agent._FIELDS:
                raise TypeError("Agent has no field %r" % k)
            setattr(agent, k, v)
    d = ffi.new("steer_world_agent_def *")
    d[0] = lib.steer_world_agent_default()
    d.agent = agent._c[0]
    d.recipe = recipe
    d.layer, d.mask = uint(layer, 32, "layer"), uint(mask, 32, "mask")
    d.target = v3(target)
    return d


class World:
    """Many agents stepped together (steer_world), with stable handles, recipes, a spatial
    index, bounds and, with ``threads`` > 1, a thread pool (shared/pool.c) as its
    parallel-for: results are the same bits for any number of threads.

    Everything is allocated at creation, sized by ``capacity``. Release it with close()
    or a ``with`` block; a world that is garbage-collected is closed too. A world is used
    from one Python thread at a time (the C calls release the GIL, and the C world is not
    made for concurrent calls); ``threads`` makes each step use several.

        with steer.World(capacity=1000, bounds=Bounds.wrap_box((50, 50, 0))) as w:
            wander = w.add_recipe(Recipe().add(Behaviour.WANDER))
            h = w.add(position=(1, 2), recipe=wander)
            w.step(1 / 60, n=100)
            xy = w.positions()
    """

    def __init__(self, capacity: int = 1024, *, max_recipes: int = 16, seed: int = 1,
                 cell_size: float = 0.0, bounds: Optional[Bounds] = None, threads: int = 1):
        self._w = ffi.NULL
        self._pool = ffi.NULL
        self._walls = None
        self._callbacks: Dict[int, object] = {}
        self._errors: List[BaseException] = []
        d = ffi.new("steer_world_def *")
        d[0] = lib.steer_world_default()
        try:
            d.capacity, d.max_recipes, d.seed, d.cell_size = capacity, max_recipes, seed, cell_size
        except OverflowError as e:
            raise invalid("World: %s" % e) from None
        if bounds is not None:
            d.bounds = bounds._c()
        self.threads = max(1, int(threads))
        if self.threads > 1:
            self._pool = lib.steer_pool_create(self.threads)
            if self._pool == ffi.NULL:
                raise MemoryError("steer: no thread pool of %d workers" % self.threads)
            d.parallel_for = ffi.addressof(lib, "steer_pool_parallel_for")
            d.parallel_user = self._pool
        self._w = lib.steer_world_create(d)
        if self._w == ffi.NULL:
            self._free_pool()
            raise invalid("World: capacity and max_recipes must be in 1..2^28 and the "
                          "memory available (capacity=%r, max_recipes=%r)" % (capacity, max_recipes))
        self.capacity = capacity

    # ---- lifetime ----
    def _free_pool(self):
        if self._pool != ffi.NULL:
            lib.steer_pool_destroy(self._pool)
            self._pool = ffi.NULL

    def close(self) -> None:
        """Free the world and its thread pool now. Further calls raise Invalid; closing
        twice does nothing."""
        if self._w != ffi.NULL:
            lib.steer_world_destroy(self._w)
            self._w = ffi.NULL
        self._free_pool()
        self._callbacks.clear()
        self._walls = None

    @property
    def closed(self) -> bool:
        return self._w == ffi.NULL

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def __del__(self):
        try:
            if getattr(self, "_w", ffi.NULL) != ffi.NULL or getattr(self, "_pool", ffi.NULL) != ffi.NULL:
                self.close()
        except Exception:  # noqa: BLE001 - interpreter shutdown: the process frees it all
            pass

    def _ptr(self):
        if self._w == ffi.NULL:
            raise invalid("the world is closed")
        return self._w

    def __repr__(self):
        if self.closed:
            return "<steer.World closed>"
        return "<steer.World %d/%d agents, %d steps, %d thread%s>" % (
            len(self), self.capacity, self.stats().steps, self.threads,
            "" if self.threads == 1 else "s")

    # ---- recipes and agents ----
    def add_recipe(self, recipe: Recipe) -> int:
        """Register a recipe (copied); returns its id. Full when the recipe table is full."""
        rid = lib.steer_world_add_recipe(self._ptr(), recipe._c)
        if rid < 0:  # Recipe checks kinds, groups and count: only a full table is left
            check(lib.STEER_WORLD_FULL, "add_recipe (the world's max_recipes are in use)")
        return rid

    def add(self, agent: Optional[Agent] = None, *, recipe: int = -1, layer: int = 1,
            mask: int = ALL_LAYERS, target: VecLike = (0, 0, 0), target_agent=None,
            **fields) -> Handle:
        """Add an agent (a copy of ``agent``, or Agent(**fields)); returns its handle.
        Full at capacity; Invalid for a non-finite state or an unknown recipe."""
        d = _agent_def(agent, fields, recipe, layer, mask, target)
        d.target_agent = _h(target_agent)
        out = ffi.new("steer_handle *")
        check(lib.steer_world_add(self._ptr(), d, out), "add")
        return _handle(out)

    def add_many(self, positions, velocities=None, agent: Optional[Agent] = None, *,
                 recipe: int = -1, layer: int = 1, mask: int = ALL_LAYERS,
                 target: VecLike = (0, 0, 0), **fields) -> np.ndarray:
        """Add one agent per row of ``positions`` ((n, 3) or (n, 2) array-like), with the
        matching row of ``velocities`` if given, all else from ``agent`` / the keywords as
        in add(), in one C call. Returns their handles as an (n, 3) uint32 array. Stops at
        the first failure (Full, Invalid) with the agents before it added."""
        pos = _points(positions, "add_many: positions")
        n = len(pos)
        vel = None if velocities is None else _points(velocities, "add_many: velocities")
        if vel is not None and len(vel) != n:
            raise invalid("add_many: %d velocities for %d positions" % (len(vel), n))
        d = _agent_def(agent, fields, recipe, layer, mask, target)
        out = np.zeros((n, 3), np.uint32)
        done = ffi.new("int *")
        st = lib.steer_py_add_many(self._ptr(), d, n, ffi.from_buffer("float[]", pos),
                                   ffi.NULL if vel is None else ffi.from_buffer("float[]", vel),
                                   ffi.from_buffer("uint32_t[]", out, require_writable=True), done)
        check(st, "add_many (agent %d of %d)" % (done[0], n))
        return out

    def remove(self, handle: Handle) -> None:
        """Remove the agent; its handle becomes stale (StaleHandle if it already was)."""
        check(lib.steer_world_remove(self._ptr(), _h(handle)), "remove")
        self._callbacks.pop(handle[0], None)

    def is_valid(self, handle: Handle) -> bool:
        return bool(lib.steer_world_is_valid(self._ptr(), _h(handle)))

    __contains__ = is_valid

    def __len__(self) -> int:
        return lib.steer_world_count(self._ptr())

    def handle_at(self, i: int) -> Handle:
        """The handle of the i-th live agent in the internal order (changes every step)."""
        if not 0 <= i < len(self):
            raise IndexError("agent %d of %d" % (i, len(self)))
        return _handle(lib.steer_world_handle_at(self._w, i))

    def __iter__(self):
        """The handles of the live agents (a list taken now)."""
        return iter([Handle(*map(int, row)) for row in self.handles()])

    def get_agent(self, handle: Handle) -> Agent:
        """A copy of the agent's state and limits."""
        out = ffi.new("steer_agent *")
        check(lib.steer_world_get_agent(self._ptr(), _h(handle), out), "get_agent")
        return Agent._from_c(out[0])

    __getitem__ = get_agent

    def set_agent(self, handle: Handle, agent: Agent) -> None:
        """Replace the agent's state and limits (Invalid for a non-finite state)."""
        check(lib.steer_world_set_agent(self._ptr(), _h(handle), agent._c), "set_agent")

    __setitem__ = set_agent

    def set_target(self, handle: Handle, target: VecLike) -> None:
        check(lib.steer_world_set_target(self._ptr(), _h(handle), v3(target)), "set_target")

    def set_target_agent(self, handle: Handle, target: Optional[Handle]) -> None:
        """Set (None: clear) the target agent of pursue, evade, follow leader..."""
        check(lib.steer_world_set_target_agent(self._ptr(), _h(handle), _h(target)),
              "set_target_agent")

    def set_recipe(self, handle: Handle, recipe: int) -> None:
        check(lib.steer_world_set_recipe(self._ptr(), _h(handle), recipe), "set_recipe")

    def set_layers(self, handle: Handle, layer: int, mask: int = ALL_LAYERS) -> None:
        """The layers the agent is in and the layers it perceives (one bit each)."""
        check(lib.steer_world_set_layers(self._ptr(), _h(handle), uint(layer, 32, "layer"),
                                         uint(mask, 32, "mask")), "set_layers")

    def get_steering(self, handle: Handle) -> Steering:
        """The steering applied to the agent in the last step."""
        out = ffi.new("steer_steering *")
        check(lib.steer_world_get_steering(self._ptr(), _h(handle), out), "get_steering")
        return _steering(out[0])

    def set_walls(self, walls) -> None:
        """Static wall segments for the crowd filter: an (m, 2, 3) array-like of segment end
        points (2D points are accepted as (m, 2, 2)). None or empty removes them. The world
        keeps its own copy."""
        if walls is None or len(walls) == 0:
            check(lib.steer_world_set_walls(self._ptr(), ffi.NULL, 0), "set_walls")
            self._walls = None
            return
        arr = np.asarray(walls, dtype=np.float64)
        if arr.ndim != 3 or arr.shape[1] != 2 or arr.shape[2] not in (2, 3):
            raise invalid("set_walls: expected shape (m, 2, 3) or (m, 2, 2), got %r" % (arr.shape,))
        segs = ffi.new("steer_segment[]", len(arr))
        for i, (a, b) in enumerate(arr):
            segs[i].a, segs[i].b = v3(a), v3(b)
        check(lib.steer_world_set_walls(self._ptr(), segs, len(arr)), "set_walls")
        self._walls = segs  # the world reads the array in every step

    def set_callback(self, handle: Handle,
                     fn: Optional[Callable[[Handle, Agent, Steering], Optional[Steering]]]) -> None:
        """Run fn(handle, agent, recipe_output) for this agent in every step, after its
        recipe; what it returns (None: unchanged) is applied. It runs during the step, on a
        worker thread when threads > 1, under the GIL: a few microseconds per call, so it
        suits a few special agents, not a whole crowd. An exception it raises is re-raised
        by step() (that agent keeps the recipe output). None removes it."""
        if fn is None:
            check(lib.steer_world_set_callback(self._ptr(), _h(handle), ffi.NULL, ffi.NULL),
                  "set_callback")
            self._callbacks.pop(handle[0], None)
            return
        user = ffi.new_handle(_Callback(fn, self._errors))
        check(lib.steer_world_set_callback(self._ptr(), _h(handle),
                                           lib.steer_py_agent_callback, user), "set_callback")
        self._callbacks[handle[0]] = user

    # ---- stepping and queries ----
    def step(self, dt: float = 1.0 / 60.0, n: int = 1) -> None:
        """Advance every agent n times by dt, all in C (Invalid for dt <= 0 or not finite).
        An exception from a Python callback is re-raised after the steps."""
        if n < 0:
            raise invalid("step: n must be >= 0")
        st = lib.steer_py_step(self._ptr(), n, dt)
        if self._errors:
            err = self._errors[0]
            self._errors.clear()
            raise err
        check(st, "step")

    def query(self, centre: VecLike, radius: float, mask: int = ALL_LAYERS,
              max_results: Optional[int] = None) -> List[Handle]:
        """Handles of the agents within radius of centre whose layer meets mask."""
        cap = len(self) if max_results is None else max(0, int(max_results))
        out = ffi.new("steer_handle[]", max(cap, 1))
        n = lib.steer_world_query(self._ptr(), v3(centre), radius, mask, out, cap)
        return [_handle(out[i]) for i in range(min(n, cap))]

    def update_index(self) -> None:
        check(lib.steer_world_update_index(self._ptr()), "update_index")

    def stats(self) -> Stats:
        s = lib.steer_world_stats_get(self._ptr())
        return Stats(s.agents, s.cells, s.cell_size, bool(s.index_current), s.avg_neighbours,
                     s.steps, s.vector_agents, s.vector_moves)

    def state_hash(self) -> int:
        """steer_world_state_hash: FNV-1a-64 of every live agent's state, in slot order."""
        return int(lib.steer_world_state_hash(self._ptr()))

    # ---- bulk data (one C call each, no Python work per agent) ----
    def _read(self, pos, vel, ori, han):
        n = lib.steer_world_count(self._ptr())
        buf = [ffi.NULL if a is None else ffi.from_buffer(t, a, require_writable=True)
               for a, t in ((pos, "float[]"), (vel, "float[]"), (ori, "float[]"), (han, "uint32_t[]"))]
        got = lib.steer_py_read(self._w, 0, n, *buf)
        assert got == n

    def _read_one(self, which, out, shape, dtype, what):
        out = _out(out, (len(self),) + shape, dtype, what)
        buffers = [None, None, None, None]
        buffers[which] = out
        self._read(*buffers)
        return out

    def positions(self, out: Optional[np.ndarray] = None) -> np.ndarray:
        """Every live agent's position as an (n, 3) float32 array (into ``out`` if given),
        in the internal order of handles()."""
        return self._read_one(0, out, (3,), np.float32, "positions")

    def velocities(self, out: Optional[np.ndarray] = None) -> np.ndarray:
        """Every live agent's velocity as an (n, 3) float32 array."""
        return self._read_one(1, out, (3,), np.float32, "velocities")

    def orientations(self, out: Optional[np.ndarray] = None) -> np.ndarray:
        """Every live agent's orientation as an (n,) float32 array."""
        return self._read_one(2, out, (), np.float32, "orientations")

    def handles(self, out: Optional[np.ndarray] = None) -> np.ndarray:
        """Every live agent's handle as an (n, 3) uint32 array (index, generation, world)."""
        return self._read_one(3, out, (3,), np.uint32, "handles")

    def arrays(self) -> WorldArrays:
        """Positions, velocities, orientations and handles in one pass."""
        n = len(self)
        a = WorldArrays(np.empty((n, 3), np.float32), np.empty((n, 3), np.float32),
                        np.empty((n,), np.float32), np.empty((n, 3), np.uint32))
        self._read(*a)
        return a

    def write(self, handles, positions=None, velocities=None, orientations=None) -> None:
        """Set the positions, velocities and/or orientations of the agents named by
        ``handles`` ((n, 3) uint32, as handles() gives) in one C call. Stops at the first
        bad agent (StaleHandle, Invalid for a non-finite value); those before it are
        written."""
        hs = _in(handles, (len(handles), 3), np.uint32, "write: handles")
        n = len(hs)
        arrays = [None if a is None else _in(a, shape, np.float32, "write: " + name)
                  for a, shape, name in ((positions, (n, 3), "positions"),
                                         (velocities, (n, 3), "velocities"),
                                         (orientations, (n,), "orientations"))]
        ptrs = [ffi.NULL if a is None else ffi.from_buffer("float[]", a) for a in arrays]
        done = ffi.new("int *")
        st = lib.steer_py_write(self._ptr(), n, ffi.from_buffer("uint32_t[]", hs), *ptrs, done)
        check(st, "write (agent %d of %d)" % (done[0], n))

    # ---- snapshots ----
    def snapshot(self) -> bytes:
        """The world saved as bytes (steer_world_snapshot_write): restore() continues it
        bit-identically, here or in another process. Callbacks are not saved."""
        size = lib.steer_world_snapshot_size(self._ptr())
        buf = bytearray(size)
        written = ffi.new("size_t *")
        check_snapshot(lib.steer_world_snapshot_write(self._w, ffi.from_buffer(buf), size, written),
                       "snapshot")
        return bytes(buf[:written[0]])

    def restore(self, data: bytes) -> None:
        """Replace the world's content with a snapshot. Everything is validated first: on
        SnapshotError the world is unchanged. Clears every agent's callback."""
        mv = memoryview(data).cast("B")
        check_snapshot(lib.steer_world_restore(self._ptr(), ffi.from_buffer(mv), len(mv)),
                       "restore")
        self._callbacks.clear()
