// -----------------------------------------------------------------------------
// Octaview's service worker: go-app's (v10.1.11, DefaultAppWorkerJS) with an
// install that caches one whole build or nothing, and a fetch handler that
// reads only this build's cache (cmd/server/builds.go, docs/deploying.md "Upgrades").
// Pages are not cached: each carries its request's own start-up state
// (cmd/server/loader.go).
// -----------------------------------------------------------------------------
const build = "{{.Version}}";
const cacheName = "app-" + build;
const resourcesToCache = {{.ResourcesToCache}}.filter((url) => url !== "/");
// the header naming a build (serverapi.BuildHeader), and how many times a
// file is asked for before the install gives up (serverapi.BuildTries)
const buildHeader = "X-Octaview-Build";
const buildTries = 10;

self.addEventListener("install", (event) => {
  routeAroundWorker(event);
  // waitUntil: a failed install is no install; the browser keeps the worker
  // it had and tries again at its next update check.
  event.waitUntil((async () => {
    console.log("installing app worker " + build);
    await installWorker();
    await self.skipWaiting();
  })());
});

// routeAroundWorker sends every request but those of the files the worker
// caches straight to the network, without a fetch event (the Static Routing
// API, Chromium 123 on; other browsers ignore it and the fetch handler below
// lets those requests go by itself). A new build's worker, even with
// skipWaiting, activates only once this worker has no event in flight, and
// once Chromium restarted a worker it waits for 30 s without an event: a
// page polling the API every 3 s through a fetch event each kept the new
// build waiting for minutes (Chromium's 5-minute lame-duck bound), and the
// app from saying a new version is available.
function routeAroundWorker(event) {
  if (typeof event.addRoutes !== "function") {
    return;
  }
  const cached = resourcesToCache.map((u) => ({ urlPattern: { pathname: new URL(u, self.location.origin).pathname } }));
  event.waitUntil(event.addRoutes([{ condition: { not: { or: cached } }, source: "network" }])
    .catch((err) => console.warn("app worker " + build + ": no routes, every request is a fetch event:", err)));
}

async function installWorker() {
  await caches.delete(cacheName); // never a mix with a former try
  const cache = await caches.open(cacheName);
  try {
    for (const url of resourcesToCache) {
      await cache.put(url, await fetchOfBuild(url));
    }
  } catch (err) {
    await caches.delete(cacheName);
    throw err;
  }
}

// fetchOfBuild asks for url in this worker's build: a replica of another build
// answers 409 (on a closed connection), and the next try, a little later so
// as not to fall in step with other clients' requests, may reach another.
// app.wasm and the page's app.js, whose URLs name this build, are
// revalidated against the browser's HTTP cache ("no-cache"): on a first
// visit the page itself is downloading them, and the worker then gets a 304,
// not a second copy (the answer still names its build). The other files,
// whose URLs name no build, are always fetched whole ("no-store").
async function fetchOfBuild(url) {
  const pinned = url.endsWith("?build=" + encodeURIComponent(build));
  let last = "";
  for (let i = 0; i < buildTries; i++) {
    if (i > 0) {
      await new Promise((resolve) => setTimeout(resolve, 50 * i + Math.random() * 100));
    }
    const resp = await fetch(url, { cache: pinned ? "no-cache" : "no-store", headers: { [buildHeader]: build } });
    const got = resp.headers.get(buildHeader);
    if (resp.ok && got === build) {
      return resp;
    }
    last = resp.status + " from build " + got;
    // an unread body holds its connection (the browser keeps a few per host)
    try { await resp.body.cancel(); } catch (err) { }
  }
  throw new Error(url + ": no replica served build " + build + " in " + buildTries + " tries (last: " + last + ")");
}

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    await deletePreviousCaches();
    await self.clients.claim();
    console.log("app worker " + build + " is activated");
  })());
});

async function deletePreviousCaches() {
  const keys = await caches.keys();
  await Promise.all(
    keys.map(async (key) => {
      if (key !== cacheName) {
        try {
          console.log("deleting", key, "cache");
          await caches.delete(key);
        } catch (err) {
          console.error("deleting", key, "cache failed:", err);
        }
      }
    })
  );
}

// The worker answers only for the files it cached. Everything else (the API,
// the status wall's event stream, other pages) goes to the network without
// it: a long request answered through the worker would keep it busy, and a
// busy worker keeps a new build's worker waiting.
const cachedPaths = new Set(resourcesToCache.map((u) => {
  const url = new URL(u, self.location.origin);
  return url.pathname + url.search;
}));

self.addEventListener("fetch", (event) => {
  const url = new URL(event.request.url);
  if (event.request.method !== "GET" || url.origin !== self.location.origin || !cachedPaths.has(url.pathname + url.search)) {
    return;
  }
  event.respondWith(fetchWithCache(event.request));
});

// fetchWithCache answers from this build's cache only (caches.match without
// cacheName would search every cache, another build's included), else from
// the network. It never opens the cache: caches.open creates a missing one,
// and an old worker still answering a fetch just after a new build's worker
// deleted its cache would leave an empty cache of the old build behind.
async function fetchWithCache(request) {
  const cachedResponse = await caches.match(request, { cacheName });
  if (cachedResponse) {
    return cachedResponse;
  }
  return await fetch(request);
}

// -----------------------------------------------------------------------------
// Push Notifications (go-app's, unchanged)
// -----------------------------------------------------------------------------
self.addEventListener("push", (event) => {
  event.waitUntil((async () => {
    let notification;

    try {
      notification = event.data ? event.data.json() : null;
    } catch {
      notification = null;
    }

    if (!notification) {
      return;
    }

    await showNotification(self.registration, notification);
  })());
});

self.addEventListener("message", (event) => {
  const msg = event.data;
  if (!msg || msg.type !== "goapp:notify") {
    return;
  }

  event.waitUntil(
    showNotification(self.registration, msg.options)
  );
});

async function showNotification(registration, notification) {
  const title = notification.title || "Notification";

  let actions = [];
  for (let i in notification.actions) {
    const action = notification.actions[i];
    actions.push({
      action: action.action,
      path: action.path,
    });
    delete action.path;
  }

  await registration.showNotification(title, {
    body: notification.body,
    icon: notification.icon,
    badge: notification.badge,
    actions: notification.actions,
    data: {
      goapp: {
        path: notification.path,
        actions: actions
      }
    }
  });
}

self.addEventListener("notificationclick", (event) => {
  event.notification.close();

  const notification = event.notification;
  let path = notification.data.goapp.path;

  for (let i in notification.data.goapp.actions) {
    const action = notification.data.goapp.actions[i];
    if (action.action === event.action) {
      path = action.path;
      break;
    }
  }

  event.waitUntil(
    clients
      .matchAll({
        type: "window",
      })
      .then((clientList) => {
        for (var i = 0; i < clientList.length; i++) {
          let client = clientList[i];
          if ("focus" in client) {
            client.focus();
            client.postMessage({
              goapp: {
                type: "notification",
                path: path,
              },
            });
            return;
          }
        }

        if (clients.openWindow) {
          return clients.openWindow(path);
        }
      })
  );
});
