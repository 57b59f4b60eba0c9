//go:build fidelity

package labcloud

import (
	"cmp"
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"testing"
)

// TestFidelityMemberBatch sends the same member batch updates (PUT
// /v2/lbaas/pools/{pool}/members) to the real Zed and to the lab and
// compares, after each, the pool's members attribute by attribute (ids and
// timestamps aside): a console's batch that sends every attribute of the
// members it keeps leaves a disabled member disabled, a backup member
// backup and a monitor address and port in place; a batch that omits them
// resets them to Octavia's defaults; name, tags and subnet stay when
// omitted; an unlisted member is deleted.
func TestFidelityMemberBatch(t *testing.T) {
	upstream, lab := fidTargets(t)

	realRec, labRec := fidRunBoth(t, upstream, lab, fidBatchScript)
	t.Logf("%d steps compared", fidCompareSteps(t, realRec, labRec, nil))
	// what the console's batch must leave, whatever the lab does
	kept := fidStepBody(t, realRec, "members after the console's batch")
	for addr, want := range map[string]map[string]any{
		"192.0.2.1:80": {"admin_state_up": false, "weight": float64(5), "tags": []any{"t1"}, "name": "dis", "subnet_id": "<vip subnet>"},
		"192.0.2.2:80": {"backup": true, "monitor_address": "192.0.2.99", "monitor_port": float64(9000), "name": "bak"},
	} {
		m, _ := kept[addr].(map[string]any)
		for k, v := range want {
			if fmt.Sprint(m[k]) != fmt.Sprint(v) {
				t.Errorf("real cloud after the console's batch: %s %s = %v, want %v", addr, k, m[k], v)
			}
		}
	}
}

// fidStepBody is the body a step recorded, as a map.
func fidStepBody(t *testing.T, tr *fidTranscript, step string) map[string]any {
	t.Helper()
	for _, r := range tr.steps {
		if r.step == step {
			m, _ := r.body.(map[string]any)
			return m
		}
	}
	t.Fatalf("no step %q", step)
	return nil
}

// fidBatchScript is the batch updates sent to both clouds.
func fidBatchScript(tr *fidTranscript) {
	const lbs = "/v2/lbaas/loadbalancers"
	tg := tr.tg
	lb := fidID(tr.write("POST loadbalancer", http.MethodPost, lbs, map[string]any{"loadbalancer": map[string]any{
		"name": "fid-batch-" + tr.sfx, "vip_subnet_id": tg.subnet,
	}}, 201, fidWatch{"lb", lbs + "/{self}", false}), "loadbalancer")
	L := lbs + "/" + lb
	defer func() { // the real cloud is shared: leave nothing behind
		if code, b, err := tg.do(http.MethodDelete, tg.base+L+"?cascade=true", nil); err != nil || code != http.StatusNoContent {
			tr.unexpected = append(tr.unexpected, fmt.Sprintf("DELETE %s?cascade=true: got %d %v %.200s, want 204", L, code, err, b))
		}
	}()
	pool := fidID(tr.write("POST pool", http.MethodPost, "/v2/lbaas/pools", map[string]any{"pool": map[string]any{
		"name": "fid-batch-pool", "protocol": "HTTP", "lb_algorithm": "ROUND_ROBIN", "loadbalancer_id": lb,
	}}, 201, fidWatch{"pool", "/v2/lbaas/pools/{self}", false}, fidWatch{"lb", L, false}), "pool")
	P := "/v2/lbaas/pools/" + pool
	batch := func(step string, members ...map[string]any) {
		if members == nil {
			members = []map[string]any{}
		}
		tr.write(step, http.MethodPut, P+"/members", map[string]any{"members": members}, 202,
			fidWatch{"lb", L, false}, fidWatch{"pool", P, false})
		tr.members("members after "+step, P)
	}
	m := func(addr string, kv ...any) map[string]any {
		out := map[string]any{"address": addr, "protocol_port": 80}
		for i := 0; i+1 < len(kv); i += 2 {
			out[kv[i].(string)] = kv[i+1]
		}
		return out
	}

	batch("create three",
		m("192.0.2.1", "name", "dis", "admin_state_up", false, "weight", 5, "tags", []string{"t1"}, "subnet_id", tg.subnet),
		m("192.0.2.2", "name", "bak", "backup", true, "monitor_address", "192.0.2.99", "monitor_port", 9000),
		m("192.0.2.3", "name", "gone"))
	// as app/internal/console/member_batch_plan.go sends a kept member: every attribute as it is
	batch("the console's batch",
		m("192.0.2.1", "name", "dis", "admin_state_up", false, "weight", 5, "backup", false, "subnet_id", tg.subnet,
			"monitor_address", nil, "monitor_port", nil, "tags", []string{"t1"}),
		m("192.0.2.2", "name", "bak", "admin_state_up", true, "weight", 1, "backup", true,
			"monitor_address", "192.0.2.99", "monitor_port", 9000, "tags", []string{}),
		m("192.0.2.4", "name", "", "admin_state_up", true, "weight", 0, "backup", false,
			"monitor_address", nil, "monitor_port", nil, "tags", []string{}))
	batch("address and port only",
		m("192.0.2.1"), m("192.0.2.2", "weight", 3), m("192.0.2.4"))
	batch("nulls and empty tags",
		m("192.0.2.1", "name", nil, "subnet_id", nil, "tags", nil),
		m("192.0.2.2", "tags", []string{}, "name", "b"),
		m("192.0.2.4", "tags", []string{"x", "a"}, "weight", "7", "backup", "true"))
	tr.call("400 weight over 256", http.MethodPut, P+"/members", map[string]any{"members": []any{m("192.0.2.1"), m("192.0.2.5", "weight", 300)}})
	tr.call("400 weight under 0", http.MethodPut, P+"/members", map[string]any{"members": []any{m("192.0.2.1", "weight", -1)}})
	tr.call("400 unknown attribute", http.MethodPut, P+"/members", map[string]any{"members": []any{m("192.0.2.1", "description", "d")}})
	tr.call("400 no address", http.MethodPut, P+"/members", map[string]any{"members": []any{map[string]any{"protocol_port": 80}}})
	tr.members("members after the refused batches", P)
	batch("an empty set")
	batch("an empty set on an empty pool")
}

// members records the pool's members, by address:port, every attribute
// but ids, timestamps and the project; the VIP subnet is "<vip subnet>".
func (tr *fidTranscript) members(step, pool string) {
	code, b, err := tr.tg.get(pool + "/members")
	if err != nil {
		panic(fidStop{fmt.Sprintf("%s: %v", step, err)})
	}
	var page struct {
		Members []map[string]any `json:"members"`
	}
	if code != http.StatusOK || json.Unmarshal(b, &page) != nil {
		panic(fidStop{fmt.Sprintf("%s: got %d %.200s", step, code, b)})
	}
	out := map[string]any{}
	for _, m := range page.Members {
		key := fmt.Sprintf("%v:%v", m["address"], m["protocol_port"])
		for _, k := range []string{"id", "created_at", "updated_at", "project_id", "tenant_id", "operating_status"} {
			delete(m, k)
		}
		if s, ok := m["subnet_id"].(string); ok {
			m["subnet_id"] = cmp.Or(map[bool]string{true: "<vip subnet>"}[s == tr.tg.subnet], "<other subnet>")
		}
		if tags, ok := m["tags"].([]any); ok {
			slices.SortFunc(tags, func(a, b any) int { return cmp.Compare(fmt.Sprint(a), fmt.Sprint(b)) })
		}
		out[key] = m
	}
	tr.steps = append(tr.steps, fidRecord{step: step, code: code, body: out})
}
