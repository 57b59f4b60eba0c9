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
  performance.mark("octaview:wasm-fetch");
  window.octaviewWasmModule = WebAssembly.compileStreaming(fetch(script.dataset.wasm));
  window.octaviewWasmModule.catch(function () { }); // app.js's loader reports a failure
})();
