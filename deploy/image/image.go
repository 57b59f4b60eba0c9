package main

import (
	"archive/tar"
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"debug/buildinfo"
	"encoding/hex"
	"encoding/pem"
	"fmt"
	"io"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"time"

	v1 "github.com/google/go-containerregistry/pkg/v1"
	"github.com/google/go-containerregistry/pkg/v1/empty"
	"github.com/google/go-containerregistry/pkg/v1/mutate"
	"github.com/google/go-containerregistry/pkg/v1/tarball"
	"github.com/google/go-containerregistry/pkg/v1/types"
	"golang.org/x/crypto/x509roots/fallback/bundle"
)

// What the image holds and how it runs (docs/deploying.md).
const (
	binaryPath = "/octaview"
	webPath    = "/web"
	caPath     = "/etc/ssl/certs/ca-certificates.crt"
	// user is the numeric non-root user and group the server runs as
	// (Kubernetes' runAsNonRoot can check a number, not a name).
	user   = "65532:65532"
	port   = "8080"
	source = "https://github.com/octaview/octaview"
)

// Labels of the image (OCI annotations' names).
const (
	labelVersion  = "org.opencontainers.image.version"
	labelRevision = "org.opencontainers.image.revision"
	labelSource   = "org.opencontainers.image.source"
	labelCreated  = "org.opencontainers.image.created"
	labelTitle    = "org.opencontainers.image.title"
	labelBuild    = "io.github.octaview.app-build" // the app's build: app.wasm's SHA-256, first 16 hex digits
)

// inputs is what an image is made of: the static server and the web directory.
type inputs struct {
	Binary string // a static (CGO_ENABLED=0) linux server binary
	Web    string // its web directory: app.wasm and its .br/.gz, CSS, icons
}

// info is what the image says about itself.
type info struct {
	Version, Revision string
	Created           time.Time // the revision's commit time (the Unix epoch without one): the same tree, the same image
	Arch              string
	Build             string // the app's build
}

// readInfo reads the version, revision and commit time Go stamped into the
// binary, and the app's build from the web directory.
func readInfo(in inputs) (info, error) {
	bi, err := buildinfo.ReadFile(in.Binary)
	if err != nil {
		return info{}, fmt.Errorf("%s: %w", in.Binary, err)
	}
	inf := info{Version: bi.Main.Version, Revision: "unknown", Created: time.Unix(0, 0).UTC()}
	cgo := ""
	for _, s := range bi.Settings {
		switch s.Key {
		case "vcs.revision":
			inf.Revision = s.Value
		case "vcs.time":
			if t, err := time.Parse(time.RFC3339, s.Value); err == nil {
				inf.Created = t.UTC()
			}
		case "GOARCH":
			inf.Arch = s.Value
		case "GOOS":
			if s.Value != "linux" {
				return info{}, fmt.Errorf("%s is built for %s: want linux", in.Binary, s.Value)
			}
		case "CGO_ENABLED":
			cgo = s.Value
		}
	}
	if cgo != "0" {
		return info{}, fmt.Errorf("%s was built with cgo: build it with CGO_ENABLED=0 (the image has no C library)", in.Binary)
	}
	wasm, err := os.ReadFile(filepath.Join(in.Web, "app.wasm"))
	if err != nil {
		return info{}, err
	}
	inf.Build = buildOfWasm(wasm)
	return inf, nil
}

// buildOfWasm is the app's build (the server's appBuild): the first 16 hex
// digits of app.wasm's SHA-256.
func buildOfWasm(wasm []byte) string {
	sum := sha256.Sum256(wasm)
	return hex.EncodeToString(sum[:])[:16]
}

// build makes the image: one layer (the server, web/, a CA bundle, the
// passwd and group files naming the user), no shell, nothing else. Every
// byte comes from the inputs and this module's pinned dependencies, every
// time is the revision's commit time: the same tree gives the same digest.
func build(in inputs) (v1.Image, info, error) {
	inf, err := readInfo(in)
	if err != nil {
		return nil, info{}, err
	}
	files, err := layerFiles(in)
	if err != nil {
		return nil, info{}, err
	}
	tarBytes, err := tarOf(files, inf.Created)
	if err != nil {
		return nil, info{}, err
	}
	// Compressed here, once: given the tar, go-containerregistry would
	// compress it again for the digest, the layout and the docker-archive
	// (three gzip -9 passes over ~50 MB); given the gzip, it only reads it.
	gz, err := gzipped(tarBytes)
	if err != nil {
		return nil, info{}, err
	}
	layer, err := tarball.LayerFromOpener(func() (io.ReadCloser, error) { return io.NopCloser(bytes.NewReader(gz)), nil },
		tarball.WithMediaType(types.OCILayer))
	if err != nil {
		return nil, info{}, err
	}
	img := mutate.ConfigMediaType(mutate.MediaType(empty.Image, types.OCIManifestSchema1), types.OCIConfigJSON)
	img, err = mutate.Append(img, mutate.Addendum{Layer: layer, History: v1.History{
		Created: v1.Time{Time: inf.Created}, CreatedBy: "deploy/image (make image)", Comment: "octaview " + inf.Version,
	}})
	if err != nil {
		return nil, info{}, err
	}
	cf, err := img.ConfigFile()
	if err != nil {
		return nil, info{}, err
	}
	cf = cf.DeepCopy()
	cf.OS, cf.Architecture = "linux", inf.Arch
	cf.Created = v1.Time{Time: inf.Created}
	cf.Config = v1.Config{
		Entrypoint: []string{binaryPath},
		User:       user,
		WorkingDir: "/",
		Env: []string{
			"OCTAVIEW_ADDR=:" + port, // beyond loopback: give OCTAVIEW_PUBLIC_URL (the server says so)
			"OCTAVIEW_WEB=" + webPath,
			"SSL_CERT_FILE=" + caPath,
		},
		ExposedPorts: map[string]struct{}{port + "/tcp": {}},
		Labels: map[string]string{
			labelTitle:    "Octaview",
			labelVersion:  inf.Version,
			labelRevision: inf.Revision,
			labelSource:   source,
			labelCreated:  inf.Created.Format(time.RFC3339),
			labelBuild:    inf.Build,
		},
	}
	img, err = mutate.ConfigFile(img, cf)
	if err != nil {
		return nil, info{}, err
	}
	return img, inf, nil
}

// file is one entry of the layer.
type file struct {
	name string // without the leading slash
	mode int64
	dir  bool
	body []byte
}

// layerFiles lists the layer's entries: directories, then files, sorted.
func layerFiles(in inputs) ([]file, error) {
	bin, err := os.ReadFile(in.Binary)
	if err != nil {
		return nil, err
	}
	files := []file{
		{name: "etc", dir: true, mode: 0o755},
		{name: "etc/ssl", dir: true, mode: 0o755},
		{name: "etc/ssl/certs", dir: true, mode: 0o755},
		{name: "web", dir: true, mode: 0o755},
		{name: strings.TrimPrefix(binaryPath, "/"), mode: 0o755, body: bin},
		{name: strings.TrimPrefix(caPath, "/"), mode: 0o644, body: caBundle()},
		{name: "etc/passwd", mode: 0o644, body: []byte("root:x:0:0:root:/:/nonexistent\noctaview:x:65532:65532:octaview:/nonexistent:/nonexistent\n")},
		{name: "etc/group", mode: 0o644, body: []byte("root:x:0:\noctaview:x:65532:\n")},
	}
	entries, err := os.ReadDir(in.Web)
	if err != nil {
		return nil, err
	}
	for _, e := range entries {
		name := e.Name()
		if !e.Type().IsRegular() || strings.HasPrefix(name, ".") || strings.HasSuffix(name, ".tmp") || strings.HasSuffix(name, ".stamp") {
			continue
		}
		b, err := os.ReadFile(filepath.Join(in.Web, name))
		if err != nil {
			return nil, err
		}
		files = append(files, file{name: path.Join("web", name), mode: 0o644, body: b})
	}
	for _, need := range []string{"web/app.wasm", "web/app.wasm.br", "web/app.wasm.gz"} {
		if !slices.ContainsFunc(files, func(f file) bool { return f.name == need }) {
			return nil, fmt.Errorf("%s is missing: run `make build`", need)
		}
	}
	slices.SortFunc(files, func(a, b file) int { return strings.Compare(a.name, b.name) })
	return files, nil
}

// tarOf writes files as a tar stream: owned by root (the server's user reads
// them and writes none), every time at mtime, no user or group names.
func tarOf(files []file, mtime time.Time) ([]byte, error) {
	var b bytes.Buffer
	tw := tar.NewWriter(&b)
	for _, f := range files {
		h := &tar.Header{Name: f.name, Mode: f.mode, ModTime: mtime, Format: tar.FormatPAX}
		if f.dir {
			h.Typeflag, h.Name = tar.TypeDir, f.name+"/"
		} else {
			h.Typeflag, h.Size = tar.TypeReg, int64(len(f.body))
		}
		if err := tw.WriteHeader(h); err != nil {
			return nil, err
		}
		if _, err := tw.Write(f.body); err != nil {
			return nil, err
		}
	}
	if err := tw.Close(); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// caBundle is the Mozilla (NSS) root store as PEM, from Go's
// golang.org/x/crypto/x509roots/fallback/bundle at the version go.sum pins.
// Roots that carry a constraint PEM cannot express (distrust after a date)
// are left out.
func caBundle() []byte {
	var b bytes.Buffer
	for root := range bundle.Roots() {
		if root.Constraint != nil {
			continue
		}
		pem.Encode(&b, &pem.Block{Type: "CERTIFICATE", Bytes: root.Certificate})
	}
	return b.Bytes()
}

// gzipped is b compressed as the layer is stored: gzip at its best
// compression, with an empty header (no name, no time), so the same tar
// gives the same bytes.
func gzipped(b []byte) ([]byte, error) {
	var buf bytes.Buffer
	zw, err := gzip.NewWriterLevel(&buf, gzip.BestCompression)
	if err != nil {
		return nil, err
	}
	if _, err := zw.Write(b); err != nil {
		return nil, err
	}
	if err := zw.Close(); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}
