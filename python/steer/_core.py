# SPDX-License-Identifier: MIT
"""Vectors, the agent, the single-character behaviours, wander, integrators and the rng.

Vectors are tuples (x, y, z) of floats; any sequence or numpy array of 2 or 3 numbers is
accepted (2 numbers: z = 0). Values are stored as C floats, so a Python float is rounded
to float32 on the way in, as a C literal would be, and every result is a C float widened
exactly to a Python float.
"""
import enum
from typing import NamedTuple, Optional, Sequence, Tuple, Union

import numpy as np

from ._errors import invalid
from ._steer_cffi import ffi, lib

Vec3 = Tuple[float, float, float]
VecLike = Union[Sequence[float], np.ndarray]


def v3(v) -> Vec3:
    """A vector as the tuple (x, y, z) of Python floats; 2 numbers give z = 0."""
    try:
        n = len(v)
    except TypeError:
        raise TypeError("a vector is a sequence of 2 or 3 numbers, not %r" % (v,)) from None
    if n == 3:
        return (float(v[0]), float(v[1]), float(v[2]))
    if n == 2:
        return (float(v[0]), float(v[1]), 0.0)
    raise invalid("a vector has 2 or 3 numbers, not %d" % n)


def _points(points, what) -> "np.ndarray":
    """An (n, 3) float32 C-contiguous copy of a point list ((n, 2) gets z = 0)."""
    arr = np.asarray(points, dtype=np.float32)
    if arr.ndim == 2 and arr.shape[1] == 2:
        arr = np.concatenate([arr, np.zeros((len(arr), 1), np.float32)], axis=1)
    if arr.ndim != 2 or arr.shape[1] != 3:
        raise invalid("%s: expected (n, 3) or (n, 2) points, got shape %r" % (what, arr.shape))
    return np.ascontiguousarray(arr)


def uint(value, bits, what) -> int:
    """value as an unsigned integer of `bits` bits; Invalid when it is not one."""
    try:
        v = int(value)
    except (TypeError, ValueError):
        raise invalid("%s: %r is not an integer" % (what, value)) from None
    if not 0 <= v < 1 << bits:
        raise invalid("%s: %d is outside 0..2^%d-1" % (what, v, bits))
    return v


def _tuple(c) -> Vec3:
    return (c.x, c.y, c.z)


class Space(enum.IntEnum):
    """The plane an agent moves in (steer_space)."""
    XY = lib.STEER_SPACE_XY
    XZ = lib.STEER_SPACE_XZ
    D3 = lib.STEER_SPACE_3D


class Model(enum.IntEnum):
    """How an agent is integrated (steer_model)."""
    KINEMATIC = lib.STEER_MODEL_KINEMATIC
    REYNOLDS = lib.STEER_MODEL_REYNOLDS


class Facing(enum.IntEnum):
    """Where the orientation comes from (steer_facing)."""
    STEERED = lib.STEER_FACING_STEERED
    VELOCITY = lib.STEER_FACING_VELOCITY


class Steering(NamedTuple):
    """A steering request (steer_steering): linear acceleration (kinematic model) or force
    (Reynolds model), and angular acceleration about the up axis."""
    linear: Vec3
    angular: float

    @staticmethod
    def zero() -> "Steering":
        return Steering((0.0, 0.0, 0.0), 0.0)


def _steering(c) -> Steering:
    return Steering((c.linear.x, c.linear.y, c.linear.z), c.angular)


def _c_steering(s):
    linear, angular = s
    return {"linear": v3(linear), "angular": float(angular)}


class _Field:
    """An Agent attribute backed by a field of the C struct."""

    def __init__(self, kind, doc):
        self.kind, self.__doc__ = kind, doc

    def __set_name__(self, owner, name):
        self.name = name

    def __get__(self, obj, owner=None):
        if obj is None:
            return self
        value = getattr(obj._c, self.name)
        if self.kind == "vec":
            return _tuple(value)
        return value if self.kind is float else self.kind(value)

    def __set__(self, obj, value):
        if self.kind == "vec":
            value = v3(value)
        elif self.kind is float:
            value = float(value)
        else:
            value = int(self.kind(value))
        setattr(obj._c, self.name, value)


class Agent:
    """One character (steer_agent): state, limits, the plane it moves in and its model.

    ``Agent()`` has steer_agent_default()'s values: at the origin, at rest, XY plane,
    kinematic, max_speed 5, max_accel 10, max_force 10, mass 1, max_rotation 2*pi,
    max_angular_accel 4*pi, radius 0.5, facing the velocity. ``Agent(model=Model.REYNOLDS)``
    starts from steer_agent_default_reynolds() (max_speed 6 units/frame, max_force 0.6).
    Any field can be given as a keyword: ``Agent(position=(1, 2), max_speed=3)``.
    """
    __slots__ = ("_c",)

    position = _Field("vec", "world units")
    velocity = _Field("vec", "units/s (kinematic) or units/frame (Reynolds)")
    orientation = _Field(float, "radians about the up axis, kept in (-pi, pi]")
    rotation = _Field(float, "angular speed, radians/s (or radians/frame)")
    max_speed = _Field(float, "speed limit; <= 0 means cannot move")
    max_accel = _Field(float, "kinematic: limit on |linear|, units/s^2")
    max_force = _Field(float, "Reynolds: limit on |linear| before dividing by mass")
    mass = _Field(float, "Reynolds: force is divided by it; <= 0 or NaN is treated as 1")
    max_rotation = _Field(float, "limit on |rotation|")
    max_angular_accel = _Field(float, "limit on |angular|")
    radius = _Field(float, "body radius, world units")
    space = _Field(Space, "the plane it moves in (Space)")
    model = _Field(Model, "how it is integrated (Model)")
    facing = _Field(Facing, "where the orientation comes from (Facing)")

    _FIELDS = ("position", "velocity", "orientation", "rotation", "max_speed", "max_accel",
               "max_force", "mass", "max_rotation", "max_angular_accel", "radius", "space",
               "model", "facing")

    def __init__(self, model: Model = Model.KINEMATIC, **fields):
        self._c = ffi.new("steer_agent *")
        self._c[0] = (lib.steer_agent_default_reynolds() if Model(model) == Model.REYNOLDS
                      else lib.steer_agent_default())
        for name, value in fields.items():
            if name not in self._FIELDS:
                raise TypeError("Agent has no field %r" % name)
            setattr(self, name, value)

    @classmethod
    def _from_c(cls, c) -> "Agent":
        a = cls.__new__(cls)
        a._c = ffi.new("steer_agent *")
        a._c[0] = c
        return a

    def copy(self) -> "Agent":
        """An independent copy."""
        return Agent._from_c(self._c[0])

    def __eq__(self, other):
        return isinstance(other, Agent) and bytes(ffi.buffer(self._c)) == bytes(ffi.buffer(other._c))

    __hash__ = None

    def __repr__(self):
        return ("Agent(position=%r, velocity=%r, orientation=%r, space=%s, model=%s)"
                % (self.position, self.velocity, self.orientation, self.space.name,
                   self.model.name))

    @property
    def forward(self) -> Vec3:
        """The unit forward direction: the velocity's when moving, else the heading."""
        return _tuple(lib.steer_agent_forward(self._c))

    @property
    def state_is_finite(self) -> bool:
        """True when position, velocity, orientation and rotation are all finite."""
        return bool(lib.steer_agent_state_is_finite(self._c))

    def step(self, steering: Steering, dt: float) -> bool:
        """Integrate one step with the agent's own model (steer_agent_step): kinematic uses
        dt seconds, Reynolds does one frame. False (agent untouched) for a non-finite state
        or a bad dt."""
        return bool(lib.steer_agent_step(self._c, _c_steering(steering), dt))


def integrate_kinematic(agent: Agent, steering: Steering, dt: float) -> bool:
    """One kinematic step of dt seconds (semi-implicit Euler, steer_integrate_kinematic).
    dt <= 0 or non-finite, or a non-finite agent state, does nothing and returns False."""
    return bool(lib.steer_integrate_kinematic(agent._c, _c_steering(steering), dt))


def integrate_reynolds(agent: Agent, steering: Steering) -> bool:
    """One Reynolds per-frame step (steer_integrate_reynolds). Non-finite parts of the
    steering count as zero; False (agent untouched) when the agent's state is not finite."""
    return bool(lib.steer_integrate_reynolds(agent._c, _c_steering(steering)))


class Rng:
    """The seeded PCG32 generator the caller owns (steer_rng). The same seed and stream give
    the same sequence everywhere; copy() forks it."""
    __slots__ = ("_c",)

    def __init__(self, seed: int = 0, stream: int = 0):
        self._c = ffi.new("steer_rng *")
        self._c[0] = lib.steer_rng_make(uint(seed, 64, "Rng seed"), uint(stream, 64, "Rng stream"))

    def u32(self) -> int:
        """The next 32 random bits."""
        return lib.steer_rng_u32(self._c)

    def float(self) -> float:
        """Uniform in [0, 1), 24 random bits."""
        return lib.steer_rng_float(self._c)

    def range(self, lo: float, hi: float) -> float:
        """Uniform in [lo, hi); lo when hi <= lo or either is not finite."""
        return lib.steer_rng_range(self._c, lo, hi)

    def below(self, bound: int) -> int:
        """Uniform integer in [0, bound) without modulo bias; 0 for bound 0."""
        return lib.steer_rng_below(self._c, bound)

    def copy(self) -> "Rng":
        r = Rng.__new__(Rng)
        r._c = ffi.new("steer_rng *")
        r._c[0] = self._c[0]
        return r

    def __eq__(self, other):
        return (isinstance(other, Rng) and self._c.state == other._c.state
                and self._c.inc == other._c.inc)

    __hash__ = None

    def __repr__(self):
        return "Rng(state=0x%016x, inc=0x%016x)" % (self._c.state, self._c.inc)


# ---- parameters ---------------------------------------------------------------------------

def assign(target, values, what):
    """Set the fields of a C struct from a dict (nested structs from nested dicts, vectors
    from sequences); unknown names raise TypeError."""
    for name, value in values.items():
        try:
            current = getattr(target, name)
        except AttributeError:
            raise TypeError("%s has no parameter %r" % (what, name)) from None
        if isinstance(value, dict):
            assign(current, value, what + "." + name)
        elif isinstance(current, (int, float)) or current is None:
            setattr(target, name, value)
        elif ffi.typeof(current) is ffi.typeof("steer_vec3"):
            setattr(target, name, v3(value))
        else:
            setattr(target, name, value)


def params(ctype, default, kw):
    """A pointer to parameters: NULL (the C defaults) without keywords, else the defaults
    with the keywords set."""
    if not kw:
        return ffi.NULL
    p = ffi.new(ctype + " *")
    p[0] = default()
    assign(p[0], kw, ctype)
    return p


def _arrive_p(kw):
    return params("steer_arrive_params", lib.steer_arrive_default, kw)


def _align_p(kw):
    return params("steer_align_params", lib.steer_align_default, kw)


def _pursue_p(kw):
    return params("steer_pursue_params", lib.steer_pursue_default, kw)


# ---- behaviours -------------------------------------------------------------------------

def seek(agent: Agent, target: VecLike) -> Steering:
    """Reynolds' seek: desired = normalize(target - position) * max_speed;
    linear = desired - velocity, limited. Target on the agent: it brakes."""
    return _steering(lib.steer_seek(agent._c, v3(target)))


def flee(agent: Agent, target: VecLike) -> Steering:
    """Reynolds' flee: desired = normalize(position - target) * max_speed, then as seek.
    Target on the agent: flees along its forward direction."""
    return _steering(lib.steer_flee(agent._c, v3(target)))


def match_velocity(agent: Agent, target_velocity: VecLike, time_to_target: float = 0.1) -> Steering:
    """Millington's velocity matching: (target_velocity - velocity) / time_to_target,
    limited; time_to_target <= 0 or NaN reads as 0.1."""
    return _steering(lib.steer_match_velocity(agent._c, v3(target_velocity), time_to_target))


def arrive(agent: Agent, target: VecLike, **p) -> Tuple[Steering, bool]:
    """Arrive without overshoot (steer_arrive). Returns (steering, arrived): arrived is
    True once inside target_radius and slower than rest_speed. Parameters (keywords,
    defaults): target_radius 0.25, slow_radius 3, time_to_target 0.1, step 1/60,
    rest_speed 0.05."""
    arrived = ffi.new("bool *")
    s = lib.steer_arrive(agent._c, v3(target), _arrive_p(p), arrived)
    return _steering(s), bool(arrived[0])


def leave(agent: Agent, target: VecLike, **p) -> Steering:
    """Leave (steer_leave): flee at full speed inside escape_radius (2), slower out to
    danger_radius (6), nothing beyond; time_to_target 0.1."""
    return _steering(lib.steer_leave(agent._c, v3(target),
                                     params("steer_leave_params", lib.steer_leave_default, p)))


def align(agent: Agent, target_orientation: float, **p) -> Steering:
    """Turn to target_orientation (radians) the short way round (steer_align). Parameters:
    target_radius 0.01 rad, slow_radius 0.5 rad, time_to_target 0.1, step 1/60."""
    return _steering(lib.steer_align(agent._c, target_orientation, _align_p(p)))


def face(agent: Agent, target: VecLike, **p) -> Steering:
    """Align to the direction of target - position in the agent's plane (steer_face)."""
    return _steering(lib.steer_face(agent._c, v3(target), _align_p(p)))


def look_where_going(agent: Agent, **p) -> Steering:
    """Align to the velocity's direction; at rest keep the orientation."""
    return _steering(lib.steer_look_where_going(agent._c, _align_p(p)))


def pursue(agent: Agent, target_position: VecLike, target_velocity: VecLike, **p) -> Steering:
    """Seek where the target will be after t = min(distance / speed, max_prediction) (1)."""
    return _steering(lib.steer_pursue(agent._c, v3(target_position), v3(target_velocity),
                                      _pursue_p(p)))


def evade(agent: Agent, target_position: VecLike, target_velocity: VecLike, **p) -> Steering:
    """Flee from where the target will be (pursue's prediction; max_prediction 1)."""
    return _steering(lib.steer_evade(agent._c, v3(target_position), v3(target_velocity),
                                     _pursue_p(p)))


def interpose(agent: Agent, a_position: VecLike, a_velocity: VecLike, b_position: VecLike,
              b_velocity: VecLike, **p) -> Tuple[Steering, Vec3]:
    """Arrive at the predicted midpoint of two moving agents. Returns (steering, predicted
    midpoint). Keywords are arrive's parameters."""
    predicted = ffi.new("steer_vec3 *")
    s = lib.steer_interpose(agent._c, v3(a_position), v3(a_velocity), v3(b_position),
                            v3(b_velocity), _arrive_p(p), predicted)
    return _steering(s), _tuple(predicted)


def offset_pursuit(agent: Agent, leader_position: VecLike, leader_velocity: VecLike,
                   leader_orientation: float, offset: VecLike, **p) -> Tuple[Steering, Vec3]:
    """Hold the slot at ``offset`` in the leader's frame (x forward, y left, z up).
    Returns (steering, current slot position). Keywords are arrive's parameters."""
    leader = ffi.new("steer_leader *", {"position": v3(leader_position),
                                        "velocity": v3(leader_velocity),
                                        "orientation": float(leader_orientation)})
    slot = ffi.new("steer_vec3 *")
    s = lib.steer_offset_pursuit(agent._c, leader, v3(offset), _arrive_p(p), slot)
    return _steering(s), _tuple(slot)


# ---- wander ---------------------------------------------------------------------------------

class WanderState:
    """What the wander circle remembers between steps (steer_wander_state). Zero, or with a
    random start drawn from ``rng`` (steer_wander_state_make)."""
    __slots__ = ("_c",)

    def __init__(self, rng: Optional[Rng] = None):
        self._c = ffi.new("steer_wander_state *")
        if rng is not None:
            self._c[0] = lib.steer_wander_state_make(rng._c)

    @property
    def angle(self) -> float:
        return self._c.angle

    @property
    def displacement(self) -> Vec3:
        return _tuple(self._c.displacement)

    def __repr__(self):
        return "WanderState(angle=%r, displacement=%r)" % (self.angle, self.displacement)


class WanderTargetState:
    """What the random-target wander remembers (steer_wander_target_state); starts empty,
    so the first call draws a target."""
    __slots__ = ("_c",)

    def __init__(self):
        self._c = ffi.new("steer_wander_target_state *")

    @property
    def target(self) -> Optional[Vec3]:
        return _tuple(self._c.target) if self._c.has_target else None

    @property
    def time_left(self) -> float:
        return self._c.time_left

    def __repr__(self):
        return "WanderTargetState(target=%r, time_left=%r)" % (self.target, self.time_left)


def _wander_p(kw):
    return params("steer_wander_params", lib.steer_wander_default, kw)


def wander(agent: Agent, state: WanderState, rng: Rng, **p) -> Steering:
    """Reynolds' wander circle (steer_wander); advances state and rng. Parameters:
    circle_distance 2, circle_radius 1, angle_change 0.5 rad."""
    return _steering(lib.steer_wander(agent._c, _wander_p(p), state._c, rng._c))


def wander_3d(agent: Agent, state: WanderState, rng: Rng, **p) -> Steering:
    """Full-3D wander on a sphere (steer_wander_3d), for flyers."""
    return _steering(lib.steer_wander_3d(agent._c, _wander_p(p), state._c, rng._c))


def wander_target(agent: Agent, state: WanderTargetState, rng: Rng, dt: float, **p) -> Steering:
    """Seek a random target redrawn every ``interval`` (steer_wander_target). Parameters:
    area_min (-50, -50, 0), area_max (50, 50, 0), interval 3."""
    return _steering(lib.steer_wander_target(
        agent._c, params("steer_wander_target_params", lib.steer_wander_target_default, p),
        state._c, rng._c, dt))
