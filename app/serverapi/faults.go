package serverapi

import (
	"encoding/json"
	"fmt"
	"strings"
	"time"
)

// Duration is a time.Duration written in JSON as Go text ("250ms", "30s");
// it also reads a number of seconds, and "" as 0.
type Duration struct{ time.Duration }

func (d Duration) MarshalJSON() ([]byte, error) { return json.Marshal(d.String()) }

func (d *Duration) UnmarshalJSON(b []byte) error {
	var s string
	if err := json.Unmarshal(b, &s); err != nil {
		var n float64
		if err2 := json.Unmarshal(b, &n); err2 != nil {
			return fmt.Errorf("duration: want a string like \"250ms\": %w", err)
		}
		d.Duration = time.Duration(n * float64(time.Second))
		return nil
	}
	if s == "" {
		d.Duration = 0
		return nil
	}
	v, err := time.ParseDuration(s)
	if err != nil {
		return err
	}
	d.Duration = v
	return nil
}

// Faults are the failures the lab injects, for teaching: the body of
// FaultsRequest and Class.Faults, and the lab's own (labcloud.Faults is
// this type; the lab sets them from its scenario and at runtime through
// its PUT /lab/faults and TrainerFaultsPath).
type Faults struct {
	// Latency is added to every Keystone, Octavia and Neutron answer to
	// anyone but the lab's admins; at most labcloud.MaxLatency.
	Latency Duration `json:"latency"`
	// ErrorRate is the fraction (0..1) of Octavia answers replaced by a 500
	// fault; which ones is reproducible from the lab's seed.
	ErrorRate float64 `json:"error_rate"`
	// Error names resources (name or id) whose next transition ends in ERROR;
	// an ACTIVE one goes to ERROR at once.
	Error []string `json:"error,omitempty"`
	// Stuck names resources (name or id) that stay in PENDING_* until the
	// fault is lifted; an ACTIVE one goes to PENDING_UPDATE at once.
	Stuck []string `json:"stuck,omitempty"`
	// DownMembers names members (name, id or address) whose health monitor
	// fails: the member goes ERROR, its pool DEGRADED or ERROR.
	DownMembers []string `json:"down_members,omitempty"`
	// TokenTTL, when set, makes every token die that long after it was
	// issued, whatever its expires_at says.
	TokenTTL Duration `json:"token_ttl"`
	// Octavia and Keystone are outages: "" (none), "503" or "reset".
	Octavia  string `json:"octavia"`
	Keystone string `json:"keystone"`
	// Barbican is an outage of the lab's key manager: "" (none), "503" or
	// "reset"; the lab's Octavia then cannot read any certificate.
	Barbican string `json:"barbican,omitempty"`
}

// Summary lists the faults of f in words, one item each ("latency 300ms",
// "members down: 10.0.0.12"); none for no fault.
func (f Faults) Summary() []string {
	var out []string
	if f.Latency.Duration > 0 {
		out = append(out, "latency "+f.Latency.String())
	}
	if f.ErrorRate > 0 {
		out = append(out, fmt.Sprintf("%g%% of Octavia answers are 500", f.ErrorRate*100))
	}
	if len(f.Error) > 0 {
		out = append(out, "forced to ERROR: "+strings.Join(f.Error, ", "))
	}
	if len(f.Stuck) > 0 {
		out = append(out, "stuck in PENDING_*: "+strings.Join(f.Stuck, ", "))
	}
	if len(f.DownMembers) > 0 {
		out = append(out, "members down: "+strings.Join(f.DownMembers, ", "))
	}
	if f.TokenTTL.Duration > 0 {
		out = append(out, "tokens live "+f.TokenTTL.String())
	}
	if f.Octavia != "" {
		out = append(out, "Octavia down ("+f.Octavia+")")
	}
	if f.Keystone != "" {
		out = append(out, "Keystone down ("+f.Keystone+")")
	}
	if f.Barbican != "" {
		out = append(out, "Barbican down ("+f.Barbican+")")
	}
	return out
}
