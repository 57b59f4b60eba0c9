//go:build !js

package e2e

// The certificate pages (issue 31): an upload of a PEM pair listed with its
// expiry, the warning of a certificate that expires in 10 days, a
// listener's page showing its certificate, and bad input refused at its
// field with nothing stored.

import (
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/base64"
	"encoding/pem"
	"fmt"
	"math/big"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/gophercloud/gophercloud/v2/openstack/keymanager/v1/containers"
	"github.com/gophercloud/gophercloud/v2/openstack/keymanager/v1/secrets"
	"software.sslmate.com/src/go-pkcs12"

	"github.com/octaview/octaview/app/serverapi"
	"github.com/octaview/octaview/octavia"
)

// testCert is a self-signed ECDSA certificate for cn that ends at notAfter,
// with its key, as PEM and parsed.
type testCert struct {
	cert    *x509.Certificate
	key     *ecdsa.PrivateKey
	certPEM string
	keyPEM  string
}

func newTestCert(t *testing.T, cn string, notAfter time.Time) testCert {
	t.Helper()
	k, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	tmpl := &x509.Certificate{SerialNumber: big.NewInt(time.Now().UnixNano()), Subject: pkix.Name{CommonName: cn},
		DNSNames: []string{cn}, NotBefore: time.Now().Add(-time.Hour), NotAfter: notAfter}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &k.PublicKey, k)
	if err != nil {
		t.Fatal(err)
	}
	c, _ := x509.ParseCertificate(der)
	kd, _ := x509.MarshalPKCS8PrivateKey(k)
	return testCert{c, k, string(pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: der})),
		string(pem.EncodeToMemory(&pem.Block{Type: "PRIVATE KEY", Bytes: kd}))}
}

// labClient logs user (password = name) in to c's lab, scoped to project.
func labClient(t *testing.T, c console, user string) *octavia.Client {
	t.Helper()
	cl, err := octavia.New(t.Context(), octavia.Config{AuthURL: c.LabURL + "/identity/v3", Username: user, Password: user,
		UserDomainName: "Default", ProjectName: user, ProjectDomainName: "Default"})
	if err != nil {
		t.Fatal(err)
	}
	return cl
}

// secretCount is how many secrets user's project holds in the lab.
func secretCount(t *testing.T, cl *octavia.Client) int {
	t.Helper()
	ss, err := octavia.Collect(cl.KeyManager().Secrets(t.Context(), secrets.ListOpts{}))
	if err != nil {
		t.Fatal(err)
	}
	return len(ss)
}

// certRows is how many rows the certificates page lists for cl's project:
// its certificate secrets, its opaque ones but the seeded revocation list
// (the page lists those that hold a certificate) and its certificate
// containers; a container's private key is not a row.
func certRows(t *testing.T, cl *octavia.Client) int {
	t.Helper()
	ss, err := octavia.Collect(cl.KeyManager().Secrets(t.Context(), secrets.ListOpts{}))
	if err != nil {
		t.Fatal(err)
	}
	cs, err := octavia.Collect(cl.KeyManager().Containers(t.Context(), containers.ListOpts{}))
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, s := range ss {
		if s.SecretType == "certificate" || s.SecretType == "opaque" && !strings.HasSuffix(s.Name, ".crl") {
			n++
		}
	}
	for _, c := range cs {
		if c.Type == "certificate" {
			n++
		}
	}
	return n
}

// storePKCS12 stores tc as a password-less PKCS12 secret, as the console
// does, and returns its ref.
func storePKCS12(t *testing.T, cl *octavia.Client, name string, tc testCert) string {
	t.Helper()
	der, err := pkcs12.LegacyDES.Encode(tc.key, tc.cert, nil, "")
	if err != nil {
		t.Fatal(err)
	}
	ref, _, err := cl.KeyManager().StoreSecret(t.Context(), secrets.CreateOpts{Name: name, SecretType: secrets.OpaqueSecret,
		Payload: base64.StdEncoding.EncodeToString(der), PayloadContentType: "application/octet-stream", PayloadContentEncoding: "base64"})
	if err != nil {
		t.Fatal(err)
	}
	return ref
}

// TestBrowserCertUpload uploads a PEM pair, sees it on its page and in the
// list with its expiry, and checks what Barbican holds: one PKCS12 secret
// with the certificate, and the upload's fields cleared.
func TestBrowserCertUpload(t *testing.T) {
	t.Parallel()
	c := startConsole(t)
	demo := labClient(t, c, "demo")
	before := secretCount(t, demo)
	tc := newTestCert(t, "shop.example.com", time.Now().Add(200*24*time.Hour+time.Hour))

	b := newBrowser(t)
	b.login(t, c.URL, "demo", "demo", "demo")
	b.waitJS(t, "the list", `!!document.querySelector("#res-nav a[href=\"/certificates\"]")`, 30*time.Second)
	b.do(t, "open the certificates", 30*time.Second,
		chromedp.Click(chromedp.CSS(`#res-nav a[href="/certificates"]`)),
		chromedp.WaitVisible(chromedp.ID("cert-upload")),
		chromedp.Click(chromedp.ID("cert-upload")),
		chromedp.WaitVisible(chromedp.ID("cert-form")),
		setInput("#cert-name", "shop-tls"),
		setInput("#cert-certificate", tc.certPEM),
		setInput("#cert-key", tc.keyPEM),
		chromedp.Click(chromedp.ID("cert-submit")),
	)
	b.waitJS(t, "the certificate's page", `location.pathname.startsWith("/certificates/secrets/") && !!document.querySelector("#cert-subject")`, 30*time.Second)
	if got := b.text(t, "#cert-subject"); got != "CN=shop.example.com" {
		t.Fatalf("subject: got %q", got)
	}
	if got := b.text(t, "#cert-expiry"); !strings.Contains(got, "expires in 200 days") || strings.Contains(got, "renew") {
		t.Fatalf("expiry: got %q; want in 200 days, no warning", got)
	}
	ref := b.text(t, "#cert-ref")
	b.shot(t, "h-certs-page")
	b.audit(t, "h-certs-page")

	// Barbican holds one more secret: a PKCS12 of the certificate and its key
	if got := secretCount(t, demo); got != before+1 {
		t.Fatalf("secrets: got %d; want %d", got, before+1)
	}
	p12, err := demo.KeyManager().SecretPayload(t.Context(), ref, "application/octet-stream")
	if err != nil {
		t.Fatal(err)
	}
	key, leaf, err := pkcs12.Decode(p12, "")
	if err != nil || !leaf.Equal(tc.cert) || !key.(*ecdsa.PrivateKey).Equal(tc.key) {
		t.Fatalf("the stored secret: got %v, %v; want the PKCS12 of the upload", leaf, err)
	}

	// listed, with its expiry
	b.do(t, "back to the list", 30*time.Second, chromedp.Click(chromedp.CSS(`#res-nav a[href="/certificates"]`)))
	row := fmt.Sprintf(`document.querySelector('#cert-table tr[data-ref=%q]')`, ref)
	b.waitJS(t, "the row", `!!`+row+` && `+row+`.querySelector(".cert-expiry").textContent.includes("expires in 200 days")`, 30*time.Second)
	if got := eval[string](t, b, row+`.textContent`); !strings.Contains(got, "shop-tls") || !strings.Contains(got, "shop.example.com") || !strings.Contains(got, "PKCS12") {
		t.Fatalf("row: got %q", got)
	}

	// deleted from its page: gone from Barbican and from the list
	b.do(t, "delete it", 30*time.Second, askToDeleteCert(ref, "cert-delete-confirm-btn")...)
	if got := b.text(t, "#cert-delete-confirm"); !strings.Contains(got, "No listener or pool uses it.") {
		t.Fatalf("the delete's dialog: got %q", got)
	}
	b.do(t, "confirm", 30*time.Second, chromedp.Click(chromedp.ID("cert-delete-confirm-btn")))
	b.waitJS(t, "the list without it", `location.pathname === "/certificates" && !!document.querySelector("#cert-table") && !`+row, 30*time.Second)
	if got := secretCount(t, demo); got != before {
		t.Fatalf("secrets after the delete: got %d; want %d", got, before)
	}

	// a new upload page starts empty: the key went with the upload
	b.do(t, "open the upload again", 30*time.Second, chromedp.Click(chromedp.ID("cert-upload")), chromedp.WaitVisible(chromedp.ID("cert-form")))
	if got := eval[string](t, b, `document.querySelector("#cert-key").value + document.querySelector("#cert-certificate").value`); got != "" {
		t.Fatalf("the upload's fields after the upload: got %q; want empty", got)
	}

	// files chosen fill the fields, even after typing in them
	dir := t.TempDir()
	certFile, keyFile := filepath.Join(dir, "web.crt"), filepath.Join(dir, "web.key")
	os.WriteFile(certFile, []byte(tc.certPEM), 0o600)
	os.WriteFile(keyFile, []byte(tc.keyPEM), 0o600)
	b.do(t, "choose the files", 30*time.Second, setInput("#cert-key", "typed"),
		chromedp.SetUploadFiles(`#cert-certificate-file`, []string{certFile}), chromedp.SetUploadFiles(`#cert-key-file`, []string{keyFile}))
	b.waitJS(t, "the fields filled", fmt.Sprintf(`document.querySelector("#cert-certificate").value === %q && document.querySelector("#cert-key").value === %q`, tc.certPEM, tc.keyPEM), 30*time.Second)
}

// TestBrowserCertWarnAndListener: a certificate that expires in 10 days
// warns in the list, which names the listener that uses it, and the
// listener's page shows it with the warning.
func TestBrowserCertWarnAndListener(t *testing.T) {
	t.Parallel()
	c := startConsole(t)
	demo := labClient(t, c, "demo")
	tc := newTestCert(t, "soon.example.com", time.Now().Add(10*24*time.Hour+time.Hour))
	ref := storePKCS12(t, demo, "soon-tls", tc)
	lbs, err := octavia.Collect(demo.List(t.Context(), octavia.KindLoadBalancer, "", octavia.ListQuery{}))
	if err != nil {
		t.Fatal(err)
	}
	var lbID string
	for _, lb := range lbs {
		if lb.Text("name") == "reports-internal" {
			lbID = lb.Text("id")
		}
	}
	l, _, err := demo.Create(t.Context(), octavia.KindListener, "", octavia.Object{"name": "https-soon", "loadbalancer_id": lbID,
		"protocol": "TERMINATED_HTTPS", "protocol_port": 443, "default_tls_container_ref": ref})
	if err != nil {
		t.Fatalf("a TERMINATED_HTTPS listener with the certificate: %v", err)
	}

	b := newBrowser(t)
	b.login(t, c.URL, "demo", "demo", "demo")
	b.waitJS(t, "the list", `!!document.querySelector("#res-nav a[href=\"/certificates\"]")`, 30*time.Second)
	b.do(t, "open the certificates", 30*time.Second, chromedp.Navigate(c.URL+"/certificates"))
	row := fmt.Sprintf(`document.querySelector('#cert-table tr[data-ref=%q]')`, ref)
	b.waitJS(t, "the warning row", `!!`+row+` && !!`+row+`.querySelector(".cert-expiry .cert-warn") && !!`+row+`.querySelector(".cert-used a")`, 30*time.Second)
	if got := eval[string](t, b, row+`.querySelector(".cert-expiry").textContent`); got != "renew expires in 10 days" {
		t.Fatalf("expiry: got %q; want the warning, in 10 days", got)
	}
	b.shot(t, "h-certs-list")
	b.audit(t, "h-certs-list")
	if got := eval[string](t, b, row+`.querySelector(".cert-used").textContent`); got != "listener https-soon" {
		t.Fatalf("used by: got %q", got)
	}

	// its delete says who uses it
	b.do(t, "ask to delete it", 30*time.Second, askToDeleteCert(ref, "cert-delete-uses")...)
	if got := b.text(t, "#cert-delete-uses"); !strings.Contains(got, "listener https-soon (default certificate)") {
		t.Fatalf("the delete's dialog: got %q", got)
	}
	b.do(t, "keep it", 30*time.Second, chromedp.Click(chromedp.ID("cert-delete-keep")), chromedp.Navigate(c.URL+"/certificates"),
		chromedp.WaitVisible(chromedp.CSS(`#cert-table .cert-used a`)))
	b.do(t, "open the listener", 30*time.Second, chromedp.Click(chromedp.CSS(`#cert-table .cert-used a`)))
	b.waitJS(t, "its certificate", `!!document.querySelector('#listener-certs tr[data-slot="default_tls_container_ref"] .lc-expiry .cert-warn')`, 30*time.Second)
	if got := b.text(t, `#listener-certs tr[data-slot="default_tls_container_ref"]`); !strings.Contains(got, "soon.example.com") || !strings.Contains(got, "expires in 10 days") {
		t.Fatalf("the listener's certificate: got %q", got)
	}
	b.shot(t, "h-certs-listener")
	b.audit(t, "h-certs-listener")
	if !strings.HasSuffix(eval[string](t, b, `location.pathname`), l.Text("id")) {
		t.Fatal("not the listener's page")
	}
}

// TestBrowserCertBadInput: a key of another certificate, PEM with garbage,
// a 5 MB file and another project's certificate are each a clear error
// (at the field for the upload's), what was typed stays, nothing is
// stored.
func TestBrowserCertBadInput(t *testing.T) {
	t.Parallel()
	c := startConsole(t)
	demo := labClient(t, c, "demo")
	before := secretCount(t, demo)
	tc := newTestCert(t, "web.example.com", time.Now().Add(90*24*time.Hour))
	other := newTestCert(t, "other.example.com", time.Now().Add(90*24*time.Hour))
	theirs := storePKCS12(t, labClient(t, c, "empty"), "theirs", other)

	b := newBrowser(t)
	b.login(t, c.URL, "demo", "demo", "demo")
	b.waitJS(t, "the list", `!!document.querySelector("#res-nav a[href=\"/certificates\"]")`, 30*time.Second)
	b.do(t, "open the upload", 30*time.Second, chromedp.Navigate(c.URL+"/certificates/new"), chromedp.WaitVisible(chromedp.ID("cert-form")))

	b.do(t, "a key that does not match", 30*time.Second,
		setInput("#cert-certificate", tc.certPEM), setInput("#cert-key", other.keyPEM), chromedp.Click(chromedp.ID("cert-submit")))
	b.waitJS(t, "the key's error", `(document.querySelector("#cert-key-error") || {}).textContent?.includes("does not match the certificate (web.example.com)")`, 30*time.Second)
	if got := eval[string](t, b, `document.querySelector("#cert-certificate").value`); got != tc.certPEM {
		t.Fatal("the certificate typed was lost")
	}

	b.do(t, "PEM with garbage", 30*time.Second,
		setInput("#cert-certificate", tc.certPEM+"\n<img src=x onerror=alert(1)>\n"), setInput("#cert-key", tc.keyPEM), chromedp.Click(chromedp.ID("cert-submit")))
	garbageLine := strings.Count(tc.certPEM, "\n") + 2
	b.waitJS(t, "the certificate's error", fmt.Sprintf(`(document.querySelector("#cert-certificate-error") || {}).textContent?.includes("line %d is not part of a -----BEGIN")`, garbageLine), 30*time.Second)
	if b.text(t, "#cert-key-error") != "" {
		t.Fatal("the key's error stayed")
	}

	big := filepath.Join(t.TempDir(), "big.pem")
	if err := os.WriteFile(big, make([]byte, 5<<20), 0o600); err != nil {
		t.Fatal(err)
	}
	b.do(t, "a 5 MB file", 30*time.Second, chromedp.SetUploadFiles(`#cert-chain-file`, []string{big}))
	b.waitJS(t, "the chain's error", `(document.querySelector("#cert-chain-error") || {}).textContent?.includes("5.0 MiB")`, 30*time.Second)
	if got := eval[int](t, b, `document.querySelector("#cert-chain").value.length`); got != 0 {
		t.Fatalf("the 5 MB file filled the chain (%d characters)", got)
	}

	b.shot(t, "h-certs-upload-refused")
	b.audit(t, "h-certs-upload-refused")
	if got := secretCount(t, demo); got != before {
		t.Fatalf("secrets after the refusals: got %d; want %d", got, before)
	}
	if len(b.dialogsSeen()) != 0 {
		t.Fatalf("the hostile text ran: %v", b.dialogsSeen())
	}

	// another project's certificate: refused by Barbican, said so
	id, _ := octavia.RefID(theirs, "secrets")
	b.do(t, "another project's certificate", 30*time.Second, chromedp.Navigate(c.URL+"/certificates/secrets/"+id))
	b.waitJS(t, "the refusal", `(document.querySelector("#cert-error") || {}).textContent?.length > 0`, 30*time.Second)
	b.shot(t, "h-certs-other-project")
	if got := b.text(t, "#cert-error"); !strings.Contains(got, "belongs to another project") {
		t.Fatalf("another project's certificate: got %q", got)
	}
	if b.text(t, "#cert-subject") != "" {
		t.Fatal("another project's certificate shows its subject")
	}
}

// TestBrowserCertReadOnly: in read-only mode the certificates are listed
// but nothing offers an upload or a delete, and the server refuses a
// store sent anyway.
func TestBrowserCertReadOnly(t *testing.T) {
	t.Parallel()
	c := startConsoleWith(t, []string{"-read-only"}, nil)
	demo := labClient(t, c, "demo")
	before := secretCount(t, demo)
	rows := certRows(t, demo)

	b := newBrowser(t)
	b.login(t, c.URL, "demo", "demo", "demo")
	b.waitJS(t, "the list", `!!document.querySelector("#res-nav a[href=\"/certificates\"]")`, 30*time.Second)
	b.do(t, "open the certificates", 30*time.Second, chromedp.Navigate(c.URL+"/certificates"))
	b.waitJS(t, "the rows", `document.querySelectorAll("#cert-table tbody tr").length === `+fmt.Sprint(rows), 30*time.Second)
	if eval[bool](t, b, `!!document.querySelector("#cert-upload")`) {
		t.Fatal("read-only: an upload button")
	}
	b.do(t, "open a certificate", 30*time.Second, chromedp.Click(chromedp.CSS(`#cert-table a.cert-name`)))
	b.waitJS(t, "its page", `!!document.querySelector("#cert-props")`, 30*time.Second)
	if eval[bool](t, b, `!!document.querySelector("#cert-delete")`) {
		t.Fatal("read-only: a delete button")
	}
	b.do(t, "open the upload", 30*time.Second, chromedp.Navigate(c.URL+"/certificates/new"))
	b.waitJS(t, "the refusal", `!!document.querySelector("#cert-read-only") && !document.querySelector("#cert-form")`, 30*time.Second)

	// a store sent anyway, with the session: the server refuses it
	status, err := chromedp.Run(b.ctx, chromedp.Evaluate[float64](fmt.Sprintf(`fetch("/key-manager/v1/secrets", {method: "POST", headers: {"Content-Type": "application/json", "X-Auth-Token": %q},
		body: JSON.stringify({name: "sneaky", payload: "eA==", payload_content_type: "application/octet-stream", payload_content_encoding: "base64"})}).then(r => r.status)`, serverapi.SessionToken), chromedp.EvalAwaitPromise))
	if err != nil {
		t.Fatal(err)
	}
	if status != 403 && status != 405 {
		t.Fatalf("a store in read-only mode: got %v; want refused", status)
	}
	if got := secretCount(t, demo); got != before {
		t.Fatalf("secrets: got %d; want %d", got, before)
	}
}

// TestBrowserCertPKCS12 uploads a PKCS#12 file with a password (AES, as
// OpenSSL 3 writes them): a wrong password is refused at its field, the
// right one stores the bundle again without a password, as Octavia reads
// it; then a CA certificate without a key, stored as its PEM.
func TestBrowserCertPKCS12(t *testing.T) {
	t.Parallel()
	c := startConsole(t)
	demo := labClient(t, c, "demo")
	before := secretCount(t, demo)
	tc := newTestCert(t, "p12.example.com", time.Now().Add(60*24*time.Hour+time.Hour))
	p12, err := pkcs12.Modern2023.Encode(tc.key, tc.cert, nil, "s3cret")
	if err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(t.TempDir(), "web.p12")
	if err := os.WriteFile(file, p12, 0o600); err != nil {
		t.Fatal(err)
	}

	b := newBrowser(t)
	b.login(t, c.URL, "demo", "demo", "demo")
	b.waitJS(t, "the list", `!!document.querySelector("#res-nav a[href=\"/certificates\"]")`, 30*time.Second)
	b.do(t, "choose the file", 30*time.Second, chromedp.Navigate(c.URL+"/certificates/new"), chromedp.WaitVisible(chromedp.ID("cert-form")),
		chromedp.Click(chromedp.ID("cert-format-pkcs12")), chromedp.WaitVisible(chromedp.ID("cert-pkcs12-file")),
		chromedp.SetUploadFiles(`#cert-pkcs12-file`, []string{file}))
	b.waitJS(t, "the file chosen", `(document.querySelector("#cert-pkcs12-chosen") || {}).textContent === "Chosen: web.p12"`, 30*time.Second)
	b.do(t, "a wrong password", 30*time.Second, setInput("#cert-password", "nope"), chromedp.Click(chromedp.ID("cert-submit")))
	b.waitJS(t, "the password's error", `(document.querySelector("#cert-password-error") || {}).textContent === "The password is not the file's"`, 30*time.Second)
	if got := secretCount(t, demo); got != before {
		t.Fatalf("secrets after a wrong password: got %d; want %d", got, before)
	}
	b.do(t, "the right password", 30*time.Second, setInput("#cert-password", "s3cret"), chromedp.Click(chromedp.ID("cert-submit")))
	b.waitJS(t, "the certificate's page", `(document.querySelector("#cert-subject") || {}).textContent === "CN=p12.example.com"`, 30*time.Second)
	stored, err := demo.KeyManager().SecretPayload(t.Context(), b.text(t, "#cert-ref"), "application/octet-stream")
	if err != nil {
		t.Fatal(err)
	}
	if _, leaf, err := pkcs12.Decode(stored, ""); err != nil || !leaf.Equal(tc.cert) {
		t.Fatalf("the stored secret without a password: got %v, %v", leaf, err)
	}

	// a CA certificate, no key: a certificate secret of its PEM
	ca := newTestCert(t, "Client CA", time.Now().Add(400*24*time.Hour))
	b.do(t, "upload a CA", 30*time.Second, chromedp.Navigate(c.URL+"/certificates/new"), chromedp.WaitVisible(chromedp.ID("cert-form")),
		chromedp.Click(chromedp.ID("cert-format-ca")), chromedp.WaitVisible(chromedp.ID("cert-ca")),
		setInput("#cert-ca", "\n"+ca.certPEM+"\n"), chromedp.Click(chromedp.ID("cert-submit")))
	b.waitJS(t, "the CA's page", `(document.querySelector("#cert-subject") || {}).textContent === "CN=Client CA"`, 30*time.Second)
	pemText, err := demo.KeyManager().SecretPayload(t.Context(), b.text(t, "#cert-ref"), "text/plain")
	if err != nil || strings.TrimSpace(string(pemText)) != strings.TrimSpace(ca.certPEM) {
		t.Fatalf("the CA secret: got %q, %v; want its PEM", pemText, err)
	}
}

// askToDeleteCert are the steps from the certificates' list to the delete's
// dialog of the certificate ref: its page, its Delete, until the dialog's
// element with id shows.
func askToDeleteCert(ref, id string) []chromedp.Action[chromedp.Void] {
	return []chromedp.Action[chromedp.Void]{
		chromedp.Click(chromedp.CSS(`#cert-table tr[data-ref="` + ref + `"] a.cert-name`)),
		chromedp.WaitVisible(chromedp.ID("cert-delete")), chromedp.Click(chromedp.ID("cert-delete")),
		chromedp.WaitVisible(chromedp.ID(id)),
	}
}
