/* Transparencia de fronteras: por departamento, volumen máximo frente a entregado por municipio.
   Los datos llegan con json_script (#datos-transparencia); cada tabla de la página repite las cifras.
   Lo entregado lleva una trama diagonal, para que el color no sea la única diferencia. */
(function () {
  "use strict";

  var formato = new Intl.NumberFormat("es-CO", { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  var formatoEje = new Intl.NumberFormat("es-CO", { maximumFractionDigits: 0 });
  var AZUL = "#004884";
  var ROJO = "#a80521";

  function trama(color) {
    var lienzo = document.createElement("canvas");
    lienzo.width = 10;
    lienzo.height = 10;
    var ctx = lienzo.getContext("2d");
    if (!ctx) {
      return color;
    }
    ctx.fillStyle = "#f6d9de";
    ctx.fillRect(0, 0, 10, 10);
    ctx.strokeStyle = color;
    ctx.lineWidth = 3;
    ctx.beginPath();
    ctx.moveTo(-2, 12);
    ctx.lineTo(12, -2);
    ctx.moveTo(8, 12);
    ctx.lineTo(12, 8);
    ctx.moveTo(-2, 2);
    ctx.lineTo(2, -2);
    ctx.stroke();
    return ctx.createPattern(lienzo, "repeat") || color;
  }

  function ejeValor() {
    return {
      beginAtZero: true,
      ticks: { color: "#1a1a1a", callback: function (v) { return formatoEje.format(v); } },
      title: { display: true, text: "Galones", color: "#1a1a1a" }
    };
  }

  function ejeCategoria() {
    return { ticks: { color: "#1a1a1a" } };
  }

  function dibujar() {
    var fuente = document.getElementById("datos-transparencia");
    if (!fuente || typeof window.Chart === "undefined") {
      return;
    }
    var departamentos = JSON.parse(fuente.textContent);
    var sinMovimiento = window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    var relleno = trama(ROJO);
    departamentos.forEach(function (dep) {
      var lienzo = document.getElementById(dep.id);
      if (!lienzo) {
        return;
      }
      var horizontal = dep.municipios.length > 6;
      if (horizontal) {
        lienzo.parentNode.style.height = Math.max(20, dep.municipios.length * 2.6) + "rem";
      }
      new window.Chart(lienzo, {
        type: "bar",
        data: {
          labels: dep.municipios,
          datasets: [
            { label: "Volumen máximo (gal)", data: dep.volumen, backgroundColor: AZUL, borderColor: AZUL, borderWidth: 1 },
            { label: "Entregado (gal)", data: dep.entregado, backgroundColor: relleno, borderColor: ROJO, borderWidth: 2 }
          ]
        },
        options: {
          indexAxis: horizontal ? "y" : "x",
          responsive: true,
          maintainAspectRatio: false,
          animation: sinMovimiento ? false : undefined,
          interaction: { mode: "index", intersect: false },
          scales: horizontal ? { x: ejeValor(), y: ejeCategoria() } : { x: ejeCategoria(), y: ejeValor() },
          plugins: {
            legend: { labels: { color: "#1a1a1a" } },
            tooltip: {
              callbacks: {
                label: function (ctx) {
                  var valor = horizontal ? ctx.parsed.x : ctx.parsed.y;
                  return ctx.dataset.label + ": " + formato.format(valor);
                }
              }
            }
          }
        }
      });
    });
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", dibujar);
  } else {
    dibujar();
  }
})();
