# Hooke — the two commands of a fresh machine are `make run` and `make test`.
# Both first make sure OpenBLAS (HookeLinear's BLAS and LAPACK) is installed.

SWIFT ?= swift
# Build for this machine's CPU, as the C baseline of the benchmark is
# (-march=native). Libraries that depend on Hooke cannot carry these flags;
# Docs/benchmarks.md reports the figures with and without them.
NATIVE_FLAGS = -Xswiftc -target-cpu -Xswiftc native -Xswiftc -DHOOKE_FMA -Xcc -march=native -Xcc -O3

.PHONY: all deps build run test bench plots clean

all: build

deps:
	@if ! dpkg -s libopenblas-dev >/dev/null 2>&1 || ! command -v pkg-config >/dev/null 2>&1; then \
		echo "make: installing libopenblas-dev and pkg-config with apt-get (HookeLinear links OpenBLAS)"; \
		SUDO=""; if [ "$$(id -u)" != 0 ]; then SUDO=sudo; fi; \
		$$SUDO apt-get update -qq && \
		DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq libopenblas-dev pkg-config >/dev/null; \
	fi

build: deps
	$(SWIFT) build -c release

# The main job: a tour of the spring core through the CLI.
run: build
	$(SWIFT) run -c release hooke spring --damping-ratio 0.5 --response 0.4 --from 0 --to 100
	$(SWIFT) run -c release hooke spring --uikit-duration 1.0 --uikit-damping 0.5 --sample 0:1:0.1

test: deps
	$(SWIFT) build --build-tests
	$(SWIFT) test --disable-swift-testing

# The default benchmark: every scenario size, with result files for Docs/benchmarks.md.
# OpenBLAS runs on one thread: its idle workers otherwise spin on the second core and
# slow whatever is measured beside them (and BLAS engines are compared on one thread).
bench: export OPENBLAS_NUM_THREADS = 1
bench: deps
	mkdir -p bench-results
	$(SWIFT) build -c release $(NATIVE_FLAGS) --product hooke-bench
	$(SWIFT) run -c release $(NATIVE_FLAGS) hooke-bench --scenario springs --threads 1,2 \
		--json bench-results/springs.json --markdown bench-results/springs.md \
		--svg Docs/plots/bench-springs.svg
	$(SWIFT) run -c release $(NATIVE_FLAGS) hooke-bench --scenario jelly-mesh \
		--json bench-results/jelly-mesh.json --markdown bench-results/jelly-mesh.md

clean:
	rm -rf .build
