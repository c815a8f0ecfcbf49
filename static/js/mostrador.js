/* The officer's counter that keeps working offline (issue 43).
   Data lives in IndexedDB (idb, vendored): the counter's id and device key (a non-extractable WebCrypto
   ECDSA P-256 key), the snapshot (vessels, holds, last certificates, block of numbers), the acts issued
   here and the queue of acts waiting to sync. Offline it applies locally and signs each
   provisional certificate; online it replays the queue, in order, each act with its Idempotency-Key. */
(function () {
  "use strict";

  var raiz = document.getElementById("mostrador");
  if (!raiz || !window.idb) { return; }
  var API = "/api/v1/mostradores/";
  var ALFABETO = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
  var bd = window.idb.openDB("mostrador-" + raiz.dataset.capitania, 1, {
    upgrade: function (db) {
      db.createObjectStore("datos");
      db.createObjectStore("actos", { keyPath: "acto.id" });
    }
  });
  var $ = function (id) { return document.getElementById(id); };

  function leer(clave) { return bd.then(function (db) { return db.get("datos", clave); }); }
  function guardar(clave, valor) { return bd.then(function (db) { return db.put("datos", valor, clave); }); }
  function actos() {
    return bd.then(function (db) { return db.getAll("actos"); }).then(function (lista) {
      return lista.sort(function (a, b) { return a.orden - b.orden; });
    });
  }
  function guardarActo(registro) { return bd.then(function (db) { return db.put("actos", registro); }); }

  function avisar(texto) { $("aviso").textContent = texto; }
  function fechaTexto(iso) {
    return new Date(iso).toLocaleString("es-CO", { dateStyle: "long", timeStyle: "short" });
  }
  function galones(valor) { return Number(valor).toLocaleString("es-CO", { minimumFractionDigits: 2, maximumFractionDigits: 2 }); }
  function centesimos(texto) { return Math.round(parseFloat(String(texto).replace(",", ".")) * 100); }
  function aTexto(cent) { return (cent / 100).toFixed(2); }

  function csrf() {
    var m = document.cookie.match(/(?:^|; )csrftoken=([^;]+)/);
    if (m) { return decodeURIComponent(m[1]); }
    var campo = document.querySelector("input[name=csrfmiddlewaretoken]");
    return campo ? campo.value : "";
  }
  function pedir(metodo, ruta, cuerpo, clave) {
    var cabeceras = { "Content-Type": "application/json", "X-CSRFToken": csrf(), "Accept": "application/json" };
    if (clave) { cabeceras["Idempotency-Key"] = clave; }
    return fetch(ruta, { method: metodo, headers: cabeceras, credentials: "same-origin",
                         body: cuerpo === undefined ? undefined : JSON.stringify(cuerpo) })
      .then(function (r) {
        return r.json().catch(function () { return {}; }).then(function (datos) { return { estado: r.status, datos: datos }; });
      });
  }

  function b64url(bytes) {
    var s = ""; bytes.forEach(function (b) { s += String.fromCharCode(b); });
    return btoa(s).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
  }
  function canonico(acto) {  // the same bytes as zarpes.services.mostradores.acto_canonico
    var ordenado = {};
    Object.keys(acto).sort().forEach(function (k) { ordenado[k] = acto[k]; });
    return new TextEncoder().encode(JSON.stringify(ordenado));
  }
  function codigoVerificacion() {
    var azar = crypto.getRandomValues(new Uint8Array(16)), s = "";
    azar.forEach(function (b, i) { s += (i && i % 4 === 0 ? "-" : "") + ALFABETO[b % 32]; });
    return s;
  }
  function uuid() {
    if (crypto.randomUUID) { return crypto.randomUUID(); }
    return b64url(crypto.getRandomValues(new Uint8Array(16)));
  }

  // --- State on screen ---

  function pintar() {
    return Promise.all([leer("instantanea"), leer("ultima_sincronizacion"), actos(), leer("mostrador")]).then(function (r) {
      var inst = r[0], ultima = r[1], lista = r[2], mostrador = r[3];
      var pendientes = lista.filter(function (a) { return a.estado === "pendiente"; }).length;
      $("pendientes").textContent = String(pendientes);
      $("ultima-sincronizacion").textContent = ultima ? fechaTexto(ultima) : "nunca";
      $("estado-conexion").textContent = navigator.onLine ? "en línea" : "sin conexión";
      $("inscribir").hidden = Boolean(mostrador);
      var cuerpo = $("tabla-retenciones").querySelector("tbody");
      var select = $("nave");
      var elegida = select.value;
      cuerpo.textContent = ""; select.textContent = "";
      (inst ? inst.naves : []).forEach(function (n) {
        var queda = restante(n, lista);
        var fila = cuerpo.insertRow();
        [n.nombre, n.matricula || "", galones(aTexto(queda)), fechaTexto(n.retencion.expira), ultimoDe(n, lista, inst) || "ninguno"]
          .forEach(function (t) { fila.insertCell().textContent = t; });
        var opcion = new Option(n.nombre + " (" + (n.matricula || "sin matrícula") + ")", String(n.id));
        select.add(opcion);
      });
      if (elegida) { select.value = elegida; }
      var actosCuerpo = $("tabla-actos").querySelector("tbody");
      actosCuerpo.textContent = "";
      lista.slice().reverse().forEach(function (a) {
        var fila = actosCuerpo.insertRow();
        [a.acto.numero, a.nave_nombre, galones(a.acto.galones_autorizados),
         a.estado === "pendiente" ? "Por sincronizar" : a.estado === "sincronizado" ? "Sincronizado" : "Rechazado: " + a.motivo]
          .forEach(function (t) { fila.insertCell().textContent = t; });
      });
    });
  }

  function restante(nave, lista) {  // what is left of the hold, less the acts issued here not yet synced
    var usado = lista.filter(function (a) { return a.estado === "pendiente" && a.acto.retencion === nave.retencion.id; })
      .reduce(function (s, a) { return s + centesimos(a.acto.galones_autorizados); }, 0);
    return centesimos(nave.retencion.restante) - usado;
  }
  function ultimoDe(nave, lista, inst) {  // the vessel's last certificate as this counter knows it
    var desde = inst && inst.ahora ? Date.parse(inst.ahora) : 0;
    var propios = lista.filter(function (a) {
      return a.acto.nave === nave.id && (a.estado === "pendiente" || (a.estado === "sincronizado" && a.orden > desde));
    });
    return propios.length ? propios[propios.length - 1].acto.numero : (nave.ultimo_certificado || "");
  }

  // --- Online: enrol, hold, snapshot, beat, sync ---

  function instantanea(datos) {
    return guardar("instantanea", datos).then(pintar);
  }

  function inscribir() {
    var par;
    return crypto.subtle.generateKey({ name: "ECDSA", namedCurve: "P-256" }, false, ["sign", "verify"])
      .then(function (p) { par = p; return crypto.subtle.exportKey("jwk", p.publicKey); })
      .then(function (jwk) {
        return pedir("POST", API, { nombre: "Mostrador " + new Date().toLocaleDateString("es-CO"),
                                    clave_publica: { kty: jwk.kty, crv: jwk.crv, x: jwk.x, y: jwk.y } }, uuid());
      })
      .then(function (r) {
        if (r.estado !== 201) { throw new Error(r.datos.detalle || "No se pudo inscribir el mostrador."); }
        return guardar("mostrador", { id: r.datos.mostrador.id, clave: par.privateKey })
          .then(function () { return instantanea(r.datos); });
      })
      .then(function () { avisar("Mostrador inscrito. Tome las retenciones antes de quedar sin conexión."); })
      .catch(function (e) { avisar(e.message); });
  }

  function conMostrador(hacer) {
    return leer("mostrador").then(function (m) {
      if (!m) { avisar("Primero inscriba este dispositivo como mostrador."); return null; }
      return hacer(m);
    });
  }

  function retener(evento) {
    evento.preventDefault();
    var matriculas = $("matriculas").value.split(",").map(function (s) { return s.trim(); }).filter(Boolean);
    return conMostrador(function (m) {
      return pedir("POST", API + m.id + "/retenciones/", matriculas.length ? { matriculas: matriculas } : {}, uuid())
        .then(function (r) {
          if (r.estado !== 201) { throw new Error(r.datos.detalle || "No se pudieron tomar las retenciones."); }
          avisar("Retenciones tomadas: " + r.datos.naves.length + " naves.");
          return instantanea(r.datos);
        })
        .catch(function (e) { avisar(navigator.onLine ? e.message : "Sin conexión: las retenciones se toman en línea."); });
    });
  }

  var sincronizando = false;
  function sincronizar() {
    if (sincronizando || !navigator.onLine) { return Promise.resolve(); }
    sincronizando = true;
    return conMostrador(function (m) {
      return actos().then(function (lista) {
        var cola = lista.filter(function (a) { return a.estado === "pendiente"; });
        var paso = Promise.resolve();
        cola.forEach(function (registro) {
          paso = paso.then(function () {
            return pedir("POST", API + m.id + "/actos/", { acto: registro.acto, firma: registro.firma }, registro.clave)
              .then(function (r) {
                if (r.estado === 201 || r.estado === 200) {
                  registro.estado = "sincronizado";
                } else if (r.estado >= 400 && r.estado < 500 && r.estado !== 401 && r.estado !== 403 && r.estado !== 429) {
                  registro.estado = "rechazado"; registro.motivo = r.datos.detalle || "rechazado por el portal";
                } else {
                  throw new Error("pausa");
                }
                return guardarActo(registro).then(function () { return guardar("ultima_sincronizacion", new Date().toISOString()); });
              });
          });
        });
        return paso.then(function () { return pedir("GET", API + m.id + "/"); })
          .then(function (r) { if (r.estado === 200) { return instantanea(r.datos); } });
      });
    }).catch(function () { /* the link dropped: the rest syncs later, in order */ })
      .then(function () { sincronizando = false; return pintar(); });
  }

  function latir() {
    if (!navigator.onLine) { return pintar(); }
    return conMostrador(function (m) {
      return actos().then(function (lista) {
        var pendientes = lista.filter(function (a) { return a.estado === "pendiente"; }).length;
        return pedir("POST", API + m.id + "/latido/", { pendientes: pendientes });
      }).then(function (r) { if (r.estado === 200) { return instantanea(r.datos); } });
    }).catch(function () { return pintar(); });
  }

  function terminar() {
    return sincronizar().then(function () {
      return conMostrador(function (m) {
        return actos().then(function (lista) {
          if (lista.some(function (a) { return a.estado === "pendiente"; })) {
            avisar("Quedan actos por sincronizar: se liberan las retenciones cuando todos estén sincronizados.");
            return null;
          }
          return pedir("POST", API + m.id + "/terminar/", {}).then(function (r) {
            if (r.estado !== 200) { throw new Error(r.datos.detalle || "No se pudo terminar."); }
            avisar("Retenciones liberadas: el saldo que quedaba vuelve a estar disponible para todas las capitanías.");
            return instantanea(r.datos);
          });
        });
      }).catch(function (e) { avisar(navigator.onLine ? e.message : "Sin conexión: termine cuando vuelva la conexión."); });
    });
  }

  // --- Offline too: a provisional certificate within the hold ---

  function rechazar(texto) {
    var caja = $("error-expedir");
    caja.textContent = texto; caja.hidden = false;
    return null;
  }

  function expedir(evento) {
    evento.preventDefault();
    $("error-expedir").hidden = true;
    return Promise.all([leer("mostrador"), leer("instantanea"), actos()]).then(function (r) {
      var m = r[0], inst = r[1], lista = r[2];
      if (!m || !inst) { return rechazar("Este dispositivo no está inscrito como mostrador o no tiene retenciones."); }
      var nave = inst.naves.find(function (n) { return String(n.id) === $("nave").value; });
      if (!nave) { return rechazar("Elija una nave con retención activa."); }
      if (new Date(nave.retencion.expira).getTime() <= Date.now()) {
        return rechazar("La retención del saldo de " + nave.nombre + " venció el " + fechaTexto(nave.retencion.expira) +
          ": no se puede expedir un certificado sin conexión contra ella. Cuando vuelva la conexión, tome una nueva retención.");
      }
      var solicitados = centesimos($("galones").value);
      if (!(solicitados > 0)) { return rechazar("Escriba los galones solicitados, mayores que cero."); }
      var presentado = $("anterior").value.trim().toUpperCase();
      var esperado = ultimoDe(nave, lista, inst);
      if (presentado !== esperado) {
        return rechazar("El certificado presentado (" + (presentado || "ninguno") + ") no es el último expedido a la nave (" +
          (esperado || "ninguno: es su primer zarpe") + "). No se expide el certificado.");
      }
      var queda = restante(nave, lista);
      var capacidad = nave.capacidad === null ? Infinity : centesimos(nave.capacidad);
      var autorizados = Math.min(solicitados, capacidad, queda);  // R-15 with the hold
      if (autorizados <= 0) {
        return rechazar("A la retención de " + nave.nombre + " no le queda saldo: no se expide certificado. La nave puede proveerse de combustible gravado.");
      }
      var usados = lista.map(function (a) { return parseInt(a.acto.numero.slice(-6), 10); });
      var bloque = inst.bloques[0];
      var siguiente = Math.max(inst.siguiente || 0, usados.length ? Math.max.apply(null, usados) + 1 : 0);
      if (!bloque || siguiente > bloque.hasta) { return rechazar("Se agotaron los números reservados a este mostrador: sincronice para recibir un bloque nuevo."); }
      var hoy = new Date();
      var fecha = hoy.getFullYear() + "-" + String(hoy.getMonth() + 1).padStart(2, "0") + "-" + String(hoy.getDate()).padStart(2, "0");
      var acto = {
        id: uuid(), numero: bloque.prefijo + String(siguiente).padStart(6, "0"), retencion: nave.retencion.id, nave: nave.id,
        fecha: fecha, galones_solicitados: aTexto(solicitados), galones_autorizados: aTexto(autorizados),
        certificado_anterior: presentado, codigo_verificacion: codigoVerificacion(), emitido: hoy.toISOString()
      };
      return crypto.subtle.sign({ name: "ECDSA", hash: "SHA-256" }, m.clave, canonico(acto)).then(function (firma) {
        var registro = { acto: acto, firma: b64url(new Uint8Array(firma)), clave: uuid(), estado: "pendiente",
                         orden: Date.now(), nave_nombre: nave.nombre, mostrador: m.id };
        return guardarActo(registro).then(function () {
          $("error-expedir").hidden = true;
          mostrarComprobante(registro, nave);
          $("galones").value = ""; $("anterior").value = acto.numero;
          return pintar();
        }).then(function () { if (navigator.onLine) { return sincronizar(); } });
      });
    });
  }

  function mostrarComprobante(registro, nave) {
    var a = registro.acto;
    $("c-numero").textContent = a.numero;
    $("c-nave").textContent = nave.nombre + " (" + (nave.matricula || "sin matrícula") + ")";
    $("c-galones").textContent = galones(a.galones_autorizados);
    $("c-fecha").textContent = new Date(a.emitido).toLocaleDateString("es-CO", { dateStyle: "long" });
    $("c-codigo").textContent = a.codigo_verificacion;
    // The QR: the public verification page (online, once synced), and after "#" the signed act for the
    // offline check against the published counter keys (/api/v1/mostradores/claves/).
    var sello = b64url(new TextEncoder().encode(JSON.stringify({ m: registro.mostrador, a: a, f: registro.firma })));
    var qr = window.qrcode(0, "L");
    qr.addData(location.origin + "/verificar/" + a.codigo_verificacion + "/#" + sello);
    qr.make();
    $("c-qr").innerHTML = qr.createSvgTag({ cellSize: 3, margin: 2, scalable: true });
    $("comprobante").hidden = false;
  }

  // --- Start ---

  function guardarRecursos() {
    if (!navigator.onLine || !navigator.serviceWorker || !navigator.serviceWorker.controller) { return; }
    var urls = performance.getEntriesByType("resource").map(function (e) { return e.name; })
      .filter(function (u) { return u.indexOf(location.origin + "/static/") === 0; });
    var canal = new MessageChannel();
    canal.port1.onmessage = function () { comprobarGuardado(); };
    navigator.serviceWorker.controller.postMessage({ tipo: "guardar", urls: urls }, [canal.port2]);
  }

  function comprobarGuardado() {  // whether this page and its files are in the service worker's caches
    if (!window.caches) { return Promise.resolve(); }
    return Promise.all([
      caches.open("mostrador-paginas").then(function (c) { return c.match(raiz.dataset.alcance, { ignoreVary: true }); }),
      caches.open("mostrador-estaticos").then(function (c) { return c.match(raiz.dataset.script, { ignoreVary: true }); })
    ]).then(function (r) {
      var listo = Boolean(r[0] && r[1]);
      raiz.dataset.sinConexion = listo ? "listo" : "no";
      $("listo-sin-conexion").textContent = listo ? "sí: la página y sus archivos están guardados en este dispositivo"
        : "todavía no: mantenga la página abierta con conexión unos segundos";
    });
  }

  if ("serviceWorker" in navigator) {
    navigator.serviceWorker.register(raiz.dataset.sw, { scope: raiz.dataset.alcance }).catch(function () { return null; });
    navigator.serviceWorker.ready.then(function () {
      if (navigator.serviceWorker.controller) { guardarRecursos(); }
      navigator.serviceWorker.addEventListener("controllerchange", guardarRecursos);
    });
  }
  $("inscribir").addEventListener("click", inscribir);
  $("form-retener").addEventListener("submit", retener);
  $("form-expedir").addEventListener("submit", expedir);
  $("sincronizar").addEventListener("click", sincronizar);
  $("terminar").addEventListener("click", terminar);
  $("imprimir").addEventListener("click", function () { window.print(); });
  window.addEventListener("online", function () { sincronizar(); });
  window.addEventListener("offline", pintar);
  window.setInterval(latir, 30000);
  window.addEventListener("online", guardarRecursos);
  comprobarGuardado();
  pintar().then(latir).then(sincronizar);
  window.mostradorListo = true;
})();
