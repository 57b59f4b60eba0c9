// Package kubernetes holds Octaview's Kubernetes manifests (a kustomize base,
// the overlays lab and production, and an optional Ingress component) and
// their tests: every manifest parsed strictly with the Kubernetes API types,
// every overlay built with kustomize and checked (docs/deploying.md).
package kubernetes
