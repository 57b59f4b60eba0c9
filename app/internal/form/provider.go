package form

import (
	"slices"
	"strings"

	"github.com/octaview/octaview/octavia"
)

// What a provider driver takes of Octavia's choices. Octavia's API names
// the providers (GET /v2/lbaas/providers) and the flavor and availability
// zone options each takes (…/flavor_capabilities,
// …/availability_zone_capabilities), but not the algorithms, protocols
// and monitor types: a driver refuses the others at the request, with a
// 501 whose faultstring names the option (the form shows it at the
// field). The forms offer only what the load balancer's provider takes,
// decided from the drivers' own code:
//
//   - amphora, and octavia (its alias): Zed's amphora driver
//     (octavia/api/drivers/amphora_driver/v2/driver.py) takes the
//     algorithms ROUND_ROBIN, LEAST_CONNECTIONS and SOURCE_IP
//     (AMPHORA_SUPPORTED_LB_ALGORITHMS) and refuses SOURCE_IP_PORT with
//     501 on a pool's create and update; it takes every listener protocol
//     of the API (AMPHORA_SUPPORTED_PROTOCOLS), every pool protocol and
//     monitor type.
//   - ovn (ovn-octavia-provider, common/constants.py): the algorithm
//     SOURCE_IP_PORT only (OVN_NATIVE_LB_ALGORITHMS), the protocols TCP,
//     UDP and SCTP for listeners and pools (OVN_NATIVE_LB_PROTOCOLS), the
//     monitor types TCP and UDP-CONNECT (SUPPORTED_HEALTH_MONITOR_TYPES);
//     it has no L7 policies.
//   - any other provider: everything the API takes (its driver's 501, if
//     any, is shown at the field it names).
//
// A create that names no provider gets the deployment's default, which the
// API does not tell: the forms then offer what any of the cloud's
// providers takes (Supported with several names).

// choiceKey names a field of a kind that a driver restricts.
type choiceKey struct {
	kind octavia.Kind
	key  string
}

// Support is what one provider driver takes: for a kind's field, its
// choices (a field not listed takes all of Octavia's), and whether it has
// L7 policies.
type Support struct {
	Name    string
	choices map[choiceKey][]string
	NoL7    bool
}

// amphoraSupport is what the amphora driver takes.
func amphoraSupport() Support {
	return Support{Name: "amphora", choices: map[choiceKey][]string{
		{octavia.KindPool, "lb_algorithm"}: {"ROUND_ROBIN", "LEAST_CONNECTIONS", "SOURCE_IP"},
	}}
}

// ovnSupport is what the ovn driver takes.
func ovnSupport() Support {
	return Support{Name: "ovn", NoL7: true, choices: map[choiceKey][]string{
		{octavia.KindPool, "lb_algorithm"}: {"SOURCE_IP_PORT"},
		{octavia.KindPool, "protocol"}:     {"TCP", "UDP", "SCTP"},
		{octavia.KindListener, "protocol"}: {"TCP", "UDP", "SCTP"},
		{octavia.KindMonitor, "type"}:      {"TCP", "UDP-CONNECT"},
	}}
}

// ProviderSupport is what the provider named name takes; ok is false for a
// provider whose rules the console does not know (it then offers
// everything).
func ProviderSupport(name string) (Support, bool) {
	switch strings.ToLower(name) {
	case "amphora", "octavia", "amphorav2":
		s := amphoraSupport()
		s.Name = name
		return s, true
	case "ovn":
		return ovnSupport(), true
	}
	return Support{Name: name}, false
}

// Supported is what a create that names one of providers takes (several:
// a create that names none gets the deployment's default, one of them):
// the union of their choices; any unknown provider takes everything.
func Supported(providers ...string) Support {
	out := Support{Name: strings.Join(providers, ", "), choices: map[choiceKey][]string{}, NoL7: len(providers) > 0}
	all := map[choiceKey]bool{} // fields some provider does not restrict
	for _, p := range providers {
		s, ok := ProviderSupport(p)
		if !ok {
			return Support{Name: out.Name}
		}
		out.NoL7 = out.NoL7 && s.NoL7
		for _, k := range restricted() {
			c, limited := s.choices[k]
			if !limited {
				all[k] = true
				continue
			}
			for _, v := range c {
				if !slices.Contains(out.choices[k], v) {
					out.choices[k] = append(out.choices[k], v)
				}
			}
		}
	}
	for k := range all {
		delete(out.choices, k)
	}
	return out
}

// restricted are the fields some driver restricts.
func restricted() []choiceKey {
	var out []choiceKey
	for _, s := range []Support{amphoraSupport(), ovnSupport()} {
		for k := range s.choices {
			if !slices.Contains(out, k) {
				out = append(out, k)
			}
		}
	}
	return out
}

// Allows reports whether the provider takes value for field key of kind.
func (s Support) Allows(kind octavia.Kind, key, value string) bool {
	c, ok := s.choices[choiceKey{kind, key}]
	return !ok || slices.Contains(c, value)
}

// Narrow returns kind's fields as s takes them: each restricted field's
// Choices cut to what the provider takes (in Octavia's order), its Default
// the first of them when the old one is not, and a hint that says why the
// others are not offered. Fields it does not restrict are as they were.
func (s Support) Narrow(kind octavia.Kind, fields []Field) []Field {
	out := slices.Clone(fields)
	for i, f := range out {
		allowed, ok := s.choices[choiceKey{kind, f.Key}]
		if !ok || len(f.Choices) == 0 {
			continue
		}
		var keep, dropped []string
		for _, c := range f.Choices {
			if slices.Contains(allowed, c) {
				keep = append(keep, c)
			} else {
				dropped = append(dropped, c)
			}
		}
		if len(dropped) == 0 {
			continue
		}
		f.Choices = keep
		if !slices.Contains(keep, f.Default) && f.Default != "" && len(keep) > 0 {
			f.Default = keep[0]
		}
		hint := "The " + s.Name + " provider does not support " + strings.Join(dropped, ", ") + "."
		if strings.Contains(s.Name, ", ") {
			hint = "This cloud's providers (" + s.Name + ") do not support " + strings.Join(dropped, ", ") + "."
		}
		if f.Hint != "" {
			hint = f.Hint + " " + hint
		}
		f.Hint = hint
		out[i] = f
	}
	return out
}

// Fix changes the values of v that s does not take for kind's fields to
// the field's first allowed choice (a provider picked after its values
// were), and returns the keys it changed.
func (s Support) Fix(kind octavia.Kind, fields []Field, v Values) []string {
	var changed []string
	for _, f := range s.Narrow(kind, fields) {
		if val := v[f.Key]; val != "" && len(f.Choices) > 0 && f.Type != List && !slices.Contains(f.Choices, val) {
			v[f.Key] = f.Choices[0]
			changed = append(changed, f.Key)
		}
	}
	return changed
}

// DefaultProvider is the provider a new load balancer's form picks first
// among the cloud's providers: amphora (Octavia's own
// default_provider_driver), or its alias octavia, when the cloud lists it;
// the only one when there is one; else "" (the deployment's default,
// which the API does not tell).
func DefaultProvider(cloud []string) string {
	for _, name := range []string{"amphora", "octavia"} {
		if slices.Contains(cloud, name) {
			return name
		}
	}
	if len(cloud) == 1 {
		return cloud[0]
	}
	return ""
}

// ForCreate is what the children of a load balancer created with provider
// named take, the one rule of the forms and the wizard: the named
// provider's choices, or when none is named ("") what any of the cloud's
// providers takes (Supported).
func ForCreate(named string, cloud []string) Support {
	if named != "" {
		return Supported(named)
	}
	return Supported(cloud...)
}
