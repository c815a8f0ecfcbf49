/* Línea de tiempo de un cupo: derecho y consumo (barras), saldo de la ventana (línea) y galones
   vencidos, con una línea vertical discontinua donde empieza cada ventana de acumulación.
   Los datos llegan con json_script (#datos-linea-de-tiempo); la tabla de la página repite las cifras. */
(function () {
  "use strict";

  var G = window.GraficosGalones;

  var limitesDeVentana = {
    id: "limitesDeVentana",
    afterDatasetsDraw: function (grafico, args, opciones) {
      var inicios = opciones.inicios || [];
      var x = grafico.scales.x;
      var area = grafico.chartArea;
      var ctx = grafico.ctx;
      ctx.save();
      ctx.strokeStyle = "#4b4b4b";
      ctx.lineWidth = 2;
      ctx.setLineDash([6, 4]);
      for (var i = 1; i < inicios.length; i++) {
        if (!inicios[i]) { continue; }
        var borde = (x.getPixelForValue(i - 1) + x.getPixelForValue(i)) / 2;
        ctx.beginPath();
        ctx.moveTo(borde, area.top);
        ctx.lineTo(borde, area.bottom);
        ctx.stroke();
      }
      ctx.restore();
    }
  };

  G.graficar("grafico-linea-de-tiempo", "datos-linea-de-tiempo", function (datos) {
    return {
      datasets: [
        { type: "bar", label: "Derecho del mes", data: datos.derecho, backgroundColor: "rgba(0, 72, 132, 0.75)", borderColor: "#004884", borderWidth: 1, order: 3 },
        { type: "bar", label: "Consumo neto", data: datos.consumo, backgroundColor: "rgba(122, 77, 0, 0.75)", borderColor: "#7a4d00", borderWidth: 1, order: 3 },
        { type: "bar", label: "Vencido al cerrar la ventana", data: datos.vencido, backgroundColor: "rgba(168, 5, 33, 0.8)", borderColor: "#a80521", borderWidth: 1, order: 2 },
        { type: "line", label: "Saldo de la ventana", data: datos.saldo, borderColor: "#056938", backgroundColor: "#056938", borderWidth: 3, pointStyle: "rectRot", pointRadius: 5, tension: 0, order: 1 }
      ],
      opciones: { sufijo: " gal", plugins: { limitesDeVentana: { inicios: datos.inicios } } },
      plugins: [limitesDeVentana]
    };
  });
})();
