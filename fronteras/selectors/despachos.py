"""Reads of the deliveries to border stations (F-05): the list, and the month's volume, delivered
gallons and percent used per municipality and station (the public transparency report), grouped
by department and municipality. Each runs a fixed number of queries."""

import datetime as dt
import hashlib
import uuid
from decimal import Decimal

from django.core.cache import cache
from django.db import transaction
from django.db.models import Sum
from django.utils.text import slugify

from core.comun.galones import CERO
from core.models import Distribuidor
from core.vencimientos.calendario import last_day_of_month
from fronteras.models import AsignacionEstacion, CertificadoTransporte, Despacho
from fronteras.selectors.estaciones import asignaciones_del_mes, mes_de_estacion
from fronteras.selectors.grandes_consumidores import gran_consumidor_list, volumen_en_mes
from fronteras.selectors.municipios import regimen_de, regimenes_especiales


def despacho_list(*, periodo: dt.date | None = None):
    """Deliveries, newest first; only the month of `periodo` when given."""
    qs = Despacho.objects.select_related("distribuidor", "estacion__municipio", "gran_consumidor__municipio").order_by(
        "-fecha", "-id")
    if periodo:
        qs = qs.filter(fecha__year=periodo.year, fecha__month=periodo.month)
    return qs


def distribuidores_que_despachan():
    """(NIT, razón social) of the active wholesalers and third parties that may deliver at the border."""
    return Distribuidor.objects.filter(activo=True).exclude(
        tipo=Distribuidor.Tipo.ESTACION_MARITIMA).order_by("razon_social").values_list("nit", "razon_social")


def _porcentaje_fila(entregado: Decimal, volumen: Decimal) -> Decimal:
    return (entregado * 100 / volumen).quantize(Decimal("0.1")) if volumen else Decimal("0.0")


def transparencia(*, periodo: dt.date, departamento: str = "") -> list[dict]:
    """Per municipality: each station's (F-05) and each large consumer's (F-06) volume of the month,
    delivered gallons and percent used, with the special regime that governs the department (F-01)."""
    fin = last_day_of_month(periodo.year, periodo.month)
    filtro = {"municipio__departamento": departamento} if departamento else {}
    asignaciones = list(asignaciones_del_mes(periodo, **filtro).select_related("municipio"))
    por_municipio: dict[tuple, list] = {}
    for a in asignaciones:
        por_municipio.setdefault((a.municipio_id, a.combustible), []).append(a)
    partes: dict[tuple, dict] = {}
    estaciones = {}
    combustibles = {a.id: a.combustible for a in asignaciones}
    vigentes = AsignacionEstacion.objects.filter(asignacion__in=asignaciones, revocada__isnull=True)  # P-03
    for ae in vigentes.select_related("estacion__municipio"):
        combustible = combustibles[ae.asignacion_id]
        partes.setdefault((ae.estacion_id, combustible), {})[ae.asignacion_id] = ae
        estaciones[ae.estacion_id] = ae.estacion
    despachos = {
        (d["estacion_id"], d["gran_consumidor_id"], d["combustible"]): d["total"]
        for d in Despacho.objects.filter(fecha__gte=periodo, fecha__lte=fin)
        .values("estacion_id", "gran_consumidor_id", "combustible").annotate(total=Sum("galones")).order_by()
    }
    certificados: dict[int, list] = {}
    for estacion_id, desde, hasta in CertificadoTransporte.objects.que_dan_adicional().filter(
            estacion_id__in=estaciones).values_list(
            "estacion_id", "vigente_desde", "vigente_hasta"):
        certificados.setdefault(estacion_id, []).append((desde, hasta))
    regimenes = regimenes_especiales()
    filas = []

    def fila(municipio, tipo, nombre, codigo, combustible, volumen, entregado):
        regimen = regimen_de(municipio.departamento, regimenes)
        filas.append({
            "departamento": municipio.departamento, "municipio": municipio.nombre,
            "codigo_dane": municipio.codigo_dane, "tipo": tipo, "estacion": nombre, "estacion_codigo": codigo,
            "combustible": combustible, "volumen": volumen, "entregado": entregado,
            "porcentaje": _porcentaje_fila(entregado, volumen),
            "regimen_especial": regimen.texto if regimen else "",
        })

    for (estacion_id, combustible), de_estacion in partes.items():
        estacion = estaciones[estacion_id]
        mes = mes_de_estacion(estacion, periodo, por_municipio[(estacion.municipio_id, combustible)], de_estacion,
                              certificados.get(estacion_id, []))
        if mes.tramos:
            fila(estacion.municipio, "estacion", estacion.nombre, estacion.codigo, combustible,
                 mes.volumen + mes.adicional, despachos.get((estacion_id, None, combustible), CERO))
    for gc in gran_consumidor_list().filter(**filtro):
        tramos, volumen = volumen_en_mes(gc, periodo)
        if tramos:
            entregado = sum((v for (e, g, _c), v in despachos.items() if g == gc.id), CERO)
            fila(gc.municipio, "gran_consumidor", gc.nombre, gc.nit, gc.combustible, volumen, entregado)
    filas.sort(key=lambda f: (f["departamento"], f["municipio"], f["tipo"] != "estacion", f["estacion"],
                              f["combustible"]))
    return filas


# --- The public page's rows, cached (issue 14 §1) ---
# Every write of the border registry (an allocation, its ejecutoria, a station's share or certificate,
# a large consumer, a municipality) changes the global version; a delivery changes only its month's.
# Both are bumped when the row is written and again after the commit, from the post_save /
# post_delete signals of the app's models (apps.py). The timeout bounds what a write that sends no
# signal (a bulk UPDATE, SQL by hand) could leave stale.
TRANSPARENCIA_SEGUNDOS = 600
_VERSION = "fronteras:transparencia:version"


def _version_del_mes(periodo: dt.date) -> str:
    return f"{_VERSION}:{periodo:%Y-%m}"


def _versiones(periodo: dt.date) -> str:
    claves = [_VERSION, _version_del_mes(periodo)]
    valores = cache.get_many(claves)
    for clave in claves:
        if valores.get(clave) is None:
            cache.add(clave, uuid.uuid4().hex, timeout=None)
            valores[clave] = cache.get(clave)
    return "-".join(str(valores.get(c)) for c in claves)


def transparencia_invalidar(*, fecha: dt.date | None = None) -> None:
    """A new version for one month (a delivery on `fecha`) or for every month (anything else)."""
    clave = _version_del_mes(fecha) if fecha else _VERSION
    cache.set(clave, uuid.uuid4().hex, timeout=None)


def transparencia_al_cambiar(sender, instance, **kwargs) -> None:
    """post_save / post_delete of the app's models: the public page's rows change after the commit."""
    if sender._meta.app_label != "fronteras" or sender.__name__ in SIN_EFECTO_EN_TRANSPARENCIA:
        return
    fecha = instance.fecha if isinstance(instance, Despacho) and instance.fecha else None
    # Now (a test's transaction never commits) and after the commit (a page read in between may have
    # cached the rows as they were before it).
    transparencia_invalidar(fecha=fecha)
    transaction.on_commit(lambda: transparencia_invalidar(fecha=fecha))


SIN_EFECTO_EN_TRANSPARENCIA = {"CompraHistorica", "PlanAbastecimiento", "InformeAnualPlan", "PrioridadContratacion"}


def transparencia_del_mes(*, periodo: dt.date, departamento: str = "") -> list[dict]:
    """transparencia(), kept in the cache until the registry or the month's deliveries change (or
    TRANSPARENCIA_SEGUNDOS pass): the public page at national size computes 600 station-months."""
    depto = hashlib.sha256(departamento.encode()).hexdigest()[:16]
    clave = f"fronteras:transparencia:{_versiones(periodo)}:{periodo:%Y-%m}:{depto}"
    filas = cache.get(clave)
    if filas is None:
        filas = transparencia(periodo=periodo, departamento=departamento)
        cache.set(clave, filas, timeout=TRANSPARENCIA_SEGUNDOS)
    return filas


def _porcentaje(entregado: Decimal, volumen: Decimal) -> Decimal:
    return (entregado * 100 / volumen).quantize(Decimal("0.1")) if volumen else Decimal("0.0")


def agrupar_transparencia(filas: list[dict]) -> list[dict]:
    """transparencia() rows → departments → municipalities → stations, with their totals."""
    departamentos: dict[str, dict] = {}
    for fila in filas:
        dep = departamentos.setdefault(fila["departamento"], {
            "nombre": fila["departamento"], "slug": slugify(fila["departamento"]) or "departamento",
            "municipios": {}, "volumen": CERO, "entregado": CERO, "regimen_especial": fila["regimen_especial"],
        })
        mun = dep["municipios"].setdefault(fila["codigo_dane"], {
            "nombre": fila["municipio"], "codigo_dane": fila["codigo_dane"], "filas": [], "volumen": CERO,
            "entregado": CERO, "regimen_especial": fila["regimen_especial"],
        })
        fila = {**fila, "disponible": max(CERO, fila["volumen"] - fila["entregado"])}
        mun["filas"].append(fila)
        for grupo in (mun, dep):
            grupo["volumen"] += fila["volumen"]
            grupo["entregado"] += fila["entregado"]
    resultado = []
    for dep in departamentos.values():
        municipios = list(dep["municipios"].values())
        for mun in municipios:
            mun["destinos"] = len({(f["tipo"], f["estacion_codigo"]) for f in mun["filas"]})
            mun["porcentaje"] = _porcentaje(mun["entregado"], mun["volumen"])
            mun["disponible"] = max(CERO, mun["volumen"] - mun["entregado"])
        dep.update(municipios=municipios, porcentaje=_porcentaje(dep["entregado"], dep["volumen"]),
                   disponible=max(CERO, dep["volumen"] - dep["entregado"]))
        resultado.append(dep)
    return resultado


def totales(departamentos: list[dict]) -> dict:
    volumen = sum((d["volumen"] for d in departamentos), CERO)
    entregado = sum((d["entregado"] for d in departamentos), CERO)
    return {"volumen": volumen, "entregado": entregado, "porcentaje": _porcentaje(entregado, volumen),
            "disponible": max(CERO, volumen - entregado),
            "estaciones": len({f["estacion_codigo"] for d in departamentos for m in d["municipios"]
                               for f in m["filas"] if f["tipo"] == "estacion"}),
            "grandes_consumidores": len({f["estacion_codigo"] for d in departamentos for m in d["municipios"]
                                         for f in m["filas"] if f["tipo"] == "gran_consumidor"}),
            "municipios": sum(len(d["municipios"]) for d in departamentos)}


def grafico_transparencia(departamentos: list[dict]) -> list[dict]:
    """Chart.js data per department: volume vs delivered by municipality (the tables repeat it)."""
    return [
        {
            "id": f"grafico-{d['slug']}",
            "municipios": [m["nombre"] for m in d["municipios"]],
            "volumen": [float(m["volumen"]) for m in d["municipios"]],
            "entregado": [float(m["entregado"]) for m in d["municipios"]],
        }
        for d in departamentos
    ]


