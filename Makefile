# tickwork: make run (the sample), make test (everything CI checks), make bench.
# Each target installs missing system packages first (scripts/deps.sh).

GO      ?= go
# Packages that must build and pass with CGO_ENABLED=0: no GL, no GLFW.
PURE    := ./timing/... ./scene/... ./engine/... ./gfx ./gfx/mesh/... ./gfx/internal/... ./shaders/... ./cmd/internal/demo/... ./cmd/newgame/...
XVFB    := xvfb-run -a -s "-screen 0 1920x1080x24"
ARGS    ?=

.PHONY: all deps run test fmt-check vet test-pure test-all fuzz bench

all: test

deps:
	@./scripts/deps.sh

## run: open the sample game in a window (pass flags with ARGS="-tick-rate 60").
run: deps
	$(GO) run ./cmd/sample $(ARGS)

## test: formatting, vet, pure packages without cgo, then everything with the
## race detector (GL tests under Xvfb with Mesa's llvmpipe).
test: deps fmt-check vet test-pure test-all fuzz

fmt-check:
	@out=$$(gofmt -l $$(git ls-files -co --exclude-standard '*.go')); \
	if [ -n "$$out" ]; then echo "gofmt would change:"; echo "$$out"; echo "run: gofmt -w ."; exit 1; fi

vet:
	$(GO) vet ./...

test-pure:
	CGO_ENABLED=0 $(GO) test -count=1 $(PURE)

test-all:
	$(XVFB) $(GO) test -count=1 -race -shuffle=on ./...

## fuzz: a short run of each fuzz test over its seed corpus and new inputs.
fuzz:
	$(GO) test -run '^$$' -fuzz '^FuzzScheduler$$' -fuzztime 10s ./timing
	$(GO) test -run '^$$' -fuzz '^FuzzDecode$$' -fuzztime 10s ./engine/replay

## bench: Go benchmarks of every package.
bench: deps
	$(XVFB) $(GO) test -run='^$$' -bench=. -benchmem ./...
