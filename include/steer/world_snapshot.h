/* SPDX-License-Identifier: MIT */
/* steer/world_snapshot.h - save a world into a byte buffer and restore it, to continue
 * bit-identically (save games, rollback, replays, moving a crowd between processes).
 *
 * Function index
 *   steer_world_snapshot_size, steer_world_snapshot_write, steer_world_restore,
 *   steer_snapshot_status_name
 *
 *   size_t n = steer_world_snapshot_size(w);
 *   unsigned char *buf = malloc(n);
 *   steer_world_snapshot_write(w, buf, n);          ... later, or in another process:
 *   steer_snapshot_status st = steer_world_restore(w2, buf, n);
 *   if (st != STEER_SNAPSHOT_OK) fprintf(stderr, "%s\n", steer_snapshot_status_name(st));
 *
 * The library does no file I/O: shared/snapshot_file.h saves and loads files atomically
 * for the tools. The format (docs/world.md, "Snapshots") is little-endian on every
 * machine, field by field: magic "STEERWLD", version, an endianness marker, the total
 * length, the world, its recipes, every slot (generation, free-list link, target) and
 * every live agent in the world's internal order, the approach walkers' states, then an
 * FNV-1a-64 checksum of all the
 * bytes before it.
 *
 * What a snapshot holds: seed, cell size, bounds, step count, the handle tag, recipes,
 * every slot's generation, progress toward its goal (steer_world_agent_progress) and the
 * free list (so handles issued before the snapshot stay
 * valid after a restore, stale ones stay stale, and later adds reuse the same slots), and
 * per agent its state and limits, recipe, layers, target point and agent, wander state,
 * random stream, last steering and what its behaviours keep (path cursor, random target,
 * approach walker). What it cannot hold: function and user pointers. A
 * restore CLEARS every agent's callback, callback_user and user_data (the destination's
 * old pointers belonged to agents that no longer exist); re-attach them by handle with
 * steer_world_set_callback and steer_world_set_user_data (steer/world.h). The destination keeps its
 * own capacity, max_recipes, allocator, parallel-for, stuck_time, stuck_progress,
 * floor_clearance and crowd walls (steer_world_set_walls: the
 * caller's array, also a pointer), and its own resources (steer_world_add_obstacles, ...):
 * recipe items name a resource by slot and generation, so register the same ones in the
 * same order before restoring, or the restore refuses with STEER_SNAPSHOT_NO_RESOURCE.
 */
#ifndef STEER_WORLD_SNAPSHOT_H
#define STEER_WORLD_SNAPSHOT_H

#include "steer/world.h"

#include <stddef.h>

STEER_EXTERN_C_BEGIN

/* Version written by this library and the only one steer_world_restore accepts. */
#define STEER_SNAPSHOT_VERSION 5u

/* What a snapshot call did. Every value but OK leaves the world untouched. */
typedef enum steer_snapshot_status {
    STEER_SNAPSHOT_OK = 0,
    STEER_SNAPSHOT_INVALID,      /* NULL world or buffer */
    STEER_SNAPSHOT_BUSY,         /* called from a callback during a step */
    STEER_SNAPSHOT_SMALL_BUFFER, /* write: size < steer_world_snapshot_size */
    STEER_SNAPSHOT_TRUNCATED,    /* fewer bytes than the header or its length field says */
    STEER_SNAPSHOT_BAD_MAGIC,    /* not a steer world snapshot */
    STEER_SNAPSHOT_BAD_VERSION,  /* another format version */
    STEER_SNAPSHOT_BAD_ENDIAN,   /* the endianness marker is not little-endian 0x01020304 */
    STEER_SNAPSHOT_BAD_LENGTH,   /* more bytes than the length field says, or a length
                                    that does not match the counts inside */
    STEER_SNAPSHOT_BAD_CHECKSUM, /* the bytes were changed after writing */
    STEER_SNAPSHOT_TOO_BIG,      /* more slots than the world's capacity, or more
                                    recipes than its max_recipes */
    STEER_SNAPSHOT_CORRUPT,      /* checksum fine but the content is inconsistent: a slot,
                                    free list, recipe or agent a world cannot hold */
    STEER_SNAPSHOT_NO_RESOURCE   /* a recipe names a resource (an obstacle set, a flow
                                    field) the world has not registered: register the same
                                    ones, in the same order, before restoring; or the
                                    snapshot holds approach walkers and the world was
                                    created without def.walkers */
} steer_snapshot_status;

/* A short English description of a status ("truncated: ..."), never NULL. */
STEER_API const char *steer_snapshot_status_name(steer_snapshot_status status);

/* Bytes steer_world_snapshot_write needs for the world as it is now:
 * 112 + 1076 per recipe + 56 per slot of capacity + 184 per live agent + 148 per live
 * agent whose approach walker has started (def.walkers). 0 for NULL. */
STEER_API size_t steer_world_snapshot_size(const steer_world *world);

/* Write the snapshot into buf[0 .. steer_world_snapshot_size) and store the number of
 * bytes written in *written (may be NULL). SMALL_BUFFER when size is too small (nothing
 * written), INVALID for NULL, BUSY during a step. Allocates nothing; the world is only
 * read. */
STEER_API steer_snapshot_status steer_world_snapshot_write(const steer_world *world, void *buf,
                                                           size_t size, size_t *written);

/* Replace the world's whole content with the snapshot in buf[0 .. size). Everything is
 * validated before the world is touched: header, length, checksum, and that every slot,
 * the free list, every recipe and every agent is one a world could hold (agent state
 * finite but for an infinite position, enums and recipe ids in range, each live slot
 * naming exactly one agent). An infinite position is accepted because a step that
 * overflows can leave one (steer_world_step): a world's own snapshot always restores.
 * On any error the world is unchanged. The snapshot's capacity must be <= the world's (a larger
 * world gets the extra slots free, after the saved ones) and its recipe count <= the
 * world's max_recipes.
 *
 * After OK: the world continues exactly as the saved one would, step for step, with the
 * same parallel-for or any other (given the same capacity; see docs/world.md for the one
 * caveat with a larger one). It takes the snapshot's handle tag, so handles issued by the
 * saved world work with it, and handles it issued before are foreign (stale) unless the
 * snapshot came from itself. Callbacks and user data are cleared (see the top). Allocates
 * nothing. */
STEER_API steer_snapshot_status steer_world_restore(steer_world *world, const void *buf,
                                                    size_t size);

STEER_EXTERN_C_END

#endif /* STEER_WORLD_SNAPSHOT_H */
