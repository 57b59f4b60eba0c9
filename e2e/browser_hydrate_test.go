//go:build !js

package e2e

// The app adopts the server's page (docs/startup.md, issue 21 goal 2): when
// app.wasm starts, go-app (patched, third_party/go-app) takes over the
// elements the server rendered instead of replacing them, and replaces only
// what does not match what the app renders.

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
)

// loginServed are the served login form's elements the app must adopt (CSS
// selectors), and loginNotRun is true while the app has not run the form
// (the served form is the plain one: it posts to the server).
var loginServed = []string{"#login-form", "#login-user", "#login-password", "#login-domain", "#login-project", "#login-submit"}

const loginNotRun = `!document.querySelector('#login-form[data-ready="true"]') && !!document.querySelector('#login-form[data-plain="on"]')`

// servedRecorderJS runs in every document before its scripts: once the
// served page is parsed (DOMContentLoaded: app.js is deferred and only starts
// fetching app.wasm), it keeps in window.__hydrate.served the served element
// each selector matches, notes whether notRun (a JavaScript expression) was
// true then, runs mutate (the test's change of the served DOM, "" for none),
// then records in window.__hydrate.removed every later removal of a node
// holding one of those elements.
func servedRecorderJS(selectors []string, notRun, mutate string) string {
	return `(() => {
	const sels = ` + jsStrings(selectors) + `;
	const h = window.__hydrate = {served: null, notRun: null, removed: []};
	document.addEventListener("DOMContentLoaded", () => {
		const served = {};
		for (const s of sels) served[s] = document.querySelector(s);
		h.notRun = sels.every((s) => !!served[s]) && (` + notRun + `);
		(() => {` + mutate + `})();
		h.served = served;
		new MutationObserver((records) => {
			for (const r of records) for (const n of r.removedNodes) for (const s of sels) {
				if (served[s] && (n === served[s] || n.contains(served[s]))) h.removed.push(s);
			}
		}).observe(document, {subtree: true, childList: true});
	});
})()`
}

// adoptedJS is true when sel matches the element the server served.
func adoptedJS(sel string) string {
	return `document.querySelector(` + jsString(sel) + `) === window.__hydrate.served[` + jsString(sel) + `]`
}

// formShapeJS serialises the login form as the app left it: every element's
// tag, attributes (but value, which the server writes as an attribute and
// the app sets as a property) and children, every text node's text.
const formShapeJS = `(() => {
	const shape = (n) => {
		if (n.nodeType === Node.TEXT_NODE) return JSON.stringify(n.data);
		if (n.nodeType !== Node.ELEMENT_NODE) return "#" + n.nodeType;
		const attrs = [...n.attributes].filter((a) => a.name !== "value").map((a) => a.name + "=" + JSON.stringify(a.value)).sort();
		return "<" + n.localName + " " + attrs.join(" ") + ">" + [...n.childNodes].map(shape).join("") + "</" + n.localName + ">";
	};
	return shape(document.getElementById("login-form"));
})()`

func jsStrings(ss []string) string {
	q := make([]string, len(ss))
	for i, s := range ss {
		q[i] = jsString(s)
	}
	return "[" + strings.Join(q, ",") + "]"
}

// openServedLogin opens /login in a fresh browser whose documents run
// servedRecorderJS (the login form's elements, and mutate), and waits until
// the app runs the form.
func openServedLogin(t *testing.T, c console, mutate string) *browser {
	t.Helper()
	b := newBrowser(t)
	if _, err := chromedp.Call(b.ctx, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: servedRecorderJS(loginServed, loginNotRun, mutate)}); err != nil {
		t.Fatal(err)
	}
	b.do(t, "open the login page", 60*time.Second, chromedp.Navigate(c.URL+"/login"))
	b.waitJS(t, "the app's login form", `!!document.querySelector('#login-form[data-ready="true"]') && !document.getElementById("login-submit").disabled`, 60*time.Second)
	if !eval[bool](t, b, `!!window.__hydrate.served && window.__hydrate.notRun === true`) {
		t.Fatal("the served page was not recorded before the app ran: nothing tested")
	}
	return b
}

// typeAndLogIn types demo's credentials into the form with key presses (the
// app's input handlers must take them), submits with a click and waits for
// demo's list.
func typeAndLogIn(t *testing.T, b *browser) {
	t.Helper()
	ctx, cancel := context.WithTimeout(b.ctx, 2*time.Minute)
	defer cancel()
	for _, id := range []string{"login-user", "login-password", "login-project"} {
		eval[bool](t, b, `(document.getElementById(`+jsString(id)+`).focus(), true)`)
		for _, k := range "demo" {
			if err := key(ctx, string(k)); err != nil {
				t.Fatalf("typing into %s: %v", id, err)
			}
		}
	}
	b.do(t, "submit", 20*time.Second, chromedp.Click(chromedp.ID("login-submit")))
	b.waitJS(t, "demo's list", `document.querySelectorAll("tr.lb-row").length >= 4`, 2*time.Minute)
}

// TestBrowserHydrateLogin: the login form, its fields and its button the
// app runs are the very elements the server served (the same objects, never
// removed from the document), with the app's handlers on them: typing and a
// click log in. Then a served page that differs from what the app renders
// (changed by a script before the app runs) ends as the app renders it: the
// matching elements adopted and brought to the app's state, the rest
// replaced, and it works.
func TestBrowserHydrateLogin(t *testing.T) {
	t.Parallel()
	requireTools(t)
	c := startConsole(t)

	b := openServedLogin(t, c, "")
	for _, sel := range loginServed {
		if !eval[bool](t, b, adoptedJS(sel)) {
			t.Errorf("%s is not the element the server served: the app replaced it", sel)
		}
	}
	if removed := eval[[]string](t, b, `window.__hydrate.removed`); len(removed) != 0 {
		t.Errorf("served elements were removed from the document when the app started: %v", removed)
	}
	adopted := eval[string](t, b, formShapeJS)
	typeAndLogIn(t, b)

	t.Run("mismatch", func(t *testing.T) {
		// the served form, changed before the app runs: a stale attribute,
		// a field of another tag, a label's text, a field of another type
		// (never adopted: what was typed in a password field must not show
		// in a text field), a missing button, an extra element and a comment
		b := openServedLogin(t, c, `
			const form = document.getElementById("login-form");
			form.setAttribute("data-stale", "1");
			const user = document.getElementById("login-user");
			const area = document.createElement("textarea");
			area.id = "login-user";
			user.replaceWith(area);
			document.querySelector('label[for="login-password"]').firstChild.data = "Wrong label";
			document.getElementById("login-project").type = "password";
			document.getElementById("login-submit").remove();
			form.append(document.createElement("aside"), document.createComment("served"));`)
		checks := map[string]string{
			"the form is adopted":                    adoptedJS("#login-form"),
			"the password field is adopted":          adoptedJS("#login-password"),
			"the stale attribute is gone":            `!document.getElementById("login-form").hasAttribute("data-stale")`,
			"the textarea is replaced by an input":   `document.getElementById("login-user").localName === "input" && !document.querySelector("textarea")`,
			"the label's text is the app's":          `document.querySelector('label[for="login-password"]').textContent.trim() === "Password"`,
			"a field of another type is replaced":    `!(` + adoptedJS("#login-project") + `) && document.getElementById("login-project").type === "text"`,
			"the missing button is mounted":          `!!document.getElementById("login-submit") && !(` + adoptedJS("#login-submit") + `)`,
			"the extra element and comment are gone": `!document.querySelector("#login-form aside") && ![...document.getElementById("login-form").childNodes].some((n) => n.nodeType === Node.COMMENT_NODE)`,
		}
		for what, expr := range checks {
			if !eval[bool](t, b, expr) {
				t.Errorf("%s: false (%s)", what, expr)
			}
		}
		if got := eval[string](t, b, formShapeJS); got != adopted {
			t.Errorf("the changed served form ended as\n%s\nwant what the app made of the unchanged one:\n%s", got, adopted)
		}
		typeAndLogIn(t, b)
	})
}
