package labcloud

import (
	"fmt"
	"net/http"
	"strconv"
	"strings"
)

// Nova's microversions: Zed answers 2.1 to 2.93, and 2.1 when the request
// names none.
const (
	novaMinMinor = 1
	novaMaxMinor = 93
	novaUpdated  = "2013-07-23T11:33:21Z"
)

// microversion is the 2.x a request asks for (OpenStack-API-Version:
// compute 2.x, or the legacy X-OpenStack-Nova-API-Version: 2.x; "latest"
// is 2.93), or a fault to answer as Nova does: 400 for a malformed
// version, 406 for one outside 2.1..2.93.
func microversion(r *http.Request) (minor int, code int, msg string) {
	v := ""
	for _, h := range r.Header.Values("OpenStack-API-Version") {
		for part := range strings.SplitSeq(h, ",") {
			if svc, ver, ok := strings.Cut(strings.TrimSpace(part), " "); ok && strings.EqualFold(svc, "compute") {
				v = strings.TrimSpace(ver)
			}
		}
	}
	if v == "" {
		v = strings.TrimSpace(r.Header.Get("X-OpenStack-Nova-API-Version"))
	}
	switch {
	case v == "":
		return novaMinMinor, 0, ""
	case strings.EqualFold(v, "latest"):
		return novaMaxMinor, 0, ""
	}
	major, min, ok := strings.Cut(v, ".")
	ma, err1 := strconv.Atoi(major)
	mi, err2 := strconv.Atoi(min)
	if !ok || err1 != nil || err2 != nil || ma < 0 || mi < 0 {
		return 0, http.StatusBadRequest, fmt.Sprintf("API Version String %s is of invalid format. Must be of format MajorNum.MinorNum.", v)
	}
	if ma != 2 || mi < novaMinMinor || mi > novaMaxMinor {
		return 0, http.StatusNotAcceptable, fmt.Sprintf("Version %s is not supported by the API. Minimum is 2.%d and maximum is 2.%d.",
			v, novaMinMinor, novaMaxMinor)
	}
	return mi, 0, ""
}

// setMicroversion writes the headers with which Nova says which
// microversion answered.
func setMicroversion(w http.ResponseWriter, minor int) {
	v := "2." + strconv.Itoa(minor)
	h := w.Header()
	h.Set("OpenStack-API-Version", "compute "+v)
	h.Set("X-OpenStack-Nova-API-Version", v)
	h.Set("Vary", "OpenStack-API-Version, X-OpenStack-Nova-API-Version")
}

// novaVersion is Nova's description of API v2.1 (or of the legacy v2).
func novaVersion(base string, legacy bool) map[string]any {
	if legacy {
		return map[string]any{"id": "v2.0", "status": "SUPPORTED", "version": "", "min_version": "",
			"updated": "2011-01-21T11:33:21Z", "links": []map[string]string{{"rel": "self", "href": base + "/compute/v2/"}}}
	}
	return map[string]any{"id": "v2.1", "status": "CURRENT", "version": "2." + strconv.Itoa(novaMaxMinor),
		"min_version": "2." + strconv.Itoa(novaMinMinor), "updated": novaUpdated,
		"links": []map[string]string{{"rel": "self", "href": base + "/compute/v2.1/"}}}
}

// novaVersions answers GET /compute: Nova's versions document.
func (c novaService) novaVersions(w http.ResponseWriter, r *http.Request) {
	base := c.publicBase(r)
	writeJSON(w, http.StatusOK, map[string]any{"versions": []any{novaVersion(base, true), novaVersion(base, false)}})
}

// novaVersionShow answers GET /compute/v2.1: the version with its media types.
func (c novaService) novaVersionShow(w http.ResponseWriter, r *http.Request) {
	v := novaVersion(c.publicBase(r), false)
	v["links"] = append(v["links"].([]map[string]string),
		map[string]string{"rel": "describedby", "type": "text/html", "href": "http://docs.openstack.org/"})
	v["media-types"] = []map[string]string{{"base": "application/json",
		"type": "application/vnd.openstack.compute+json;version=2.1"}}
	writeJSON(w, http.StatusOK, map[string]any{"version": v})
}
