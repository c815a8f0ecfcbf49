/* Tablero de cupos: galones otorgados (barras) y consumidos (línea) por mes.
   Los datos llegan con json_script (#datos-tablero); la tabla de la página repite las cifras. */
(function () {
  "use strict";

  var formato = new Intl.NumberFormat("es-CO", { minimumFractionDigits: 2, maximumFractionDigits: 2 });

  function dibujar() {
    var lienzo = document.getElementById("grafico-tablero");
    var fuente = document.getElementById("datos-tablero");
    if (!lienzo || !fuente || typeof window.Chart === "undefined") {
      return;
    }
    var datos = JSON.parse(fuente.textContent);
    var sinMovimiento = window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    new window.Chart(lienzo, {
      data: {
        labels: datos.etiquetas,
        datasets: [
          {
            type: "bar",
            label: "Otorgado (gal)",
            data: datos.otorgado,
            backgroundColor: "rgba(0, 72, 132, 0.75)",
            borderColor: "#004884",
            borderWidth: 1,
            order: 2
          },
          {
            type: "line",
            label: "Consumido (gal)",
            data: datos.consumido,
            borderColor: "#a80521",
            backgroundColor: "#a80521",
            borderWidth: 3,
            pointStyle: "rectRot",
            pointRadius: 5,
            tension: 0,
            order: 1
          }
        ]
      },
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
