package export

import (
	"strings"

	code "github.com/octaview/octaview/export"
)

// Format is one way the panel writes a tree as code: its tab and the
// file Download saves.
type Format struct {
	ID    string // "cli", "terraform", "ansible": the ids of its tab and its block
	Label string // its tab's text
	Ext   string // the extension of its file: "sh", "tf", "yml"
	Use   string // the line under the block: how to run it
	write func(code.Tree) (string, error)
}

// Write is t written in this format, or why it cannot be.
func (f Format) Write(t code.Tree) (string, error) { return f.write(t) }

// Formats are the panel's tabs, in their order: the openstack CLI
// (python-octaviaclient, the format every peer's user knows), Terraform,
// Ansible.
func Formats() []Format {
	return []Format{
		{ID: "cli", Label: "openstack CLI", Ext: "sh", write: code.CLI,
			Use: "A shell script of openstack commands (python-octaviaclient), in the order Octavia needs, each waiting for the last. Run it with bash, logged in to the project (OS_CLOUD or an openrc)."},
		{ID: "terraform", Label: "Terraform", Ext: "tf", write: code.Terraform,
			Use: "For terraform-provider-openstack v3. Resources refer to each other, not to ids; an existing load balancer comes with import blocks (Terraform 1.5 or later), so terraform plan adopts it unchanged."},
		{ID: "ansible", Label: "Ansible", Ext: "yml", write: code.Ansible,
			Use: "A playbook of the openstack.cloud collection's load balancer modules. Run it with ansible-playbook -e cloud=NAME (an entry of your clouds.yaml); --check first shows what it would change."},
	}
}

// maxSlug bounds a file name's stem, in bytes.
const maxSlug = 64

// FileName is the name Download gives a tree's code in ext: the load
// balancer's name slugged (Slug; its id's first 8 characters when the name
// slugs to nothing, "load-balancer" when there is neither) and ext.
func FileName(name, id, ext string) string {
	stem := Slug(name)
	if stem == "" {
		stem = Slug(id)
		if len(stem) > 8 {
			stem = stem[:8]
		}
		stem = strings.Trim("load-balancer-"+stem, "-")
	}
	return stem + "." + ext
}

// Slug is s as a safe file name stem: lower-case ASCII letters and
// digits, '.' and '_'; every other run of characters (dashes, spaces,
// slashes, quotes, control characters, any non-ASCII) becomes one '-';
// no leading or trailing '.', '-' or '_' (no hidden file, no path); at
// most maxSlug bytes. "" when nothing is left.
func Slug(s string) string {
	var b strings.Builder
	sep := false
	for _, r := range s {
		switch {
		case r >= 'A' && r <= 'Z':
			r += 'a' - 'A'
			fallthrough
		case r >= 'a' && r <= 'z', r >= '0' && r <= '9', r == '.', r == '_':
			if sep && b.Len() > 0 {
				b.WriteByte('-')
			}
			sep = false
			b.WriteRune(r)
		default:
			sep = true
		}
		if b.Len() >= maxSlug {
			break
		}
	}
	out := b.String()
	if len(out) > maxSlug {
		out = out[:maxSlug]
	}
	return strings.Trim(out, ".-_")
}
