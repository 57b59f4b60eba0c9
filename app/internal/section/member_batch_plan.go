package section

import (
	"cmp"
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/gophercloud/gophercloud/v2/openstack/loadbalancer/v2/pools"
)

// Octavia's batch update replaces every member it lists: an attribute its
// entry omits is reset to Octavia's default (admin_state_up true, weight 1,
// backup false, monitor_address and monitor_port null), except name, tags
// and subnet_id, which stay. So the batch sends, for every member it keeps
// or changes, every attribute as it is now, the line's weight aside, and
// its preview lists what each member's entry will change.

// memberEntry is one member of the batch request, marshalled exactly:
// false, 0, "" and null are sent, not omitted (gophercloud's
// BatchUpdateMemberOpts omits false, empty tags and null).
type memberEntry struct {
	Address        string   `json:"address"`
	ProtocolPort   int      `json:"protocol_port"`
	Name           string   `json:"name"`
	AdminStateUp   bool     `json:"admin_state_up"`
	Weight         int      `json:"weight"`
	Backup         bool     `json:"backup"`
	SubnetID       *string  `json:"subnet_id,omitempty"` // omitted: none (a new member: the VIP's); kept as it is
	MonitorAddress *string  `json:"monitor_address"`
	MonitorPort    *int     `json:"monitor_port"`
	Tags           []string `json:"tags"` // never null: Octavia keeps the tags on null, clears them on []
}

// ToBatchMemberUpdateMap is the entry's JSON object, for
// octavia.Client.BatchUpdateMembers.
func (e memberEntry) ToBatchMemberUpdateMap() (map[string]any, error) {
	b, err := json.Marshal(e)
	if err != nil {
		return nil, err
	}
	var m map[string]any
	return m, json.Unmarshal(b, &m)
}

// keptEntry is m's entry as it is now.
func keptEntry(m pools.Member) memberEntry {
	e := memberEntry{Address: m.Address, ProtocolPort: m.ProtocolPort, Name: m.Name, AdminStateUp: m.AdminStateUp,
		Weight: m.Weight, Backup: m.Backup, Tags: append([]string{}, m.Tags...)}
	if m.SubnetID != "" {
		e.SubnetID = ptr(m.SubnetID)
	}
	if m.MonitorAddress != "" {
		e.MonitorAddress = ptr(m.MonitorAddress)
	}
	if m.MonitorPort != 0 {
		e.MonitorPort = ptr(m.MonitorPort)
	}
	return e
}

// newEntry is the entry of a member the batch creates: Octavia's defaults,
// the line's weight (1 without one).
func newEntry(l BatchLine) memberEntry {
	return memberEntry{Address: l.Address, ProtocolPort: l.Port, AdminStateUp: true, Weight: l.Weight, Tags: []string{}}
}

// attrChange is one attribute a batch changes on a member: "weight", "3", "7".
type attrChange struct{ Attr, Old, New string }

func (c attrChange) String() string { return fmt.Sprintf("%s %s → %s", c.Attr, c.Old, c.New) }

// memberChanges lists what sending e changes on m, attribute by attribute,
// as Octavia's batch update applies an entry to the member it matches.
func memberChanges(m pools.Member, e memberEntry) []attrChange {
	var out []attrChange
	add := func(attr, old, new string) {
		if old != new {
			out = append(out, attrChange{attr, old, new})
		}
	}
	orNone := func(s string) string { return cmp.Or(s, "none") }
	onOff := map[bool]string{true: "yes", false: "no"}
	add("name", orNone(m.Name), orNone(e.Name))
	add("enabled", onOff[m.AdminStateUp], onOff[e.AdminStateUp])
	add("weight", strconv.Itoa(m.Weight), strconv.Itoa(e.Weight))
	add("backup", onOff[m.Backup], onOff[e.Backup])
	if e.SubnetID != nil { // omitted: kept
		add("subnet", orNone(m.SubnetID), orNone(*e.SubnetID))
	}
	add("monitor address", orNone(m.MonitorAddress), orNone(orZero(e.MonitorAddress)))
	port := func(p int) string {
		if p == 0 {
			return "none"
		}
		return strconv.Itoa(p)
	}
	add("monitor port", port(m.MonitorPort), port(orZero(e.MonitorPort)))
	add("tags", orNone(strings.Join(m.Tags, ", ")), orNone(strings.Join(e.Tags, ", ")))
	return out
}

// orZero is *p, or T's zero value for nil.
func orZero[T any](p *T) T {
	var zero T
	if p == nil {
		return zero
	}
	return *p
}

// planItem is one member of a batch's preview.
type planItem struct {
	Change  string // "add", "keep", "change" or "remove"
	Address string
	Port    int
	Weight  int          // after the batch (before it for "remove")
	Changes []attrChange // "change": every attribute that changes
	ID      string       // of a member there now
}

// MemberPlan is what a batch does to the pool's members now, and its
// request: every line added, kept or changed, every member not listed
// removed. A listed member's entry is the member as it is, the line's
// weight aside, so a kept member stays as it is in every attribute.
func MemberPlan(lines []BatchLine, current []pools.Member) ([]planItem, []memberEntry) {
	cur := map[string]pools.Member{}
	for _, m := range current {
		cur[memberKey(m.Address, m.ProtocolPort)] = m
	}
	var plan []planItem
	entries := make([]memberEntry, 0, len(lines))
	for _, l := range lines {
		m, ok := cur[l.key()]
		if !ok {
			e := newEntry(l)
			plan = append(plan, planItem{Change: "add", Address: l.Address, Port: l.Port, Weight: e.Weight})
			entries = append(entries, e)
			continue
		}
		delete(cur, l.key())
		e := keptEntry(m) // its address as Octavia holds it: Octavia matches the strings
		if l.HasWt {
			e.Weight = l.Weight
		}
		it := planItem{Change: "keep", Address: l.Address, Port: l.Port, Weight: e.Weight, ID: m.ID, Changes: memberChanges(m, e)}
		if len(it.Changes) > 0 {
			it.Change = "change"
		}
		plan = append(plan, it)
		entries = append(entries, e)
	}
	gone := make([]planItem, 0, len(cur))
	for _, m := range cur {
		gone = append(gone, planItem{Change: "remove", Address: m.Address, Port: m.ProtocolPort, Weight: m.Weight, ID: m.ID})
	}
	slices.SortFunc(gone, func(a, b planItem) int {
		return cmp.Or(cmp.Compare(a.Address, b.Address), cmp.Compare(a.Port, b.Port))
	})
	return append(plan, gone...), entries
}

// PlanSummary counts a plan: "2 added, 1 kept, 1 changed, 1 removed".
func PlanSummary(plan []planItem) string {
	n := map[string]int{}
	for _, it := range plan {
		n[it.Change]++
	}
	return fmt.Sprintf("%d added, %d kept, %d changed, %d removed", n["add"], n["keep"], n["change"], n["remove"])
}

// BatchRequest is the entries as octavia.Client.BatchUpdateMembers takes them.
func BatchRequest(entries []memberEntry) []pools.BatchUpdateMemberOptsBuilder {
	out := make([]pools.BatchUpdateMemberOptsBuilder, len(entries))
	for i, e := range entries {
		out[i] = e
	}
	return out
}
