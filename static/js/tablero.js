/* Tablero de cupos: galones otorgados (barras) y consumidos (línea) por mes.
   Los datos llegan con json_script (#datos-tablero); la tabla de la página repite las cifras. */
(function () {
  "use strict";

  var G = window.GraficosGalones;

  G.graficar("grafico-tablero", "datos-tablero", function (datos) {
    return {
      datasets: [
        { type: "bar", label: "Otorgado (gal)", data: datos.otorgado, backgroundColor: "rgba(0, 72, 132, 0.75)", borderColor: "#004884", borderWidth: 1, order: 2 },
        { type: "line", label: "Consumido (gal)", data: datos.consumido, borderColor: "#a80521", backgroundColor: "#a80521", borderWidth: 3, pointStyle: "rectRot", pointRadius: 5, tension: 0, order: 1 }
      ]
    };
  });
})();
