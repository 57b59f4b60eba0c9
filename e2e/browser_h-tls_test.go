//go:build !js

package e2e

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/octaview/octaview/cmd/server/servertest"
)

// Issue 31 §1, the forms: every TLS attribute on the listener form and
// in the wizard, certificates picked from the project's list in Barbican
// (the lab's seeded ones), a typed ref still possible, Octavia's
// certificate faults at their field.

// tlsDemo is a live console with polish's shop-frontend tree, the lab's
// admin and API, and a browser logged in as demo on its list.
type tlsDemo struct {
	s   *servertest.Server
	c   console
	lab servertest.LabAdmin
	api lbAPI
	lb  string // shop-frontend's id
	b   *browser
}

func startTLSDemo(t *testing.T) tlsDemo {
	t.Helper()
	s := startLiveConsole(t)
	c := console{URL: s.URL, LabURL: s.URL}
	lab, api := newLBAPI(t, c)
	_, _, lb := polishIDs(t, lab)
	b := newBrowser(t)
	b.login(t, c.URL, "demo", "demo", "demo")
	b.listed(t, "demo's list", "shop-frontend")
	return tlsDemo{s, c, lab, api, lb, b}
}

// tlsWrites counts the writes to Octavia's path ending in suffix
// ("/lbaas/listeners") in the server's log after offset.
func tlsWrites(t testing.TB, logs string, offset int, suffix string) int {
	t.Helper()
	n := 0
	for k, c := range wizardWrites(t, logs, offset) {
		if strings.HasPrefix(k, "POST ") && strings.HasSuffix(k, suffix) {
			n += c
		}
	}
	return n
}

// barbicanGETs counts the GETs the server sent Barbican after offset.
func barbicanGETs(t testing.TB, logs string, offset int) int {
	t.Helper()
	n := 0
	for line := range strings.Lines(logs[offset:]) {
		var l struct{ Msg, Method, Path string }
		if json.Unmarshal([]byte(line), &l) == nil && l.Msg == "request" && l.Method == http.MethodGet && strings.HasPrefix(l.Path, "/key-manager/") {
			n++
		}
	}
	return n
}

// certOption is the first PKCS12 secret select sel offers that does not
// warn (the lab's seeded one good for a year): its ref and its label; it
// waits until the list is read.
func certOption(t testing.TB, b *browser, sel string) (ref, label string) {
	t.Helper()
	list := `[...((document.querySelector(` + jsString(sel) + `) || {}).options || [])].filter(o => o.value.includes("/v1/"))`
	b.waitJS(t, "the project's certificates in "+sel, list+`.length >= 2`, 30*time.Second)
	got := eval[[]string](t, b, `(() => { const o = `+list+`.find(o => !o.text.startsWith("⚠") && o.value.includes("/v1/secrets/")); return o ? [o.value, o.text] : ["", ""]; })()`)
	if got[0] == "" {
		t.Fatalf("%s: no certificate without a warning among %s", sel, eval[string](t, b, list+`.map(o => o.text).join(" | ")`))
	}
	return got[0], got[1]
}

// TestBrowserTLSListenerPicksCertificate: the listener form with
// TERMINATED_HTTPS moves to 443 and shows the TLS fields; its default
// certificate is picked from the project's certificates (name, subject,
// expiry; the one that ends within 30 days warns); a name typed as a ref
// is refused at the field with no request; a ref Barbican cannot give is
// Octavia's 400 at that field, everything typed kept; then ONE POST
// creates the listener, whose ref is the picked secret's.
func TestBrowserTLSListenerPicksCertificate(t *testing.T) {
	t.Parallel()
	d := startTLSDemo(t)
	s, c, api, lb, b := d.s, d.c, d.api, d.lb, d.b

	const cert = "#f-default_tls_container_ref"
	opened := len(s.Logs.String())
	b.do(t, "the listener form", 30*time.Second, chromedp.Navigate(c.URL+"/listeners/new?loadbalancer_id="+url.QueryEscape(lb)),
		chromedp.WaitVisible(chromedp.CSS(`#f-protocol_port`)))
	if got := eval[int](t, b, `document.querySelectorAll("`+cert+`, #f-tls_versions, [data-key='insert_headers.X-SSL-Client-DN']").length`); got != 0 {
		t.Errorf("TLS fields on an HTTP listener: got %d, want none", got)
	}
	if got := eval[bool](t, b, `!!document.querySelector("[data-key='insert_headers.X-Forwarded-For'] input[type=checkbox]")`); !got {
		t.Error("HTTP listener: no X-Forwarded-For checkbox")
	}
	if n := barbicanGETs(t, s.Logs.String(), opened); n != 0 {
		t.Errorf("an HTTP listener's form read Barbican %d times, want none", n)
	}
	b.do(t, "pick TERMINATED_HTTPS", 10*time.Second, selectValue("#f-protocol", "TERMINATED_HTTPS"))
	b.waitJS(t, "port 443", `(document.querySelector("#f-protocol_port") || {}).value === "443"`, 10*time.Second)
	// The client CA and revocation list come with client authentication.
	const caShown = `!!document.querySelector("[data-key=client_ca_tls_container_ref]") && !!document.querySelector("[data-key=client_crl_container_ref]")`
	if eval[bool](t, b, caShown) {
		t.Error("a client CA field without client authentication")
	}
	b.do(t, "client authentication OPTIONAL", 10*time.Second, selectValue("#f-client_authentication", "OPTIONAL"))
	b.waitJS(t, "the client CA and CRL", caShown, 10*time.Second)
	b.do(t, "client authentication NONE", 10*time.Second, selectValue("#f-client_authentication", "NONE"))
	b.waitJS(t, "no client CA", `!document.querySelector("[data-key=client_ca_tls_container_ref]")`, 10*time.Second)
	for _, key := range []string{"sni_container_refs", "client_authentication",
		"tls_versions", "tls_ciphers", "alpn_protocols", "insert_headers.X-SSL-Client-Verify", "insert_headers.X-SSL-Client-Not-After", "insert_headers.X-SSL-Issuer"} {
		if !eval[bool](t, b, `!!document.querySelector("[data-key='`+key+`']")`) {
			t.Errorf("TERMINATED_HTTPS: no field %s", key)
		}
	}
	ref, label := certOption(t, b, cert)
	t.Logf("picking %q (%s); Barbican read with %d GETs", label, ref, barbicanGETs(t, s.Logs.String(), opened))
	if !strings.Contains(ref, "/v1/secrets/") && !strings.Contains(ref, "/v1/containers/") {
		t.Errorf("the option's value: got %q, want a Barbican ref", ref)
	}
	if !strings.Contains(label, "expires in") {
		t.Errorf("the option's label: got %q, want its expiry", label)
	}
	if warned := eval[int](t, b, `[...document.querySelector("`+cert+`").options].filter(o => o.text.startsWith("⚠")).length`); warned == 0 {
		t.Errorf("no certificate warns (the lab seeds one that ends in 10 days): %s", eval[string](t, b, `[...document.querySelector("`+cert+`").options].map(o => o.text).join(" | ")`))
	}
	if got := eval[string](t, b, `(document.querySelector("[data-key=default_tls_container_ref] a.cert-upload") || {}).pathname || ""`); got != "/certificates/new" {
		t.Errorf("the default certificate's upload link: got %q, want /certificates/new", got)
	}
	// A certificate uploaded meanwhile (another tab): "List again" shows it.
	late := storePKCS12(t, labClient(t, c, "demo"), `late <img src=x onerror=alert(1)>`, newTestCert(t, "late.example.test", time.Now().Add(365*24*time.Hour)))
	b.do(t, "List again", 10*time.Second, chromedp.Click(chromedp.ID("f-default_tls_container_ref-relist")))
	b.waitJS(t, "the late upload listed", `[...((document.querySelector("`+cert+`") || {}).options || [])].some(o => o.text.includes("late.example.test"))`, 30*time.Second)
	if !eval[bool](t, b, `[...document.querySelector("`+cert+`").options].some(o => o.value.endsWith(`+jsString(late[strings.LastIndex(late, "/"):])+`) && o.text.startsWith("late <img src=x onerror=alert(1)> — "))`) {
		t.Errorf("the late upload's option does not hold its ref %s and its name as text", late)
	}
	if d := b.dialogsSeen(); len(d) > 0 || eval[int](t, b, `document.querySelectorAll("select img, option img").length`) != 0 {
		t.Errorf("a certificate's name ran as markup: dialogs %q", d)
	}
	b.shot(t, "h-tls-listener-certs")
	b.audit(t, "h-tls-listener-certs")

	// A name typed as the ref: refused at the field, nothing sent.
	const name = `tls-front <img src=x onerror=alert(1)>`
	mark := len(s.Logs.String())
	b.do(t, "type a name as the ref", 10*time.Second, setInput("#f-name", name), selectValue(cert, "_type-a-ref"))
	b.waitJS(t, "the typed ref's box", `!!document.querySelector("`+cert+`-ref")`, 10*time.Second)
	b.do(t, "submit", 10*time.Second, setInput(cert+"-ref", "web-cert"), chromedp.Focus(chromedp.ID("res-submit")), chromedp.KeyEvent(kb.Enter))
	b.waitJS(t, "the ref refused", `(document.querySelector("`+cert+`-error") || {}).textContent?.includes("Barbican URL")`, 10*time.Second)
	if n := tlsWrites(t, s.Logs.String(), mark, "/lbaas/listeners"); n != 0 {
		t.Errorf("POSTs of a listener with a name as its ref: got %d, want 0", n)
	}

	// A ref Barbican cannot give: Octavia's 400 at the field, all kept.
	bad := "https://barbican.example:9311/v1/secrets/00000000-0000-4000-8000-000000000000"
	b.do(t, "a ref nobody has", 10*time.Second, setInput(cert+"-ref", bad), chromedp.Focus(chromedp.ID("res-submit")), chromedp.KeyEvent(kb.Enter))
	b.waitJS(t, "Octavia's 400 at the field", `(document.querySelector("`+cert+`-error") || {}).textContent?.includes("Could not retrieve certificate")`, 30*time.Second)
	if got := eval[string](t, b, `document.querySelector("`+cert+`-ref").value`); got != bad {
		t.Errorf("the typed ref after the 400: got %q, want %q", got, bad)
	}
	if got := eval[string](t, b, `document.querySelector("#f-name").value`); got != name {
		t.Errorf("the name after the 400: got %q, want it kept", got)
	}
	b.shot(t, "h-tls-listener-400")

	// The seeded certificate picked: one POST, its ref the secret's.
	b.do(t, "pick the certificate", 10*time.Second, selectValue(cert, ref))
	b.waitJS(t, "its subject and expiry under it", `(document.querySelector("`+cert+`-note") || {}).textContent?.includes("expires in")`, 10*time.Second)
	mark = len(s.Logs.String())
	sent := b.recordRequests(t)
	b.do(t, "create", 10*time.Second, chromedp.Focus(chromedp.ID("res-submit")), chromedp.KeyEvent(kb.Enter))
	b.waitJS(t, "the listener's page", `location.pathname.startsWith("/listeners/") && !location.pathname.endsWith("/new")`, 30*time.Second)
	if n := tlsWrites(t, s.Logs.String(), mark, "/lbaas/listeners"); n != 1 {
		t.Errorf("POSTs of the listener: got %d, want 1", n)
	}
	if posts := sent.matching(http.MethodPost, "/lbaas/listeners"); len(posts) != 1 || !strings.Contains(posts[0].Body, `"default_tls_container_ref":`+jsString(ref)) {
		t.Errorf("the POST the page sent: got %+v, want one with the picked ref %s", posts, ref)
	}
	id := eval[string](t, b, `location.pathname.split("/")[2]`)
	var got struct {
		Listener struct {
			Name, Protocol string
			Port           int    `json:"protocol_port"`
			Ref            string `json:"default_tls_container_ref"`
		}
	}
	if code := api.do(t, http.MethodGet, "/listeners/"+id, "", &got); code != http.StatusOK {
		t.Fatalf("GET the listener: %d", code)
	}
	if l := got.Listener; l.Ref != ref || l.Port != 443 || l.Protocol != "TERMINATED_HTTPS" || l.Name != name {
		t.Errorf("the listener: got %+v, want %q TERMINATED_HTTPS :443 with %s", l, name, ref)
	}

	// The edit: the listener's certificate is the one picked; another one
	// picked (the seeded container) is the only thing the PUT sends.
	b.do(t, "the edit form", 30*time.Second, chromedp.Navigate(c.URL+"/listeners/"+id+"/edit"))
	b.waitJS(t, "its certificate picked from the list", `(document.querySelector("`+cert+`") || {}).tagName === "SELECT" && document.querySelector("`+cert+`").value === `+jsString(ref), 30*time.Second)
	other := eval[string](t, b, `([...document.querySelector("`+cert+`").options].find(o => o.value.includes("/v1/containers/") && !o.text.startsWith("⚠")) || {}).value || ""`)
	if other == "" {
		t.Fatal("the edit form lists no certificate container (the lab seeds one)")
	}
	api.waitLBActive(t, lb) // the create's wait is over; a save now is not a busy 409
	b.do(t, "pick the container, save", 10*time.Second, selectValue(cert, other), chromedp.Focus(chromedp.ID("res-submit")), chromedp.KeyEvent(kb.Enter))
	b.waitJS(t, "the listener's page", `location.pathname === "/listeners/`+id+`"`, 30*time.Second)
	if puts := sent.matching(http.MethodPut, "/lbaas/listeners/"+id); len(puts) != 1 || !jsonEqual(puts[0].Body, `{"listener": {"default_tls_container_ref": `+jsString(other)+`}}`) {
		t.Errorf("the edit's PUT: got %+v, want only the new certificate", puts)
	}
}

// TestBrowserTLSWizard: the wizard's listener step offers the same TLS
// fields; a TERMINATED_HTTPS listener moves to 443, picks a seeded
// certificate, adds an SNI one from the list, ticks a client-certificate
// header, and ONE POST creates the tree with them.
func TestBrowserTLSWizard(t *testing.T) {
	t.Parallel()
	s := startLiveConsole(t)
	c := console{URL: s.URL, LabURL: s.URL}
	_, api := newLBAPI(t, c)
	b := newBrowser(t)
	b.login(t, c.URL, "demo", "demo", "demo")
	b.listed(t, "demo's list", "shop-frontend")

	b.do(t, "open the wizard", 30*time.Second, chromedp.Click(chromedp.ID("lb-create")),
		chromedp.WaitReady(chromedp.CSS(`#create-subnet option`)), setInput("#create-name", "tls-tree"))
	b.wizardStep(t, "next: listeners", "wz-next", "Listeners")
	const proto, port, cert = "#wz-listener-0-protocol", "#wz-listener-0-protocol-port", "#wz-listener-0-default-tls-container-ref"
	b.do(t, "TERMINATED_HTTPS", 10*time.Second, selectValue(proto, "TERMINATED_HTTPS"))
	b.waitJS(t, "port 443", fmt.Sprintf(`(document.querySelector(%q) || {}).value === "443"`, port), 10*time.Second)
	ref, label := certOption(t, b, cert)
	t.Logf("picking %q (%s)", label, ref)
	b.do(t, "pick it", 10*time.Second, selectValue(cert, ref))
	// Its note, once drawn, moves the fields below it down: the header is
	// clicked after (a click aimed before lands where its box was).
	b.waitJS(t, "its note", `(document.querySelector("`+cert+`-note") || {}).textContent?.includes("expires in")`, 10*time.Second)
	const header = "wz-listener-0-insert-headers-X-SSL-Client-CN"
	b.do(t, "tick a header", 10*time.Second, chromedp.Click(chromedp.ID(header)))
	if !eval[bool](t, b, `document.getElementById("`+header+`").checked`) {
		t.Fatalf("#%s: not ticked by the click", header)
	}
	// An SNI certificate added from the list: its ref on a line of its own.
	const sni = "#wz-listener-0-sni-container-refs"
	sniRef := eval[string](t, b, `([...document.querySelector("`+sni+`-add").options].find(o => o.value.includes("/v1/containers/")) || {}).value || ""`)
	if sniRef == "" {
		t.Fatal("Add a certificate… offers no certificate container (the lab seeds one)")
	}
	b.do(t, "add an SNI certificate", 10*time.Second, selectValue(sni+"-add", sniRef))
	b.waitJS(t, "the SNI list holds it", `document.querySelector("`+sni+`").value.trim() === `+jsString(sniRef)+` && !!document.querySelector("`+sni+`-note-0")`, 10*time.Second)
	b.shot(t, "h-tls-wizard-listener")
	b.audit(t, "h-tls-wizard-listener")
	b.wizardStep(t, "next: pools", "wz-next", "Pools")
	if got := eval[string](t, b, `document.querySelector("#wz-pool-0-protocol").value`); got != "HTTP" {
		t.Errorf("the pool behind TERMINATED_HTTPS: got %s, want HTTP", got)
	}
	mark := len(s.Logs.String())
	b.do(t, "create", 10*time.Second, chromedp.Click(chromedp.ID("create-submit")))
	b.waitJS(t, "the load balancer's page", `/^\/load-balancers\/[0-9a-f-]{36}/.test(location.pathname)`, 30*time.Second)
	if n := tlsWrites(t, s.Logs.String(), mark, "/lbaas/loadbalancers"); n != 1 {
		t.Errorf("POSTs of the tree: got %d, want 1", n)
	}
	if n := tlsWrites(t, s.Logs.String(), mark, "/lbaas/listeners"); n != 0 {
		t.Errorf("POSTs of listeners besides the tree: got %d, want 0", n)
	}
	lb := eval[string](t, b, `location.pathname.split("/")[2]`)
	var got struct {
		Listeners []struct {
			Protocol string
			Port     int               `json:"protocol_port"`
			Ref      string            `json:"default_tls_container_ref"`
			SNI      []string          `json:"sni_container_refs"`
			Headers  map[string]string `json:"insert_headers"`
		}
	}
	if code := api.do(t, http.MethodGet, "/listeners?loadbalancer_id="+lb, "", &got); code != http.StatusOK || len(got.Listeners) != 1 {
		t.Fatalf("the tree's listeners: %d, %+v", code, got)
	}
	if l := got.Listeners[0]; l.Ref != ref || len(l.SNI) != 1 || l.SNI[0] != sniRef || l.Port != 443 || l.Protocol != "TERMINATED_HTTPS" || l.Headers["X-SSL-Client-CN"] != "true" {
		t.Errorf("the listener: got %+v, want TERMINATED_HTTPS :443 with %s, SNI %s and X-SSL-Client-CN", l, ref, sniRef)
	}
}

// TestBrowserTLSPool: a pool's TLS fields show once TLS is enabled, and
// their certificates are picked: a client certificate (PKCS12) and the
// members' CA (a certificate secret); TLS versions are ticked (sent in
// Octavia's order whatever the order ticked); ONE POST sends them.
func TestBrowserTLSPool(t *testing.T) {
	t.Parallel()
	d := startTLSDemo(t)
	s, c, lb, b := d.s, d.c, d.lb, d.b

	const client, ca = "#f-tls_container_ref", "#f-ca_tls_container_ref"
	opened := len(s.Logs.String())
	b.do(t, "the pool form", 30*time.Second, chromedp.Navigate(c.URL+"/pools/new?loadbalancer_id="+url.QueryEscape(lb)),
		chromedp.WaitVisible(chromedp.CSS(`#f-tls_enabled`)), setInput("#f-name", "tls-members"))
	if got := eval[int](t, b, `document.querySelectorAll("`+client+`, `+ca+`, #f-tls_versions").length`); got != 0 {
		t.Errorf("TLS fields before TLS is enabled: got %d, want none", got)
	}
	if n := barbicanGETs(t, s.Logs.String(), opened); n != 0 {
		t.Errorf("the pool form read Barbican %d times before TLS was enabled, want none", n)
	}
	b.do(t, "enable TLS", 10*time.Second, chromedp.Click(chromedp.ID("f-tls_enabled")))
	ref, label := certOption(t, b, client)
	t.Logf("client certificate %q", label)
	b.waitJS(t, "the CAs listed", `[...((document.querySelector("`+ca+`") || {}).options || [])].some(o => o.value.includes("/v1/secrets/"))`, 30*time.Second)
	caRef := eval[string](t, b, `[...document.querySelector("`+ca+`").options].find(o => o.value.includes("/v1/secrets/") && o.text.includes("-ca.crt")).value`)
	b.do(t, "pick them, create", 10*time.Second, selectValue(client, ref), selectValue(ca, caRef),
		chromedp.Click(chromedp.ID("f-tls_versions-4")), chromedp.Click(chromedp.ID("f-tls_versions-3"))) // TLSv1.3, then TLSv1.2
	sent := b.recordRequests(t)
	b.do(t, "create", 10*time.Second, chromedp.Focus(chromedp.ID("res-submit")), chromedp.KeyEvent(kb.Enter))
	b.waitJS(t, "the pool's page", `/^\/pools\/[0-9a-f-]{36}$/.test(location.pathname)`, 30*time.Second)
	posts := sent.matching(http.MethodPost, "/lbaas/pools")
	if len(posts) != 1 {
		t.Fatalf("POSTs of the pool: got %d, want 1", len(posts))
	}
	var body struct {
		Pool struct {
			TLS      bool     `json:"tls_enabled"`
			Ref      string   `json:"tls_container_ref"`
			CA       string   `json:"ca_tls_container_ref"`
			Versions []string `json:"tls_versions"`
		}
	}
	if err := json.Unmarshal([]byte(posts[0].Body), &body); err != nil {
		t.Fatalf("the POST's body: %v\n%s", err, posts[0].Body)
	}
	if p := body.Pool; !p.TLS || p.Ref != ref || p.CA != caRef || strings.Join(p.Versions, ",") != "TLSv1.2,TLSv1.3" {
		t.Errorf("the POST: got %+v, want TLS with %s, CA %s, TLSv1.2 and TLSv1.3", p, ref, caRef)
	}
}

// TestBrowserTLSBarbicanDown: with the lab's Barbican down (503) a
// certificate field says the list could not be read and takes a typed
// ref; the lab's Octavia, which cannot read it either, refuses the
// listener and its fault shows at that field, the ref kept; Barbican
// back, "List again" lists, the typed ref still there.
func TestBrowserTLSBarbicanDown(t *testing.T) {
	t.Parallel()
	d := startTLSDemo(t)
	c, lab, lb, b := d.c, d.lab, d.lb, d.b
	lab.Faults(t, `{"barbican": "503"}`)

	const cert = "#f-default_tls_container_ref"
	b.do(t, "the listener form", 30*time.Second, chromedp.Navigate(c.URL+"/listeners/new?loadbalancer_id="+url.QueryEscape(lb)),
		chromedp.WaitVisible(chromedp.CSS(`#f-protocol_port`)), selectValue("#f-protocol", "TERMINATED_HTTPS"))
	b.waitJS(t, "the field says why it has no list", `[...document.querySelectorAll("[data-key=default_tls_container_ref] .cert-note")].some(e => e.textContent.includes("could not be listed"))`, 30*time.Second)
	if got := eval[string](t, b, `document.querySelector("`+cert+`").tagName`); got != "INPUT" {
		t.Fatalf("the default certificate without a list: got a %s, want a text box", got)
	}
	b.shot(t, "h-tls-barbican-down")
	ref := "https://barbican.example:9311/v1/secrets/00000000-0000-4000-8000-000000000001"
	b.do(t, "type a ref, create", 10*time.Second, setInput(cert, ref), chromedp.Focus(chromedp.ID("res-submit")), chromedp.KeyEvent(kb.Enter))
	b.waitJS(t, "the refusal at the field", `(document.querySelector("`+cert+`-error") || {}).textContent?.includes("Octavia")`, 30*time.Second)
	t.Logf("the refusal: %s", eval[string](t, b, `document.querySelector("`+cert+`-error").textContent`))
	if got := eval[string](t, b, `document.querySelector("`+cert+`").value`); got != ref {
		t.Errorf("the typed ref after the refusal: got %q, want it kept", got)
	}

	// Barbican back: "List again" lists; the typed ref stays, typed.
	lab.Faults(t, `{}`)
	b.do(t, "List again", 10*time.Second, chromedp.Click(chromedp.ID("f-default_tls_container_ref-relist")))
	b.waitJS(t, "the list", `(document.querySelector("`+cert+`") || {}).tagName === "SELECT" && document.querySelector("`+cert+`").options.length > 3`, 30*time.Second)
	if got := eval[string](t, b, `(document.querySelector("`+cert+`-ref") || {}).value`); got != ref {
		t.Errorf("the typed ref once listed: got %q, want it kept under \"Type a ref…\"", got)
	}
}
