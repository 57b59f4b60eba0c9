package app

import (
	"context"
	"iter"
	"net/url"
	"regexp"
	"slices"
	"strings"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/octaview/octaview/octavia"
)

// resource describes one kind of Octavia resource for every page of the
// console: the generic list (listPage), detail (detailPage) and form
// (formPage) read it, the routes and the navigation are made from the
// table of them (resources), and the journal of writes waits on any of
// them by its octavia.Ref. A new kind is one file: its resource value.
type resource struct {
	Kind     octavia.Kind // waits, tags, the journal's Refs
	Prefix   string       // DOM ids and classes: "lb" gives #lb-table, tr.lb-row
	Singular string       // "listener"
	Plural   string       // "listeners"
	Title    string       // the navigation's and the list's heading: "Listeners"
	Path     string       // its list ("/listeners"); its pages are under it
	Parent   octavia.Kind // members: their pool; rules: their L7 policy (pages under the parent's)
	IDKey    string       // the attribute in its URLs: "id" ("" = "id"), "name" (zones), "project_id" (quotas)
	Intro    string       // one sentence on what it is, for the empty list

	Admin      bool // only admins read it (amphorae, profiles)
	WriteAdmin bool // only admins write it (Octavia's default policy)
	Status     bool // it has provisioning and operating statuses (a load balancer's tree)
	Paged      bool // its list takes limit and marker
	NoNav      bool // not in the navigation (children, listed on their parent's page)
	NoDetail   bool // no page of its own: the list is all (providers)
	Unnamed    bool // its objects have no name: their id names them (amphorae)

	Columns []column     // the list's columns after the name
	Props   []property   // the detail page's properties (every attribute not named here is shown after them)
	Fields  []formField  // the create and edit form
	Filters []listFilter // the list's filters, from the page's query (?loadbalancer_id=…)

	List func(ctx context.Context, c *octavia.Client, q listQuery) iter.Seq2[object, error]
	// Rows, if set, reads the list's rows in place of List (load balancers
	// read only their columns: 10,000 of them in a list).
	Rows   func(ctx context.Context, c *octavia.Client, q listQuery) iter.Seq2[row, error]
	Get    func(ctx context.Context, c *octavia.Client, r octavia.Ref) (object, error)
	Create func(ctx context.Context, c *octavia.Client, parentID string, b requestBody) (object, octavia.Accepted, error)
	Update func(ctx context.Context, c *octavia.Client, r octavia.Ref, b requestBody) (object, octavia.Accepted, error)
	Delete func(ctx context.Context, c *octavia.Client, r octavia.Ref, cascade bool) (octavia.Accepted, error)
	// Cascade, if set, counts o's children that a delete without cascade
	// refuses to leave behind ("2 listeners and 1 pool"; "" = none).
	Cascade func(o object) string
	// Validate checks a form's values as Octavia would (validate.go).
	Validate func(v formValues, create bool) fieldErrs
	// Envelope is the JSON key of its request bodies ("listener").
	Envelope string
	// LoadBalancerOf is the load balancer an object belongs to ("" = none):
	// the waits of a tree's writes poll it first.
	LoadBalancerOf func(o object) string
	// Children are the lists on its detail page (a pool's members).
	Children []child
	// Sections are its own parts of the detail page (a load balancer's
	// status tree, its stats), after the properties.
	Sections []func(p *detailPage, o object) goapp.UI
	// Actions are its writes other than create, edit and delete
	// (failover, drain, …), as buttons on its detail page.
	Actions []action
	// CreatePath replaces the generic form for creates ("" = Path+"/new").
	CreatePath string
	// CanDelete reports whether the detail page offers a delete of o (nil = always).
	CanDelete func(o object) bool
}

// column is one of a list's columns: an attribute's text.
type column struct {
	Title string
	Key   string // the attribute; its text is the cell
	Width string
	Mono  bool
	Badge bool         // a status: shown as a badge
	Link  octavia.Kind // the value is the id of one of these: a link to its page
}

// property is one line of a detail page.
type property struct {
	Label string
	Key   string
	Link  octavia.Kind // the value is the id of one of these: a link to its page
	Mono  bool
	Hide  bool // not a line of its own: a Section shows it (a quota's limits)
}

// listFilter is a filter of a list that Octavia applies (a query
// parameter), set from the page's URL so that a link can carry it.
type listFilter struct {
	Key   string       // the query parameter, e.g. loadbalancer_id
	Label string       // "Load balancer"
	Of    octavia.Kind // the kind the value names, for the chip's link
}

// listQuery is what a list read asks for: the filters, and a page (limit,
// marker) for kinds that are paged.
type listQuery struct {
	Parent  string     // the parent's id (members, rules)
	Filters url.Values // Octavia's filters by attribute
	Limit   int
	Marker  string
}

// get is filter key's value, "" when not set.
func (q listQuery) get(key string) string { return q.Filters.Get(key) }

// child is a list of children on a detail page.
type child struct {
	Of     octavia.Kind
	Filter string // the children's filter that names this object (pool_id), or "" for a parent (members of a pool)
}

// action is a write on a detail page beyond create, edit and delete.
type action struct {
	ID      string // the button's DOM id
	Label   string
	Confirm string // the confirmation's question; the action runs at once when ""
	Admin   bool   // only for admins
	Show    func(o object) bool
	// Run sends the write; op is its journal entry (Kind or Verb, Wait,
	// Written; the rest is filled by the journal).
	Run func(ctx context.Context, sess *session, ref octavia.Ref, o object) (op operation, acc octavia.Accepted, err error)
}

// resources is the table of every kind, in the navigation's order. Filled
// by init functions of the res_*.go files (order by navOrder).
var resources []*resource

// navOrder is the navigation's order of the kinds (Go initializes the
// res_*.go files in the order of their names); a kind not named here comes
// after them.
var navOrder = []octavia.Kind{octavia.KindLoadBalancer, octavia.KindListener, octavia.KindPool, octavia.KindMember,
	octavia.KindMonitor, octavia.KindL7Policy, octavia.KindL7Rule, octavia.KindAmphora, octavia.KindQuota, octavia.KindProvider,
	octavia.KindFlavor, octavia.KindFlavorProfile, octavia.KindAvailabilityZone, octavia.KindAvailabilityZoneProfile}

// navIndex is k's place in navOrder.
func navIndex(k octavia.Kind) int {
	if i := slices.Index(navOrder, k); i >= 0 {
		return i
	}
	return len(navOrder)
}

// register adds r to the table, in navOrder. Package variables only.
func register(r *resource) *resource {
	i := len(resources)
	for i > 0 && navIndex(resources[i-1].Kind) > navIndex(r.Kind) {
		i--
	}
	resources = slices.Insert(resources, i, r)
	return r
}

// resourceOf is the description of kind k, nil when there is none.
func resourceOf(k octavia.Kind) *resource {
	for _, r := range resources {
		if r.Kind == k {
			return r
		}
	}
	return nil
}

// parent is the kind r's objects live under (members: pools), or nil.
func (r *resource) parent() *resource {
	if r.Parent == "" {
		return nil
	}
	return resourceOf(r.Parent)
}

// idKey is the attribute that names r's objects in URLs.
func (r *resource) idKey() string {
	if r.IDKey == "" {
		return "id"
	}
	return r.IDKey
}

// namedByID reports whether r's objects are called by their id on screen
// (zones by their name, quotas by their project, amphorae): no "(no name)",
// no ID column beside it.
func (r *resource) namedByID() bool { return r.idKey() != "id" || r.Unnamed }

// idOf is o's id as r's URLs name it.
func (r *resource) idOf(o object) string { return o.str(r.idKey()) }

// nameOf is what o is called on screen: its name, or a stand-in.
func (r *resource) nameOf(o object) string {
	if r.namedByID() {
		return r.idOf(o)
	}
	return displayName(o.str("name"), o.str("id"))
}

// listPathOf is r's list page; for a child kind, its parent's page.
func (r *resource) listPathOf(parentID string) string {
	if pr := r.parent(); pr != nil {
		return pr.detailPathOf("", parentID)
	}
	return r.Path
}

// detailPathOf is the page of object id (parentID: its pool or policy).
func (r *resource) detailPathOf(parentID, id string) string {
	if pr := r.parent(); pr != nil {
		return pr.detailPathOf("", parentID) + r.Path + "/" + url.PathEscape(id)
	}
	return r.Path + "/" + url.PathEscape(id)
}

// createPathOf is r's create form (under parentID for a child kind).
func (r *resource) createPathOf(parentID string) string {
	if r.CreatePath != "" {
		return r.CreatePath
	}
	if pr := r.parent(); pr != nil {
		return pr.detailPathOf("", parentID) + r.Path + "/new"
	}
	return r.Path + "/new"
}

// editPathOf is the edit form of object id.
func (r *resource) editPathOf(parentID, id string) string {
	return r.detailPathOf(parentID, id) + "/edit"
}

// refOf is the octavia.Ref of o, a child of parentID.
func (r *resource) refOf(parentID string, o object) octavia.Ref {
	ref := octavia.Ref{Kind: r.Kind, ID: r.idOf(o), ParentID: parentID}
	if r.LoadBalancerOf != nil {
		ref.LoadBalancerID = r.LoadBalancerOf(o)
	}
	return ref
}

// pageOf is what a path names: a kind, the parent's id (children), the
// object's id ("" for a list or a create) and the mode: "list", "detail",
// "new" or "edit". ok is false for a path of no kind.
type pageRef struct {
	Res      *resource
	ParentID string
	ID       string
	Mode     string
}

// parsePage finds the page a path names.
func parsePage(path string) (pageRef, bool) {
	parts := strings.Split(strings.Trim(path, "/"), "/")
	for i, p := range parts {
		if u, err := url.PathUnescape(p); err == nil {
			parts[i] = u
		}
	}
	if path == homePath {
		return pageRef{Res: resourceOf(octavia.KindLoadBalancer), Mode: "list"}, true
	}
	for _, r := range resources {
		if r.Parent != "" {
			continue
		}
		if "/"+parts[0] != r.Path {
			continue
		}
		switch {
		case len(parts) == 1:
			return pageRef{Res: r, Mode: "list"}, true
		case len(parts) == 2 && parts[1] == "new":
			return pageRef{Res: r, Mode: "new"}, true
		case len(parts) == 2:
			return pageRef{Res: r, ID: parts[1], Mode: "detail"}, true
		case len(parts) == 3 && parts[2] == "edit":
			return pageRef{Res: r, ID: parts[1], Mode: "edit"}, true
		}
		for _, c := range resources {
			if c.Parent != r.Kind || len(parts) < 4 || "/"+parts[2] != c.Path {
				continue
			}
			switch {
			case len(parts) == 4 && parts[3] == "new":
				return pageRef{Res: c, ParentID: parts[1], Mode: "new"}, true
			case len(parts) == 4:
				return pageRef{Res: c, ParentID: parts[1], ID: parts[3], Mode: "detail"}, true
			case len(parts) == 5 && parts[4] == "edit":
				return pageRef{Res: c, ParentID: parts[1], ID: parts[3], Mode: "edit"}, true
			}
		}
	}
	return pageRef{}, false
}

// registerResources routes every kind's pages: its list, its detail page,
// its create and edit forms (exact routes and the forms before the detail
// pattern, which would match "new").
func registerResources() {
	for _, r := range resources {
		base := regexp.QuoteMeta(r.Path)
		if pr := r.parent(); pr != nil {
			base = regexp.QuoteMeta(pr.Path) + `/[^/]+` + regexp.QuoteMeta(r.Path)
		} else {
			goapp.Route(r.Path, func() goapp.Composer { return &listPage{} })
		}
		if r.Create != nil && r.CreatePath == "" {
			routeWithRegexp("^"+base+"/new$", func() goapp.Composer { return &formPage{} })
		}
		if r.Update != nil {
			routeWithRegexp("^"+base+"/[^/]+/edit$", func() goapp.Composer { return &formPage{} })
		}
		if !r.NoDetail {
			routeWithRegexp("^"+base+"/[^/]+$", func() goapp.Composer { return &detailPage{} })
		}
	}
}

// mayRead reports whether sess may see r's pages (admin-only kinds).
func (r *resource) mayRead(sess *session) bool {
	return !r.Admin || sess != nil && sess.Info.HasRole("admin")
}

// mayWrite reports whether sess may write r: not read-only, and admin for
// the kinds only admins write (Octavia's default policy; Octavia decides,
// this only hides what it would refuse).
func (r *resource) mayWrite(sess *session) bool {
	if sess == nil || sess.ReadOnly {
		return false
	}
	return !r.WriteAdmin || sess.Info.HasRole("admin")
}

// objects turns the client's typed list into objects.
func objects[T any](seq iter.Seq2[T, error]) iter.Seq2[object, error] {
	return func(yield func(object, error) bool) {
		for v, err := range seq {
			if err != nil {
				yield(nil, err)
				return
			}
			if !yield(toObject(v), nil) {
				return
			}
		}
	}
}

// one turns the client's typed answer into an object.
func one[T any](v *T, err error) (object, error) {
	if err != nil {
		return nil, err
	}
	return toObject(v), nil
}

// written turns the client's typed write answer into an object.
func written[T any](v *T, acc octavia.Accepted, err error) (object, octavia.Accepted, error) {
	if err != nil {
		return nil, acc, err
	}
	return toObject(v), acc, nil
}
