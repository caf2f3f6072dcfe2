/* SPDX-License-Identifier: MIT */
/* shared/snapshot_file.h - save a world snapshot to a file atomically and load one back,
 * for the tools, tests and soak program (the library itself does no file I/O; see
 * steer/world_snapshot.h).
 *
 *   char err[256];
 *   if (steer_snapshot_save(world, "save.steer", err, sizeof err) != 0) puts(err);
 *   if (steer_snapshot_load(world, "save.steer", NULL, err, sizeof err) != 0) puts(err);
 *
 * Saving writes a temporary file beside the target ("<path>.tmpXXXXXX"), fsyncs it,
 * renames it over the target and fsyncs the directory: after a crash the target holds
 * either the old snapshot or the new one, never a mix. Loading reads the whole file and
 * hands it to steer_world_restore, which validates everything first, so a bad file
 * leaves the world untouched.
 */
#ifndef STEER_SNAPSHOT_FILE_H
#define STEER_SNAPSHOT_FILE_H

#include "steer/world_snapshot.h"

/* Save the world's snapshot to `path`. 0 on success; -1 with a message in err (may be
 * NULL) when memory, the temporary file, a write, fsync or the rename fails (the
 * temporary file is removed and any old file at `path` is left as it was). */
int steer_snapshot_save(const steer_world *world, const char *path, char *err, size_t err_size);

/* Restore the world from the file at `path`. 0 on success; -1 with a message in err (the
 * file's name and the reason: an I/O error or steer_snapshot_status_name) otherwise, the
 * world untouched. *status (may be NULL) receives the restore's status, or
 * STEER_SNAPSHOT_INVALID when the file could not be read. */
int steer_snapshot_load(steer_world *world, const char *path, steer_snapshot_status *status,
                        char *err, size_t err_size);

#endif /* STEER_SNAPSHOT_FILE_H */
