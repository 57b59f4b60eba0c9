package cert

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/gophercloud/gophercloud/v2/openstack/keymanager/v1/containers"
	"github.com/gophercloud/gophercloud/v2/openstack/keymanager/v1/secrets"

	"github.com/octaview/octaview/octavia"
)

func ref(coll string, i int) string {
	return fmt.Sprintf("https://barbican:9311/v1/%s/00000000-0000-0000-0000-%012d", coll, i)
}

func TestEntriesAndUses(t *testing.T) {
	end := time.Date(2027, 1, 1, 0, 0, 0, 0, time.UTC)
	_, _, leafPEM, _ := issue(t, "web.example.com", end, nil, nil)
	ss := []secrets.Secret{
		{Name: "web", SecretRef: ref("secrets", 1), SecretType: "opaque", ContentTypes: map[string]string{"default": "application/octet-stream"}},
		{Name: "Api", SecretRef: ref("secrets", 2), SecretType: "certificate", ContentTypes: map[string]string{"default": "text/plain"}},
		{Name: "db-password", SecretRef: ref("secrets", 3), SecretType: "opaque"},
		{Name: "key", SecretRef: ref("secrets", 4), SecretType: "private"},
	}
	cs := []containers.Container{
		{Name: "legacy", ContainerRef: ref("containers", 5), Type: "certificate", SecretRefs: []containers.SecretRef{{Name: "certificate", SecretRef: ref("secrets", 2)}, {Name: "private_key", SecretRef: ref("secrets", 4)}}},
		{Name: "generic", ContainerRef: ref("containers", 6), Type: "generic"},
	}
	parsed := map[string]Parsed{}
	reads := Unread(ss, cs, parsed)
	var got []string
	for _, r := range reads {
		got = append(got, fmt.Sprintf("%s<-%s %s %v", r.Ref[len(r.Ref)-2:], r.Secret[len(r.Secret)-2:], r.ContentType, r.Opaque))
	}
	if want := "01<-01 application/octet-stream true,02<-02 text/plain false,03<-03 application/octet-stream true,05<-02 text/plain false"; strings.Join(got, ",") != want {
		t.Fatalf("reads: got %s; want %s", strings.Join(got, ","), want)
	}
	for _, r := range reads {
		switch r.Ref {
		case ref("secrets", 3):
			parsed[r.Ref] = r.Parse([]byte("hunter2"), "")
		default:
			parsed[r.Ref] = r.Parse(leafPEM, "")
		}
	}
	if len(Unread(ss, cs, parsed)) != 0 {
		t.Fatal("a payload read twice")
	}
	// a listener uses the PKCS12 secret by a ref of another host, and the
	// container as an SNI certificate; a pool the PEM secret as its CA
	listeners := []octavia.Object{{"id": "l1", "name": "https", "default_tls_container_ref": strings.Replace(ref("secrets", 1), "barbican:9311", "localhost/key-manager", 1),
		"sni_container_refs": []any{ref("containers", 5)}, "client_ca_tls_container_ref": nil}}
	pools := []octavia.Object{{"id": "p1", "name": "backend", "ca_tls_container_ref": ref("secrets", 2)}}
	entries, hidden := Entries(ss, cs, parsed, Uses(listeners, pools))
	if hidden != 1 || len(entries) != 3 {
		t.Fatalf("got %d entries, %d hidden; want 3 and the opaque password hidden", len(entries), hidden)
	}
	got = nil
	for _, e := range entries {
		var uses []string
		for _, u := range e.UsedBy {
			uses = append(uses, u.Name+" "+u.Slot.Label)
		}
		got = append(got, fmt.Sprintf("%s %s %s %s [%s]", e.Name, e.Type, e.Parsed.Info.Subject, e.Expiry(end.AddDate(0, 0, -10)), strings.Join(uses, ";")))
	}
	want := []string{
		"Api certificate web.example.com expires in 10 days [backend CA of the members]",
		"legacy container web.example.com expires in 10 days [https SNI certificate]",
		"web PKCS12 web.example.com expires in 10 days [https default certificate]",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Fatalf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if f := SlotFields(octavia.KindPool); strings.Join(f, ",") != "id,name,tls_container_ref,ca_tls_container_ref,crl_container_ref" {
		t.Fatalf("pool fields: got %v", f)
	}
}
