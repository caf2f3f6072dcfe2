# SPDX-License-Identifier: MIT
"""Combining behaviours (blend, priority) and the flocking behaviours over neighbour
arrays: the single-character forms of what a world recipe does for every agent."""
from typing import Iterable, Optional, Sequence, Tuple

from ._core import Agent, Steering, VecLike, _c_steering, _points, _steering, params, v3
from ._extras import _vec_array
from ._steer_cffi import ffi, lib


def blend(agent: Agent, weighted: Iterable[Tuple[Steering, float]]) -> Steering:
    """Weighted sum of (steering, weight) pairs, limited to the agent's limits
    (steer_blend); non-finite weights count as 0."""
    items = [{"steering": _c_steering(s), "weight": float(w)} for s, w in weighted]
    arr = ffi.new("steer_weighted[]", items) if items else ffi.NULL
    return _steering(lib.steer_blend(agent._c, arr, len(items)))


def priority(groups: Sequence[Steering], epsilon: float = 1e-3) -> Tuple[Steering, int]:
    """The first significant steering (|linear| or |angular| above epsilon) and its index
    (steer_priority); the last one when none is."""
    arr = ffi.new("steer_steering[]", [_c_steering(s) for s in groups]) if groups else ffi.NULL
    chosen = ffi.new("int *")
    s = lib.steer_priority(arr, len(groups), epsilon, chosen)
    return _steering(s), chosen[0]


def limit(agent: Agent, steering: Steering) -> Steering:
    """The steering limited to the agent's limits (steer_steering_limit); a steering with
    any non-finite number gives zero steering."""
    return _steering(lib.steer_steering_limit(agent._c, _c_steering(steering)))


def _nb(default, radius, cos_view):
    nb = ffi.new("steer_neighbourhood *", default())
    if radius is not None:
        nb.radius = radius
    if cos_view is not None:
        nb.cos_view = cos_view
    return nb


def separation(agent: Agent, positions, radius: Optional[float] = None,
               cos_view: Optional[float] = None) -> Steering:
    """Away from the neighbours at ``positions`` ((n, 3) or (n, 2)) inside the
    neighbourhood (steer_separation; defaults radius 5, cos_view -0.707)."""
    p = _points(positions, "separation")
    return _steering(lib.steer_separation(agent._c, _vec_array(p), len(p),
                                          _nb(lib.steer_separation_default, radius, cos_view)))


def alignment(agent: Agent, positions, velocities, radius: Optional[float] = None,
              cos_view: Optional[float] = None) -> Steering:
    """Towards the neighbours' mean heading (steer_alignment; radius 7.5, cos_view 0.7)."""
    p, v = _points(positions, "alignment"), _points(velocities, "alignment")
    if len(p) != len(v):
        raise ValueError("alignment: %d positions, %d velocities" % (len(p), len(v)))
    return _steering(lib.steer_alignment(agent._c, _vec_array(p), _vec_array(v), len(p),
                                         _nb(lib.steer_alignment_default, radius, cos_view)))


def cohesion(agent: Agent, positions, radius: Optional[float] = None,
             cos_view: Optional[float] = None) -> Steering:
    """Towards the neighbours' centre (steer_cohesion; radius 9, cos_view -0.15)."""
    p = _points(positions, "cohesion")
    return _steering(lib.steer_cohesion(agent._c, _vec_array(p), len(p),
                                        _nb(lib.steer_cohesion_default, radius, cos_view)))


def follow_leader(agent: Agent, leader_position: VecLike, leader_velocity: VecLike,
                  leader_forward: VecLike, **p) -> Steering:
    """Arrive behind a leader, stepping out of its way (steer_follow_leader). Keywords:
    behind 2, clear_radius 3, arrive={...}, evade={...}."""
    return _steering(lib.steer_follow_leader(
        agent._c, v3(leader_position), v3(leader_velocity), v3(leader_forward),
        params("steer_leader_params", lib.steer_leader_default, p)))
