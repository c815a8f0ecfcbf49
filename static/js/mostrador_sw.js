/* The counter's service worker (issue 43): Workbox, vendored in static/vendor/workbox/ (never a CDN).
   The page and its assets: network first, the cache when there is no network, so a reload with the link
   down shows the counter. The API is never cached: the page keeps its data in IndexedDB. */
importScripts(__WORKBOX__);
workbox.setConfig({ debug: false, modulePathPrefix: __MODULOS__ });
workbox.loadModule("workbox-core");
workbox.loadModule("workbox-routing");
workbox.loadModule("workbox-strategies");

const PAGINAS = "mostrador-paginas";
const ESTATICOS = "mostrador-estaticos";
// The portal's responses vary on Cookie (the session): offline, the stored copy of the page is the one to show.
const SIN_VARY = { ignoreVary: true };

workbox.core.skipWaiting();
workbox.core.clientsClaim();

self.addEventListener("install", (evento) => {
  evento.waitUntil(caches.open(PAGINAS).then((cache) => cache.add(new Request("/zarpes/mostrador/", { credentials: "same-origin" }))).catch(() => null));
});

// The page and the static files it loads; the page's own script caches the exact list it used (mostrador.js).
self.addEventListener("message", (evento) => {
  if (evento.data && evento.data.tipo === "guardar" && Array.isArray(evento.data.urls)) {
    const puerto = evento.ports && evento.ports[0];
    const pagina = caches.open(PAGINAS).then((cache) => cache.add(new Request(self.registration.scope, { credentials: "same-origin" })));
    evento.waitUntil(
      Promise.all([caches.open(ESTATICOS).then((cache) => cache.addAll(evento.data.urls)), pagina])
        .then(() => puerto && puerto.postMessage("listo"))
        .catch(() => puerto && puerto.postMessage("error"))
    );
  }
});

workbox.routing.registerRoute(
  ({ request, url }) => request.mode === "navigate" && url.pathname === "/zarpes/mostrador/",
  new workbox.strategies.NetworkFirst({ cacheName: PAGINAS, networkTimeoutSeconds: 4, matchOptions: SIN_VARY })
);
workbox.routing.registerRoute(
  ({ url }) => url.origin === self.location.origin && url.pathname.startsWith("/static/"),
  new workbox.strategies.StaleWhileRevalidate({ cacheName: ESTATICOS, matchOptions: SIN_VARY })
);
