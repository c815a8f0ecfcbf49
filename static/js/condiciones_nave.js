/* Condiciones de una nave extranjera: kilogramos desembarcados acumulados (barras) frente a lo esperado a
   prorrata del mínimo del año (línea), al cierre de cada mes. Los datos llegan con json_script
   (#datos-condiciones); la tabla de la página repite las cifras. */
(function () {
  "use strict";

  var G = window.GraficosGalones;

  G.alCargar(function () {
    var grafico = G.preparar("grafico-condiciones", "datos-condiciones");
    if (!grafico) {
      return;
    }
    var datos = grafico.datos;
    var opciones = G.opciones({ sufijo: " kg" });
    opciones.scales.y.title.text = "Kilogramos";
    new window.Chart(grafico.lienzo, {
      data: {
        labels: datos.etiquetas,
        datasets: [
          { type: "bar", label: "Desembarcado acumulado", data: datos.desembarcado, backgroundColor: "rgba(0, 72, 132, 0.75)", borderColor: "#004884", borderWidth: 1, order: 2 },
          { type: "line", label: "Esperado a prorrata", data: datos.esperado, borderColor: "#a80521", backgroundColor: "#a80521", borderWidth: 3, borderDash: [6, 4], pointStyle: "rectRot", pointRadius: 5, tension: 0, order: 1 }
        ]
      },
      options: opciones
    });
  });
})();
