package labcloud

import (
	"net/http"
	"time"
)

// The lab's Glance is the smallest subset `openstack server list` and
// `server show` read to name a server's image: the versions document, the
// image list and one image. It holds one public image, the one every
// seeded server was booted from; it is read only.

// labImageID is the id of the lab's one image.
const labImageID = "3f6fa4b1-0c42-4a8e-9d5e-6a1f0b7c2d11"

// labImageName is its name, devstack's default image.
const labImageName = "cirros-0.6.2-x86_64-disk"

// glanceService answers the Glance subset for the Cloud it holds.
type glanceService struct{ *Cloud }

// routes registers the Glance v2 subset under /image.
func (c glanceService) routes(mux *http.ServeMux) {
	mux.HandleFunc("GET /image", c.glanceVersions)
	mux.HandleFunc("GET /image/{$}", c.glanceVersions)
	mux.HandleFunc("GET /image/v2/images", c.glance(func(w http.ResponseWriter, r *http.Request) {
		q := r.URL.Query()
		images := []any{}
		if (q.Get("name") == "" || q.Get("name") == labImageName) && (q.Get("id") == "" || q.Get("id") == labImageID) {
			images = append(images, c.imageView())
		}
		writeJSON(w, http.StatusOK, map[string]any{"images": images, "schema": "/v2/schemas/images", "first": "/v2/images"})
	}))
	mux.HandleFunc("GET /image/v2/images/{id}", c.glance(func(w http.ResponseWriter, r *http.Request) {
		if r.PathValue("id") != labImageID {
			glanceNotFound(w, "No image found with ID "+r.PathValue("id"))
			return
		}
		writeJSON(w, http.StatusOK, c.imageView())
	}))
	mux.HandleFunc("/image/", c.glance(func(w http.ResponseWriter, r *http.Request) {
		glanceNotFound(w, "The resource could not be found.")
	}))
}

// glanceVersions answers GET /image as Glance does: 300 Multiple Choices.
func (c glanceService) glanceVersions(w http.ResponseWriter, r *http.Request) {
	base := c.publicBase(r)
	var versions []any
	for _, v := range []struct{ id, status string }{{"v2.16", "CURRENT"}, {"v2.15", "SUPPORTED"}, {"v2.0", "SUPPORTED"}} {
		versions = append(versions, map[string]any{"id": v.id, "status": v.status,
			"links": []map[string]string{{"rel": "self", "href": base + "/image/v2/"}}})
	}
	writeJSON(w, http.StatusMultipleChoices, map[string]any{"versions": versions})
}

// glance runs h for an authenticated request.
func (c glanceService) glance(h http.HandlerFunc) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		c.authenticated(w, r, keystoneUnauthorized, func(*caller, time.Time) { h(w, r) })
	}
}

// glanceNotFound is Glance's plain-text 404.
func glanceNotFound(w http.ResponseWriter, msg string) {
	w.Header().Set("Content-Type", "text/plain; charset=UTF-8")
	w.WriteHeader(http.StatusNotFound)
	w.Write([]byte("404 Not Found\n\n" + msg + "\n\n   "))
}

// imageView is the lab's image as Glance v2 shows it.
func (c glanceService) imageView() map[string]any {
	const at = "2026-01-01T00:00:00Z"
	return map[string]any{
		"id": labImageID, "name": labImageName, "status": "active", "visibility": "public", "protected": false,
		"os_hidden": false, "tags": []string{}, "container_format": "bare", "disk_format": "qcow2",
		"min_disk": 0, "min_ram": 0, "size": 21430272, "virtual_size": 117440512,
		"checksum": "c8fc807773e5354afe61636071771906", "os_hash_algo": "sha512",
		"os_hash_value": "6b813aa46bb90b4da216a4d19376593fa3f4fc7e617f03a92b7fe11e9a3981cbe8f0959dbebe36225e5f53dc4492341a4863cac4ed1ee0909f3fc78ef9c3e869",
		"owner":         keystoneID("project", "admin"), "created_at": at, "updated_at": at,
		"self": "/v2/images/" + labImageID, "file": "/v2/images/" + labImageID + "/file", "schema": "/v2/schemas/image",
	}
}
