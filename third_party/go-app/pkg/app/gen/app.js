// -----------------------------------------------------------------------------
// go-app
// -----------------------------------------------------------------------------
var goappNav = function () { };

var goappUpdatedBeforeWasmLoaded = false;
var goappOnUpdate = function () {
  goappUpdatedBeforeWasmLoaded = true;
};

var goappAppInstallChangedBeforeWasmLoaded = false;
var goappOnAppInstallChange = function () {
  goappAppInstallChangedBeforeWasmLoaded = true;
};

const goappEnv = {{.Env}};
const goappLoadingLabel = "{{.LoadingLabel}}";
const goappWasmContentLength = "{{.WasmContentLength}}";
const goappWasmContentLengthHeader = "{{.WasmContentLengthHeader}}";

let goappServiceWorkerRegistration;
let deferredPrompt = null;

// Octaview patch: goappInitServiceWorker runs once the app runs (goappInitWebAssembly)
goappWatchForUpdate();
goappWatchForInstallable();
goappInitWebAssembly();

// -----------------------------------------------------------------------------
// Service Worker
// -----------------------------------------------------------------------------
async function goappInitServiceWorker() {
  if ("serviceWorker" in navigator) {
    try {
      const registration = await navigator.serviceWorker.register(
        "{{.WorkerJS}}"
      );
      goappServiceWorkerRegistration = registration;
      goappSetupNotifyUpdate(registration);
      goappSetupPushNotification();
    } catch (err) {
      console.error("goapp service worker registration failed: ", err);
    }
  }
}

// -----------------------------------------------------------------------------
// Update
// -----------------------------------------------------------------------------
function goappWatchForUpdate() {
  window.addEventListener("beforeinstallprompt", (e) => {
    e.preventDefault();
    deferredPrompt = e;
    goappOnAppInstallChange();
  });
}

function goappSetupNotifyUpdate(registration) {
  registration.addEventListener("updatefound", (event) => {
    const newSW = registration.installing;
    newSW.addEventListener("statechange", (event) => {
      if (!navigator.serviceWorker.controller) {
        return;
      }

      switch (newSW.state) {
        case "activated":
          goappOnUpdate();
      }
    });
  });
}

function goappTryUpdate() {
  if (!goappServiceWorkerRegistration) {
    return;
  }
  goappServiceWorkerRegistration.update();
}

// -----------------------------------------------------------------------------
// Install
// -----------------------------------------------------------------------------
function goappWatchForInstallable() {
  window.addEventListener("appinstalled", () => {
    deferredPrompt = null;
    goappOnAppInstallChange();
  });
}

function goappIsAppInstallable() {
  return !goappIsAppInstalled() && (deferredPrompt != null || goappIsAppleBrowser());
}

function goappIsAppInstalled() {
  return navigator.standalone === true ||
    window.matchMedia("(display-mode: standalone)").matches ||
    document.referrer.startsWith('android-app://');
}

function goappIsAppleBrowser() {
  const ua = navigator.userAgent;
  const isIPadOS = /\bMacintosh\b/.test(ua) && navigator.maxTouchPoints > 1;
  const isIOSFamily = /iP(hone|ad|od)/.test(ua) || isIPadOS;
  const isMacSafari =
    /\bMacintosh\b/.test(ua) &&
    /\bSafari\b/.test(ua) &&
    !/\bChrome\b|\bEdg\b|\bOPR\b|\bBrave\b/.test(ua);
  return isIOSFamily || isMacSafari;
}

async function goappShowInstallPrompt() {
  deferredPrompt.prompt();
  await deferredPrompt.userChoice;
  deferredPrompt = null;
}

// -----------------------------------------------------------------------------
// Environment
// -----------------------------------------------------------------------------
function goappGetenv(k) {
  return goappEnv[k];
}

// -----------------------------------------------------------------------------
// Notifications
// -----------------------------------------------------------------------------
function goappSetupPushNotification() {
  navigator.serviceWorker.addEventListener("message", (event) => {
    const msg = event.data.goapp;
    if (!msg) {
      return;
    }

    if (msg.type !== "notification") {
      return;
    }

    goappNav(msg.path);
  });
}

async function goappSubscribePushNotifications(vapIDpublicKey) {
  try {
    const subscription =
      await goappServiceWorkerRegistration.pushManager.subscribe({
        userVisibleOnly: true,
        applicationServerKey: vapIDpublicKey,
      });
    return JSON.stringify(subscription);
  } catch (err) {
    console.error(err);
    return "";
  }
}

function goappNewNotification(jsonNotification) {
  let notification = JSON.parse(jsonNotification);

  const title = notification.title;
  delete notification.title;

  let path = notification.path;
  if (!path) {
    path = "/";
  }

  if (!("serviceWorker" in navigator) || !goappServiceWorkerRegistration || !goappServiceWorkerRegistration.active) {
    const webNotification = new Notification(title, notification);

    webNotification.onclick = () => {
      goappNav(path);
      webNotification.close();
    };
    return;
  }

  const serviceWorker = goappServiceWorkerRegistration.active;
  serviceWorker.postMessage({
    type: "goapp:notify",
    options: notification,
  });
}

// -----------------------------------------------------------------------------
// Keep Clean Body
// -----------------------------------------------------------------------------
function goappKeepBodyClean() {
  const body = document.body;
  const bodyChildrenCount = body.children.length;

  const mutationObserver = new MutationObserver(function (mutationList) {
    mutationList.forEach((mutation) => {
      switch (mutation.type) {
        case "childList":
          while (body.children.length > bodyChildrenCount) {
            body.removeChild(body.lastChild);
          }
          break;
      }
    });
  });

  mutationObserver.observe(document.body, {
    childList: true,
  });

  return () => mutationObserver.disconnect();
}

// -----------------------------------------------------------------------------
// Web Assembly
//
// Octaview patch (PATCH.md, "The wasm loader"): this part replaces
// go-app's goappInitWebAssembly and fetchWithProgress:
//   - when the page started compiling the preloaded app.wasm early (a
//     server's script at the top of its head sets window.octaviewWasmModule,
//     the compile's promise: it does not wait for the style sheets), the
//     loader instantiates that module. Without it:
//   - the wasm's own fetch Response goes to instantiateStreaming, so that V8
//     compiles it while it streams in and Chromium keeps the compiled module
//     in its code cache for the next visit (go-app#616's progress copy, a new
//     Response of a JavaScript stream, is neither);
//   - no label rewritten per chunk (its percentage also passed 100 % with a
//     precompressed wasm): the spinner says it is loading;
//   - the service worker is registered once the app runs, not before: on a
//     first visit its install (which stores the whole app) then does not
//     compete with the app's start for the CPU;
//   - performance marks: "octaview:wasm-fetch" (the fetch starts),
//     "octaview:wasm-instantiated" (compiled and instantiated),
//     "octaview:main" (set by Octaview's main: Go's runtime and package init
//     are done), "octaview:go-app" (set by Octaview's main as go-app starts:
//     its first page is rendered before any script runs again) and
//     "octaview:go-started" (go.run returned: main ran until it first
//     waited, which on a page served with a session is the session's
//     restore, before go-app starts).
// -----------------------------------------------------------------------------
async function goappInitWebAssembly() {
  const loader = document.getElementById("app-wasm-loader");

  if (!goappCanLoadWebAssembly()) {
    loader.remove();
    goappInitServiceWorker();
    return;
  }

  const loaderIcon = document.getElementById("app-wasm-loader-icon");
  const loaderLabel = document.getElementById("app-wasm-loader-label");

  try {
    const go = new Go();
    let wasm;
    if (window.octaviewWasmModule) {
      // compiling since the top of the page's head (the early compile)
      const module = await window.octaviewWasmModule;
      wasm = { instance: await WebAssembly.instantiate(module, go.importObject) };
    } else if (WebAssembly.instantiateStreaming) {
      performance.mark("octaview:wasm-fetch");
      const response = fetch("{{.Wasm}}");
      wasm = await WebAssembly.instantiateStreaming(response, go.importObject);
    } else {
      performance.mark("octaview:wasm-fetch");
      const source = await (await fetch("{{.Wasm}}")).arrayBuffer();
      wasm = await WebAssembly.instantiate(source, go.importObject);
    }
    performance.mark("octaview:wasm-instantiated");
    go.run(wasm.instance);
    performance.mark("octaview:go-started");
    loader.remove();
  } catch (err) {
    loaderIcon.className = "goapp-logo";
    loaderLabel.innerText = err;
    console.error("loading wasm failed: ", err);
  }
  goappInitServiceWorker(); // also after a failure: a newer worker may bring a build that loads
}

function goappCanLoadWebAssembly() {
  if (
    /bot|googlebot|crawler|spider|robot|crawling/i.test(navigator.userAgent)
  ) {
    return false;
  }

  const urlParams = new URLSearchParams(window.location.search);
  return urlParams.get("wasm") !== "false";
}
