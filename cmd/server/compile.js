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
  // Chromium's code cache (README "Start-up"): Chromium keeps the compiled
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
