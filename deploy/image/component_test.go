package main

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-containerregistry/pkg/v1/empty"
	"sigs.k8s.io/kustomize/api/krusty"
	"sigs.k8s.io/kustomize/kyaml/filesys"
)

// TestComponentPinsTheDigest: the Component the image build writes makes
// every Deployment of the overlays run that image by digest, under the
// overlay's registry.
func TestComponentPinsTheDigest(t *testing.T) {
	digest, err := empty.Image.Digest()
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	err = filepath.WalkDir("../kubernetes", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel("../kubernetes", p)
		if filepath.ToSlash(rel) == "components/image/kustomization.yaml" {
			return nil // a local `make image`'s: this test writes its own
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		out := filepath.Join(dir, "kubernetes", rel)
		os.MkdirAll(filepath.Dir(out), 0o755)
		return os.WriteFile(out, data, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
	if err := writeComponent(filepath.Join(dir, componentPath), digest, info{Version: "v1.2.3", Build: "0123456789abcdef"}); err != nil {
		t.Fatal(err)
	}
	rm, err := krusty.MakeKustomizer(krusty.MakeDefaultOptions()).Run(filesys.MakeFsOnDisk(), filepath.Join(dir, "kubernetes/overlays/lab"))
	if err != nil {
		t.Fatalf("kustomize build overlays/lab with the written component: %v", err)
	}
	out, err := rm.AsYaml()
	if err != nil {
		t.Fatal(err)
	}
	want := "image: registry.example.com/octaview@" + digest.String()
	if !strings.Contains(string(out), want) {
		t.Errorf("overlays/lab built with the component: want %q in\n%s", want, out)
	}
}

// TestMadeComponent: `make image` pinned the image it made (bin/image),
// not an older one.
func TestMadeComponent(t *testing.T) {
	want := digestOf(t, madeImage(t)).String()
	b, err := os.ReadFile(filepath.Join("..", componentPath))
	if err != nil {
		t.Fatalf("%v: run `make image` (make test does)", err)
	}
	if !strings.Contains(string(b), "digest: "+want+"\n") {
		t.Errorf("%s pins\n%s\nwant bin/image's digest %s", componentPath, b, want)
	}
}
