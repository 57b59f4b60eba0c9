//go:build fidelity

package labcloud

import (
	"cmp"
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"testing"
)

// fidTypeErrorsWorded are type errors a real Zed words otherwise than the
// lab: wsme converts ints, booleans and lists itself and its error names
// the whole body ("field/attribute listener_. Value: '{...}'"); the lab
// names the attribute and the value sent.
var fidTypeErrorsWorded = map[string]string{
	"400 protocol_port a string":  "Zed: 'listener_', the body as a Python dict, invalid literal for int()",
	"400 admin_state_up a string": "Zed: 'listener_', the body as a Python dict, Value not an unambiguous boolean",
	"400 tags a string":           "Zed: 'listener_', the body as a Python dict, Value not a valid list",
}

// TestFidelityGraphAndPools: a pool may be the default pool of two
// listeners (by create and by update) and lists both; a fully populated
// create places L7 policies at the positions the body gives; a value of
// the wrong JSON type is shown in the 400 as sent.
func TestFidelityGraphAndPools(t *testing.T) {
	upstream, lab := fidTargets(t)

	realRec, labRec := fidRunBoth(t, upstream, lab, fidGraphPoolsScript)
	t.Logf("%d steps compared", fidCompareSteps(t, realRec, labRec, fidTypeErrorsWorded))
	if got := fidStepBody(t, realRec, "graph l7policies by position")["order"]; got != "second@1 first@2 third@3" {
		t.Errorf("real cloud: graph l7policies %v, want second@1 first@2 third@3", got)
	}
}

func fidGraphPoolsScript(tr *fidTranscript) {
	const lbs = "/v2/lbaas/loadbalancers"
	tg := tr.tg
	var made []string
	defer func() { // the real cloud is shared: leave nothing behind
		for _, L := range made {
			tr.settle(L)
			if code, b, err := tg.do(http.MethodDelete, tg.base+L+"?cascade=true", nil); err != nil || code != http.StatusNoContent {
				tr.unexpected = append(tr.unexpected, fmt.Sprintf("DELETE %s?cascade=true: got %d %v %.200s, want 204", L, code, err, b))
			}
		}
	}()
	lb := fidID(tr.write("POST loadbalancer", http.MethodPost, lbs, map[string]any{"loadbalancer": map[string]any{
		"name": "fid-shared-" + tr.sfx, "vip_subnet_id": tg.subnet,
	}}, 201, fidWatch{"lb", lbs + "/{self}", false}), "loadbalancer")
	L := lbs + "/" + lb
	made = append(made, L)
	pool := fidID(tr.write("POST pool", http.MethodPost, "/v2/lbaas/pools", map[string]any{"pool": map[string]any{
		"name": "fid-shared-pool", "protocol": "HTTP", "lb_algorithm": "ROUND_ROBIN", "loadbalancer_id": lb,
	}}, 201, fidWatch{"pool", "/v2/lbaas/pools/{self}", false}, fidWatch{"lb", L, false}), "pool")
	for _, port := range []int{80, 81} {
		tr.write(fmt.Sprintf("POST listener %d default_pool_id shared", port), http.MethodPost, "/v2/lbaas/listeners", map[string]any{"listener": map[string]any{
			"protocol": "HTTP", "protocol_port": port, "loadbalancer_id": lb, "default_pool_id": pool,
		}}, 201, fidWatch{"listener", "/v2/lbaas/listeners/{self}", false}, fidWatch{"lb", L, false})
	}
	third := fidID(tr.write("POST listener 82", http.MethodPost, "/v2/lbaas/listeners", map[string]any{"listener": map[string]any{
		"protocol": "HTTP", "protocol_port": 82, "loadbalancer_id": lb,
	}}, 201, fidWatch{"listener", "/v2/lbaas/listeners/{self}", false}, fidWatch{"lb", L, false}), "listener")
	tr.write("PUT listener 82 default_pool_id shared", http.MethodPut, "/v2/lbaas/listeners/"+third, map[string]any{"listener": map[string]any{
		"default_pool_id": pool,
	}}, 200, fidWatch{"lb", L, false})
	tr.call("GET pool of three listeners", http.MethodGet, "/v2/lbaas/pools/"+pool, nil)

	// wrong JSON types
	bad := func(step, attr, value string) {
		tr.call(step, http.MethodPost, "/v2/lbaas/listeners",
			`{"listener":{"loadbalancer_id":"`+lb+`","protocol":"HTTP","protocol_port":83,"`+attr+`":`+value+`}}`)
	}
	bad("400 name a number", "name", "5")
	bad("400 name a float", "name", "5.5")
	bad("400 description a boolean", "description", "true")
	bad("400 name an object", "name", `{"a":1}`)
	bad("400 name a list", "name", `["a",1]`)
	bad("400 protocol_port a string", "protocol_port", `"abc"`)
	bad("400 admin_state_up a string", "admin_state_up", `"maybe"`)
	bad("400 tags a string", "tags", `"x"`)

	// a fully populated create with L7 policy positions
	raw, _ := json.Marshal(map[string]any{"loadbalancer": map[string]any{
		"name": "fid-graph-" + tr.sfx, "vip_subnet_id": tg.subnet,
		"listeners": []any{map[string]any{"protocol": "HTTP", "protocol_port": 80, "l7policies": []any{
			map[string]any{"name": "first", "action": "REJECT", "position": 2},
			map[string]any{"name": "second", "action": "REJECT", "position": 1},
			map[string]any{"name": "third", "action": "REJECT"},
		}}},
	}})
	code, b, err := tg.do(http.MethodPost, tg.base+lbs, raw)
	if err != nil || code != http.StatusCreated {
		panic(fidStop{fmt.Sprintf("POST graph: got %d %v %.300s", code, err, b)})
	}
	var created struct {
		LB struct {
			ID        string `json:"id"`
			Listeners []struct {
				ID         string           `json:"id"`
				L7policies []map[string]any `json:"l7policies"`
			} `json:"listeners"`
		} `json:"loadbalancer"`
	}
	if err := json.Unmarshal(b, &created); err != nil || len(created.LB.Listeners) != 1 {
		panic(fidStop{fmt.Sprintf("POST graph: %v %.300s", err, b)})
	}
	G := lbs + "/" + created.LB.ID
	made = append(made, G)
	order := func(step string, pols []map[string]any) {
		var s []string
		for _, p := range pols {
			s = append(s, fmt.Sprintf("%v@%v", p["name"], p["position"]))
		}
		tr.steps = append(tr.steps, fidRecord{step: step, code: http.StatusOK, body: map[string]any{"order": strings.Join(s, " ")}})
	}
	order("graph create l7policies", created.LB.Listeners[0].L7policies)
	tr.settle(G)
	code, b, err = tg.get("/v2/lbaas/l7policies?listener_id=" + created.LB.Listeners[0].ID)
	var page struct {
		L7policies []map[string]any `json:"l7policies"`
	}
	if err != nil || code != http.StatusOK || json.Unmarshal(b, &page) != nil {
		panic(fidStop{fmt.Sprintf("GET l7policies: got %d %v %.300s", code, err, b)})
	}
	slices.SortFunc(page.L7policies, func(a, b map[string]any) int {
		return cmp.Compare(fmt.Sprint(a["position"]), fmt.Sprint(b["position"]))
	})
	order("graph l7policies by position", page.L7policies)
}
