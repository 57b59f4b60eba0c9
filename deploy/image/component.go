package main

import (
	"fmt"
	"os"
	"path/filepath"

	v1 "github.com/google/go-containerregistry/pkg/v1"
)

// componentPath is where `make image` writes the image's kustomize
// Component, from the deploy module's root; the overlays include it.
const componentPath = "kubernetes/components/image/kustomization.yaml"

// writeComponent writes the kustomize Component that pins the overlays'
// image "octaview" to digest: an overlay's own images entry then gives it
// its registry (newName), and the pods run exactly the image built, never
// whatever a tag points to at the time. The file is not in git: it is the
// build's.
func writeComponent(path string, digest v1.Hash, inf info) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	body := fmt.Sprintf(`# Written by `+"`make image`"+` (deploy/image): the image it built, pinned by digest
# (octaview %s, app build %s). Not in git. Push the image with its digest
# unchanged (skopeo copy oci:bin/image docker://REGISTRY/octaview, or crane push).
apiVersion: kustomize.config.k8s.io/v1alpha1
kind: Component
images:
  - name: octaview
    digest: %s
`, inf.Version, inf.Build, digest)
	return os.WriteFile(path, []byte(body), 0o644)
}
