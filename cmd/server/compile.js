(function () {
  // Octaview's early compile (cmd/server/loader.go): inline at the top of the
  // page's head, before the style sheets, so it runs at once (a script after
  // them waits for them); it compiles the app.wasm the page preloads (the
  // same request) while the style sheets and app.js come in, and app.js's
  // loader instantiates the module.
  var script = document.currentScript;
  if (!WebAssembly.compileStreaming || !script || !script.dataset.wasm ||
    new URLSearchParams(window.location.search).get("wasm") === "false" ||
    /bot|googlebot|crawler|spider|robot|crawling/i.test(navigator.userAgent)) {
    return; // app.js's loader fetches and compiles it itself, or does not run it
  }
  // Chromium's code cache (docs/startup.md): Chromium keeps the compiled
  // module of a compile that streams the fetch's own Response, and hands it
  // to the next compile of that URL, which first hashes the whole wasm and
  // deserializes it on the main thread. That pays in a new session (a new
  // tab or browser). Within a tab that compiled this build before (its
  // sessionStorage says so: a reload, a link followed), V8 most likely
  // still holds the module in memory and reuses it for a compile of the
  // same bytes at once: the compile then streams a copy of the Response,
  // which has no code cache to consult.
  var url = script.dataset.wasm;
  var again = false;
  try {
    again = sessionStorage.getItem("octaview.wasm") === url;
    sessionStorage.setItem("octaview.wasm", url);
  } catch (err) { } // no storage: the code cache, as in a new session
  performance.mark("octaview:wasm-fetch");
  var response = fetch(url);
  if (again) {
    response = response.then(function (r) {
      return new Response(r.body, { status: r.status, statusText: r.statusText, headers: r.headers });
    });
  }
  window.octaviewWasmModule = WebAssembly.compileStreaming(response);
  window.octaviewWasmModule.catch(function () { }); // app.js's loader reports a failure
})();
(function () {
  // One login per user action (docs/startup.md): the served login form is
  // a plain form (data-plain="on") until the app runs it. Once its post is
  // on its way, a second submit of the plain form (a second Enter) is
  // prevented, and the form says until when the post may still answer
  // (data-plain-until, ms since the epoch: the server's login bound, 30 s,
  // and a margin), so an app starting meanwhile sends no login of its own
  // (app/login_boot.go) until the page navigates with the post's answer. A
  // listener on the window runs after the app's own submit handler, which
  // prevents the plain post: those submits are left alone. Back on this page
  // from the one the post led to (the back/forward cache), the post has
  // answered: the mark becomes 0 (one was sent, none is on its way), so an
  // app starting now checks the session the post may have opened.
  var until = 0;
  window.addEventListener("submit", function (e) {
    var form = e.target;
    if (e.defaultPrevented || !form || form.id !== "login-form" || form.dataset.plain !== "on") {
      return;
    }
    if (Date.now() < until) {
      e.preventDefault(); // the first post is on its way
      return;
    }
    until = Date.now() + 35000;
    form.dataset.plainUntil = String(until);
  });
  window.addEventListener("pageshow", function (e) {
    if (e.persisted) {
      until = 0; // back from the page the post led to: a new login is a new action
      var form = document.getElementById("login-form");
      if (form && form.dataset.plainUntil) {
        form.dataset.plainUntil = "0";
      }
    }
  });
})();
