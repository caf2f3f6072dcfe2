# SPDX-License-Identifier: MIT
"""The exceptions of steer: one hierarchy, each carrying the C status it stands for."""
from ._steer_cffi import ffi, lib


class SteerError(Exception):
    """A steer call failed. ``status`` is the C status code (steer_world_status or, for
    SnapshotError, steer_snapshot_status) and ``status_name`` its C enumerator name."""

    def __init__(self, message, status=None, status_name=None):
        super().__init__(message)
        self.status = status
        self.status_name = status_name


class Full(SteerError):
    """STEER_WORLD_FULL: the world's agent or recipe capacity is exhausted; nothing changed."""


class StaleHandle(SteerError, KeyError):
    """STEER_WORLD_STALE: the handle's agent was removed, or the handle belongs to another
    world, or no world ever handed it out; nothing changed."""

    def __str__(self):  # KeyError would quote the message
        return Exception.__str__(self)


class Busy(SteerError):
    """STEER_WORLD_BUSY: a structural change from inside a step (a callback); nothing changed."""


class Invalid(SteerError, ValueError):
    """STEER_WORLD_INVALID: a non-finite number, an unknown recipe, a bad size or a closed world."""


class SnapshotError(SteerError, ValueError):
    """steer_world_restore refused the bytes (truncated, bad checksum, too big...); the world
    is unchanged. ``status`` is the steer_snapshot_status."""


_WORLD = {
    lib.STEER_WORLD_FULL: (Full, "STEER_WORLD_FULL"),
    lib.STEER_WORLD_STALE: (StaleHandle, "STEER_WORLD_STALE"),
    lib.STEER_WORLD_BUSY: (Busy, "STEER_WORLD_BUSY"),
    lib.STEER_WORLD_INVALID: (Invalid, "STEER_WORLD_INVALID"),
}


def invalid(message):
    """An Invalid error for bad input caught on the Python side."""
    return Invalid(message, lib.STEER_WORLD_INVALID, "STEER_WORLD_INVALID")


def check(status, what):
    """Raise the SteerError subclass for a steer_world_status other than OK."""
    if status == lib.STEER_WORLD_OK:
        return
    cls, name = _WORLD.get(status, (SteerError, "status %d" % status))
    raise cls("%s: %s" % (what, name), status, name)


def check_snapshot(status, what):
    """Raise SnapshotError (Busy for STEER_SNAPSHOT_BUSY) for a snapshot status other than OK."""
    if status == lib.STEER_SNAPSHOT_OK:
        return
    text = ffi.string(lib.steer_snapshot_status_name(status)).decode()
    cls = Busy if status == lib.STEER_SNAPSHOT_BUSY else SnapshotError
    raise cls("%s: %s" % (what, text), status, text)
