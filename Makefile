# tickwork: make run (the sample), make test (everything CI checks), make bench,
# make soak.
# Each target installs missing system packages first (scripts/deps.sh).

GO      ?= go
# Packages that must build and pass with CGO_ENABLED=0: all but the GLFW
# window, the OpenGL renderer and the sample that opens them.
PURE     = $(filter-out %/engine/window %/gfx/gl41 %/cmd/sample,$(shell $(GO) list ./...))
XVFB    := xvfb-run -a -s "-screen 0 1920x1080x24"
ARGS    ?=

# cmd/framebench is a module of its own (it plots with gonum), so the
# engine's module requires only what games use: vet and test-all cover it
# separately.
# Benchmarks: outputs go to $(BENCH_OUT) (ignored by git); BENCHMARKS.md is
# generated from them. -p 1 runs one package's benchmarks at a time: two
# benchmark binaries side by side would share the cores and skew each
# other's figures (the renderer's fell to a quarter that way).
BENCH_OUT ?= bin/bench
BENCHTIME ?= 2s
BENCHCMD  := $(GO) test -p 1 -run='^$$' -bench=. -benchmem -benchtime=$(BENCHTIME) ./...
FRAMEBENCH_ARGS ?= -actors 1000,10000,20000,100000
# The peer comparison: tickwork and raylib-go (built with -tags x11) on
# the same cube scene, 5 rounds interleaved at 1k, 10k, 20k and 50k cubes
# plus 60 Hz pacing, 10 s a run so that each p99 is taken over ~600 frame
# intervals, not decided by one late wake-up (about five minutes on two cores).
PEER_ARGS ?= -peer $(BENCH_OUT)/raylib-peer -peer-cubes 1000,10000,20000,50000 -peer-rounds 5 \
	-peer-duration 2s -peer-warmup 500ms -peer-pace-duration 10s
SOAK      ?= 10m

.PHONY: all deps run test repo-check api-check api-update platforms fmt-check layers vet test-pure test-all fuzz bench soak

all: test

deps:
	@./scripts/deps.sh

## run: open the sample game in a window (pass flags with ARGS="-tick-rate 60").
run: deps
	$(GO) run ./cmd/sample $(ARGS)

## test: formatting, layers, vet, pure packages without cgo, then everything with the
## race detector (GL tests under Xvfb with Mesa's llvmpipe).
test: deps repo-check fmt-check layers api-check vet test-pure test-all fuzz platforms

## repo-check: no built program, no file over 1 MB (but the assets listed in
## scripts/large-files.txt), no machine's absolute path in BENCHMARKS.md.
repo-check:
	@./scripts/check-repo.sh

fmt-check:
	@out=$$(gofmt -l $$(git ls-files -co --exclude-standard '*.go')); \
	if [ -n "$$out" ]; then echo "gofmt would change:"; echo "$$out"; echo "run: gofmt -w ."; exit 1; fi

## layers: no package imports one from a layer above it (gfx nothing of
## engine or scene; scene nothing of engine; timing and shaders nothing).
layers:
	@GO="$(GO)" ./scripts/check-layers.sh

# framebench's raylib-go peer builds only with the x11 tag: vet and test
# it with the tag (a first build compiles raylib with cgo, about 35 s).
vet:
	$(GO) vet ./...
	cd cmd/framebench && $(GO) vet -tags x11 ./...

test-pure:
	CGO_ENABLED=0 $(GO) test -count=1 $(PURE)
	cd cmd/framebench && CGO_ENABLED=0 $(GO) test -count=1 ./internal/peer

test-all:
	$(XVFB) $(GO) test -count=1 -race -shuffle=on ./...
	cd cmd/framebench && $(XVFB) $(GO) test -tags x11 -count=1 -race -shuffle=on ./...

## api-check: the exported API equals the listing in scripts/api.txt, so a
## change to it is deliberate (api-update rewrites the listing; say what
## changed in README's "Upgrading" section).
api-check:
	@GO="$(GO)" ./scripts/check-api.sh

api-update:
	$(GO) run ./scripts/apilist -o scripts/api.txt

## platforms: the sample and a new game built for windows/amd64 with
## mingw-w64 and run under Wine (same headless hash as on Linux, real frames
## in a window), and the sample built with GLFW's Wayland support and run on
## Weston. macOS is not tested here.
platforms:
	./scripts/check-windows.sh
	./scripts/check-wayland.sh

## fuzz: a short run of each fuzz test over its seed corpus and new inputs.
## Budgets are counts of executions (-fuzztime Nx), about 5 s each on two
## cores: a duration races Go 1.26's fuzzing coordinator, which can report
## "context deadline exceeded" at the deadline with no failing input
## (go.dev/issue/75804, fixed in Go 1.27). A real failure writes its input
## under testdata/fuzz.
FUZZ = $(GO) test -run '^$$' -fuzzminimizetime 2s
fuzz:
	$(FUZZ) -fuzz '^FuzzScheduler$$' -fuzztime 150000x ./timing
	$(FUZZ) -fuzz '^FuzzInFrameControl$$' -fuzztime 30000x ./timing
	$(FUZZ) -fuzz '^FuzzDecode$$' -fuzztime 200000x ./engine/replay
	$(FUZZ) -fuzz '^FuzzDecodeModel$$' -fuzztime 60000x ./engine/asset
	$(FUZZ) -fuzz '^FuzzDecodeAudio$$' -fuzztime 80000x ./engine/audio
	$(FUZZ) -fuzz '^FuzzLoad$$' -fuzztime 300000x ./scene/fields
	$(FUZZ) -fuzz '^FuzzDecodePacket$$' -fuzztime 200000x ./engine/session
	$(FUZZ) -fuzz '^FuzzParse$$' -fuzztime 50000x ./engine/action
	$(FUZZ) -fuzz '^FuzzPairs$$' -fuzztime 150000x ./scene/collide
	$(FUZZ) -fuzz '^FuzzRay$$' -fuzztime 150000x ./scene/collide

## bench: Go benchmarks of every package and the end-to-end harness
## (cmd/framebench: headless and windowed under Xvfb), then BENCHMARKS.md
## and this host's record in scripts/bench-hosts/ rewritten from their output (about
## ten minutes on two cores).
bench: deps
	@mkdir -p $(BENCH_OUT) && rm -f $(BENCH_OUT)/failed
	cd cmd/framebench && $(GO) build -o $(abspath $(BENCH_OUT))/framebench .
	cd cmd/framebench && $(GO) build -tags x11 -o $(abspath $(BENCH_OUT))/raylib-peer ./peers/raylib
	{ $(XVFB) $(BENCHCMD) 2>&1 || echo "go test -bench" >>$(BENCH_OUT)/failed; } | tee $(BENCH_OUT)/bench.txt
	$(XVFB) $(BENCH_OUT)/framebench $(FRAMEBENCH_ARGS) $(PEER_ARGS) -out $(BENCH_OUT)/framebench.json \
		-plot $(BENCH_OUT)/framebench.png || echo framebench >>$(BENCH_OUT)/failed
	$(BENCH_OUT)/framebench report -bench $(BENCH_OUT)/bench.txt -results $(BENCH_OUT)/framebench.json \
		-soak $(BENCH_OUT)/soak.json -benchcmd "$(BENCHCMD)" -hosts scripts/bench-hosts -o BENCHMARKS.md
	@if [ -s $(BENCH_OUT)/failed ]; then echo "bench: failed: $$(cat $(BENCH_OUT)/failed)" >&2; exit 1; fi

## soak: the sample with 10k actors under Xvfb for $(SOAK) (SOAK=2m for less):
## heap and RSS flat after warm-up, no GL error, exact tick count. Rewrites
## BENCHMARKS.md when make bench has left its outputs. Not part of make test.
soak: deps
	@mkdir -p $(BENCH_OUT)
	cd cmd/framebench && $(GO) build -o $(abspath $(BENCH_OUT))/framebench .
	@status=0; \
	$(XVFB) $(BENCH_OUT)/framebench -soak $(SOAK) -soak-actors 10000 -out $(BENCH_OUT)/soak.json \
		-plot $(BENCH_OUT)/soak.png || status=1; \
	if [ -f $(BENCH_OUT)/bench.txt ] && [ -f $(BENCH_OUT)/framebench.json ] && [ -f $(BENCH_OUT)/soak.json ]; then \
		$(BENCH_OUT)/framebench report -bench $(BENCH_OUT)/bench.txt -results $(BENCH_OUT)/framebench.json \
			-soak $(BENCH_OUT)/soak.json -benchcmd "$(BENCHCMD)" -hosts scripts/bench-hosts -o BENCHMARKS.md || status=1; \
	fi; \
	exit $$status
