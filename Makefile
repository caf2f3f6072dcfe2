# Front end for the CMake build, so the quick start is two commands:
#   make run    build and run every built-in scenario, pictures in out/
#   make test   build and pass every test
# Other targets: build, sanitize (ASan+UBSan), bench, format, install, clean.
# Choose the compiler with CC=clang; each compiler/config gets its own build folder.

CC        ?= cc
BUILD_TYPE ?= RelWithDebInfo
BUILD     ?= build
JOBS      ?= $(shell nproc 2>/dev/null || echo 2)
CMAKE_ARGS ?=

.PHONY: all build run test sanitize bench format install clean deps web

all: build

deps:
	@sh scripts/install-deps.sh

$(BUILD)/CMakeCache.txt:
	cmake -S . -B $(BUILD) -DCMAKE_C_COMPILER=$(CC) -DCMAKE_BUILD_TYPE=$(BUILD_TYPE) $(CMAKE_ARGS)

build: deps $(BUILD)/CMakeCache.txt
	cmake --build $(BUILD) -j $(JOBS)

# The default demo: every built-in scenario through the steer tool, a PNG each in out/.
STEER_TOOL = $(BUILD)/tools/steer/steer
run: build
	@mkdir -p out
	@for s in $$($(STEER_TOOL) list --names); do \
	    $(STEER_TOOL) run $$s --png out/$$s.png || exit 1; \
	done
	@echo "pictures: $(CURDIR)/out/*.png   (steer list, steer run <name> --help for more)"

test: build
	cd $(BUILD) && ctest --output-on-failure -j $(JOBS)

# The whole suite under AddressSanitizer and UndefinedBehaviorSanitizer, with every
# finding fatal. `make sanitize CC=clang` for clang.
sanitize: deps
	cmake -S . -B build-asan-$(notdir $(CC)) -DCMAKE_C_COMPILER=$(CC) -DCMAKE_BUILD_TYPE=Debug -DSTEER_SANITIZE=ON
	cmake --build build-asan-$(notdir $(CC)) -j $(JOBS)
	cd build-asan-$(notdir $(CC)) && ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1 ctest --output-on-failure -j $(JOBS)

# The world benchmark, built in Release in its own folder:
#   make bench ARGS="--scenario boids --n 100000 --threads 1"
bench:
	cmake -S . -B build-release -DCMAKE_C_COMPILER=$(CC) -DCMAKE_BUILD_TYPE=Release -DSTEER_BUILD_TOOLS=OFF -DSTEER_BUILD_EXAMPLES=OFF -DSTEER_BUILD_TESTS=OFF
	cmake --build build-release -j $(JOBS) --target bench_world
	build-release/bench/bench_world $(ARGS)

format:
	clang-format -i include/steer/*.h src/*.c src/*.h tests/*.c tests/*.h examples/*.c

# The web demo: the library compiled to WebAssembly with the page (web/build.sh).
web: deps
	sh web/build.sh $(BUILD)/web
	@echo "web demo built in $(BUILD)/web; serve it with:"
	@echo "  python3 -m http.server --bind 127.0.0.1 -d $(BUILD)/web   (then open http://127.0.0.1:8000/)"

install: build
	cmake --install $(BUILD)

clean:
	rm -rf build build-*
