# Octaview: `make run` starts the console on the embedded lab cloud; `make test` runs every test,
# installing what the tests need (Debian's chromium, the OpenStack CLI) when it is missing.
# Building and running need nothing but Go.

GO        ?= go
# Every go command make starts (builds, vet, the tests and the go commands they start) builds with
# -trimpath: without it an object file's cache key holds the checkout's directory, so a clean
# clone, a second worktree or CI's fresh directory compiles every package of the module again
# (docs/testing.md, "Where the time goes").
ifeq ($(filter -trimpath,$(GOFLAGS)),)
export GOFLAGS := -trimpath $(GOFLAGS)
endif
GOROOT    := $(shell $(GO) env GOROOT)
WASM      := web/app.wasm
BROTLI_Q  ?= 11
# the image's app.wasm.br: always the best compression (a release), except under make test
IMAGE_BROTLI_Q ?= 11
# app.wasm's build flags (servertest.WasmBuildArgs, which TestWasmFlagsAsMake holds to these):
# no symbol table or DWARF (-s -w), and no inlining (-l: 158 KB less on the wire) but in the Go
# runtime and the standard library the console's hot paths run through (JSON decoding, the DOM
# calls, text, locks), where it measured no slower (docs/building.md). The patched go-app's event
# handlers allow it: stock go-app keeps an element's first handler when the new one has the same
# code, and without inlining every closure one helper returns does (third_party/go-app/PATCH.md).
# The floor of the comparisons stays built as it always was (servertest.FloorBuildArgs).
WASM_INLINED = runtime/... internal/... encoding/json reflect strconv syscall/js unicode/utf8 sync strings bytes
WASM_FLAGS   = -trimpath -ldflags='-s -w' -gcflags=all=-l $(foreach p,$(WASM_INLINED),-gcflags=$(p)=)
# app.wasm only (not the floor, not the Node-run wasm tests): net/http's client fetch-only, without
# the socket transport and crypto/tls's handshake that cannot work in a browser. `make wasm` regenerates the overlay from
# GOROOT every time (docs/building.md; cmd/server's TestWasmFlagsAsMake). Its directory's
# name begins with "_" so that `go vet ./...` and `go test ./...` skip it: the generated
# crypto/tls/conn.go has no build constraint, and as a package of this module it would not compile.
FETCHONLY_DIR   = bin/_fetchonly
WASM_APP_FLAGS  = -overlay=$(FETCHONLY_DIR)/overlay.json
# Client packages that also run as WebAssembly under Node (fetch is disabled there; net/http
# uses an in-process network, so httptest fakes work).
WASM_TEST_PKGS = $(shell $(GO) list ./waiters/... ./octavia/... ./internal/jsonscan)
# axe-core (npm) for the browser tests' accessibility checks; the same version as
# e2e/browser_a11y_test.go's axeVersion, which installs it there itself when missing.
AXE_VERSION = 4.14.1
AXE_DIR     = .cache/axe

.PHONY: all build wasm wasm-new server run test test-native test-e2e test-native-others test-wasm test-deploy test-codecheck image image-of-build bench fidelity realcloud deps vet clean

all: build

## build: the server binary, web/app.wasm and its .br/.gz, in one step so they are never stale.
## It needs nothing but Go: no brotli or gzip program, no apt-get, no root.
build: wasm

# The wasm is built to a temporary file, then the server's own `precompress` command (Go's
# brotli and gzip) moves it over web/app.wasm and writes the .br/.gz, only when its bytes or
# the brotli quality changed (-q11 takes minutes of one core on a busy machine, and says so
# every 30 s); the .br/.gz are removed first, so they can never be stale. bin/app.wasm.stamp
# records what they were made from.
wasm: wasm-new
	bin/octaview precompress -quality $(BROTLI_Q) -stamp bin/app.wasm.stamp -new bin/app.wasm.new $(WASM)

# bin/octaview and bin/app.wasm.new (app.wasm built, not yet compressed nor in place: wasm and
# run finish it), compiled at the same time: on a cold Go build cache each has long stretches
# of one package on one core (go-app, the link), which the other fills (docs/building.md). The
# overlay comes first, from its own small command (cmd/fetchonly), so neither waits for the
# other's binary. -trimpath: the binaries do not depend on where the clone is, so a second
# clone or worktree of the same code builds from Go's build cache in seconds.
wasm-new:
	@mkdir -p web bin
	$(GO) run -trimpath ./cmd/fetchonly -goroot $(GOROOT) $(FETCHONLY_DIR)
	@echo "building bin/octaview (the server) and, at the same time,"
	@echo "building app.wasm (the app, Go for WebAssembly): a minute or two on a cold Go build cache, seconds on a warm one"
	$(GO) build -trimpath -o bin/octaview ./cmd/server & server=$$!; \
	GOOS=js GOARCH=wasm $(GO) build $(WASM_FLAGS) $(WASM_APP_FLAGS) -o bin/app.wasm.new ./cmd/server ; \
	wasm=$$?; wait $$server; server=$$?; [ $$wasm = 0 ] && exit $$server; exit $$wasm

# the server alone (make wasm builds it too)
server:
	@mkdir -p bin
	@echo "building bin/octaview (the server; a minute or two on a cold Go build cache)"
	$(GO) build -trimpath -o bin/octaview ./cmd/server

## image: the container image (docs/deploying.md), written in Go by deploy/image (a nested
## module, go-containerregistry): bin/image (an OCI image layout) and bin/octaview-image.tar
## (docker load / podman load), and deploy/kubernetes/components/image, which pins the overlays'
## image by its digest. No daemon, no root: only Go. The server in it is static
## (CGO_ENABLED=0) and stamped with the VCS revision when there is one (-buildvcs=auto wins over
## a GOFLAGS=-buildvcs=false); the same tree gives the same digest.
image: wasm
	@$(MAKE) --no-print-directory image-of-build

# image-of-build: the image of the app.wasm already built (make test builds it beside the Chromium
# tests, which serve that web/; at the quality the build has, precompress writes nothing).
image-of-build:
	bin/octaview precompress -quality $(IMAGE_BROTLI_Q) -stamp bin/app.wasm.stamp $(WASM)
	CGO_ENABLED=0 GOOS=linux $(GO) build -buildvcs=auto -trimpath -ldflags='-s -w' -o bin/octaview-static ./cmd/server
	cd deploy && $(GO) run ./image -bin ../bin/octaview-static -web ../web -out ../bin/image -tar ../bin/octaview-image.tar \
		-kustomize kubernetes/components/image/kustomization.yaml

## run: the console on the embedded lab cloud at http://127.0.0.1:8080 (prints the lab users).
## It serves at once: a new app.wasm is compressed fast first (RUN_BROTLI_Q: brotli -q1, gzip -1: a
## second), then at BROTLI_Q and gzip -9 in the background, swapped in when done (the stamp
## keeps it for the next run). The server's end (Ctrl-C or an error) stops that too.
RUN_BROTLI_Q = 1
run: wasm-new
	bin/octaview precompress -quality $(BROTLI_Q) -fast $(RUN_BROTLI_Q) -stamp bin/app.wasm.stamp -new bin/app.wasm.new $(WASM)
	bin/octaview precompress -quality $(BROTLI_Q) -upgrade -stamp bin/app.wasm.stamp $(WASM) & upgrade=$$!; \
	bin/octaview $(ARGS); status=$$?; kill $$upgrade 2>/dev/null; exit $$status

## deps: install the Debian packages the tests need, only when missing, and axe-core from npm
## (`make test` only: build and run never call apt-get or npm).
deps:
	@missing=""; \
	command -v chromium >/dev/null || missing="$$missing chromium"; \
	command -v openstack >/dev/null || missing="$$missing python3-openstackclient"; \
	python3 -c 'import octaviaclient' 2>/dev/null || /usr/bin/python3 -c 'import octaviaclient' 2>/dev/null || missing="$$missing python3-octaviaclient"; \
	python3 -c 'import barbicanclient' 2>/dev/null || /usr/bin/python3 -c 'import barbicanclient' 2>/dev/null || missing="$$missing python3-barbicanclient"; \
	python3 -c 'import novaclient' 2>/dev/null || /usr/bin/python3 -c 'import novaclient' 2>/dev/null || missing="$$missing python3-novaclient"; \
	command -v npm >/dev/null || missing="$$missing npm"; \
	command -v haproxy >/dev/null || [ -x /usr/sbin/haproxy ] || missing="$$missing haproxy"; \
	command -v prometheus >/dev/null || missing="$$missing prometheus"; \
	command -v ansible-playbook >/dev/null || missing="$$missing ansible"; \
	if [ -n "$$missing" ]; then \
		echo "installing:$$missing"; \
		SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
		$$SUDO apt-get update -qq && \
		DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq $$missing >/dev/null; \
	fi
	@# axe-core, for the accessibility tests only: into .cache/axe (gitignored), never the repository.
	@test -f $(AXE_DIR)/node_modules/axe-core/axe.min.js || \
		npm install --prefix $(AXE_DIR) --no-audit --no-fund --no-save axe-core@$(AXE_VERSION) >/dev/null

vet:
	@test -z "$$(gofmt -l $$(git ls-files '*.go'))" || { echo "gofmt needed:"; gofmt -l $$(git ls-files '*.go'); exit 1; }
	$(GO) vet ./...
	GOOS=js GOARCH=wasm $(GO) vet ./app/... ./cmd/server/ $(WASM_TEST_PKGS)
	cd deploy && $(GO) vet ./...
	cd export/codecheck && $(GO) vet ./...
	cd third_party/go-app && $(GO) vet ./...

## test: every test, natively and (client packages) as WebAssembly under Node, and the
## deploy module's (the image and its replicas behind HAProxy, the Kubernetes manifests).
## The Chromium tests (e2e, the longest: mostly waiting on the console's 3 s polls and the
## lab) start as soon as app.wasm is built and run beside all the others, the vet and the image
## included (docs/testing.md).
test: deps build
	@$(MAKE) --no-print-directory test-e2e & e2e=$$!; \
	$(MAKE) --no-print-directory BROTLI_Q=$(BROTLI_Q) IMAGE_BROTLI_Q=$(IMAGE_BROTLI_Q) \
		vet image-of-build test-native-others test-wasm test-deploy test-codecheck; rest=$$?; \
	wait $$e2e; e2e_rc=$$?; \
	if [ $$rest != 0 ] || [ $$e2e_rc != 0 ]; then echo "make test: FAILED (e2e: $$e2e_rc, the others: $$rest)"; exit 1; fi

# make test builds app.wasm and the image to test them, not to ship them: brotli -q1 (a
# second) rather than -q11 (minutes of one core); no test reads the compression's level.
test: BROTLI_Q = 1
test: IMAGE_BROTLI_Q = 1

# third_party/go-app is its own module: its tests hold the patch to its PATCH.md.
# ./... holds the server's tests (cmd/server), the console's in Chromium (e2e: one Chromium,
# tests in parallel) and the Makefile's (internal/makefile): docs/testing.md.
test-native: test-e2e test-native-others

# E2E_PARALLEL Chromium tests at once: they mostly wait (polls, the lab's transitions, held
# requests), and hold what they check instead of racing a clock, so more than the CPUs.
E2E_PARALLEL ?= 4
test-e2e:
	$(GO) test -count=1 -timeout 30m -parallel $(E2E_PARALLEL) ./e2e/

test-native-others:
	$(GO) test -count=1 -timeout 30m $$($(GO) list ./... | grep -v '/e2e$$')
	cd third_party/go-app && $(GO) test -count=1 ./...

test-wasm:
	PATH="$(GOROOT)/lib/wasm:$$PATH" GOOS=js GOARCH=wasm $(GO) test -count=1 -timeout 15m $(WASM_TEST_PKGS)

# export/codecheck is its own module (terraform-provider-openstack and HCL stay out of the main
# module's go.sum: the provider would pull another gophercloud into the product): the export
# writers against the provider's schemas, HCL's parser, Terraform with the provider built from
# the module, the openstack.cloud collection's argument specs and ansible-playbook, the last two
# also against an in-process lab (about a minute, mostly waiting; docs/testing.md).
test-codecheck:
	cd export/codecheck && $(GO) test -count=1 -timeout 10m ./...

# deploy/ is its own module (go-containerregistry, k8s.io/api, kustomize stay out of the
# main module's go.sum); its image tests read what `make image` wrote.
test-deploy:
	cd deploy && PATH="$$PATH:/usr/sbin" $(GO) test -count=1 -timeout 20m ./...

## bench: the benchmarks the issues name (figures go in the closing notes), including the lab
## against the real Octavia of ../shared/realcloud, which it installs and starts when needed.
bench: deps build realcloud
	$(GO) test -run '^$$' -bench . -benchmem -timeout 60m ./...
	REALCLOUD_DIR=$(REALCLOUD_DIR) $(GO) test -tags fidelity -run '^$$' -bench Fidelity -benchmem -timeout 30m ./labcloud/

## fidelity: the same requests against the real Octavia (../shared/realcloud) and the lab, and the
## console's pages against the real answers (every attribute shown, none added).
REALCLOUD ?= ../shared/realcloud
REALCLOUD_DIR ?= /tmp/realcloud
fidelity: realcloud
	REALCLOUD_DIR=$(REALCLOUD_DIR) $(GO) test -count=1 -tags fidelity -run Fidelity -timeout 30m ./labcloud/ ./app/...

## realcloud: OpenStack Zed Keystone + Octavia (noop drivers) on loopback, from Debian's packages.
realcloud:
	$(REALCLOUD)/install.sh
	@if [ -f $(REALCLOUD_DIR)/openrc ] && curl -fsS -o /dev/null http://127.0.0.1:9876/; then \
		echo "the real cloud is running ($(REALCLOUD_DIR))"; \
	else $(REALCLOUD)/start.sh $(REALCLOUD_DIR); fi

clean:
	rm -rf bin $(WASM) $(WASM).br $(WASM).gz artifacts
