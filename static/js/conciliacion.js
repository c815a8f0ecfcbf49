/* Conciliación mensual: galones certificados, verificados, vendidos, reportados y declarados
   por mes. Los datos llegan con json_script (#datos-conciliacion); la tabla de la página repite
   las cifras. Cada serie se distingue por marcador y trazo, no solo por color (WCAG 1.4.1). */
(function () {
  "use strict";

  var G = window.GraficosGalones;
  var estilos = {
    certificados: { color: "#004884", punto: "circle", trazo: [] },
    verificados: { color: "#056938", punto: "triangle", trazo: [6, 4] },
    vendido: { color: "#a80521", punto: "rectRot", trazo: [] },
    reportado: { color: "#7a4d00", punto: "rect", trazo: [2, 3] },
    declarado: { color: "#4b4b4b", punto: "crossRot", trazo: [10, 4, 2, 4] }
  };

  function dibujar() {
    var grafico = G.preparar("grafico-conciliacion", "datos-conciliacion");
    if (!grafico) {
      return;
    }
    var datos = grafico.datos;
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
    new window.Chart(grafico.lienzo, {
      data: { labels: datos.etiquetas, datasets: series },
      options: G.opciones()
    });
  }

  G.alCargar(dibujar);
})();
