# Hooke — the two commands of a fresh machine are `make run` and `make test`.
# Both first make sure OpenBLAS (HookeLinear's BLAS and LAPACK) is installed.

SWIFT ?= swift
# Build for this machine's CPU, as the C baseline of the benchmark is
# (-march=native). Libraries that depend on Hooke cannot carry these flags;
# Docs/benchmarks.md reports the figures with and without them.
NATIVE_FLAGS = -Xswiftc -target-cpu -Xswiftc native -Xswiftc -DHOOKE_FMA -Xcc -march=native -Xcc -O3

.PHONY: all deps build run test docs-examples gesture-corpus bench bench-peers bench-box2d clean

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

# The main job: the tour (Docs/render.md): scene players, spring plots, a sweep and a
# quick benchmark as pages under out/tour; open out/tour/index.html.
run: build
	$(SWIFT) run -c release --skip-build hooke tour --out out/tour

test: deps
	$(SWIFT) build --build-tests
	$(SWIFT) test --disable-swift-testing

# The Swift examples of README.md and Docs/*.md as test sources (Tests/*/DocsExamples/),
# regenerated after editing a doc; DocsExamplesTests fails while they are out of date.
docs-examples:
	python3 Scripts/docs_examples.py

# The labelled gesture recordings of Docs/sweep.md ("Tune a card's decision on recordings"),
# Docs/examples/gestures/, and their scenario, from a seeded script; `--check` compares.
gesture-corpus:
	python3 Scripts/make_gesture_corpus.py

# Where every benchmark run keeps its records as data (Docs/benchmarks.md, "Results kept
# as data"): one new JSON file per run under $(RESULTS_DIR)/<cpu-model-slug>/, each record
# with the CPU model, its vector ISA flags, the load average at the start and the end, and
# the source revision below (the commit, "-dirty" when tracked files differ from it).
RESULTS_DIR = Benchmarks/results
REVISION = $(shell git describe --always --dirty 2>/dev/null)
KEEP_RESULTS = --results-dir $(RESULTS_DIR) --revision "$(REVISION)"

# The chart of the springs run. The committed Docs/plots/bench-springs.svg is rewritten only
# when asked, `make bench PLOTS=1` (after a run worth publishing); otherwise the chart goes
# to bench-results/ with the other files of the run.
PLOTS ?=
SPRINGS_SVG = $(if $(PLOTS),Docs/plots/bench-springs.svg,bench-results/springs.svg)

# The default benchmark: every scenario size, with result files for Docs/benchmarks.md.
# OpenBLAS runs on one thread: its idle workers otherwise spin on the second core and
# slow whatever is measured beside them (and BLAS engines are compared on one thread).
bench: export OPENBLAS_NUM_THREADS = 1
bench: deps
	mkdir -p bench-results
	$(SWIFT) build -c release $(NATIVE_FLAGS) --product hooke-bench
	$(SWIFT) run -c release $(NATIVE_FLAGS) hooke-bench --scenario springs --threads 1,2 \
		--json bench-results/springs.json --markdown bench-results/springs.md \
		--svg $(SPRINGS_SVG) $(KEEP_RESULTS)
	$(SWIFT) run -c release $(NATIVE_FLAGS) hooke-bench --scenario jelly-mesh \
		--json bench-results/jelly-mesh.json --markdown bench-results/jelly-mesh.md $(KEEP_RESULTS)
	$(SWIFT) run -c release $(NATIVE_FLAGS) hooke-bench --scenario sweep,cards,jelly-edges \
		--json bench-results/bodies.json --markdown bench-results/bodies.md $(KEEP_RESULTS)

# Peers measured beside Hooke: the large pyramid in Chipmunk2D (pymunk, from PyPI,
# installed into a virtual environment of the checkout's own, never the system Python).
PEERS_VENV = .build/peers-venv
bench-peers: deps
	mkdir -p bench-results
	test -x $(PEERS_VENV)/bin/python3 || python3 -m venv $(PEERS_VENV)
	$(PEERS_VENV)/bin/python3 -m pip install --quiet pymunk
	$(SWIFT) run -c release $(NATIVE_FLAGS) hooke-bench --scenario world,pyramid,many-pyramids \
		--json bench-results/world.json $(KEEP_RESULTS)
	$(PEERS_VENV)/bin/python3 Benchmarks/peers/pymunk_pyramid.py

# Box2D v3 as a native C peer (Docs/benchmarks.md, "Box2D v3 in the same run"): the static
# libbox2d.a and headers of PyPI's pyb2d3 wheel (Box2D 3.1.1) in the peers' virtual
# environment, Benchmarks/peers/box2d_pyramid.c built against them with gcc -O3 and with
# -O3 -march=native, and Hooke's soft step, on Box2D's large_pyramid and many_pyramids
# scenes alternately in BOX2D_ROUNDS rounds, each process a warm-up and BOX2D_REPETITIONS
# timed passes. BOX2D_SOURCE=DIR (a Box2D v3 checkout) adds that checkout built by its own
# CMake files, default and BOX2D_AVX2=ON (Benchmarks/peers/build_box2d_checkout.sh).
PYB2D3_VERSION = 0.11.1
BOX2D_SOURCE ?=
BOX2D_ROUNDS ?= 3
BOX2D_REPETITIONS ?= 5
PEERS_BIN = .build/peers
bench-box2d: export OPENBLAS_NUM_THREADS = 1
bench-box2d: deps
	mkdir -p bench-results $(PEERS_BIN)
	test -x $(PEERS_VENV)/bin/python3 || python3 -m venv $(PEERS_VENV)
	$(PEERS_VENV)/bin/python3 -m pip install --quiet pyb2d3==$(PYB2D3_VERSION)
	@SP=$$($(PEERS_VENV)/bin/python3 -c 'import sysconfig; print(sysconfig.get_paths()["platlib"])'); \
	LIB=$$(ls $$SP/lib64/libbox2d.a $$SP/lib/libbox2d.a 2>/dev/null | head -1); \
	if [ -z "$$LIB" ] || [ ! -f $$SP/include/box2d/box2d.h ]; then \
		echo "bench-box2d: pyb2d3 $(PYB2D3_VERSION) has no libbox2d.a and include/box2d under $$SP"; exit 1; fi; \
	echo "bench-box2d: $$LIB"; \
	set -x; \
	gcc -O3 -DB2PEER_FLAGS='"-O3"' -std=c17 -I$$SP/include Benchmarks/peers/box2d_pyramid.c $$LIB -lm \
		-o $(PEERS_BIN)/box2d_pyramid && \
	gcc -O3 -march=native -DB2PEER_FLAGS='"-O3 -march=native"' -std=c17 -I$$SP/include \
		Benchmarks/peers/box2d_pyramid.c $$LIB -lm -o $(PEERS_BIN)/box2d_pyramid_native
	$(if $(BOX2D_SOURCE),command -v cmake >/dev/null || (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq cmake >/dev/null))
	$(if $(BOX2D_SOURCE),sh Benchmarks/peers/build_box2d_checkout.sh "$(BOX2D_SOURCE)" $(PEERS_BIN))
	$(SWIFT) build -c release $(NATIVE_FLAGS) --product hooke-bench
	python3 Benchmarks/peers/box2d_vs_hooke.py --rounds $(BOX2D_ROUNDS) --repetitions $(BOX2D_REPETITIONS) \
		--box2d $(PEERS_BIN)/box2d_pyramid --box2d-native $(PEERS_BIN)/box2d_pyramid_native \
		$(if $(BOX2D_SOURCE),--peer "box2d checkout=$(PEERS_BIN)/box2d_pyramid_checkout" \
			--peer "box2d checkout AVX2=$(PEERS_BIN)/box2d_pyramid_checkout_avx2") \
		--hooke-bench "$$($(SWIFT) build -c release $(NATIVE_FLAGS) --show-bin-path)/hooke-bench" \
		--json bench-results/box2d-pyramid.json $(KEEP_RESULTS)

# The 40-digit reference of the spring rest times (Tests/HookeTests/Fixtures/rest-reference.json,
# read by RestTimeTests): mpmath from PyPI in a virtual environment of the checkout's own.
REFERENCE_VENV = .build/reference-venv
rest-reference:
	test -x $(REFERENCE_VENV)/bin/python3 || python3 -m venv $(REFERENCE_VENV)
	$(REFERENCE_VENV)/bin/python3 -m pip install --quiet mpmath
	$(REFERENCE_VENV)/bin/python3 Scripts/rest_reference.py

# hooke render's pages in headless Chromium (Docs/render.md); installs Debian's chromium when missing.
test-browser: deps
	command -v chromium >/dev/null || (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null)
	$(SWIFT) build --product hooke
	python3 Scripts/browser_test.py

# The soak's energy rise in Box2D 2.3 (pybox2d, from PyPI, in the same virtual environment):
# the rig's chain from the state after SOAK_PEER_STEP, in Hooke and in Box2D, and the jammed
# slider pair (Docs/reliability.md, "The soak"). Reaching the default step takes about 9 minutes.
SOAK_PEER_STEP ?= 3833640
soak-peer: deps
	mkdir -p bench-results
	test -x $(PEERS_VENV)/bin/python3 || python3 -m venv $(PEERS_VENV)
	$(PEERS_VENV)/bin/python3 -m pip install --quiet Box2D
	$(SWIFT) build -c release --product hooke-soak
	$(SWIFT) run -c release hooke-soak --peer-state $(SOAK_PEER_STEP) > bench-results/soak-chain-$(SOAK_PEER_STEP).json
	$(PEERS_VENV)/bin/python3 Benchmarks/peers/box2d_chain_energy.py bench-results/soak-chain-$(SOAK_PEER_STEP).json
	$(PEERS_VENV)/bin/python3 Benchmarks/peers/box2d_slider_jam.py

clean:
	rm -rf .build

# Standing reliability checks (Docs/reliability.md). `make fuzz` builds the libFuzzer
# targets of Fuzz/Targets with AddressSanitizer and runs each for FUZZ_SECONDS seconds;
# a crash keeps its input in .build/fuzz/artifacts/ and fails.
FUZZ_SECONDS ?= 60

.PHONY: fuzz
fuzz: deps
	Scripts/fuzz.sh $(FUZZ_SECONDS)

# The test suite under AddressSanitizer and LeakSanitizer (.build/asan), the threaded tests
# under ThreadSanitizer (.build/tsan); fails on any report.
.PHONY: sanitize
sanitize: deps
	Scripts/sanitize.sh

# ---- Standing checks: the soak and the golden determinism hashes (Docs/reliability.md) ----

# The soak: the mixed World scene (collisions, every attachment kind, snaps, pushes,
# fields, gestures, both solvers) for SOAK_STEPS steps with its checks: every number
# finite, every body in bounds, no energy gained without input beyond the measured bound,
# resident memory flat. Prints steps per second, peak memory and the processor; exit
# status 1 when a check fails. 10^7 steps took 22 minutes on a 2-core AMD EPYC (Docs/reliability.md).
SOAK_STEPS ?= 10000000
soak: export OPENBLAS_NUM_THREADS = 1
soak: deps
	$(SWIFT) build -c release --product hooke-soak
	$(SWIFT) run -c release hooke-soak --steps $(SOAK_STEPS)

# The golden determinism hashes of the release build and of the native one (make bench's
# flags, with -D HOOKE_FMA; built in its own scratch path so the two do not rebuild each
# other), against the table in Benchmarks/HookeSoak/Golden/GoldenHashes.swift. The test
# suite checks the debug build's (GoldenHashTests).
golden-hashes: export OPENBLAS_NUM_THREADS = 1
golden-hashes: deps
	$(SWIFT) run -c release hooke-soak --golden
	$(SWIFT) run -c release $(NATIVE_FLAGS) --scratch-path .build/native hooke-soak --golden

# The Slurm recipe of Docs/sweep.md ("Scale out") on a real one-node Slurm started for the
# purpose (Scripts/slurm-local.sh; installs Debian's slurm-wlm and munge when missing):
# the documented sbatch --array job and its dependent merge, compared byte for byte with
# the same sweep in one process. About 3 minutes on 2 cores (Docs/sweep.md, "Proven on
# Slurm"); state under .build/slurm; not in CI for that reason.
test-slurm: deps
	Scripts/slurm_sweep_check.sh .build/slurm

# The Kubernetes recipe's manifests (Docs/examples/sweep/kubernetes-*.yaml) against the
# Job schema, strictly (unknown keys refused): kubernetes-validate from PyPI, with the
# schemas of every Kubernetes release bundled, in a virtual environment of the checkout's own.
K8S_VENV = .build/k8s-venv
test-kubernetes:
	test -x $(K8S_VENV)/bin/python3 || python3 -m venv $(K8S_VENV)
	$(K8S_VENV)/bin/python3 -m pip install --quiet kubernetes-validate==1.37.0
	$(K8S_VENV)/bin/kubernetes-validate --strict Docs/examples/sweep/kubernetes-*.yaml

.PHONY: soak soak-peer golden-hashes test-browser rest-reference test-slurm test-kubernetes
