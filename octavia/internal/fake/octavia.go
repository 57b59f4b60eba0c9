package fake

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"time"
)

// kinds maps a collection segment to the kind (and JSON envelope key).
var kinds = map[string]string{
	"loadbalancers": "loadbalancer", "listeners": "listener", "pools": "pool", "members": "member",
	"healthmonitors": "healthmonitor", "l7policies": "l7policy", "rules": "rule",
}

func forbidden() (int, any, http.Header) {
	return 403, OctaviaFault("Policy does not allow this request to be performed."), nil
}

func notFound(kind, id string) (int, any, http.Header) {
	names := map[string]string{"loadbalancer": "Load Balancer", "listener": "Listener", "pool": "Pool", "member": "Member",
		"healthmonitor": "Health Monitor", "l7policy": "L7 Policy", "rule": "L7 Rule"}
	return 404, OctaviaFault(fmt.Sprintf("%s %s not found.", names[kind], id)), nil
}

func immutable(lb string) (int, any, http.Header) {
	return 409, OctaviaFault(fmt.Sprintf("Load Balancer %s is immutable and cannot be updated.", lb)), nil
}

// octavia answers /load-balancer/v2/lbaas/<parts...>.
func (c *Cloud) octavia(r *http.Request, user User, parts []string, body []byte) (int, any, http.Header) {
	write := r.Method != http.MethodGet
	if write && user.Role == "reader" {
		return forbidden()
	}
	// collection path and trailing id/action
	coll, kind := parts[0], kinds[parts[0]]
	if kind == "" {
		return 404, OctaviaFault("The resource could not be found."), nil
	}
	rest := parts[1:]
	parentID := ""
	if (coll == "pools" || coll == "l7policies") && len(rest) >= 2 && (rest[1] == "members" || rest[1] == "rules") {
		parentID = rest[0]
		parentKind := kinds[coll]
		if p := c.objects[parentID]; p == nil || p.kind != parentKind {
			return notFound(parentKind, parentID)
		}
		coll = coll + "/" + parentID + "/" + rest[1]
		kind = kinds[rest[1]]
		rest = rest[2:]
	}
	if len(rest) == 0 {
		switch r.Method {
		case http.MethodGet:
			return c.list(r, coll, kind, c.linkBase()+"/v2/lbaas/"+coll)
		case http.MethodPost:
			var env map[string]map[string]any
			if err := json.Unmarshal(body, &env); err != nil || env[kind] == nil {
				return 400, OctaviaFault("Invalid input: missing " + kind), nil
			}
			return c.createChecked(kind, coll, parentID, env[kind])
		case http.MethodPut:
			if kind == "member" {
				return c.batchMembers(parentID, body)
			}
		}
		return 405, OctaviaFault("Method not allowed."), nil
	}
	id := rest[0]
	o := c.objects[id]
	if o == nil || o.kind != kind {
		return notFound(kind, id)
	}
	if len(rest) == 2 {
		switch {
		case rest[1] == "stats" && r.Method == http.MethodGet && (kind == "loadbalancer" || kind == "listener"):
			return 200, map[string]any{"stats": map[string]any{"active_connections": 0, "bytes_in": 1024, "bytes_out": 4096, "request_errors": 0, "total_connections": 7}}, nil
		case rest[1] == "status" && r.Method == http.MethodGet && kind == "loadbalancer":
			return 200, map[string]any{"statuses": map[string]any{"loadbalancer": c.statusTree(o)}}, nil
		case rest[1] == "failover" && r.Method == http.MethodPut && kind == "loadbalancer":
			if o.pending {
				return immutable(id)
			}
			c.pend(o, "UPDATE")
			return 202, nil, nil
		}
		return 404, OctaviaFault("The resource could not be found."), nil
	}
	switch r.Method {
	case http.MethodGet:
		return 200, map[string]any{kind: o.attrs}, nil
	case http.MethodPut:
		if lb := c.objects[o.lb]; lb != nil && lb.pending {
			return immutable(o.lb)
		}
		var env map[string]map[string]any
		if err := json.Unmarshal(body, &env); err != nil || env[kind] == nil {
			return 400, OctaviaFault("Invalid input: missing " + kind), nil
		}
		for k, v := range env[kind] {
			if k == "id" || k == "provisioning_status" || k == "operating_status" {
				continue
			}
			o.attrs[k] = v
		}
		o.attrs["updated_at"] = time.Now().UTC().Format(Stamp)
		c.pend(o, "UPDATE")
		return 200, map[string]any{kind: o.attrs}, nil
	case http.MethodDelete:
		if lb := c.objects[o.lb]; lb != nil && lb.pending {
			return immutable(o.lb)
		}
		if kind == "loadbalancer" && r.URL.Query().Get("cascade") != "true" {
			for _, x := range c.objects {
				if x.lb == id && x != o {
					return 400, OctaviaFault("Cannot delete Load Balancer " + id + " - it has children"), nil
				}
			}
		}
		c.pend(o, "DELETE")
		return 204, nil, nil
	}
	return 405, OctaviaFault("Method not allowed."), nil
}

func (c *Cloud) linkBase() string {
	if c.LinkBase != "" {
		return c.LinkBase
	}
	return c.Base + "/load-balancer"
}

// parentLB finds the load balancer a new object belongs to.
func (c *Cloud) parentLB(kind, parentID string, attrs map[string]any) (string, error) {
	ref := func(key, want string) (*object, error) {
		id, _ := attrs[key].(string)
		if id == "" {
			return nil, fmt.Errorf("missing %s", key)
		}
		o := c.objects[id]
		if o == nil || o.kind != want {
			return nil, fmt.Errorf("%s %s not found", want, id)
		}
		return o, nil
	}
	switch kind {
	case "loadbalancer":
		return "", nil
	case "listener":
		o, err := ref("loadbalancer_id", "loadbalancer")
		if err != nil {
			return "", err
		}
		return o.attrs["id"].(string), nil
	case "pool":
		if o, err := ref("listener_id", "listener"); err == nil {
			return o.lb, nil
		}
		o, err := ref("loadbalancer_id", "loadbalancer")
		if err != nil {
			return "", err
		}
		return o.attrs["id"].(string), nil
	case "healthmonitor":
		o, err := ref("pool_id", "pool")
		if err != nil {
			return "", err
		}
		return o.lb, nil
	case "l7policy":
		o, err := ref("listener_id", "listener")
		if err != nil {
			return "", err
		}
		return o.lb, nil
	case "member", "rule":
		return c.objects[parentID].lb, nil
	}
	return "", fmt.Errorf("unknown kind %s", kind)
}

func (c *Cloud) createChecked(kind, coll, parentID string, attrs map[string]any) (int, any, http.Header) {
	lbID, err := c.parentLB(kind, parentID, attrs)
	if err != nil {
		return 400, OctaviaFault("Validation failure: " + err.Error() + "."), nil
	}
	if lb := c.objects[lbID]; lb != nil && lb.pending {
		return immutable(lbID)
	}
	if kind == "member" {
		for _, m := range c.colls[coll] {
			if fmt.Sprint(m.attrs["address"]) == fmt.Sprint(attrs["address"]) && fmt.Sprint(m.attrs["protocol_port"]) == fmt.Sprint(attrs["protocol_port"]) {
				return 409, OctaviaFault(fmt.Sprintf("Another member on this pool is already using ip %v on protocol_port %v", attrs["address"], attrs["protocol_port"])), nil
			}
		}
	}
	o := c.create(kind, coll, lbID, attrs)
	if kind == "loadbalancer" {
		c.populate(o, attrs)
	}
	c.pend(o, "CREATE")
	return 201, map[string]any{kind: o.attrs}, nil
}

// populate creates the listeners and pools of a fully populated load balancer.
func (c *Cloud) populate(lb *object, attrs map[string]any) {
	id := lb.attrs["id"].(string)
	var ls, ps []any
	if pools, ok := attrs["pools"].([]any); ok {
		for _, p := range pools {
			pa, _ := p.(map[string]any)
			pa["loadbalancer_id"] = id
			members, _ := pa["members"].([]any)
			po := c.create("pool", "pools", id, pa)
			for _, m := range members {
				ma, _ := m.(map[string]any)
				c.create("member", "pools/"+po.attrs["id"].(string)+"/members", id, ma)
			}
			ps = append(ps, map[string]any{"id": po.attrs["id"]})
		}
	}
	if listeners, ok := attrs["listeners"].([]any); ok {
		for _, l := range listeners {
			la, _ := l.(map[string]any)
			la["loadbalancer_id"] = id
			lo := c.create("listener", "listeners", id, la)
			ls = append(ls, map[string]any{"id": lo.attrs["id"]})
		}
	}
	lb.attrs["listeners"], lb.attrs["pools"] = orEmpty(ls), orEmpty(ps)
	for _, o := range c.objects {
		if o.lb == id && o != lb {
			o.attrs["provisioning_status"] = "PENDING_CREATE"
			o.pending, o.until, o.final = true, time.Now().Add(c.Delay), "ACTIVE"
		}
	}
}

func orEmpty(s []any) []any {
	if s == nil {
		return []any{}
	}
	return s
}

// create stores a new object of kind with the defaults Octavia fills in.
func (c *Cloud) create(kind, coll, lbID string, attrs map[string]any) *object {
	id := c.newID()
	a := map[string]any{
		"id": id, "name": "", "description": "", "provisioning_status": "PENDING_CREATE",
		"operating_status": "OFFLINE", "admin_state_up": true, "project_id": "p-demo", "tenant_id": "p-demo",
		"created_at": time.Now().UTC().Format(Stamp), "updated_at": nil, "tags": []any{},
	}
	switch kind {
	case "loadbalancer":
		lbID = id
		n := len(c.colls["loadbalancers"]) + 10
		maps(a, map[string]any{"vip_address": fmt.Sprintf("10.0.%d.%d", n/250, n%250+2), "vip_port_id": "port-" + id,
			"vip_subnet_id": "subnet-public", "vip_network_id": "net-public", "vip_qos_policy_id": nil, "vip_sg_ids": nil,
			"listeners": []any{}, "pools": []any{}, "provider": "amphora", "flavor_id": nil, "availability_zone": nil,
			"additional_vips": []any{}, "vip_vnic_type": "normal"})
	case "listener":
		maps(a, map[string]any{"protocol": "HTTP", "protocol_port": 80, "connection_limit": -1, "default_pool_id": nil,
			"loadbalancers": []any{map[string]any{"id": lbID}}, "l7policies": []any{}, "timeout_client_data": 50000,
			"timeout_member_connect": 5000, "timeout_member_data": 50000, "timeout_tcp_inspect": 0, "insert_headers": map[string]any{},
			"sni_container_refs": []any{}, "default_tls_container_ref": nil, "allowed_cidrs": nil, "tls_ciphers": nil, "tls_versions": nil, "alpn_protocols": nil})
	case "pool":
		ls := []any{}
		if l, _ := attrs["listener_id"].(string); l != "" {
			ls = append(ls, map[string]any{"id": l})
		}
		maps(a, map[string]any{"lb_algorithm": "ROUND_ROBIN", "protocol": "HTTP", "loadbalancers": []any{map[string]any{"id": lbID}},
			"listeners": ls, "members": []any{}, "healthmonitor_id": nil, "session_persistence": nil, "tls_enabled": false})
	case "member":
		maps(a, map[string]any{"address": "", "protocol_port": 80, "weight": 1, "backup": false, "subnet_id": nil,
			"monitor_address": nil, "monitor_port": nil, "operating_status": "NO_MONITOR"})
	case "healthmonitor":
		maps(a, map[string]any{"type": "HTTP", "delay": 5, "timeout": 5, "max_retries": 3, "max_retries_down": 3,
			"http_method": "GET", "url_path": "/", "expected_codes": "200", "pools": []any{map[string]any{"id": attrs["pool_id"]}}})
	case "l7policy":
		maps(a, map[string]any{"action": "REJECT", "position": 1, "redirect_pool_id": nil, "redirect_url": nil, "rules": []any{}})
	case "rule":
		maps(a, map[string]any{"type": "PATH", "compare_type": "STARTS_WITH", "value": "/", "key": nil, "invert": false})
	}
	for k, v := range attrs {
		if (kind == "loadbalancer" && (k == "listeners" || k == "pools")) || (kind == "pool" && k == "members") {
			continue
		}
		a[k] = v
	}
	if kind == "loadbalancer" {
		a["id"] = id
	}
	o := &object{kind: kind, coll: coll, lb: lbID, attrs: a}
	c.objects[id] = o
	c.colls[coll] = append(c.colls[coll], o)
	return o
}

func maps(dst, src map[string]any) {
	for k, v := range src {
		dst[k] = v
	}
}

func (c *Cloud) batchMembers(poolID string, body []byte) (int, any, http.Header) {
	pool := c.objects[poolID]
	if lb := c.objects[pool.lb]; lb != nil && lb.pending {
		return immutable(pool.lb)
	}
	var req struct {
		Members []map[string]any `json:"members"`
	}
	if err := json.Unmarshal(body, &req); err != nil {
		return 400, OctaviaFault("Invalid input: members"), nil
	}
	coll := "pools/" + poolID + "/members"
	key := func(a map[string]any) string { return fmt.Sprint(a["address"], ":", a["protocol_port"]) }
	want := map[string]map[string]any{}
	for _, m := range req.Members {
		want[key(m)] = m
	}
	for _, o := range slices.Clone(c.colls[coll]) {
		if m, ok := want[key(o.attrs)]; ok {
			maps(o.attrs, m)
			c.pend(o, "UPDATE")
			delete(want, key(o.attrs))
		} else {
			c.pend(o, "DELETE")
		}
	}
	for _, m := range req.Members {
		if _, ok := want[key(m)]; ok {
			c.pend(c.create("member", coll, pool.lb, m), "CREATE")
		}
	}
	return 202, nil, nil
}

func (c *Cloud) statusTree(lb *object) map[string]any {
	pick := func(o *object) map[string]any {
		m := map[string]any{}
		for _, k := range []string{"id", "name", "provisioning_status", "operating_status"} {
			m[k] = o.attrs[k]
		}
		return m
	}
	id := lb.attrs["id"].(string)
	tree := pick(lb)
	var listeners []any
	for _, l := range c.colls["listeners"] {
		if l.lb != id {
			continue
		}
		lm := pick(l)
		var pools []any
		for _, p := range c.colls["pools"] {
			if p.lb != id {
				continue
			}
			pm := pick(p)
			var members []any
			for _, m := range c.colls["pools/"+p.attrs["id"].(string)+"/members"] {
				members = append(members, pick(m))
			}
			pm["members"] = orEmpty(members)
			pools = append(pools, pm)
		}
		lm["pools"] = orEmpty(pools)
		listeners = append(listeners, lm)
	}
	tree["listeners"] = orEmpty(listeners)
	return tree
}

// pageKeys are the query parameters Octavia takes besides attribute filters.
var pageKeys = []string{"limit", "marker", "page_reverse", "sort", "sort_key", "sort_dir", "fields"}

// extraFilters are filters that name no attribute.
var extraFilters = map[string][]string{
	"listener": {"loadbalancer_id"}, "pool": {"loadbalancer_id", "listener_id"}, "healthmonitor": {"pool_id"},
	"loadbalancer": {"tags", "tags-any", "not-tags", "not-tags-any"},
}

// list answers a collection GET like Octavia: filters, limit/marker paging,
// page_reverse, fields, and <coll>_links built on linkPrefix.
func (c *Cloud) list(r *http.Request, coll, kind, linkPrefix string) (int, any, http.Header) {
	q := r.URL.Query()
	template := c.template(kind)
	for k := range q {
		if !slices.Contains(pageKeys, k) && template[k] == nil && !slices.Contains(extraFilters[kind], k) && !strings.HasPrefix(k, "tags") && !strings.HasPrefix(k, "not-tags") {
			return 400, OctaviaFault(fmt.Sprintf("Invalid input for field/attribute %s. Value: '%s'. Unknown parameter.", k, q.Get(k))), nil
		}
	}
	max := c.MaxPageSize
	if max == 0 {
		max = 1000
	}
	limit := max
	if s := q.Get("limit"); s != "" {
		n, err := strconv.Atoi(s)
		if err != nil || n < 1 {
			return 400, OctaviaFault(fmt.Sprintf("Invalid input for field/attribute limit. Value: '%s'.", s)), nil
		}
		limit = min(n, max)
	}
	var items []*object
	for _, o := range c.colls[coll] {
		if c.matches(o, q) {
			items = append(items, o)
		}
	}
	start, end := 0, len(items)
	reverse := strings.EqualFold(q.Get("page_reverse"), "true")
	if m := q.Get("marker"); m != "" {
		i := slices.IndexFunc(items, func(o *object) bool { return o.attrs["id"] == m })
		if i < 0 {
			return 400, OctaviaFault(fmt.Sprintf("Invalid marker: '%s'. The marker was not found.", m)), nil
		}
		if reverse {
			end = i
		} else {
			start = i + 1
		}
	}
	if reverse {
		start = max0(end - limit)
	} else {
		end = min(start+limit, len(items))
	}
	page := items[start:end]
	key := coll[strings.LastIndex(coll, "/")+1:]
	out := make([]any, 0, len(page))
	fields := q["fields"]
	for _, o := range page {
		if len(fields) == 0 {
			out = append(out, o.attrs)
			continue
		}
		m := map[string]any{}
		for _, f := range fields {
			if v, ok := o.attrs[f]; ok {
				m[f] = v
			}
		}
		out = append(out, m)
	}
	links := []any{}
	link := func(marker, rel string, rev bool) {
		href := linkPrefix + "?limit=" + strconv.Itoa(limit) + "&marker=" + marker
		if rev {
			href += "&page_reverse=True"
		}
		if c.Link != nil {
			href = c.Link(href)
		}
		links = append(links, map[string]any{"href": href, "rel": rel})
	}
	if len(page) > 0 && q.Get("marker") != "" {
		link(page[0].attrs["id"].(string), "previous", true)
	}
	if len(page) >= limit {
		link(page[len(page)-1].attrs["id"].(string), "next", false)
	}
	return 200, map[string]any{key: out, key + "_links": links}, nil
}

func max0(n int) int { return max(n, 0) }

// template returns the attributes an object of kind has.
func (c *Cloud) template(kind string) map[string]any {
	for _, o := range c.objects {
		if o.kind == kind {
			return o.attrs
		}
	}
	// no object yet: build one and throw it away
	saved := c.seq
	o := c.create(kind, "_template", "", map[string]any{})
	delete(c.objects, o.attrs["id"].(string))
	delete(c.colls, "_template")
	c.seq = saved
	return o.attrs
}

func (c *Cloud) matches(o *object, q url.Values) bool {
	for k, vs := range q {
		if slices.Contains(pageKeys, k) {
			continue
		}
		tags := tagsOf(o.attrs)
		switch k {
		case "tags":
			for _, t := range strings.Split(strings.Join(vs, ","), ",") {
				if !slices.Contains(tags, t) {
					return false
				}
			}
			continue
		case "tags-any", "not-tags", "not-tags-any":
			continue
		case "loadbalancer_id":
			if o.lb != vs[0] {
				return false
			}
			continue
		}
		v, ok := o.attrs[k]
		if !ok {
			if k == "pool_id" || k == "listener_id" {
				continue
			}
			return false
		}
		if fmt.Sprint(v) != vs[0] {
			return false
		}
	}
	return true
}

func tagsOf(attrs map[string]any) []string {
	var out []string
	switch t := attrs["tags"].(type) {
	case []any:
		for _, x := range t {
			out = append(out, fmt.Sprint(x))
		}
	case []string:
		out = append(out, t...)
	}
	return out
}

// neutron answers the read subset: /network/v2.0/{networks,subnets,ports}[/id].
func (c *Cloud) neutron(r *http.Request, parts []string) (int, any, http.Header) {
	if r.Method != http.MethodGet {
		return 405, map[string]any{"NeutronError": map[string]any{"type": "HTTPMethodNotAllowed", "message": "method not allowed", "detail": ""}}, nil
	}
	c.seedNeutron()
	coll := parts[0]
	if len(parts) == 1 {
		return c.list(r, coll, strings.TrimSuffix(coll, "s"), c.Base+"/network/v2.0/"+coll)
	}
	o := c.objects[parts[1]]
	if o == nil || o.coll != coll {
		return 404, map[string]any{"NeutronError": map[string]any{"type": "NotFound", "message": fmt.Sprintf("%s %s could not be found.", strings.TrimSuffix(coll, "s"), parts[1]), "detail": ""}}, nil
	}
	return 200, map[string]any{strings.TrimSuffix(coll, "s"): o.attrs}, nil
}

// seedNeutron adds two networks with a subnet each and a port, once.
func (c *Cloud) seedNeutron() {
	if len(c.colls["networks"]) > 0 {
		return
	}
	stamp := "2026-11-29T17:31:07Z"
	add := func(coll, id string, attrs map[string]any) {
		a := map[string]any{"id": id, "project_id": "p-demo", "tenant_id": "p-demo", "created_at": stamp, "updated_at": stamp, "tags": []any{}, "description": ""}
		maps(a, attrs)
		o := &object{kind: strings.TrimSuffix(coll, "s"), coll: coll, attrs: a}
		c.objects[id] = o
		c.colls[coll] = append(c.colls[coll], o)
	}
	for _, n := range []string{"public", "private"} {
		add("networks", "net-"+n, map[string]any{"name": n, "status": "ACTIVE", "admin_state_up": true, "shared": n == "public", "subnets": []any{"subnet-" + n}})
		add("subnets", "subnet-"+n, map[string]any{"name": n + "-subnet", "network_id": "net-" + n, "ip_version": 4, "cidr": map[string]string{"public": "172.24.4.0/24", "private": "10.0.0.0/24"}[n], "enable_dhcp": true, "gateway_ip": nil, "allocation_pools": []any{}})
	}
	add("ports", "port-vip", map[string]any{"name": "vip-port", "network_id": "net-public", "status": "ACTIVE", "admin_state_up": true, "mac_address": "fa:16:3e:00:00:01",
		"fixed_ips": []any{map[string]any{"subnet_id": "subnet-public", "ip_address": "172.24.4.10"}}, "device_owner": "", "device_id": ""})
}
