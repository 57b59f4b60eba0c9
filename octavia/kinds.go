package octavia

import (
	"context"
	"errors"
	"fmt"
	"net/url"
)

// Kind names a type of Octavia resource. The kinds of a load balancer's
// tree (load balancer to L7 rule) have provisioning statuses, waits and
// tags; the others are named for the journal of writes and for messages.
// What Octaview knows of each kind (its URL, its JSON envelopes, its
// parent, how to find its load balancer) is in one table, kindTable.
type Kind string

// Kinds, named as Octavia's JSON envelopes name them.
const (
	KindLoadBalancer Kind = "loadbalancer"
	KindListener     Kind = "listener"
	KindPool         Kind = "pool"
	KindMember       Kind = "member"
	KindMonitor      Kind = "healthmonitor"
	KindL7Policy     Kind = "l7policy"
	KindL7Rule       Kind = "rule"

	KindAmphora                 Kind = "amphora"
	KindQuota                   Kind = "quota"
	KindProvider                Kind = "provider"
	KindFlavor                  Kind = "flavor"
	KindFlavorProfile           Kind = "flavorprofile"
	KindAvailabilityZone        Kind = "availability_zone"
	KindAvailabilityZoneProfile Kind = "availability_zone_profile"
)

// kindInfo is one row of the kind table: everything the client knows of a
// kind, so that no method switches on kinds.
type kindInfo struct {
	words string // the kind in words: "health monitor"
	root  string // the URL's first part: "lbaas" ("octavia" for amphorae)
	// path is the collection: under root ("healthmonitors"), or, for a kind
	// with a parent, under the parent object ("members": /lbaas/pools/{pool}/members).
	path   string
	parent Kind   // the kind whose objects hold these (members: pools; rules: L7 policies)
	many   string // the JSON envelope of a list: "healthmonitors" (the kind itself is that of one object)
	idKey  string // the attribute that names an object in its URL ("id"; zones: "name"; quotas: "project_id")
	// status is the attribute a wait reads ("provisioning_status"; amphorae:
	// "status"); "" = Octavia applies a write before it answers (no wait).
	status string
	// How the object's load balancer is found from its JSON: lbKey holds
	// the load balancer's id (or a list of {"id": …}); else the object of
	// kind up named by upKey (or, with neither, the parent) leads there.
	lbKey string
	up    Kind
	upKey string
	// cascade: a delete may take cascade=true (a load balancer and its tree).
	cascade bool
}

// kindTable is the kind table. Octavia's paths, envelopes and attributes
// are those of its v2 API (Zed). It is a slice of plain values, static
// data in the binary (a map would be built by code at start-up).
var kindTable = []struct {
	kind Kind
	kindInfo
}{
	{KindLoadBalancer, kindInfo{words: "load balancer", root: "lbaas", path: "loadbalancers", many: "loadbalancers",
		status: "provisioning_status", lbKey: "id", cascade: true}},
	{KindListener, kindInfo{words: "listener", root: "lbaas", path: "listeners", many: "listeners",
		status: "provisioning_status", lbKey: "loadbalancers"}},
	{KindPool, kindInfo{words: "pool", root: "lbaas", path: "pools", many: "pools",
		status: "provisioning_status", lbKey: "loadbalancers"}},
	{KindMember, kindInfo{words: "member", root: "lbaas", path: "members", parent: KindPool, many: "members",
		status: "provisioning_status"}},
	{KindMonitor, kindInfo{words: "health monitor", root: "lbaas", path: "healthmonitors", many: "healthmonitors",
		status: "provisioning_status", up: KindPool, upKey: "pools"}},
	{KindL7Policy, kindInfo{words: "L7 policy", root: "lbaas", path: "l7policies", many: "l7policies",
		status: "provisioning_status", up: KindListener, upKey: "listener_id"}},
	{KindL7Rule, kindInfo{words: "L7 rule", root: "lbaas", path: "rules", parent: KindL7Policy, many: "rules",
		status: "provisioning_status"}},
	{KindAmphora, kindInfo{words: "amphora", root: "octavia", path: "amphorae", many: "amphorae",
		status: "status", lbKey: "loadbalancer_id"}},
	{KindQuota, kindInfo{words: "quota", root: "lbaas", path: "quotas", many: "quotas", idKey: "project_id"}},
	{KindProvider, kindInfo{words: "provider", root: "lbaas", path: "providers", many: "providers", idKey: "name"}},
	{KindFlavor, kindInfo{words: "flavor", root: "lbaas", path: "flavors", many: "flavors"}},
	{KindFlavorProfile, kindInfo{words: "flavor profile", root: "lbaas", path: "flavorprofiles",
		many: "flavorprofiles"}},
	{KindAvailabilityZone, kindInfo{words: "availability zone", root: "lbaas", path: "availabilityzones",
		many: "availability_zones", idKey: "name"}},
	{KindAvailabilityZoneProfile, kindInfo{words: "availability zone profile", root: "lbaas",
		path: "availabilityzoneprofiles", many: "availability_zone_profiles"}},
}

// info is k's row of the kind table; ok is false for a kind it lacks. Not
// inlined: its ~30 callers would each hold a copy of the search.
//
//go:noinline
func (k Kind) info() (kindInfo, bool) {
	for i := range kindTable {
		if kindTable[i].kind == k {
			return kindTable[i].kindInfo, true
		}
	}
	return kindInfo{}, false
}

// String returns the kind in words, e.g. "health monitor".
func (k Kind) String() string {
	if i, ok := k.info(); ok {
		return i.words
	}
	return string(k)
}

// Parent is the kind whose objects hold k's (members: KindPool; rules:
// KindL7Policy); "" for a kind with a collection of its own.
func (k Kind) Parent() Kind {
	i, _ := k.info()
	return i.parent
}

// IDKey is the attribute that names an object of kind k in its URL: "id",
// "name" for availability zones and providers, "project_id" for quotas.
func (k Kind) IDKey() string {
	if i, _ := k.info(); i.idKey != "" {
		return i.idKey
	}
	return "id"
}

// StatusKey is the attribute a wait reads on an object of kind k
// ("provisioning_status", an amphora's "status"); "" for the kinds whose
// writes Octavia applies before it answers (flavors, zones, quotas…).
func (k Kind) StatusKey() string {
	i, _ := k.info()
	return i.status
}

// Ref points at one resource, for the child waits and UpdateTags.
type Ref struct {
	Kind Kind
	ID   string
	// ParentID is the pool of a member or the L7 policy of a rule; "" otherwise.
	ParentID string
	// LoadBalancerID is the load balancer the resource belongs to (the ID
	// itself for KindLoadBalancer). "" = found by reading the resource and its
	// parents, which a delete wait cannot do (the resource may be gone).
	LoadBalancerID string
}

// RefOf is the Ref of object o of kind k (parentID: a member's pool, a
// rule's L7 policy), with its LoadBalancerID when o's own JSON names its
// load balancer (a load balancer, listener, pool or amphora).
func RefOf(k Kind, parentID string, o Object) Ref {
	r := Ref{Kind: k, ID: o.Text(k.IDKey()), ParentID: parentID}
	if i, _ := k.info(); i.lbKey != "" {
		r.LoadBalancerID = first(o.IDs(i.lbKey))
	}
	return r
}

// String returns e.g. "member 7a3c… of pool 1b2d…".
func (r Ref) String() string {
	s := r.Kind.String() + " " + r.ID
	if p := r.Kind.Parent(); p != "" {
		s += " of " + p.String() + " " + r.ParentID
	}
	return s
}

// collectionURL is the URL of kind k's collection (under parentID for a
// kind with a parent), or with parts the URL of an object or of a path
// under it: c.collectionURL(KindLoadBalancer, "", id, "stats"). parentID
// and parts are path-escaped (a zone's name may hold a space or a "/").
// Every Octavia URL of the client is built here.
func (c *Client) collectionURL(k Kind, parentID string, parts ...string) string {
	i, _ := k.info()
	path := []string{i.root}
	if i.parent != "" {
		p, _ := i.parent.info()
		path = append(path, p.path, url.PathEscape(parentID))
	}
	path = append(path, i.path)
	for _, part := range parts {
		path = append(path, url.PathEscape(part))
	}
	return c.lb.ServiceURL(path...)
}

// url returns the resource's Octavia URL.
func (r Ref) url(c *Client) (string, error) {
	i, ok := r.Kind.info()
	switch {
	case !ok:
		return "", fmt.Errorf("unknown kind %q", r.Kind)
	case r.ID == "":
		return "", fmt.Errorf("%s: missing ID", r.Kind)
	case i.parent != "" && r.ParentID == "":
		return "", fmt.Errorf("%s: missing %s ID", r.Kind, i.parent)
	}
	return c.collectionURL(r.Kind, r.ParentID, r.ID), nil
}

// LoadBalancerOf returns the id of the load balancer r belongs to:
// r.LoadBalancerID when set, else found by reading r and its parents (a
// member's pool, a rule's L7 policy and its listener), as the child waits
// do.
func (c *Client) LoadBalancerOf(ctx context.Context, r Ref) (string, error) {
	if r.LoadBalancerID != "" {
		return r.LoadBalancerID, nil
	}
	i, ok := r.Kind.info()
	switch {
	case r.Kind == KindLoadBalancer:
		return r.ID, nil
	case ok && i.parent != "" && r.ParentID != "":
		return c.LoadBalancerOf(ctx, Ref{Kind: i.parent, ID: r.ParentID})
	case !ok || i.lbKey == "" && i.up == "":
		return "", &Error{Code: EINVALID, Op: "find the load balancer of " + r.String(), Err: errors.New("this kind belongs to no load balancer")}
	}
	o, err := c.Get(ctx, r)
	if err != nil {
		return "", err
	}
	return c.LoadBalancerOfObject(ctx, r.Kind, r.ParentID, o)
}

// LoadBalancerOfObject returns the id of the load balancer of o, an object
// of kind k already read (parentID: a member's pool, a rule's L7 policy),
// as LoadBalancerOf finds it but without reading o again: from o's own
// JSON when it names its load balancer, else by reading its parent (a
// member's pool; a rule's L7 policy, then that policy's listener) or the
// object it names (a health monitor's pool, an L7 policy's listener).
func (c *Client) LoadBalancerOfObject(ctx context.Context, k Kind, parentID string, o Object) (string, error) {
	i, ok := k.info()
	r := RefOf(k, parentID, o)
	switch {
	case !ok || i.lbKey == "" && i.up == "" && i.parent == "":
		return "", &Error{Code: EINVALID, Op: "find the load balancer of " + r.String(), Err: errors.New("this kind belongs to no load balancer")}
	case k == KindLoadBalancer:
		return r.ID, nil
	case r.LoadBalancerID != "":
		return r.LoadBalancerID, nil
	case i.parent != "" && parentID != "":
		return c.LoadBalancerOf(ctx, Ref{Kind: i.parent, ID: parentID})
	case i.up != "":
		if id := first(o.IDs(i.upKey)); id != "" {
			return c.LoadBalancerOf(ctx, Ref{Kind: i.up, ID: id})
		}
	}
	return "", &Error{Code: EINTERNAL, Op: "find the load balancer of " + r.String(), Err: errors.New("the resource names no parent")}
}

// first is the first of ids, "" when there is none.
func first(ids []string) string {
	if len(ids) == 0 {
		return ""
	}
	return ids[0]
}
