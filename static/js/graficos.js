/* What every gallons chart of the portal shares (Chart.js): Colombian number format, the axes and
   tooltips in gallons, reduced motion respected, and drawing once the page is ready. */
(function () {
  "use strict";

  var formato = new Intl.NumberFormat("es-CO", { minimumFractionDigits: 2, maximumFractionDigits: 2 });

  function opciones(extra) {
    extra = extra || {};
    var sufijo = extra.sufijo || "";
    var sinMovimiento = window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    var plugins = {
      legend: { labels: { color: "#1a1a1a", usePointStyle: true } },
      tooltip: {
        callbacks: {
          label: function (ctx) { return ctx.dataset.label + ": " + formato.format(ctx.parsed.y) + sufijo; }
        }
      }
    };
    Object.keys(extra.plugins || {}).forEach(function (clave) { plugins[clave] = extra.plugins[clave]; });
    return {
      responsive: true,
      maintainAspectRatio: false,
      animation: sinMovimiento ? false : undefined,
      interaction: { mode: "index", intersect: false },
      scales: {
        y: {
          beginAtZero: true,
          title: { display: true, text: "Galones", color: "#1a1a1a" },
          ticks: { color: "#1a1a1a", callback: function (v) { return formato.format(v); } }
        },
        x: { ticks: { color: "#1a1a1a" } }
      },
      plugins: plugins
    };
  }

  /* The canvas and its json_script data, or null when the page has no chart or Chart.js is missing. */
  function preparar(idLienzo, idDatos) {
    var lienzo = document.getElementById(idLienzo);
    var fuente = document.getElementById(idDatos);
    if (!lienzo || !fuente || typeof window.Chart === "undefined") {
      return null;
    }
    return { lienzo: lienzo, datos: JSON.parse(fuente.textContent) };
  }

  function alCargar(dibujar) {
    if (document.readyState === "loading") {
      document.addEventListener("DOMContentLoaded", dibujar);
    } else {
      dibujar();
    }
  }

  /* Once the page is ready, the chart of `idLienzo` with the json_script data of `idDatos` (its
     `etiquetas` on the x axis): configurar(datos) gives { datasets, opciones (for opciones()), plugins }.
     Nothing when the page has no chart or Chart.js is missing. */
  function graficar(idLienzo, idDatos, configurar) {
    alCargar(function () {
      var grafico = preparar(idLienzo, idDatos);
      if (!grafico) {
        return;
      }
      var config = configurar(grafico.datos);
      var ajustes = {
        data: { labels: grafico.datos.etiquetas, datasets: config.datasets },
        options: opciones(config.opciones)
      };
      if (config.plugins) {
        ajustes.plugins = config.plugins;
      }
      new window.Chart(grafico.lienzo, ajustes);
    });
  }

  window.GraficosGalones = {
    formato: formato, opciones: opciones, preparar: preparar, alCargar: alCargar, graficar: graficar
  };
})();
