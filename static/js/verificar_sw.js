/* The verification pages' service worker (issue 43): a wholesaler's device that opened /verificar/ once
   with the link up can check a counter's provisional certificate with the link down. Workbox, vendored in
   static/vendor/workbox/ (never a CDN).
   - Any page under /verificar/: network first; with no network, the offline verifier page, whose script reads
     the signed act after "#" in the QR's address and checks it against the counters' published keys.
   - The counters' public keys (/api/v1/mostradores/claves/): network first, the last copy when offline.
   - The static files the page used: kept when the page asks (it posts their list), then stale-while-revalidate. */
importScripts(__WORKBOX__);
workbox.setConfig({ debug: false, modulePathPrefix: __MODULOS__ });
workbox.loadModule("workbox-core");
workbox.loadModule("workbox-routing");
workbox.loadModule("workbox-strategies");

const PAGINAS = "verificador-paginas";
const CLAVES = "verificador-claves";
const ESTATICOS = "verificador-estaticos";
const SIN_CONEXION = __SIN_CONEXION__;
const URL_CLAVES = __CLAVES__;
const SIN_VARY = { ignoreVary: true };

workbox.core.skipWaiting();
workbox.core.clientsClaim();

self.addEventListener("install", (evento) => {
  evento.waitUntil(Promise.all([
    caches.open(PAGINAS).then((cache) => cache.add(SIN_CONEXION)),
    caches.open(CLAVES).then((cache) => cache.add(URL_CLAVES)),
  ]).catch(() => null));
});

self.addEventListener("message", (evento) => {
  if (evento.data && evento.data.tipo === "guardar" && Array.isArray(evento.data.urls)) {
    const puerto = evento.ports && evento.ports[0];
    evento.waitUntil(
      Promise.all([
        caches.open(ESTATICOS).then((cache) => cache.addAll(evento.data.urls)),
        caches.open(PAGINAS).then((cache) => cache.add(SIN_CONEXION)),
        caches.open(CLAVES).then((cache) => cache.add(URL_CLAVES)),
      ])
        .then(() => puerto && puerto.postMessage("listo"))
        .catch(() => puerto && puerto.postMessage("error"))
    );
  }
});

const paginas = new workbox.strategies.NetworkFirst({ cacheName: PAGINAS, networkTimeoutSeconds: 4, matchOptions: SIN_VARY });
workbox.routing.registerRoute(
  ({ request, url }) => request.mode === "navigate" && url.pathname.startsWith("/verificar/"),
  async (opciones) => {
    try {
      return await paginas.handle(opciones);
    } catch (error) {  // no network and no copy of this very page: the offline verifier reads the QR's act
      const copia = await caches.match(SIN_CONEXION, { cacheName: PAGINAS, ignoreVary: true });
      if (copia) { return copia; }
      throw error;
    }
  }
);
workbox.routing.registerRoute(
  ({ url }) => url.origin === self.location.origin && url.pathname === URL_CLAVES,
  new workbox.strategies.NetworkFirst({ cacheName: CLAVES, networkTimeoutSeconds: 3, matchOptions: SIN_VARY })
);
workbox.routing.registerRoute(
  ({ url }) => url.origin === self.location.origin && url.pathname.startsWith("/static/"),
  new workbox.strategies.StaleWhileRevalidate({ cacheName: ESTATICOS, matchOptions: SIN_VARY })
);
