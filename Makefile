# SPDX-License-Identifier: MIT
# Front end for the CMake build, so the quick start is two commands:
#   make run    build and run every built-in scenario, pictures in out/
#   make test   build and pass every test
# Other targets: build, sanitize (ASan+UBSan), scalar (portable paths at -O2), bench,
# bench-peers, format, install, clean.
# Choose the compiler with CC=clang; each compiler/config gets its own build folder.

CC        ?= cc
BUILD_TYPE ?= RelWithDebInfo
BUILD     ?= build
JOBS      ?= $(shell nproc 2>/dev/null || echo 2)
CMAKE_ARGS ?=
SCALAR    ?= OFF

.PHONY: all build run test sanitize scalar bench format install clean deps web fuzz pictures

all: build

# The Debian packages each target needs, and only those (scripts/install-deps.sh):
# make run needs the tool's, make test everything it runs, the browser test included.
DEPS ?= tool
deps:
	@sh scripts/install-deps.sh $(DEPS)

run: DEPS = tool
test: DEPS = test
sanitize: DEPS = tool sanitize
fuzz: DEPS = tool fuzz
tsan: DEPS = core
web: DEPS = web

$(BUILD)/CMakeCache.txt:
	cmake -S . -B $(BUILD) -DCMAKE_C_COMPILER=$(CC) -DCMAKE_BUILD_TYPE=$(BUILD_TYPE) $(CMAKE_ARGS)

build: deps $(BUILD)/CMakeCache.txt
	cmake --build $(BUILD) -j $(JOBS)

# The default demo: every built-in scenario through the steer tool, a PNG and a GIF each
# in out/.
STEER_TOOL = $(BUILD)/tools/steer/steer
run: build
	@mkdir -p out
	@for s in $$($(STEER_TOOL) list --names); do \
	    $(STEER_TOOL) run $$s --png out/$$s.png --gif out/$$s.gif || exit 1; \
	done
	@echo "pictures: $(CURDIR)/out/*.png, animations: $(CURDIR)/out/*.gif   ($(STEER_TOOL) list, $(STEER_TOOL) run <name> --help for more; make install puts steer on the PATH)"

test: build
	cd $(BUILD) && ctest --output-on-failure -j $(JOBS)

# The docs' pictures (docs/images), redrawn from the scenario files beside them, with
# their trajectories' hashes in docs/images/pictures.txt; test_docs_pictures fails when
# a committed picture's trajectory is no longer what the code produces.
pictures: DEPS = tool
pictures: build
	sh scripts/pictures.sh $(STEER_TOOL)

# The whole suite under AddressSanitizer and UndefinedBehaviorSanitizer, with every
# finding fatal. `make sanitize CC=clang` for clang; SCALAR=ON builds the portable scalar
# paths instead of the vector-extension ones (the golden hashes must not change).
sanitize: deps
	cmake -S . -B build-asan-$(notdir $(CC)) -DCMAKE_C_COMPILER=$(CC) -DCMAKE_BUILD_TYPE=Debug -DSTEER_SANITIZE=ON -DSTEER_SCALAR=$(SCALAR)
	cmake --build build-asan-$(notdir $(CC)) -j $(JOBS)
	cd build-asan-$(notdir $(CC)) && ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1 ctest --output-on-failure -j $(JOBS)

# The portable scalar paths (-DSTEER_SCALAR=ON: no vector extensions, what other
# compilers get) optimised as a game ships them, Release at -O2, in build-scalar-<cc>,
# then the suite (the golden hashes must not change). `make scalar CC=clang` for clang.
# The browser test is left to `make test`: it needs Chromium and takes minutes.
SCALAR_BUILD = build-scalar-$(notdir $(CC))
scalar: deps
	cmake -S . -B $(SCALAR_BUILD) -DCMAKE_C_COMPILER=$(CC) -DCMAKE_BUILD_TYPE=Release \
	    -DCMAKE_C_FLAGS_RELEASE="-O2 -DNDEBUG" -DSTEER_SCALAR=ON
	cmake --build $(SCALAR_BUILD) -j $(JOBS)
	cd $(SCALAR_BUILD) && ctest --output-on-failure -j $(JOBS) -E '^web_e2e$$'

# The threaded tests under ThreadSanitizer (any report fails): the world on the thread
# pool, snapshots restored into a threaded world, and a small threaded soak. Built in
# build-tsan (build-tsan-clang for `make tsan CC=clang`).
TSAN_BUILD = build-tsan$(if $(filter clang%,$(notdir $(CC))),-$(notdir $(CC)))
.PHONY: tsan
tsan: deps
	cmake -S . -B $(TSAN_BUILD) -DCMAKE_C_COMPILER=$(CC) -DCMAKE_BUILD_TYPE=RelWithDebInfo -DSTEER_TSAN=ON -DSTEER_BUILD_TOOLS=OFF -DSTEER_BUILD_EXAMPLES=OFF
	cmake --build $(TSAN_BUILD) -j $(JOBS) --target test_pool test_world_threads test_snapshot soak_world
	cd $(TSAN_BUILD) && TSAN_OPTIONS=halt_on_error=1 ctest --output-on-failure -R '^(test_pool|test_world_threads|test_snapshot|soak_threads_small)$$'

# The world benchmark, built in Release in its own folder:
#   make bench ARGS="--scenario boids --n 100000 --threads 1"
bench:
	cmake -S . -B build-release -DCMAKE_C_COMPILER=$(CC) -DCMAKE_BUILD_TYPE=Release -DSTEER_BUILD_TOOLS=OFF -DSTEER_BUILD_EXAMPLES=OFF -DSTEER_BUILD_TESTS=OFF
	cmake --build build-release -j $(JOBS) --target bench_world
	build-release/bench/bench_world $(ARGS)

# The peers Debian and npm package (DetourCrowd from librecast-dev, Yuka from npm under
# Node.js) beside bench_world on the same scenes, alternated, with ratios
# (bench/peers/run.sh; docs/performance.md "Side by side with peers"). ROUNDS=5 for more.
.PHONY: bench-peers
bench-peers:
	-sh scripts/install-deps.sh bench
	cmake -S . -B build-release -DCMAKE_C_COMPILER=$(CC) -DCMAKE_BUILD_TYPE=Release -DSTEER_BUILD_TOOLS=OFF -DSTEER_BUILD_EXAMPLES=OFF -DSTEER_BUILD_TESTS=OFF
	cmake --build build-release -j $(JOBS) --target bench_world bench_navigate
	-cmake --build build-release -j $(JOBS) --target bench_navigate_detour
	sh bench/peers/run.sh build-release/bench/bench_world build-peers

format:
	clang-format -i include/steer/*.h src/*.c src/*.h tests/*.c tests/*.h examples/*.c

# The fuzz targets (fuzz/README.md): libFuzzer with ASan+UBSan, clang only, built in
# build-fuzz; each runs FUZZ_SECONDS from fuzz/corpus/<target> plus what earlier runs
# found (build-fuzz/corpus/<target>). A failing input lands in build-fuzz/artifacts/;
# fuzz/report.sh prints it (base64) with the run's seed and the broken property.
FUZZ_SECONDS ?= 60
FUZZ_TARGETS = fuzz_scenario fuzz_grid fuzz_behaviours fuzz_world fuzz_crowd
fuzz: deps
	cmake -S . -B build-fuzz -DCMAKE_C_COMPILER=clang -DCMAKE_BUILD_TYPE=RelWithDebInfo -DSTEER_FUZZ=ON -DSTEER_BUILD_TESTS=OFF -DSTEER_BUILD_EXAMPLES=OFF -DSTEER_BUILD_BENCH=OFF
	cmake --build build-fuzz -j $(JOBS) --target $(FUZZ_TARGETS)
	@mkdir -p build-fuzz/artifacts
	@for t in $(FUZZ_TARGETS); do \
	    mkdir -p build-fuzz/corpus/$$t; \
	    echo "fuzz: $$t for $(FUZZ_SECONDS) s"; \
	    dict=""; [ -f fuzz/$$t.dict ] && dict="-dict=fuzz/$$t.dict"; \
	    build-fuzz/fuzz/$$t -max_total_time=$(FUZZ_SECONDS) -timeout=10 -print_final_stats=1 \
	        -artifact_prefix=build-fuzz/artifacts/$$t- $$dict \
	        build-fuzz/corpus/$$t fuzz/corpus/$$t 2>build-fuzz/$$t.log \
	        || { sh fuzz/report.sh $$t; exit 1; }; \
	    grep -E "^stat::number_of_executed_units|^stat::peak_rss_mb" build-fuzz/$$t.log; \
	done

# The web demo: the library compiled to WebAssembly with the page (web/build.sh).
web: deps
	sh web/build.sh $(BUILD)/web
	@echo "web demo built in $(BUILD)/web; serve it with:"
	@echo "  python3 -m http.server --bind 127.0.0.1 -d $(BUILD)/web   (then open http://127.0.0.1:8000/)"
	@echo "or run: make serve-web"

# Build the web demo and serve it on this machine only: open http://127.0.0.1:8000/
# (PORT=8080 for another port; Ctrl-C stops it).
PORT ?= 8000
.PHONY: serve-web
serve-web: web
	@echo "open http://127.0.0.1:$(PORT)/"
	python3 -m http.server --bind 127.0.0.1 -d $(BUILD)/web $(PORT)

install: build
	cmake --install $(BUILD)

clean:
	rm -rf build build-*
