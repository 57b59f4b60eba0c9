package main

// The rough edges a first real use found (issue 19 §3), each where a user
// notices it: in headless Chromium against the lab.

import (
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestBrowserProviderChoices: a pool's form offers only the algorithms its
// load balancer's provider takes (the lab's amphora provider answers 501
// for SOURCE_IP_PORT, as Zed's does) and says why; the wizard, which names
// no provider, offers what every provider of the cloud takes; a flavor
// profile's form lists what the picked provider takes, and the provider's
// 501 on its data is shown at the field in Octavia's words.
func TestBrowserProviderChoices(t *testing.T) {
	c := startConsole(t)
	ids := readTreeIDs(t, c)
	b := newBrowser(t, t.TempDir())
	b.login(t, c.URL, "demo", "demo", "demo")
	b.waitJS(t, "the list", `location.pathname === "/load-balancers"`, 30*time.Second)

	algorithms := `[...document.querySelectorAll("#f-lb_algorithm option")].map(o => o.value).join(",")`
	b.do(t, "open the pool form", 60*time.Second, append([]chromedp.Action[chromedp.Void]{
		chromedp.Navigate(c.URL + "/pools/new"), chromedp.WaitVisible(chromedp.ID("f-lb_algorithm"))},
		treeSelect("#f-loadbalancer_id", ids.shopLB)...)...)
	b.waitJS(t, "the provider's hint", `document.querySelector("#res-form").textContent.includes("The amphora provider does not support SOURCE_IP_PORT.")`, 20*time.Second)
	if got := eval[string](t, b, algorithms); got != "ROUND_ROBIN,LEAST_CONNECTIONS,SOURCE_IP" {
		t.Errorf("algorithms offered for an amphora load balancer: got %s", got)
	}
	b.shot(t, "edges-provider-pool-form")

	b.do(t, "open the wizard", 60*time.Second, chromedp.Navigate(c.URL+"/load-balancers/new"), chromedp.WaitVisible(chromedp.ID("wz-next")))
	b.do(t, "to the pools step", 30*time.Second,
		chromedp.WaitReady(chromedp.CSS(`#create-subnet option`)),
		setInput("#create-name", "ci-provider"),
		chromedp.Click(chromedp.ID("wz-next")), chromedp.WaitVisible(chromedp.CSS("#wz-panel-1")),
		chromedp.Click(chromedp.ID("wz-next")), chromedp.WaitVisible(chromedp.CSS("#wz-panel-2")))
	wzAlgorithms := `[...document.querySelectorAll("#wz-pool-0-lb-algorithm option")].map(o => o.value).join(",")`
	if got := eval[string](t, b, wzAlgorithms); got != "ROUND_ROBIN,LEAST_CONNECTIONS,SOURCE_IP" {
		t.Errorf("the wizard's algorithms on the lab (amphora, octavia): got %s", got)
	}
	if got := b.text(t, "#wz-panel-2"); !strings.Contains(got, "This cloud's providers (amphora, octavia) do not support SOURCE_IP_PORT.") {
		t.Errorf("the wizard's pool step does not say why SOURCE_IP_PORT is missing: %q", got)
	}

	// An admin's flavor profile: the provider's capabilities, then its 501.
	a := newBrowser(t, t.TempDir())
	a.login(t, c.URL, "admin", "admin", "admin")
	a.waitJS(t, "the list", `location.pathname === "/load-balancers"`, 30*time.Second)
	a.do(t, "open the flavor profile form", 60*time.Second, append([]chromedp.Action[chromedp.Void]{
		chromedp.Navigate(c.URL + "/flavor-profiles/new"), chromedp.WaitVisible(chromedp.ID("f-flavor_data"))},
		treeSelect("#f-provider_name", "amphora")...)...)
	a.waitJS(t, "the provider's capabilities", `document.querySelector("#res-form").textContent.includes("The amphora provider takes: ") &&
		document.querySelector("#res-form").textContent.includes("loadbalancer_topology")`, 20*time.Second)
	a.do(t, "a key the provider does not take", 20*time.Second,
		setInput("#f-name", "ci-bogus"), setInput("#f-flavor_data", `{"bogus": 1}`), chromedp.Click(chromedp.ID("res-submit")))
	a.waitJS(t, "the 501 at the field", `(document.querySelector("#f-flavor_data-error") || {}).textContent?.includes("Additional properties are not allowed ('bogus' was unexpected)")`, 20*time.Second)
	if got := a.text(t, "#res-form-error"); !strings.Contains(got, "Octavia refused it") {
		t.Errorf("the form's top line on a 501: got %q", got)
	}
	if got := eval[string](t, a, `document.activeElement.id`); got != "f-flavor_data" {
		t.Errorf("the focus after the 501: got %q, want the field Octavia refused", got)
	}
	a.shot(t, "edges-provider-501")
}
