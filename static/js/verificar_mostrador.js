/* The provisional certificate of a counter without a link (issue 43), checked by whoever holds its slip:
   the QR's address carries, after "#", the act the counter signed with its device key ({m, a, f}: counter,
   act, signature). This script checks that signature with WebCrypto against the counters' published keys
   (/api/v1/mostradores/claves/, kept by the service worker for when there is no link), and registers the
   service worker of /verificar/ so the next check works offline. No inline code: the page's CSP allows none. */
(function () {
  "use strict";
  var raiz = document.getElementById("sello-mostrador");
  if (!raiz) { return; }
  var URL_CLAVES = raiz.dataset.claves;

  function $(id) { return document.getElementById(id); }
  function deB64url(texto) {
    var b = texto.replace(/-/g, "+").replace(/_/g, "/");
    while (b.length % 4) { b += "="; }
    var s = atob(b), bytes = new Uint8Array(s.length);
    for (var i = 0; i < s.length; i++) { bytes[i] = s.charCodeAt(i); }
    return bytes;
  }
  function canonico(acto) {  // the same bytes as zarpes.services.mostradores.acto_canonico and mostrador.js
    var ordenado = {};
    Object.keys(acto).sort().forEach(function (k) { ordenado[k] = acto[k]; });
    return new TextEncoder().encode(JSON.stringify(ordenado));
  }
  function galones(texto) {
    var n = Number(texto);
    return isFinite(n) ? n.toLocaleString("es-CO", { minimumFractionDigits: 2, maximumFractionDigits: 2 }) : texto;
  }
  function fechaLarga(iso) {
    var p = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso || "");
    if (!p) { return iso || ""; }
    return new Date(Number(p[1]), Number(p[2]) - 1, Number(p[3])).toLocaleDateString("es-CO", { dateStyle: "long" });
  }
  function sello(texto) {  // the part after "#" of the QR's address, or the address itself
    var i = texto.indexOf("#");
    return (i >= 0 ? texto.slice(i + 1) : texto).trim();
  }

  function mostrar(clase, mensaje, acto, capitania) {
    raiz.hidden = false;
    var aviso = $("sello-resultado");
    aviso.className = "alerta" + (clase ? " " + clase : "");
    aviso.textContent = mensaje;
    $("sello-datos").hidden = !acto;
    if (acto) {
      $("sello-numero").textContent = acto.numero;
      $("sello-capitania").textContent = capitania || "";
      $("sello-galones").textContent = galones(acto.galones_autorizados);
      $("sello-fecha").textContent = fechaLarga(acto.fecha);
      $("sello-codigo").textContent = acto.codigo_verificacion;
    }
  }

  function claves() {
    return fetch(URL_CLAVES, { credentials: "omit" }).then(function (r) {
      if (!r.ok) { throw new Error("claves " + r.status); }
      return r.json();
    }).then(function (d) { return d.claves || []; });
  }

  function verificar(texto) {
    var datos;
    try {
      datos = JSON.parse(new TextDecoder().decode(deB64url(sello(texto))));
      if (!datos || typeof datos.a !== "object" || typeof datos.f !== "string") { throw new Error("forma"); }
    } catch (e) {
      mostrar("alerta--error", "El código no contiene un comprobante de mostrador legible. Revise que copió la dirección completa del código QR.");
      return Promise.resolve(false);
    }
    if (!window.crypto || !crypto.subtle) {
      mostrar("alerta--error", "Este navegador no puede comprobar firmas digitales. Verifique el certificado con conexión, con el código impreso.");
      return Promise.resolve(false);
    }
    return claves().then(function (lista) {
      var clave = lista.filter(function (c) { return c.id === datos.m; })[0];
      if (!clave) {
        mostrar("alerta--error", "No se reconoce el mostrador que firmó este comprobante. Verifíquelo con conexión antes de vender combustible exento con él.", datos.a);
        return false;
      }
      var jwk = { kty: "EC", crv: "P-256", x: clave.clave_publica.x, y: clave.clave_publica.y, ext: true };
      return crypto.subtle.importKey("jwk", jwk, { name: "ECDSA", namedCurve: "P-256" }, false, ["verify"])
        .then(function (k) { return crypto.subtle.verify({ name: "ECDSA", hash: "SHA-256" }, k, deB64url(datos.f), canonico(datos.a)); })
        .then(function (valida) {
          if (valida) {
            mostrar("", "Firma válida: el mostrador de la capitanía " + clave.capitania + " expidió este certificado provisional " +
              "y nadie lo alteró. Cuando el mostrador sincronice, el certificado aparece en el portal con el mismo número.", datos.a, clave.capitania);
          } else {
            mostrar("alerta--error", "La firma no corresponde: el comprobante fue alterado o no lo firmó ese mostrador. " +
              "No venda combustible exento con él.", datos.a, clave.capitania);
          }
          return valida;
        });
    }).catch(function () {
      mostrar("alerta--error", "No hay conexión y este dispositivo aún no guarda las claves de los mostradores: abra esta página una vez con conexión.");
      return false;
    });
  }

  function guardarRecursos() {  // the files this page used, for the service worker to keep
    if (!navigator.serviceWorker || !navigator.serviceWorker.controller) { return; }
    var urls = performance.getEntriesByType("resource").map(function (e) { return e.name; })
      .filter(function (u) { return u.indexOf(location.origin + "/static/") === 0; });
    var canal = new MessageChannel();
    canal.port1.onmessage = function (m) { raiz.dataset.sinConexion = m.data === "listo" ? "listo" : "no"; };
    navigator.serviceWorker.controller.postMessage({ tipo: "guardar", urls: urls }, [canal.port2]);
  }

  if ("serviceWorker" in navigator && navigator.onLine) {
    navigator.serviceWorker.register(raiz.dataset.sw, { scope: raiz.dataset.alcance }).then(function () {
      if (navigator.serviceWorker.controller) { guardarRecursos(); }
      else { navigator.serviceWorker.addEventListener("controllerchange", guardarRecursos); }
    }).catch(function () { raiz.dataset.sinConexion = "no"; });
  }

  var formulario = $("sello-formulario");
  if (formulario) {
    formulario.addEventListener("submit", function (e) {
      e.preventDefault();
      verificar($("sello-texto").value);
    });
  }
  if (location.hash.length > 1) { verificar(location.hash.slice(1)); }
})();
