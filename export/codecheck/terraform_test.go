package codecheck

import (
	"bytes"
	"os/exec"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclparse"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/hashicorp/terraform-plugin-sdk/v2/helper/schema"
	"github.com/octaview/octaview/export"
	"github.com/octaview/octaview/export/internal/sample"
	"github.com/terraform-provider-openstack/terraform-provider-openstack/v3/openstack"
	"github.com/zclconf/go-cty/cty"
)

// trees are the trees every Terraform check runs on: a rich existing load
// balancer (import blocks, every kind, hostile names), the same in another
// project (an admin's export), and a wizard's plan.
func trees(t *testing.T) map[string]export.Tree {
	t.Helper()
	plan, err := export.FromCreateBody(sample.CreateBody())
	if err != nil {
		t.Fatalf("FromCreateBody: %v", err)
	}
	other := sample.Existing()
	other.Project = "5c0ffee0-0000-4000-8000-aaaaaaaaaaaa" // an admin's export of another project's
	return map[string]export.Tree{"existing": sample.Existing(), "plan": plan, "another project": other}
}

// TestTerraformAgainstProviderSchema parses each export with HCL's own
// parser and holds every block to terraform-provider-openstack v3's
// schemas: each resource and data source exists, each attribute exists
// and is settable (Optional or Required, not Computed only) with a value
// of its type, each Required one is there, each nested block is one of
// the schema's, each reference names a declared resource and an attribute
// of its schema, and each import block adopts a declared resource.
func TestTerraformAgainstProviderSchema(t *testing.T) {
	p := openstack.Provider()
	for name, tree := range trees(t) {
		t.Run(name, func(t *testing.T) {
			src, err := export.Terraform(tree)
			if err != nil {
				t.Fatalf("Terraform: %v", err)
			}
			body := parseHCL(t, src)
			c := tfCheck{t: t, p: p, declared: map[string]string{}}
			c.declare(body)
			imports := 0
			for _, b := range body.Blocks {
				switch b.Type {
				case "terraform":
				case "import":
					imports++
					c.importBlock(b)
				case "resource":
					c.body(b.Labels[0]+"."+b.Labels[1], p.ResourcesMap[b.Labels[0]].Schema, b.Body)
				case "data":
					c.body("data."+b.Labels[0]+"."+b.Labels[1], p.DataSourcesMap[b.Labels[0]].Schema, b.Body)
				default:
					t.Errorf("unexpected block %q", b.Type)
				}
			}
			resources := 0
			for _, b := range body.Blocks {
				if b.Type == "resource" {
					resources++
				}
			}
			if tree.Existing && imports != resources {
				t.Errorf("%d import blocks for %d resources: every existing object is adopted", imports, resources)
			}
			if !tree.Existing && imports != 0 {
				t.Errorf("a plan has %d import blocks, want none", imports)
			}
		})
	}
}

// TestTerraformHostileNamesRoundTrip evaluates the exported strings with
// HCL: a name of quotes, "${", "%{", a line break and a control character
// is the same string once Terraform reads it, never an interpolation.
func TestTerraformHostileNamesRoundTrip(t *testing.T) {
	existing := sample.Existing()
	src, err := export.Terraform(existing)
	if err != nil {
		t.Fatal(err)
	}
	body := parseHCL(t, src)
	want := map[string]string{
		"openstack_lb_loadbalancer_v2.name":        sample.Hostile,
		"openstack_lb_loadbalancer_v2.description": "shop\nfront",
		"openstack_lb_pool_v2.description":         "%{ for x in y }",
		"openstack_lb_l7rule_v2.value":             "${prod}",
		"openstack_lb_l7policy_v2.redirect_url":    "https://new.example/?a=1&b=${x}",
		"openstack_lb_listener_v2.description":     "TLS ${here}",
	}
	got := map[string]bool{}
	for _, b := range body.Blocks {
		if b.Type != "resource" {
			continue
		}
		for name, a := range b.Body.Attributes {
			w, ok := want[b.Labels[0]+"."+name]
			if !ok || len(a.Expr.Variables()) > 0 {
				continue
			}
			v, diags := a.Expr.Value(nil)
			if diags.HasErrors() {
				t.Errorf("%s.%s: %v", b.Labels[1], name, diags)
				continue
			}
			if v.Type() == cty.String && v.AsString() == w {
				got[b.Labels[0]+"."+name] = true
			}
		}
	}
	for k, w := range want {
		if !got[k] {
			t.Errorf("no %s reads back as %q", k, w)
		}
	}
}

// TestTerraformAttributesAsProviderSchema holds the writer's table to the
// provider's schema: each attribute exists and is settable; Required as
// the provider says; every Optional attribute that is not Computed (the
// provider would clear a value the code leaves out) is pinned, so that the
// import of an existing object plans no change; a Default is the
// provider's.
func TestTerraformAttributesAsProviderSchema(t *testing.T) {
	p := openstack.Provider()
	for _, a := range export.TerraformAttributes() {
		s, ok := p.ResourcesMap[a.Resource].Schema[a.Name]
		switch {
		case !ok:
			t.Errorf("%s.%s: no such attribute in the provider", a.Resource, a.Name)
			continue
		case !s.Optional && !s.Required:
			t.Errorf("%s.%s is Computed only: it cannot be written", a.Resource, a.Name)
		case a.Required != s.Required:
			t.Errorf("%s.%s: Required %v, the provider says %v", a.Resource, a.Name, a.Required, s.Required)
		case s.Optional && !s.Computed && !a.Pinned:
			t.Errorf("%s.%s is Optional, not Computed: it must be pinned", a.Resource, a.Name)
		case a.Pinned && s.Computed:
			t.Errorf("%s.%s is Computed: pinning it is not needed", a.Resource, a.Name)
		case s.Default != nil && !reflect.DeepEqual(s.Default, a.Default):
			t.Errorf("%s.%s: Default %v, the provider's is %v", a.Resource, a.Name, a.Default, s.Default)
		case s.Default == nil && a.Default != nil && s.DiffSuppressFunc == nil:
			t.Errorf("%s.%s: Default %v, the provider has none", a.Resource, a.Name, a.Default)
		case !slices.Equal(slices.Sorted(slices.Values(s.ConflictsWith)), slices.Sorted(slices.Values(a.Conflicts))):
			t.Errorf("%s.%s: conflicts with %v, the provider says %v", a.Resource, a.Name, a.Conflicts, s.ConflictsWith)
		}
	}
}

// TestTerraformFmt runs `terraform fmt` on each export when Terraform is
// installed: the code is already as terraform fmt writes it.
func TestTerraformFmt(t *testing.T) {
	bin, err := exec.LookPath("terraform")
	if err != nil {
		t.Skip("terraform is not installed")
	}
	for name, tree := range trees(t) {
		src, err := export.Terraform(tree)
		if err != nil {
			t.Fatal(err)
		}
		cmd := exec.Command(bin, "fmt", "-no-color", "-")
		cmd.Env = append(cmd.Environ(), "TF_CLI_CONFIG_FILE=/dev/null", "CHECKPOINT_DISABLE=1")
		cmd.Stdin = strings.NewReader(src)
		var out, stderr bytes.Buffer
		cmd.Stdout, cmd.Stderr = &out, &stderr
		if err := cmd.Run(); err != nil {
			t.Fatalf("%s: terraform fmt: %v: %s", name, err, stderr.String())
		}
		if out.String() != src {
			t.Errorf("%s: terraform fmt changes the export:\n%s", name, lineDiff(src, out.String()))
		}
	}
}

func parseHCL(t *testing.T, src string) *hclsyntax.Body {
	t.Helper()
	f, diags := hclparse.NewParser().ParseHCL([]byte(src), "main.tf")
	if diags.HasErrors() {
		t.Fatalf("HCL does not parse: %v\n%s", diags, src)
	}
	return f.Body.(*hclsyntax.Body)
}

// tfCheck checks one parsed export against the provider.
type tfCheck struct {
	t        *testing.T
	p        *schema.Provider
	declared map[string]string // "type.name" or "data.type.name" to its type
}

func (c *tfCheck) declare(body *hclsyntax.Body) {
	for _, b := range body.Blocks {
		var key string
		switch b.Type {
		case "resource":
			if _, ok := c.p.ResourcesMap[b.Labels[0]]; !ok {
				c.t.Errorf("resource type %s: not in the provider", b.Labels[0])
				continue
			}
			key = b.Labels[0] + "." + b.Labels[1]
		case "data":
			if _, ok := c.p.DataSourcesMap[b.Labels[0]]; !ok {
				c.t.Errorf("data source %s: not in the provider", b.Labels[0])
				continue
			}
			key = "data." + b.Labels[0] + "." + b.Labels[1]
		default:
			continue
		}
		if _, dup := c.declared[key]; dup {
			c.t.Errorf("%s is declared twice", key)
		}
		c.declared[key] = b.Labels[0]
	}
}

// body checks a resource's or data source's body (or a nested block's)
// against its schema.
func (c *tfCheck) body(where string, sm map[string]*schema.Schema, body *hclsyntax.Body) {
	for name, a := range body.Attributes {
		s, ok := sm[name]
		switch {
		case !ok:
			c.t.Errorf("%s.%s: no such attribute in the provider's schema", where, name)
			continue
		case !s.Optional && !s.Required:
			c.t.Errorf("%s.%s: Computed only, not settable", where, name)
		}
		c.refs(where+"."+name, a.Expr)
		if len(a.Expr.Variables()) == 0 {
			v, diags := a.Expr.Value(nil)
			if diags.HasErrors() {
				c.t.Errorf("%s.%s: %v", where, name, diags)
				continue
			}
			if msg := fits(s, v); msg != "" {
				c.t.Errorf("%s.%s = %s: %s", where, name, v.GoString(), msg)
			}
		}
	}
	for name, s := range sm {
		if _, ok := body.Attributes[name]; s.Required && !ok && s.Elem == nil {
			c.t.Errorf("%s: the provider requires %s", where, name)
		}
		if _, ok := body.Attributes[name]; ok {
			for _, other := range s.ConflictsWith {
				if _, both := body.Attributes[other]; both {
					c.t.Errorf("%s: %s and %s, which the provider refuses together", where, name, other)
				}
			}
		}
	}
	for _, b := range body.Blocks {
		s, ok := sm[b.Type]
		r, isRes := s.Elem.(*schema.Resource)
		if !ok || !isRes || s.Type != schema.TypeList && s.Type != schema.TypeSet {
			c.t.Errorf("%s: no block %q in the provider's schema", where, b.Type)
			continue
		}
		c.body(where+"."+b.Type, r.Schema, b.Body)
	}
}

// fits says why a literal value does not fit an attribute's type, "" when
// it does (Terraform converts a number to a string and back).
func fits(s *schema.Schema, v cty.Value) string {
	t := v.Type()
	switch s.Type {
	case schema.TypeString:
		if t != cty.String && t != cty.Number {
			return "want a string"
		}
	case schema.TypeInt:
		if t != cty.Number {
			return "want a number"
		}
		if !v.AsBigFloat().IsInt() {
			return "want a whole number"
		}
	case schema.TypeBool:
		if t != cty.Bool {
			return "want a bool"
		}
	case schema.TypeList, schema.TypeSet:
		if !t.IsTupleType() && !t.IsListType() {
			return "want a list"
		}
		elem, _ := s.Elem.(*schema.Schema)
		for it := v.ElementIterator(); it.Next(); {
			_, e := it.Element()
			if elem != nil {
				if msg := fits(elem, e); msg != "" {
					return "an element: " + msg
				}
			}
		}
	case schema.TypeMap:
		if !t.IsObjectType() && !t.IsMapType() {
			return "want a map"
		}
	}
	return ""
}

// refs checks that every reference of expr names a declared resource or
// data source and an attribute its schema has ("id" is every resource's).
func (c *tfCheck) refs(where string, expr hclsyntax.Expression) {
	for _, tr := range expr.Variables() {
		parts := traversalNames(tr)
		key, rest := "", []string(nil)
		if len(parts) >= 3 && parts[0] == "data" {
			key, rest = strings.Join(parts[:3], "."), parts[3:]
		} else if len(parts) >= 2 {
			key, rest = strings.Join(parts[:2], "."), parts[2:]
		}
		typ, ok := c.declared[key]
		if !ok {
			c.t.Errorf("%s: reference %s names nothing declared", where, strings.Join(parts, "."))
			continue
		}
		if len(rest) == 0 {
			continue
		}
		sm := c.p.ResourcesMap[typ]
		if parts[0] == "data" {
			sm = c.p.DataSourcesMap[typ]
		}
		if _, ok := sm.Schema[rest[0]]; !ok && rest[0] != "id" {
			c.t.Errorf("%s: reference %s: %s has no attribute %s", where, strings.Join(parts, "."), typ, rest[0])
		}
	}
}

func (c *tfCheck) importBlock(b *hclsyntax.Block) {
	to, ok := b.Body.Attributes["to"]
	if !ok {
		c.t.Errorf("an import block without to")
		return
	}
	tr, diags := hcl.AbsTraversalForExpr(to.Expr)
	if diags.HasErrors() || len(tr) != 2 {
		c.t.Errorf("import to %v: not a resource address", diags)
		return
	}
	addr := strings.Join(traversalNames(tr), ".")
	if _, ok := c.declared[addr]; !ok {
		c.t.Errorf("import to %s: no such resource declared", addr)
	}
	id, ok := b.Body.Attributes["id"]
	if !ok {
		c.t.Errorf("import to %s: no id", addr)
		return
	}
	c.refs("import "+addr, id.Expr)
	if len(id.Expr.Variables()) == 0 {
		v, diags := id.Expr.Value(nil)
		if diags.HasErrors() || v.Type() != cty.String || v.AsString() == "" {
			c.t.Errorf("import to %s: id is not a string", addr)
		}
	}
}

func traversalNames(tr hcl.Traversal) []string {
	var out []string
	for _, step := range tr {
		switch s := step.(type) {
		case hcl.TraverseRoot:
			out = append(out, s.Name)
		case hcl.TraverseAttr:
			out = append(out, s.Name)
		}
	}
	return out
}

// lineDiff is the lines of a and b that differ, for a failure message.
func lineDiff(a, b string) string {
	al, bl := strings.Split(a, "\n"), strings.Split(b, "\n")
	var sb strings.Builder
	for i := range max(len(al), len(bl)) {
		var x, y string
		if i < len(al) {
			x = al[i]
		}
		if i < len(bl) {
			y = bl[i]
		}
		if x != y {
			sb.WriteString("- " + x + "\n+ " + y + "\n")
		}
	}
	return sb.String()
}
