/* Zarpes: focus where the answer appears, and one submission per form.
   With htmx the button is disabled by hx-disabled-elt while the request runs; without htmx
   (or before it loads) this script blocks a second submit of the same form. */
(function () {
  "use strict";

  function enfocar() {
    var destino = document.querySelector("[data-enfocar]");
    if (destino) {
      destino.removeAttribute("data-enfocar");
      destino.focus();
    }
  }

  function liberar(form) {
    delete form.dataset.enviando;
    form.querySelectorAll("button[type='submit'][aria-disabled]").forEach(function (boton) {
      boton.removeAttribute("aria-disabled");
    });
  }

  document.addEventListener("submit", function (evento) {
    var form = evento.target;
    if (!(form instanceof HTMLFormElement) || !form.hasAttribute("data-un-solo-envio")) {
      return;
    }
    if (form.dataset.enviando === "1") {
      evento.preventDefault();
      evento.stopImmediatePropagation();
      return;
    }
    form.dataset.enviando = "1";
    form.querySelectorAll("button[type='submit']").forEach(function (boton) {
      boton.setAttribute("aria-disabled", "true");
    });
  }, true);

  document.addEventListener("htmx:afterRequest", function (evento) {
    var form = evento.target.closest ? evento.target.closest("form[data-un-solo-envio]") : null;
    if (form && document.contains(form)) {
      liberar(form);
    }
  });

  document.addEventListener("htmx:afterSettle", enfocar);

  // Back to a page kept in the browser's cache: its forms may be used again.
  window.addEventListener("pageshow", function (evento) {
    if (evento.persisted) {
      document.querySelectorAll("form[data-un-solo-envio]").forEach(liberar);
    }
  });

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", enfocar);
  } else {
    enfocar();
  }
})();
