"""The public transparency report of border zones: no login. For a month, each department's
municipalities and stations with their maximum volume, the gallons delivered and the percent
used (fronteras.selectors.transparencia), a chart per department, the open-data links and how
the volumes are computed (F-02 to F-05)."""

from urllib.parse import urlencode

from django.shortcuts import render
from django.urls import reverse
from django.views.decorators.http import require_GET

from core.calendario import today
from fronteras import calculo, selectors
from fronteras.models import Combustible, Municipio
from fronteras.pdf import numero_texto
from fronteras.views import lecturas
from fronteras.views.comun import mes_largo, meses_entre, periodo_de, secciones


@require_GET
def transparencia(request):
    hoy = today()
    valor = request.GET.get("periodo", "").strip()
    periodo = periodo_de(valor)
    aviso = ""
    if valor and periodo is None:
        aviso = f"«{valor[:20]}» no es un periodo AAAA-MM válido: se muestra {mes_largo(hoy)}."
    periodo = periodo or hoy.replace(day=1)
    departamento = request.GET.get("departamento", "").strip()
    combustible = request.GET.get("combustible", "")
    combustible = combustible if combustible in Combustible.values else ""
    filas = selectors.transparencia(periodo=periodo, departamento=departamento)
    if combustible:
        filas = [f for f in filas if f["combustible"] == combustible]
    nombres = dict(Combustible.choices)
    for fila in filas:
        fila["combustible_nombre"] = nombres.get(fila["combustible"], fila["combustible"])
    departamentos = lecturas.agrupar_transparencia(filas)
    consulta = {"periodo": f"{periodo:%Y-%m}", **({"departamento": departamento} if departamento else {})}
    api = reverse("api-fronteras-transparencia")
    primero = lecturas.primer_periodo_con_volumen() or hoy.replace(day=1)
    return render(request, "fronteras/transparencia.html", {
        "periodo": periodo,
        "periodo_valor": f"{periodo:%Y-%m}",
        "periodo_texto": mes_largo(periodo),
        "aviso": aviso,
        "meses": [(f"{m:%Y-%m}", mes_largo(m).capitalize()) for m in meses_entre(min(primero, periodo), max(hoy, periodo))],
        "departamento": departamento,
        "departamentos_opciones": Municipio.objects.order_by("departamento").values_list("departamento", flat=True).distinct(),
        "combustible": combustible,
        "combustible_texto": nombres.get(combustible, ""),
        "combustibles": Combustible.choices,
        "departamentos": departamentos,
        "totales": lecturas.totales(departamentos),
        "grafico": lecturas.grafico_transparencia(departamentos),
        "csv_url": f"{api}?{urlencode({**consulta, 'formato': 'csv'})}",
        "json_url": f"{api}?{urlencode(consulta)}",
        "poblacion_maxima_extra": numero_texto(calculo.POBLACION_MAXIMA_EXTRA),
        "secciones": secciones(request, "fronteras-transparencia") if request.user.is_authenticated else [],
    })
