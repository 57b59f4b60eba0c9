package kubernetes

import (
	"bytes"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	networkingv1 "k8s.io/api/networking/v1"
	policyv1 "k8s.io/api/policy/v1"
	"sigs.k8s.io/kustomize/api/krusty"
	"sigs.k8s.io/kustomize/api/types"
	"sigs.k8s.io/kustomize/kyaml/filesys"
	"sigs.k8s.io/yaml"
)

// objects is what a set of manifests holds, parsed strictly.
type objects struct {
	deployments []*appsv1.Deployment
	services    []*corev1.Service
	secrets     []*corev1.Secret
	pdbs        []*policyv1.PodDisruptionBudget
	ingresses   []*networkingv1.Ingress
	policies    []*networkingv1.NetworkPolicy
}

// parse decodes every YAML document of data into its Kubernetes API type:
// an unknown kind, an unknown field or a duplicate key fails.
func parse(t *testing.T, name string, data []byte) objects {
	t.Helper()
	var o objects
	for i, doc := range regexp.MustCompile(`(?m)^---\s*$`).Split(string(data), -1) {
		if strings.TrimSpace(regexp.MustCompile(`(?m)^\s*#.*$`).ReplaceAllString(doc, "")) == "" {
			continue
		}
		var head struct{ APIVersion, Kind string }
		if err := yaml.Unmarshal([]byte(doc), &head); err != nil {
			t.Fatalf("%s, document %d: %v", name, i+1, err)
		}
		strict := func(v any) {
			if err := yaml.UnmarshalStrict([]byte(doc), v); err != nil {
				t.Errorf("%s, document %d (%s): %v", name, i+1, head.Kind, err)
			}
		}
		switch head.APIVersion + " " + head.Kind {
		case "apps/v1 Deployment":
			appendStrict(&o.deployments, strict)
		case "v1 Service":
			appendStrict(&o.services, strict)
		case "v1 Secret":
			appendStrict(&o.secrets, strict)
		case "policy/v1 PodDisruptionBudget":
			appendStrict(&o.pdbs, strict)
		case "networking.k8s.io/v1 Ingress":
			appendStrict(&o.ingresses, strict)
		case "networking.k8s.io/v1 NetworkPolicy":
			appendStrict(&o.policies, strict)
		case "kustomize.config.k8s.io/v1beta1 Kustomization", "kustomize.config.k8s.io/v1alpha1 Component":
			strict(&types.Kustomization{})
		default:
			t.Errorf("%s, document %d: unexpected %s %s", name, i+1, head.APIVersion, head.Kind)
		}
	}
	return o
}

// appendStrict decodes a document into a new T with strict and appends it.
func appendStrict[T any](list *[]*T, strict func(any)) {
	v := new(T)
	strict(v)
	*list = append(*list, v)
}

// Every file, patches included, parses strictly.
func TestManifestsParseStrictly(t *testing.T) {
	n := 0
	err := filepath.WalkDir(".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(p, ".yaml") {
			return err
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		parse(t, p, data)
		n++
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if n < 10 {
		t.Errorf("parsed %d files, want every manifest", n)
	}
	// the check itself: an unknown field fails
	bad := "apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: x}\nspec: {replica: 2}\n"
	if err := yaml.UnmarshalStrict([]byte(bad), &appsv1.Deployment{}); err == nil {
		t.Error("a misspelt field (replica) parses: the check is not strict")
	}
}

// testDigest is the image digest memFS pins, as `make image` would.
const testDigest = "sha256:0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef"

// memFS is the manifests in memory, with the component `make image` writes
// (pinning testDigest), the files an operator adds to the production
// overlay (the clouds and the session key) and, if asked, the Ingress
// component enabled.
func memFS(t *testing.T, secrets, ingress bool) filesys.FileSystem {
	t.Helper()
	mem := filesys.MakeFsInMemory()
	err := filepath.WalkDir(".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		return mem.WriteFile("/k/"+p, data)
	})
	if err != nil {
		t.Fatal(err)
	}
	mem.WriteFile("/k/components/image/kustomization.yaml", []byte(
		"apiVersion: kustomize.config.k8s.io/v1alpha1\nkind: Component\nimages:\n  - name: octaview\n    digest: "+testDigest+"\n"))
	prod := "/k/overlays/production/"
	for _, f := range []string{"clouds.yaml", "status-clouds.yaml"} {
		if secrets {
			example, _ := mem.ReadFile(prod + f + ".example")
			mem.WriteFile(prod+f, example)
		} else {
			mem.RemoveAll(prod + f)
		}
	}
	if secrets {
		mem.WriteFile(prod+"session-key", []byte("a-test-session-key-0123456789abcdef0123\n"))
	} else {
		mem.RemoveAll(prod + "session-key")
	}
	if ingress {
		k, _ := mem.ReadFile(prod + "kustomization.yaml")
		const list = "components:\n  - ../../components/image\n"
		if !bytes.Contains(k, []byte(list)) {
			t.Fatalf("overlays/production/kustomization.yaml: no %q to add the Ingress to", list)
		}
		mem.WriteFile(prod+"kustomization.yaml", bytes.Replace(k, []byte(list), []byte(list+"  - ../../components/ingress\n"), 1))
	}
	return mem
}

// build runs kustomize on an overlay and parses what it makes, strictly.
func build(t *testing.T, mem filesys.FileSystem, overlay string) objects {
	t.Helper()
	rm, err := krusty.MakeKustomizer(krusty.MakeDefaultOptions()).Run(mem, "/k/overlays/"+overlay)
	if err != nil {
		t.Fatalf("kustomize build overlays/%s: %v", overlay, err)
	}
	out, err := rm.AsYaml()
	if err != nil {
		t.Fatal(err)
	}
	return parse(t, "overlays/"+overlay+" (built)", out)
}

// variables are the OCTAVIEW_* variables the server reads (one per flag of
// cmd/server/config.go) and the others it knows.
func variables(t *testing.T) []string {
	t.Helper()
	src, err := os.ReadFile("../../cmd/server/config.go")
	if err != nil {
		t.Fatal(err)
	}
	vars := []string{"OS_CLIENT_CONFIG_FILE", "SSL_CERT_FILE", "GOMEMLIMIT"}
	for _, m := range regexp.MustCompile(`\benv(?:Bool|Int|Duration)?\("([a-z-]+)"`).FindAllSubmatch(src, -1) {
		vars = append(vars, "OCTAVIEW_"+strings.ToUpper(strings.ReplaceAll(string(m[1]), "-", "_")))
	}
	if !slices.Contains(vars, "OCTAVIEW_SESSION_KEY_FILE") || !slices.Contains(vars, "OCTAVIEW_PUBLIC_URL") {
		t.Fatalf("reading cmd/server/config.go's variables: got %q", vars)
	}
	return vars
}

func envOf(c corev1.Container) map[string]string {
	m := map[string]string{}
	for _, e := range c.Env {
		m[e.Name] = e.Value
	}
	return m
}

// checkDeployment is what every Deployment must have: probes, requests and
// limits, the restricted security context, no secret in its arguments or
// values, only variables the server reads.
func checkDeployment(t *testing.T, d *appsv1.Deployment, vars []string) {
	t.Helper()
	name := "Deployment " + d.Name
	pod := d.Spec.Template.Spec
	if sc := pod.SecurityContext; sc == nil || sc.RunAsNonRoot == nil || !*sc.RunAsNonRoot || sc.RunAsUser == nil || *sc.RunAsUser != 65532 ||
		sc.SeccompProfile == nil || sc.SeccompProfile.Type != corev1.SeccompProfileTypeRuntimeDefault {
		t.Errorf("%s: want runAsNonRoot, runAsUser 65532 (the image's user) and seccomp RuntimeDefault; got %+v", name, sc)
	}
	if pod.AutomountServiceAccountToken == nil || *pod.AutomountServiceAccountToken {
		t.Errorf("%s: the server needs no Kubernetes API token: automountServiceAccountToken: false", name)
	}
	if !selects(d.Spec.Selector.MatchLabels, d.Spec.Template.Labels) {
		t.Errorf("%s: its selector %v does not select its pods %v", name, d.Spec.Selector.MatchLabels, d.Spec.Template.Labels)
	}
	if len(pod.Containers) == 0 {
		t.Fatalf("%s: no container", name)
	}
	for _, c := range append(slices.Clone(pod.InitContainers), pod.Containers...) {
		where := name + " container " + c.Name
		for probe, p := range map[string]*corev1.Probe{"readiness": c.ReadinessProbe, "liveness": c.LivenessProbe} {
			if p == nil || p.HTTPGet == nil || p.HTTPGet.Path != "/healthz" {
				t.Errorf("%s: want a %s probe on GET /healthz, got %+v", where, probe, p)
			}
		}
		for _, r := range []corev1.ResourceName{corev1.ResourceCPU, corev1.ResourceMemory} {
			req, lim := c.Resources.Requests[r], c.Resources.Limits[r]
			if req.IsZero() || lim.IsZero() || req.Cmp(lim) > 0 {
				t.Errorf("%s: %s request %v and limit %v: want both, the request at most the limit", where, r, req.String(), lim.String())
			}
		}
		sc := c.SecurityContext
		if sc == nil || sc.AllowPrivilegeEscalation == nil || *sc.AllowPrivilegeEscalation ||
			sc.ReadOnlyRootFilesystem == nil || !*sc.ReadOnlyRootFilesystem ||
			sc.Capabilities == nil || !slices.Contains(sc.Capabilities.Drop, "ALL") || len(sc.Capabilities.Add) > 0 {
			t.Errorf("%s: want no privilege escalation, a read-only root filesystem and every capability dropped; got %+v", where, sc)
		}
		if len(c.Command) > 0 || len(c.Args) > 0 {
			t.Errorf("%s: command %q args %q: the image's entrypoint and variables only (arguments show in ps)", where, c.Command, c.Args)
		}
		if c.Image != "registry.example.com/octaview@"+testDigest {
			t.Errorf("%s: image %q, want the overlay's registry and the digest `make image` pinned", where, c.Image)
		}
		env := envOf(c)
		for k, v := range env {
			if !slices.Contains(vars, k) {
				t.Errorf("%s: %s is no variable the server reads", where, k)
			}
			if k == "OCTAVIEW_SESSION_KEY" || strings.Contains(strings.ToLower(v), "secret") {
				t.Errorf("%s: %s=%q: secrets come from a mounted file", where, k, v)
			}
		}
		if env["OCTAVIEW_ADDR"] != ":8080" || len(c.Ports) != 1 || c.Ports[0].ContainerPort != 8080 || env["OCTAVIEW_PUBLIC_URL"] == "" {
			t.Errorf("%s: want OCTAVIEW_ADDR :8080, port 8080 and OCTAVIEW_PUBLIC_URL (required beyond loopback); got %v %v", where, env, c.Ports)
		}
		for _, f := range []string{"OCTAVIEW_SESSION_KEY_FILE", "OS_CLIENT_CONFIG_FILE"} {
			if p, ok := env[f]; ok && !mounted(pod, c, p) {
				t.Errorf("%s: %s=%s is in no secret volume mounted read-only", where, f, p)
			}
		}
	}
}

// mounted reports whether file p is a key of a secret volume mounted
// read-only in container c.
func mounted(pod corev1.PodSpec, c corev1.Container, p string) bool {
	for _, m := range c.VolumeMounts {
		if filepath.Dir(p) != m.MountPath || !m.ReadOnly {
			continue
		}
		for _, v := range pod.Volumes {
			if v.Name == m.Name && v.Secret != nil {
				return true
			}
		}
	}
	return false
}

func selects(selector, labels map[string]string) bool {
	if len(selector) == 0 {
		return false
	}
	for k, v := range selector {
		if labels[k] != v {
			return false
		}
	}
	return true
}

// checkServices: each Service selects the pods of exactly one Deployment, on
// a port the pods name.
func checkServices(t *testing.T, o objects) {
	t.Helper()
	for _, s := range o.services {
		var matched []string
		for _, d := range o.deployments {
			if selects(s.Spec.Selector, d.Spec.Template.Labels) {
				matched = append(matched, d.Name)
			}
		}
		if len(matched) != 1 {
			t.Errorf("Service %s selects the pods of %q: want one Deployment's", s.Name, matched)
		}
	}
}

func deployment(t *testing.T, o objects, name string) *appsv1.Deployment {
	t.Helper()
	for _, d := range o.deployments {
		if d.Name == name {
			return d
		}
	}
	t.Fatalf("no Deployment %s", name)
	return nil
}

func TestLabOverlay(t *testing.T) {
	vars := variables(t)
	o := build(t, memFS(t, false, false), "lab")
	if len(o.deployments) != 1 || len(o.services) != 1 || len(o.secrets) != 0 {
		t.Fatalf("lab: got %d Deployments, %d Services, %d Secrets; want the console and its Service", len(o.deployments), len(o.services), len(o.secrets))
	}
	d := o.deployments[0]
	checkDeployment(t, d, vars)
	checkServices(t, o)
	if d.Spec.Replicas == nil || *d.Spec.Replicas != 1 || d.Spec.Strategy.Type != appsv1.RecreateDeploymentStrategyType {
		t.Errorf("lab: want one replica, recreated (the lab lives in the process: two would split the class)")
	}
	env := envOf(d.Spec.Template.Spec.Containers[0])
	if env["OCTAVIEW_CLOUD"] != "" || env["OCTAVIEW_KEYSTONE"] != "" || env["OCTAVIEW_LAB_TRAINEES"] == "" {
		t.Errorf("lab: want the embedded lab with trainees, got %v", env)
	}
	if env["OCTAVIEW_LAB_TRAINEE_PASSWORDS"] != "random" {
		t.Errorf("lab: trainees' passwords %q, want random (anyone in the class could log in as anyone)", env["OCTAVIEW_LAB_TRAINEE_PASSWORDS"])
	}
	if egress := checkPolicies(t, o); len(egress) != 0 {
		t.Errorf("lab: egress beyond DNS to %v, want none (the lab's cloud is in the process)", egress)
	}
}

// checkPolicies: every pod is under a NetworkPolicy that lets in the
// server's port only and lets out DNS; it returns the other blocks they
// may reach (none may be link-local: the nodes' metadata service).
func checkPolicies(t *testing.T, o objects) (egress []string) {
	t.Helper()
	for _, d := range o.deployments {
		ingressOK, dns := false, false
		for _, p := range o.policies {
			if !selects(p.Spec.PodSelector.MatchLabels, d.Spec.Template.Labels) {
				continue
			}
			for _, in := range p.Spec.Ingress {
				ingressOK = len(in.Ports) == 1 && in.Ports[0].Port.IntValue() == 8080
				if !ingressOK {
					t.Errorf("NetworkPolicy %s lets in %+v, want port 8080 only", p.Name, in.Ports)
				}
			}
			for _, e := range p.Spec.Egress {
				for _, port := range e.Ports {
					dns = dns || port.Port.IntValue() == 53
				}
				for _, to := range e.To {
					if to.IPBlock == nil {
						continue
					}
					egress = append(egress, to.IPBlock.CIDR)
					linkLocal := "169.254.0.0/16"
					if strings.Contains(to.IPBlock.CIDR, ":") {
						linkLocal = "fe80::/10"
					}
					if !slices.Contains(to.IPBlock.Except, linkLocal) {
						t.Errorf("NetworkPolicy %s lets out to %s, link-local (the metadata service) included", p.Name, to.IPBlock.CIDR)
					}
				}
			}
		}
		if !ingressOK || !dns {
			t.Errorf("Deployment %s: its pods want a NetworkPolicy letting in port 8080 only and out DNS (in %v, DNS %v)", d.Name, ingressOK, dns)
		}
	}
	return egress
}

func TestProductionOverlay(t *testing.T) {
	vars := variables(t)
	for _, ingress := range []bool{false, true} {
		t.Run(fmt.Sprintf("ingress=%v", ingress), func(t *testing.T) {
			o := build(t, memFS(t, true, ingress), "production")
			for _, d := range o.deployments {
				checkDeployment(t, d, vars)
			}
			checkServices(t, o)
			console, wall := deployment(t, o, "octaview"), deployment(t, o, "octaview-status")
			if console.Spec.Replicas == nil || *console.Spec.Replicas < 2 {
				t.Errorf("production: the console wants 2 replicas or more")
			}
			if ru := console.Spec.Strategy.RollingUpdate; ru == nil || ru.MaxUnavailable == nil || ru.MaxUnavailable.IntValue() != 0 {
				t.Errorf("production: a rolling update keeps every replica until its successor is ready (maxUnavailable 0)")
			}
			if wall.Spec.Replicas == nil || *wall.Spec.Replicas != 1 {
				t.Errorf("production: exactly one status wall replica (one upstream poll)")
			}
			cenv, wenv := envOf(console.Spec.Template.Spec.Containers[0]), envOf(wall.Spec.Template.Spec.Containers[0])
			if cenv["OCTAVIEW_STATUS_CLOUD"] != "" || wenv["OCTAVIEW_STATUS_CLOUD"] == "" || wenv["OCTAVIEW_READ_ONLY"] != "true" {
				t.Errorf("production: the wall polls (read-only), the consoles do not; got console %v, wall %v", cenv, wenv)
			}
			for _, env := range []map[string]string{cenv, wenv} {
				if env["OCTAVIEW_CLOUD"] == "" || env["OCTAVIEW_SESSION_KEY_FILE"] == "" || env["OS_CLIENT_CONFIG_FILE"] == "" {
					t.Errorf("production: want the cloud from clouds.yaml and the session key from a file; got %v", env)
				}
			}
			// two generated Secrets, each with a clouds.yaml and the session
			// key: the wall's credential is in the wall's only
			if len(o.secrets) != 2 {
				t.Fatalf("production: got %d Secrets, want the consoles' and the wall's", len(o.secrets))
			}
			for _, tc := range []struct {
				d          *appsv1.Deployment
				prefix     string
				credential bool
			}{{console, "octaview-", false}, {wall, "octaview-status-", true}} {
				v := tc.d.Spec.Template.Spec.Volumes
				if len(v) != 1 || v[0].Secret == nil {
					t.Fatalf("Deployment %s mounts %+v, want one Secret", tc.d.Name, v)
				}
				var s *corev1.Secret
				for _, x := range o.secrets {
					if x.Name == v[0].Secret.SecretName {
						s = x
					}
				}
				if s == nil || !strings.HasPrefix(s.Name, tc.prefix) || (!tc.credential && strings.HasPrefix(s.Name, "octaview-status-")) {
					t.Fatalf("Deployment %s mounts Secret %s, want the overlay's %s<hash> (a new key rolls the pods)", tc.d.Name, v[0].Secret.SecretName, tc.prefix)
				}
				for _, k := range []string{"clouds.yaml", "session-key"} {
					if len(s.Data[k]) == 0 {
						t.Errorf("Secret %s has no %s", s.Name, k)
					}
				}
				if got := bytes.Contains(s.Data["clouds.yaml"], []byte("application_credential_secret")); got != tc.credential {
					t.Errorf("Secret %s (Deployment %s): the wall's credential in it: %v, want %v", s.Name, tc.d.Name, got, tc.credential)
				}
			}
			if egress := checkPolicies(t, o); len(egress) == 0 {
				t.Error("production: no egress to the cloud")
			}
			// the PodDisruptionBudget keeps consoles, and only consoles
			if len(o.pdbs) != 1 || !selects(o.pdbs[0].Spec.Selector.MatchLabels, console.Spec.Template.Labels) ||
				selects(o.pdbs[0].Spec.Selector.MatchLabels, wall.Spec.Template.Labels) {
				t.Errorf("production: want one PodDisruptionBudget over the console's pods")
			}
			if !ingress {
				if len(o.ingresses) != 0 {
					t.Error("production without the component: the Ingress is optional")
				}
				return
			}
			checkIngresses(t, o)
		})
	}
	// without the operator's files kustomize says which one is missing
	_, err := krusty.MakeKustomizer(krusty.MakeDefaultOptions()).Run(memFS(t, false, false), "/k/overlays/production")
	if err == nil || !strings.Contains(err.Error(), "clouds.yaml") {
		t.Errorf("production without clouds.yaml: got %v, want an error naming it", err)
	}
}

// Without the image `make image` pinned, no overlay builds: never a
// moving tag.
func TestOverlaysWantTheImageDigest(t *testing.T) {
	for _, overlay := range []string{"lab", "production"} {
		mem := memFS(t, true, false)
		mem.RemoveAll("/k/components/image")
		_, err := krusty.MakeKustomizer(krusty.MakeDefaultOptions()).Run(mem, "/k/overlays/"+overlay)
		if err == nil || !strings.Contains(err.Error(), "components/image") {
			t.Errorf("overlays/%s without components/image: got %v, want an error naming it", overlay, err)
		}
	}
}

// checkIngresses: every backend is a Service and port of the overlay; the
// status wall's event stream is unbuffered, with a long read timeout;
// /metrics is refused to everyone on every host.
func checkIngresses(t *testing.T, o objects) {
	t.Helper()
	events := false
	hosts, metricsDenied := map[string]bool{}, map[string]bool{}
	for _, in := range o.ingresses {
		for _, r := range in.Spec.Rules {
			hosts[r.Host] = true
			for _, p := range r.HTTP.Paths {
				if p.Path == "/metrics" && p.PathType != nil && *p.PathType == networkingv1.PathTypeExact {
					deny := strings.Split(in.Annotations["nginx.ingress.kubernetes.io/denylist-source-range"], ",")
					metricsDenied[r.Host] = slices.Contains(deny, "0.0.0.0/0") && slices.Contains(deny, "::/0")
				}
				b := p.Backend.Service
				ok := false
				for _, s := range o.services {
					for _, port := range s.Spec.Ports {
						ok = ok || (s.Name == b.Name && port.Name == b.Port.Name)
					}
				}
				if !ok {
					t.Errorf("Ingress %s: %s%s goes to %s:%s, which the overlay does not have", in.Name, r.Host, p.Path, b.Name, b.Port.Name)
				}
				if p.Path == "/api/status/events" {
					events = b.Name == "octaview-status" && in.Annotations["nginx.ingress.kubernetes.io/proxy-buffering"] == "off" &&
						in.Annotations["nginx.ingress.kubernetes.io/proxy-read-timeout"] != ""
				}
			}
		}
	}
	if !events {
		t.Error("no Ingress path /api/status/events to the status wall, unbuffered with a long read timeout")
	}
	for h := range hosts {
		if !metricsDenied[h] {
			t.Errorf("Ingress host %s: /metrics reaches the server, want it refused to every address", h)
		}
	}
}

// The deploy docs' (docs/deploying.md) commands and the image's paths agree with the manifests.
func TestManifestsMatchTheImage(t *testing.T) {
	src, err := os.ReadFile("../image/image.go")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(src, []byte(`user   = "65532:65532"`)) || !bytes.Contains(src, []byte(`port   = "8080"`)) {
		t.Error("the image's user or port changed: change runAsUser and the container ports too")
	}
}
