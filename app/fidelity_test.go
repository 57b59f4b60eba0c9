//go:build fidelity

// The pages against a real OpenStack Zed Octavia (../shared/realcloud,
// started by make fidelity): for every kind, what its detail page shows is
// exactly the real answer's attributes, each labelled, and its list asks
// only for attributes the answer has (checkPageKeys, as against the lab in
// TestPagesShowTheAnswer).
//
// Environment: REALCLOUD_DIR (default /tmp/realcloud; its openrc gives the
// credentials).

package app

import (
	"bufio"
	"cmp"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/gophercloud/gophercloud/v2/openstack/networking/v2/subnets"

	"github.com/octaview/octaview/octavia"
	"github.com/octaview/octaview/waiters"
)

func TestFidelityPagesShowTheAnswer(t *testing.T) {
	c := realCloudClient(t)
	subs, err := octavia.Collect(c.Subnets(t.Context(), subnets.ListOpts{}))
	if err != nil || len(subs) == 0 {
		t.Fatalf("the real cloud's subnets: got %d, %v", len(subs), err)
	}
	checkEveryPage(t, everyKind(t, c, subs[0].ID, waiters.Options{Interval: time.Second, Timeout: 3 * time.Minute}))
}

// realCloudClient logs in to the real cloud with REALCLOUD_DIR's openrc
// (default /tmp/realcloud, which make fidelity starts).
func realCloudClient(t *testing.T) *octavia.Client {
	t.Helper()
	env := map[string]string{}
	f, err := os.Open(filepath.Join(cmp.Or(os.Getenv("REALCLOUD_DIR"), "/tmp/realcloud"), "openrc"))
	if err != nil {
		t.Fatalf("the real cloud's openrc: %v (make fidelity starts it)", err)
	}
	defer f.Close()
	for sc := bufio.NewScanner(f); sc.Scan(); {
		for _, word := range strings.Fields(strings.TrimPrefix(sc.Text(), "export ")) {
			if k, v, ok := strings.Cut(word, "="); ok {
				env[k] = v
			}
		}
	}
	c, err := octavia.New(t.Context(), octavia.Config{AuthURL: env["OS_AUTH_URL"], Username: env["OS_USERNAME"], Password: env["OS_PASSWORD"],
		UserDomainName: env["OS_USER_DOMAIN_NAME"], ProjectName: env["OS_PROJECT_NAME"], ProjectDomainName: env["OS_PROJECT_DOMAIN_NAME"]})
	if err != nil {
		t.Fatalf("log in to the real cloud: %v", err)
	}
	return c
}
