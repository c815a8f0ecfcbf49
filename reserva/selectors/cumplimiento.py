"""C-04 and C-05: yearly compliance of an importer or exporter, and Dimar's national view.

Imports are judged per NIT, class and year across the routes Dimar assigned (`ruta` None); only
coffee exports are judged per route (art. 2 par. 1). Each bill carries the share in force on its
arrival date for its class, commodity and country (C-01, art. 10), and bills under different shares
make different lines. Per line: tonnes subject (all the bills with a share), exonerated (bills
carried under a granted exoneration in effect that they match: same user, commodity and class, the
grant's ports, loaded by its deadline; a mismatch stays in the base), carried on reserve ships
(Colombian flag or assimilated on the arrival date, C-03), required = share × (subject − exonerated), short. During
the year the verdict is open (`cumple` null); after 31 December it is judged. The fine base is the
average freight of all the user's cargo of the year (art. 13 par. 1).
"""

import datetime as dt
from dataclasses import dataclass, field
from decimal import Decimal

from reserva import calculo
from reserva.models import MERCANCIAS_CAFE, Arribo, Conocimiento, Exoneracion, Operacion, Ruta
from reserva.selectors.exoneraciones import desajustes_con_concesion, exoneraciones_en_efecto
from reserva.selectors.registros import TablaPorcentajes, mismo_puerto

CERO = Decimal("0.000")


@dataclass
class Linea:
    ruta: str | None
    clase: str
    porcentaje: Decimal
    toneladas_sujetas: Decimal = CERO
    toneladas_exoneradas: Decimal = CERO
    toneladas_reserva: Decimal = CERO
    requeridas: Decimal = CERO
    faltantes: Decimal = CERO
    cumple: bool | None = None
    usuario_nit: str = ""
    usuario_nombre: str = ""
    operacion: str = ""

    @property
    def avance(self) -> int:
        """Percent of the required tonnes already carried on reserve ships (for the progress bar)."""
        if not self.requeridas:
            return 100
        return min(100, int(self.toneladas_reserva * 100 / self.requeridas))

    @property
    def participacion(self) -> Decimal:
        """Share of the base (subject − exonerated) carried on reserve ships, in percent."""
        base = self.toneladas_sujetas - self.toneladas_exoneradas
        return (self.toneladas_reserva * 100 / base).quantize(Decimal("0.1")) if base > 0 else Decimal("0.0")


@dataclass
class Cumplimiento:
    usuario_nit: str
    anio: int
    cerrado: bool
    flete_promedio_usd: Decimal | None
    lineas: list[Linea] = field(default_factory=list)
    toneladas_totales: Decimal = CERO
    fletes_totales: Decimal = Decimal("0.00")

    @property
    def cumple(self) -> bool | None:
        if not self.cerrado:
            return None
        return all(linea.cumple for linea in self.lineas)


def _bills(anio: int):
    return (
        Conocimiento.objects.filter(arribo__fecha_arribo__year=anio)
        .select_related("arribo__nave", "arribo__ruta")
        .only(
            "usuario_nit",
            "usuario_nombre",
            "clase",
            "mercancia",
            "puerto_cargue",
            "pais_cargue",
            "puerto_descargue",
            "pais_descargue",
            "toneladas",
            "flete_usd",
            "exoneracion_id",
            "arribo__fecha_arribo",
            "arribo__operacion",
            "arribo__ruta__codigo",
            "arribo__ruta__operacion",
            "arribo__nave__bandera",
            "arribo__nave__asimilada",
            "arribo__nave__vigente_desde",
            "arribo__nave__vigente_hasta",
        )
    )


def ruta_de_linea(bill) -> str | None:
    """C-04 (art. 2 par. 1): coffee exports are judged per route; everything else across routes."""
    if bill.arribo.operacion == Operacion.EXPORTACION and bill.mercancia in MERCANCIAS_CAFE:
        return bill.arribo.ruta.codigo
    return None


def _acumular(bills, anio: int, fecha: dt.date) -> dict[str, Cumplimiento]:
    tabla = TablaPorcentajes()
    cerrado = calculo.cerrado(anio, fecha)
    bills = list(bills)
    en_efecto = exoneraciones_en_efecto({b.exoneracion_id for b in bills if b.exoneracion_id}, fecha)
    concesiones = Exoneracion.objects.in_bulk(en_efecto) if en_efecto else {}
    puertos: dict[tuple[str, str], bool] = {}

    def mismo(uno: str, otro: str) -> bool:
        if (uno, otro) not in puertos:
            puertos[uno, otro] = mismo_puerto(uno, otro)
        return puertos[uno, otro]

    por_usuario: dict[str, Cumplimiento] = {}
    lineas: dict[tuple, Linea] = {}
    for bill in bills:
        arribo = bill.arribo
        resumen = por_usuario.setdefault(bill.usuario_nit, Cumplimiento(bill.usuario_nit, anio, cerrado, None))
        resumen.toneladas_totales += bill.toneladas
        resumen.fletes_totales += bill.flete_usd
        porcentaje = tabla.del_conocimiento(bill)
        if porcentaje is None:
            continue  # C-01: among exports only coffee is reserved (or a country's share)
        ruta = ruta_de_linea(bill)
        clave = (bill.usuario_nit, arribo.operacion, ruta, bill.clase, porcentaje)
        linea = lineas.get(clave)
        if linea is None:
            linea = lineas[clave] = Linea(
                ruta,
                bill.clase,
                porcentaje,
                usuario_nit=bill.usuario_nit,
                usuario_nombre=bill.usuario_nombre,
                operacion=arribo.operacion,
            )
            resumen.lineas.append(linea)
        linea.toneladas_sujetas += bill.toneladas
        concesion = concesiones.get(bill.exoneracion_id)  # P-04: a grant not yet firm, or contested, is not here
        if concesion is not None and not desajustes_con_concesion(bill, concesion, mismo=mismo):
            linea.toneladas_exoneradas += bill.toneladas  # C-04: only a bill that matches its grant
        elif arribo.nave.cuenta_reserva_en(arribo.fecha_arribo):
            linea.toneladas_reserva += bill.toneladas
    for linea in lineas.values():
        linea.requeridas = calculo.requeridas(linea.porcentaje, linea.toneladas_sujetas, linea.toneladas_exoneradas)
        linea.faltantes = calculo.faltantes(linea.requeridas, linea.toneladas_reserva)
        linea.cumple = (linea.faltantes == 0) if cerrado else None
    for resumen in por_usuario.values():
        resumen.flete_promedio_usd = calculo.flete_promedio(resumen.fletes_totales, resumen.toneladas_totales)
        resumen.lineas.sort(key=lambda linea: (linea.operacion, linea.ruta or "", linea.clase, -linea.porcentaje))
    return por_usuario


def cumplimiento_de(*, usuario_nit: str, anio: int, fecha: dt.date) -> Cumplimiento:
    """C-04: one importer's or exporter's year, as of `fecha` (closed after 31 December)."""
    resultado = _acumular(_bills(anio).filter(usuario_nit=usuario_nit), anio, fecha)
    return resultado.get(usuario_nit) or Cumplimiento(usuario_nit, anio, calculo.cerrado(anio, fecha), None)


ORDENES = {
    "usuario": lambda linea: (linea.usuario_nombre.lower(), linea.ruta or ""),
    "ruta": lambda linea: (linea.ruta or "", linea.usuario_nombre.lower()),
    "participacion": lambda linea: (linea.participacion, linea.usuario_nombre.lower()),
    "faltantes": lambda linea: (-linea.faltantes, linea.usuario_nombre.lower()),
}


def cumplimiento_nacional(*, anio: int, fecha: dt.date, orden: str = "faltantes", ruta: str = "") -> list[Linea]:
    """Dimar's national page: every user and route with its share of reserve tonnes, sortable."""
    bills = _bills(anio)
    if ruta:
        bills = bills.filter(arribo__ruta__codigo=ruta)
    lineas = [linea for resumen in _acumular(bills, anio, fecha).values() for linea in resumen.lineas]
    return sorted(lineas, key=ORDENES.get(orden, ORDENES["faltantes"]))


def por_ruta(lineas: list[Linea]) -> list[dict]:
    """Totals per route for the chart: required and carried on reserve ships."""
    rutas: dict[str, dict] = {}
    for linea in lineas:
        nombre = linea.ruta or "Importaciones (todas las rutas)"
        total = rutas.setdefault(nombre, {"ruta": nombre, "requeridas": CERO, "reserva": CERO, "base": CERO})
        total["requeridas"] += linea.requeridas
        total["reserva"] += linea.toneladas_reserva
        total["base"] += linea.toneladas_sujetas - linea.toneladas_exoneradas
    for total in rutas.values():
        total["participacion"] = (
            (total["reserva"] * 100 / total["base"]).quantize(Decimal("0.1")) if total["base"] else 0
        )
        total["ancho"] = min(100, int(total["participacion"]))
    return sorted(rutas.values(), key=lambda t: t["ruta"])


def anios_con_datos() -> list[int]:
    fechas = Arribo.objects.filter(conocimientos__isnull=False).dates("fecha_arribo", "year", order="DESC")
    return [f.year for f in fechas]


def rutas_codigos() -> list[str]:
    return list(Ruta.objects.order_by("codigo").values_list("codigo", flat=True))
