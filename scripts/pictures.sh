#!/bin/sh
# SPDX-License-Identifier: MIT
# The pictures of the docs, made by the steer tool from the scenario files beside them
# (docs/images/<name>.json): <name>.png, and <name>.gif for the ones whose motion
# matters. docs/images/pictures.txt lists each picture as "<name> <hash> <pages>": the
# SHA-256 of its trajectory (steer run <name>.json --csv -) and the pages that show it.
#   sh scripts/pictures.sh <steer program>          redraw every picture, rewrite the list
#   sh scripts/pictures.sh <steer program> check    fail when a picture's trajectory is
#                                                   no longer what the code produces
# `make pictures` runs the first: after any change to the motion, redraw and commit.
set -eu
steer=$1
mode=${2:-write}
here=$(cd "$(dirname "$0")/.." && pwd)
images=$here/docs/images
list=$images/pictures.txt

# name, then the pages that show it (comma-separated, from the repository's root)
pictures="
approach README.md,docs/paths.md
crowd README.md,docs/crowd.md
flock docs/world.md
wander docs/wander.md
wander-seek docs/wander.md
arrive-leave-align-face docs/behaviours.md,docs/orientation.md
pursue-evade docs/behaviours.md
chase docs/grid.md
path-follow docs/paths.md
obstacles docs/obstacles.md,docs/combining.md
track-obstacles docs/obstacles.md
crowd-goal docs/crowd.md
navmesh-rooms docs/navigation.md
column-march docs/groups.md
group-doorway docs/groups.md
group-navmesh docs/groups.md
"
# pictures without an animation (the still says it all)
still="approach wander-seek track-obstacles"

hash_of() {
    "$steer" run "$images/$1.json" --csv - 2>/dev/null | sha256sum | cut -d' ' -f1
}

if [ "$mode" = check ]; then
    failures=0
    echo "$pictures" | while read -r name pages; do
        [ -n "$name" ] || continue
        want=$(awk -v n="$name" '$1 == n { print $2 }' "$list")
        got=$(hash_of "$name")
        if [ "$want" != "$got" ]; then
            echo "stale: docs/images/$name.png shows a trajectory the code no longer produces (make pictures)"
            exit 1
        fi
        [ -s "$images/$name.png" ] || { echo "missing: docs/images/$name.png"; exit 1; }
        case " $still " in *" $name "*) ;; *)
            [ -s "$images/$name.gif" ] || { echo "missing: docs/images/$name.gif"; exit 1; } ;;
        esac
        for page in $(echo "$pages" | tr ',' ' '); do
            grep -q "images/$name.png" "$here/$page" ||
                { echo "$page does not show images/$name.png"; exit 1; }
        done
    done || failures=1
    [ "$(grep -c . "$list")" -eq "$(echo "$pictures" | grep -c .)" ] ||
        { echo "docs/images/pictures.txt lists other pictures than scripts/pictures.sh"; failures=1; }
    exit $failures
fi

: >"$list.new"
echo "$pictures" | while read -r name pages; do
    [ -n "$name" ] || continue
    gif=""
    case " $still " in *" $name "*) ;; *) gif="--gif $images/$name.gif" ;; esac
    # shellcheck disable=SC2086 # $gif is an option and its value, or nothing
    "$steer" run "$images/$name.json" --png "$images/$name.png" $gif >/dev/null
    echo "$name $(hash_of "$name") $pages" >>"$list.new"
done
mv "$list.new" "$list"
echo "pictures: $images (listed in docs/images/pictures.txt)"
