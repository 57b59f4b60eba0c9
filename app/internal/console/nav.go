package console

// NavOf is the navigation entry current on res's pages (a child's is its parent's).
func NavOf(res *Resource) string {
	for res.Parent() != nil {
		res = res.Parent()
	}
	return res.Path
}

// CertificatesPath is the list of the project's certificates (app/cert),
// the last entry of the resources' navigation.
const CertificatesPath = "/certificates"

// NavPages are the resources' navigation entries that are not a kind's
// list: each its path and its title.
func NavPages() [][2]string { return [][2]string{{CertificatesPath, "Certificates"}} }
