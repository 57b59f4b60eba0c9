# Octaview: `make run` starts the console on the embedded lab cloud; `make test` runs every test,
# installing what the tests need (Debian's chromium, the OpenStack CLI) when it is missing.

GO        ?= go
GOROOT    := $(shell $(GO) env GOROOT)
WASM      := web/app.wasm
BROTLI_Q  ?= 11
APT_PKGS  := chromium python3-openstackclient python3-octaviaclient brotli
# Client packages that also run as WebAssembly under Node (fetch is disabled there; net/http
# uses an in-process network, so httptest fakes work).
WASM_TEST_PKGS = $(shell $(GO) list ./waiters/... ./octavia/... | grep -v /labcloud)

.PHONY: all build wasm server run test test-native test-wasm bench fidelity realcloud deps vet clean

all: build

## build: the server binary, web/app.wasm and its .br/.gz, in one step so they are never stale.
build: wasm server

# The wasm is built to a temporary file; web/app.wasm is replaced and compressed only when its
# bytes or the brotli quality changed (brotli -q11 takes ~45 s on these machines), so the
# .br/.gz can never be stale. bin/app.wasm.stamp records what they were made from.
wasm:
	@mkdir -p web bin
	GOOS=js GOARCH=wasm $(GO) build -trimpath -ldflags='-s -w' -o bin/app.wasm.new ./cmd/server
	@stamp="$$(sha256sum bin/app.wasm.new | cut -c1-64) brotli-q$(BROTLI_Q)"; \
	if cmp -s bin/app.wasm.new $(WASM) && [ -f $(WASM).br ] && [ -f $(WASM).gz ] && \
		[ "$$(cat bin/app.wasm.stamp 2>/dev/null)" = "$$stamp" ]; then \
		rm bin/app.wasm.new; echo "$(WASM) unchanged"; \
	else \
		command -v brotli >/dev/null || $(MAKE) --no-print-directory deps; \
		rm -f bin/app.wasm.stamp && mv bin/app.wasm.new $(WASM) && \
		echo "compressing $(WASM) (brotli -q $(BROTLI_Q), gzip -9)" && \
		{ gzip -9 -k -f -n $(WASM) & } && \
		brotli -f -q $(BROTLI_Q) -o $(WASM).br $(WASM) && \
		wait $$! && echo "$$stamp" > bin/app.wasm.stamp && ls -l $(WASM) $(WASM).br $(WASM).gz; \
	fi

server:
	@mkdir -p bin
	$(GO) build -o bin/octaview ./cmd/server

## run: the console on the embedded lab cloud at http://127.0.0.1:8080 (prints the lab users).
run: wasm
	$(GO) run ./cmd/server $(ARGS)

## deps: install the Debian packages the tests need, only when missing.
deps:
	@missing=""; \
	command -v chromium >/dev/null || missing="$$missing chromium"; \
	command -v openstack >/dev/null || missing="$$missing python3-openstackclient"; \
	python3 -c 'import octaviaclient' 2>/dev/null || /usr/bin/python3 -c 'import octaviaclient' 2>/dev/null || missing="$$missing python3-octaviaclient"; \
	command -v brotli >/dev/null || missing="$$missing brotli"; \
	if [ -n "$$missing" ]; then \
		echo "installing:$$missing"; \
		SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
		$$SUDO apt-get update -qq && \
		DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq $$missing >/dev/null; \
	fi

vet:
	@test -z "$$(gofmt -l $$(git ls-files '*.go'))" || { echo "gofmt needed:"; gofmt -l $$(git ls-files '*.go'); exit 1; }
	$(GO) vet ./...
	GOOS=js GOARCH=wasm $(GO) vet ./app/... ./cmd/server/ $(WASM_TEST_PKGS)

## test: every test, natively and (client packages) as WebAssembly under Node.
test: deps build vet test-native test-wasm

test-native:
	$(GO) test -count=1 -timeout 30m ./...

test-wasm:
	PATH="$(GOROOT)/lib/wasm:$$PATH" GOOS=js GOARCH=wasm $(GO) test -count=1 -timeout 15m $(WASM_TEST_PKGS)

## bench: the benchmarks the issues name (figures go in the closing notes), including the lab
## against the real Octavia of ../shared/realcloud, which it installs and starts when needed.
bench: deps build realcloud
	$(GO) test -run '^$$' -bench . -benchmem -timeout 60m ./...
	REALCLOUD_DIR=$(REALCLOUD_DIR) $(GO) test -tags fidelity -run '^$$' -bench Fidelity -benchmem -timeout 30m ./octavia/labcloud/

## fidelity: the same requests against the real Octavia (../shared/realcloud) and the lab.
REALCLOUD ?= ../shared/realcloud
REALCLOUD_DIR ?= /tmp/realcloud
fidelity: realcloud
	REALCLOUD_DIR=$(REALCLOUD_DIR) $(GO) test -count=1 -tags fidelity -run Fidelity -timeout 30m ./octavia/labcloud/

## realcloud: OpenStack Zed Keystone + Octavia (noop drivers) on loopback, from Debian's packages.
realcloud:
	$(REALCLOUD)/install.sh
	@if [ -f $(REALCLOUD_DIR)/openrc ] && curl -fsS -o /dev/null http://127.0.0.1:9876/; then \
		echo "the real cloud is running ($(REALCLOUD_DIR))"; \
	else $(REALCLOUD)/start.sh $(REALCLOUD_DIR); fi

clean:
	rm -rf bin $(WASM) $(WASM).br $(WASM).gz artifacts
