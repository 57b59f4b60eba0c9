// Command image builds Octaview's container image (`make image`) with no
// daemon, no root and no network: an OCI image written in Go with
// go-containerregistry, from the static server and web/ that `make build`
// and `make image` made. The same tree gives the same digest.
//
//	go run ./image -bin ../bin/octaview-static -web ../web -out ../bin/image -tar ../bin/octaview-image.tar
//
// -out is an OCI image layout (skopeo, crane, podman: oci:DIR); -tar a
// docker-archive (`docker load -i`, `podman load -i`); -kustomize (default
// kubernetes/components/image/kustomization.yaml) the Component with
// which the Kubernetes overlays run this image by digest.
package main

import (
	"flag"
	"fmt"
	"os"

	"github.com/google/go-containerregistry/pkg/name"
	v1 "github.com/google/go-containerregistry/pkg/v1"
	"github.com/google/go-containerregistry/pkg/v1/empty"
	"github.com/google/go-containerregistry/pkg/v1/layout"
	"github.com/google/go-containerregistry/pkg/v1/tarball"
)

func main() {
	var in inputs
	flag.StringVar(&in.Binary, "bin", "../bin/octaview-static", "the static linux server `binary` (CGO_ENABLED=0)")
	flag.StringVar(&in.Web, "web", "../web", "the web `directory` (app.wasm, .br, .gz, CSS, icons)")
	out := flag.String("out", "../bin/image", "write the image as an OCI image layout in this `directory` (replaced)")
	tarPath := flag.String("tar", "", "also write it as a docker-archive `file` (docker load, podman load)")
	component := flag.String("kustomize", componentPath, "write the kustomize Component pinning the overlays' image by digest to this `file` (\"\" = none)")
	flag.Parse()
	if err := run(in, *out, *tarPath, *component); err != nil {
		fmt.Fprintln(os.Stderr, "image:", err)
		os.Exit(1)
	}
}

func run(in inputs, out, tarPath, component string) error {
	img, inf, err := build(in)
	if err != nil {
		return err
	}
	if err := writeLayout(out, img, inf); err != nil {
		return err
	}
	if tarPath != "" {
		ref, err := name.NewTag("octaview:" + tagOf(inf.Version))
		if err != nil {
			return err
		}
		if err := tarball.WriteToFile(tarPath, ref, img); err != nil {
			return err
		}
	}
	digest, err := img.Digest()
	if err != nil {
		return err
	}
	if component != "" {
		if err := writeComponent(component, digest, inf); err != nil {
			return err
		}
	}
	size, err := imageSize(img)
	if err != nil {
		return err
	}
	fmt.Printf("octaview %s (app build %s, %s/%s)\nimage %s\nsize %.1f MB compressed, %.1f MB unpacked\nlayout %s\n",
		inf.Version, inf.Build, "linux", inf.Arch, digest, float64(size.compressed)/1e6, float64(size.unpacked)/1e6, out)
	if tarPath != "" {
		fmt.Printf("docker-archive %s\n", tarPath)
	}
	if component != "" {
		fmt.Printf("kustomize component %s\n", component)
	}
	return nil
}

// writeLayout writes img as the only image of an OCI layout at dir.
func writeLayout(dir string, img v1.Image, inf info) error {
	if err := os.RemoveAll(dir); err != nil {
		return err
	}
	p, err := layout.Write(dir, empty.Index)
	if err != nil {
		return err
	}
	return p.AppendImage(img, layout.WithAnnotations(map[string]string{
		"org.opencontainers.image.ref.name": tagOf(inf.Version),
	}))
}

// tagOf is a version as an image tag ("(devel)" and "+dirty" are not tags).
func tagOf(version string) string {
	out := []rune{}
	for _, r := range version {
		switch {
		case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z', r >= '0' && r <= '9', r == '.', r == '-', r == '_':
			out = append(out, r)
		case r == '+':
			out = append(out, '-')
		}
	}
	if len(out) == 0 {
		return "devel"
	}
	return string(out)
}

type sizes struct{ compressed, unpacked int64 }

// imageSize is the size of the image's blobs (manifest, config, layers) as
// stored and sent, and of its layers unpacked.
func imageSize(img v1.Image) (sizes, error) {
	var s sizes
	m, err := img.RawManifest()
	if err != nil {
		return s, err
	}
	c, err := img.RawConfigFile()
	if err != nil {
		return s, err
	}
	s.compressed = int64(len(m) + len(c))
	layers, err := img.Layers()
	if err != nil {
		return s, err
	}
	for _, l := range layers {
		n, err := l.Size()
		if err != nil {
			return s, err
		}
		s.compressed += n
		rc, err := l.Uncompressed()
		if err != nil {
			return s, err
		}
		buf := make([]byte, 1<<16)
		for {
			k, err := rc.Read(buf)
			s.unpacked += int64(k)
			if err != nil {
				break
			}
		}
		rc.Close()
	}
	return s, nil
}
