package labcloud

import (
	"encoding/json"
	"net/http"
	"slices"
	"time"
)

func (c providerKind) list(w http.ResponseWriter, r *http.Request, k *caller, now time.Time) *apiError {
	list := []map[string]string{}
	for _, p := range providers {
		list = append(list, map[string]string{"name": p.name, "description": p.description})
	}
	writeJSON(w, http.StatusOK, map[string]any{"providers": list})
	return nil
}

var flavorCaps = []map[string]string{
	{"name": "loadbalancer_topology", "description": "The load balancer topology. One of: SINGLE - One amphora per load balancer. ACTIVE_STANDBY - Two amphora per load balancer."},
	{"name": "compute_flavor", "description": "The compute driver flavor ID."},
	{"name": "amp_image_tag", "description": "The amphora image tag."},
}

var azCaps = []map[string]string{
	{"name": "compute_zone", "description": "The compute availability zone."},
	{"name": "management_network", "description": "The management network ID for the amphora."},
	{"name": "valid_vip_networks", "description": "List of network IDs that are allowed for VIP use. This overrides/replaces the list of allowed networks configured in `octavia.conf`."},
}

func (c providerKind) capabilities(w http.ResponseWriter, r *http.Request, k *caller, key string, caps []map[string]string) *apiError {
	if err := k.adminOnly(); err != nil {
		return err
	}
	name := r.PathValue("provider")
	if !providerEnabled(name) {
		return errorf(http.StatusBadRequest, "Provider '%s' is not enabled.", name)
	}
	q := r.URL.Query()
	list := []map[string]string{}
	for _, cp := range caps {
		if n := q.Get("name"); n != "" && n != cp["name"] {
			continue
		}
		list = append(list, cp)
	}
	writeJSON(w, http.StatusOK, map[string]any{key: list})
	return nil
}

func (c providerKind) flavorCapabilities(w http.ResponseWriter, r *http.Request, k *caller, now time.Time) *apiError {
	return c.capabilities(w, r, k, "flavor_capabilities", flavorCaps)
}

func (c providerKind) azCapabilities(w http.ResponseWriter, r *http.Request, k *caller, now time.Time) *apiError {
	return c.capabilities(w, r, k, "availability_zone_capabilities", azCaps)
}

// validCapabilities checks profile data against the provider's schema,
// answering 501 as Octavia's provider driver does.
func validCapabilities(provider, data string, caps []map[string]string) *apiError {
	var v map[string]any
	if err := json.Unmarshal([]byte(data), &v); err != nil {
		return errorf(http.StatusBadRequest, "Validation failure: Failed to parse the flavor or availability zone data: %v", err)
	}
	for key := range v {
		known := false
		for _, cp := range caps {
			known = known || cp["name"] == key
		}
		if !known {
			return errorf(http.StatusNotImplemented, "Provider '%s' does not support a requested option: Additional properties are not allowed ('%s' was unexpected)", provider, key)
		}
	}
	return nil
}

// checkNewProfile checks the body of a new flavor or availability zone
// profile: name, provider_name and the data (dataField) are mandatory, the
// provider is enabled and supports every option of the data.
func checkNewProfile(name, provider, data *string, dataField string, caps []map[string]string) *apiError {
	for _, f := range []struct {
		v *string
		n string
	}{{name, "name"}, {provider, "provider_name"}, {data, dataField}} {
		if f.v == nil {
			return mandatory(f.n)
		}
	}
	if !providerEnabled(*provider) {
		return errorf(http.StatusBadRequest, "Provider '%s' is not enabled.", *provider)
	}
	return validCapabilities(*provider, *data, caps)
}

// updateProfile applies an update of a profile's provider and data (nil:
// unchanged); new data is checked against the profile's current provider.
func updateProfile(provider, data *string, newProvider, newData *string, caps []map[string]string) *apiError {
	if newData != nil {
		if err := validCapabilities(*provider, *newData, caps); err != nil {
			return err
		}
		*data = *newData
	}
	if newProvider != nil {
		if !providerEnabled(*newProvider) {
			return errorf(http.StatusBadRequest, "Provider '%s' is not enabled.", *newProvider)
		}
		*provider = *newProvider
	}
	return nil
}

// amphoraAlgorithms are the pool algorithms Zed's amphora driver takes
// (AMPHORA_SUPPORTED_LB_ALGORITHMS in
// octavia/api/drivers/amphora_driver/v2/driver.py); both of the lab's
// providers are that driver.
var amphoraAlgorithms = []string{"ROUND_ROBIN", "SOURCE_IP", "LEAST_CONNECTIONS"}

// driverRefusesAlgorithm is the answer of lb's provider driver to a pool
// create or update with algorithm alg: nil when it takes it, else Zed's
// 501, the driver's UnsupportedOptionError as the API wraps it
// (ProviderUnsupportedOptionError). Zed asks the driver on a pool's own
// create and update only, not in a fully populated load balancer create.
func driverRefusesAlgorithm(lb *loadBalancer, alg string) *apiError {
	if slices.Contains(amphoraAlgorithms, alg) {
		return nil
	}
	return errorf(http.StatusNotImplemented, "Provider '%s' does not support a requested option: Amphora provider does not support %s algorithm.", lb.provider, alg)
}
