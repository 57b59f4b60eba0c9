package console

import (
	"context"
	"iter"
	"net/url"

	"github.com/gophercloud/gophercloud/v2/openstack/loadbalancer/v2/providers"

	"github.com/octaview/octaview/app/internal/form"
	"github.com/octaview/octaview/app/internal/tab"
	"github.com/octaview/octaview/app/internal/ui"
	"github.com/octaview/octaview/octavia"
)

// Resource describes one kind of Octavia resource for every page of the
// console: the generic list (listPage), detail (detailPage) and form
// (formPage) read it, the routes and the navigation are made from the
// ordered table of them (resources). What the client knows of the kind
// (its URLs, envelopes, parent, id attribute, how its load balancer is
// found) is octavia's kind table; this is how the console shows it. A new
// kind is one file: its resource value, and its place in resources.
type Resource struct {
	Kind     octavia.Kind // the client's kind: every read and write goes through it
	Prefix   string       // DOM ids and classes: "lb" gives #lb-table, tr.lb-row
	Singular string       // "listener"
	Plural   string       // "listeners"
	Title    string       // the navigation's and the list's heading: "Listeners"
	Path     string       // its list ("/listeners"); its pages are under it (a child kind's under its parent's page)
	Intro    string       // one sentence on what it is, for the empty list

	Admin      bool // only admins read it (amphorae, profiles)
	WriteAdmin bool // only admins write it (Octavia's default policy)
	Paged      bool // its list takes limit and marker
	Times      bool // its objects have created_at and updated_at (list columns)
	NoNav      bool // not in the navigation (children, listed on their parent's page)
	NoDetail   bool // no page of its own: the list is all (providers)
	Unnamed    bool // its objects have no name: their id names them (amphorae)
	// ProjectNamed: its objects are a project's and are called by the
	// project's name (quotas: their id is the project's).
	ProjectNamed bool
	// Global: its objects belong to no project (flavors, zones, their
	// profiles, providers, amphorae).
	Global bool

	// The writes the console offers (Octavia's own; flavors and the like
	// are admin's, see WriteAdmin). CreatePath replaces the generic create
	// form ("" = Path+"/new").
	Create, Edit, Delete bool
	CreatePath           string

	Columns []Column     // the list's columns after the name
	Props   []property   // the detail page's first properties, in order (every other attribute follows: props.go)
	Fields  []form.Field // the create and edit form (and the wizard's step of the kind)
	Filters []listFilter // the list's filters, from the page's query (?loadbalancer_id=…)

	// ListRows, if set, reads the list instead of the client's Rows (quotas:
	// a member reads their own; providers: with their capabilities).
	ListRows func(ctx context.Context, c *octavia.Client, q ListQuery) iter.Seq2[tab.Row, error]
	// Cascade, if set, counts o's children that a delete without cascade
	// refuses to leave behind ("2 listeners and 1 pool"; "" = none).
	Cascade func(o octavia.Object) string
	// Validate checks a form's values as Octavia would (form.Validate*).
	Validate func(v form.Values, create bool) form.Errs
	// Children are the lists on its detail page (a pool's members).
	Children []child
	// Sections are its own parts of the detail page (a load balancer's
	// status tree, its stats), after the properties: the detail page
	// renders each (internal/section).
	Sections []Section
	// Actions are its writes other than create, edit and delete
	// (failover, drain, …), as buttons on its detail page.
	Actions []Action
	// CanDelete reports whether the detail page offers a delete of o (nil = always).
	CanDelete func(o octavia.Object) bool
	// ShownBy are attributes a Section shows (a quota's limits), not rows of
	// the properties.
	ShownBy []string

	// TreeLabel is the status tree's word for it ("LB"; "" = its Singular
	// in capitals).
	TreeLabel string
	// OnePer, if set, is the parent's attribute under which at most one
	// object of the kind lives (a pool's health monitor: pool_id; Octavia
	// answers 409 to a second): a list filtered by it offers no create once
	// it shows one.
	OnePer string
	// Restricted: a provider may restrict some of its form's choices
	// (form.Support): the form reads the provider of its load balancer.
	Restricted bool
	// Capabilities, if set, reads what a provider lets the kind's data set
	// (a profile's: flavor or availability zone capabilities).
	Capabilities func(c *octavia.Client, ctx context.Context, provider string) ([]providers.Capability, error)
	// OnSet, if set, is what the form does when a field is set, beyond
	// setting it (a listener's protocol sets its usual port).
	OnSet func(v form.Values, key, value string)
}

// Column is one of a list's columns: an attribute's text.
type Column struct {
	Title string
	Key   string // the attribute; its text is the cell
	Width string
	Mono  bool
	Badge bool         // a status: shown as a badge
	Link  octavia.Kind // the value is the id of one of these: a link to its page
	// Written: a write's answer fills it, so a new object's row shows it
	// before the list reads it (a load balancer's VIP address).
	Written bool
}

// property is one of the first lines of a detail page: an attribute with
// the kind's own label (the attribute dictionary's otherwise, props.go).
type property struct {
	Label string
	Key   string
	Link  octavia.Kind // the value is the id of one of these: a link to its page
	Mono  bool
}

// listFilter is a filter of a list that Octavia applies (a query
// parameter), set from the page's URL so that a link can carry it.
type listFilter struct {
	Key   string       // the query parameter, e.g. loadbalancer_id
	Label string       // "Load balancer"
	Of    octavia.Kind // the kind the value names, for the chip's link
	// Local, if set, is the attribute the console filters on itself,
	// Octavia having no such filter: a row is kept when its Local
	// attribute holds the value (a pool's listeners).
	Local string
}

// ListQuery is what a list read asks for: the filters, and a page (limit,
// marker) for kinds that are paged.
type ListQuery struct {
	Parent  string     // the parent's id (members, rules)
	Filters url.Values // the filters by attribute (Octavia's and the Local ones)
	Limit   int
	Marker  string
	Sort    string // Octavia's order (listSort); "" = its default
	Project bool   // read each row's project (the list shows it: projectColumn)
	// ReadAhead: every page is read (the list's load): each page's next is
	// asked for while the page is read (octavia.ListQuery.ReadAhead)
	ReadAhead bool
}

// Get is filter key's value, "" when not set.
func (q ListQuery) Get(key string) string { return q.Filters.Get(key) }

// child is a list of children on a detail page.
type child struct {
	Of     octavia.Kind
	Filter string // the children's filter that names this object (pool_id), or "" for a parent (members of a pool)
}

// SectionEnv is what a section of a detail page gets to work with: the
// session, the object as shown (its statuses from Tree) and its Ref,
// Follow, which it calls after a write of its own (the page then reads the
// object again), and the page's read of its load balancer's status tree
// (nil for other kinds, and until the first read) with the state of that
// poll. No section sees the page.
type SectionEnv struct {
	Runtime *tab.Runtime // the tab's: its signed-in session, its polls
	Sess    *tab.Session
	Obj     octavia.Object
	Ref     octavia.Ref
	Name    string // what the object is called on screen
	Follow  func()
	Tree    *tab.TreeRead
	Live    tab.LiveState
}

// Section names one of the parts a detail page embeds after the
// properties, with a SectionEnv (internal/section renders it).
type Section string

// The sections of the kinds' detail pages.
const (
	SectionStatusTree   Section = "status-tree"   // a load balancer's status tree
	SectionStats        Section = "stats"         // a load balancer's or listener's traffic
	SectionAmphorae     Section = "amphorae"      // a load balancer's amphorae, for admins
	SectionMembers      Section = "members"       // a pool's members, changed as a batch
	SectionQuota        Section = "quota"         // a project's limits against the defaults
	SectionAmphoraStats Section = "amphora-stats" // an amphora's listeners' traffic
)

// Action is a write on a detail page beyond create, edit and delete.
type Action struct {
	ID      string // the button's DOM id
	Label   string
	Confirm string // the confirmation's question; the action runs at once when ""
	Admin   bool   // only for admins
	// Show, LabelOf and Write get the tab's operations (ops, newest
	// first; Session.Operations): an undo finds what its action changed.
	Show func(o octavia.Object, ops []tab.Operation) bool
	// LabelOf, if set, is the button's words for o ("Restore weight 5").
	LabelOf func(o octavia.Object, ops []tab.Operation) string
	// Write is the action's write for the object o at ref (write.go).
	Write func(ref octavia.Ref, o octavia.Object, ops []tab.Operation) Write
}

// ButtonText is the action's button text for o, given the tab's
// operations ops.
func (a Action) ButtonText(o octavia.Object, ops []tab.Operation) string {
	if a.LabelOf != nil {
		return a.LabelOf(o, ops)
	}
	return a.Label
}

// Resources is the table of every kind, in the navigation's order (set in
// init: the descriptions' own functions look kinds up in it).
var Resources []*Resource

func init() {
	Resources = []*Resource{LBResource, ListenerRes, PoolRes, MemberRes, MonitorRes, L7policyRes, L7ruleRes,
		AmphoraRes, QuotaRes, ProviderRes, FlavorRes, FlavorProfileRes, AzRes, AzProfileRes}
}

// ResourceOf is the description of kind k, nil when there is none.
func ResourceOf(k octavia.Kind) *Resource {
	for _, r := range Resources {
		if r.Kind == k {
			return r
		}
	}
	return nil
}

// Parent is the kind r's objects live under (members: pools), or nil.
func (r *Resource) Parent() *Resource {
	if p := r.Kind.Parent(); p != "" {
		return ResourceOf(p)
	}
	return nil
}

// HasStatus reports whether r's objects have provisioning and operating
// statuses (the kinds of a load balancer's tree).
func (r *Resource) HasStatus() bool { return r.Kind.StatusKey() == "provisioning_status" }

// NamedByID reports whether r's objects are called by their id on screen
// (zones by their name, quotas by their project, amphorae): no "(no name)",
// no ID column beside it.
func (r *Resource) NamedByID() bool { return r.Kind.IDKey() != "id" || r.Unnamed }

// IDOf is o's id as r's URLs name it.
func (r *Resource) IDOf(o octavia.Object) string { return o.Text(r.Kind.IDKey()) }

// NameOf is what o is called on screen: its name, or a stand-in.
func (r *Resource) NameOf(o octavia.Object) string {
	if r.NamedByID() {
		return r.IDOf(o)
	}
	return ui.DisplayName(o.Text("name"), o.Text("id"))
}

// ListPathOf is r's list page; for a child kind, its parent's page.
func (r *Resource) ListPathOf(parentID string) string {
	if pr := r.Parent(); pr != nil {
		return pr.DetailPathOf("", parentID)
	}
	return r.Path
}

// DetailPathOf is the page of object id (parentID: its pool or policy).
func (r *Resource) DetailPathOf(parentID, id string) string {
	if pr := r.Parent(); pr != nil {
		return pr.DetailPathOf("", parentID) + r.Path + "/" + url.PathEscape(id)
	}
	return r.Path + "/" + url.PathEscape(id)
}

// CreatePathOf is r's create form (under parentID for a child kind).
func (r *Resource) CreatePathOf(parentID string) string {
	if r.CreatePath != "" {
		return r.CreatePath
	}
	if pr := r.Parent(); pr != nil {
		return pr.DetailPathOf("", parentID) + r.Path + "/new"
	}
	return r.Path + "/new"
}

// EditPathOf is the edit form of object id.
func (r *Resource) EditPathOf(parentID, id string) string {
	return r.DetailPathOf(parentID, id) + "/edit"
}

// MayRead reports whether sess may see r's pages (admin-only kinds).
func (r *Resource) MayRead(sess *tab.Session) bool {
	return !r.Admin || sess != nil && sess.Info.HasRole("admin")
}

// MayWrite reports whether sess may write r: not read-only, and admin for
// the kinds only admins write (Octavia's default policy; Octavia decides,
// this only hides what it would refuse).
func (r *Resource) MayWrite(sess *tab.Session) bool {
	if sess == nil || sess.ReadOnly {
		return false
	}
	return !r.WriteAdmin || sess.Info.HasRole("admin")
}

// RowName is what a row's link says.
func (r *Resource) RowName(row *tab.Row) string {
	if r.NamedByID() {
		return row.ID
	}
	return ui.DisplayName(row.Name, row.ID)
}
