/* Conciliación mensual: galones certificados, verificados, vendidos, reportados y declarados
   por mes. Los datos llegan con json_script (#datos-conciliacion); la tabla de la página repite
   las cifras. Cada serie se distingue por marcador y trazo, no solo por color (WCAG 1.4.1). */
(function () {
  "use strict";

  var formato = new Intl.NumberFormat("es-CO", { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  var estilos = {
    certificados: { color: "#004884", punto: "circle", trazo: [] },
    verificados: { color: "#056938", punto: "triangle", trazo: [6, 4] },
    vendido: { color: "#a80521", punto: "rectRot", trazo: [] },
    reportado: { color: "#7a4d00", punto: "rect", trazo: [2, 3] },
    declarado: { color: "#4b4b4b", punto: "crossRot", trazo: [10, 4, 2, 4] }
  };

  function dibujar() {
    var lienzo = document.getElementById("grafico-conciliacion");
    var fuente = document.getElementById("datos-conciliacion");
    if (!lienzo || !fuente || typeof window.Chart === "undefined") {
      return;
    }
    var datos = JSON.parse(fuente.textContent);
    var sinMovimiento = window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    var series = datos.series.map(function (serie) {
      var estilo = estilos[serie.clave] || estilos.certificados;
      return {
        type: "line",
        label: serie.etiqueta,
        data: serie.datos,
        borderColor: estilo.color,
        backgroundColor: estilo.color,
        borderDash: estilo.trazo,
        borderWidth: 3,
        pointStyle: estilo.punto,
        pointRadius: 5,
        pointHoverRadius: 7,
        tension: 0
      };
    });
    new window.Chart(lienzo, {
      data: { labels: datos.etiquetas, datasets: series },
      options: {
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
        plugins: {
          legend: { labels: { color: "#1a1a1a", usePointStyle: true } },
          tooltip: {
            callbacks: {
              label: function (ctx) { return ctx.dataset.label + ": " + formato.format(ctx.parsed.y); }
            }
          }
        }
      }
    });
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", dibujar);
  } else {
    dibujar();
  }
})();
