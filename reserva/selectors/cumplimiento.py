"""C-04 and C-05: yearly compliance of an importer or exporter, and Dimar's national view.

Per NIT, route, class and calendar year: tonnes subject (all the bills of the class with a share),
exonerated (bills carried under a granted exoneration), carried on reserve ships (Colombian flag
or assimilated on the arrival date, C-03), required = share × (subject − exonerated), short. During
the year the verdict is open (`cumple` null); after 31 December it is judged. The fine base is the
average freight of all the user's cargo of the year (art. 13 par. 1).
"""

import datetime as dt
from dataclasses import dataclass, field
from decimal import Decimal

from django.db.models import Q

from reserva import calculo
from reserva.models import Arribo, Conocimiento, PorcentajeReserva, Ruta
from reserva.selectors.registros import porcentaje_en

CERO = Decimal("0.000")


@dataclass
class Linea:
    ruta: str
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


def _porcentajes(anio: int) -> dict[tuple[str, str], Decimal]:
    """C-01: the shares in force on 1 January of the year, by (operation, class)."""
    inicio = dt.date(anio, 1, 1)
    claves = (
        PorcentajeReserva.objects.filter(vigente_desde__lte=inicio)
        .filter(Q(vigente_hasta__isnull=True) | Q(vigente_hasta__gte=inicio))
        .values_list("operacion", "clase")
        .distinct()
    )
    resultado = {}
    for operacion, clase in claves:
        valor = porcentaje_en(operacion=operacion, clase=clase, fecha=inicio)
        if valor is not None:
            resultado[(operacion, clase)] = valor
    return resultado


def _acumular(bills, anio: int, fecha: dt.date) -> dict[str, Cumplimiento]:
    porcentajes = _porcentajes(anio)
    cerrado = calculo.cerrado(anio, fecha)
    por_usuario: dict[str, Cumplimiento] = {}
    lineas: dict[tuple[str, str, str], Linea] = {}
    for bill in bills:
        arribo = bill.arribo
        resumen = por_usuario.setdefault(bill.usuario_nit, Cumplimiento(bill.usuario_nit, anio, cerrado, None))
        resumen.toneladas_totales += bill.toneladas
        resumen.fletes_totales += bill.flete_usd
        porcentaje = porcentajes.get((arribo.operacion, bill.clase))
        if porcentaje is None:
            continue  # C-01: other cargo has no reserve
        clave = (bill.usuario_nit, arribo.ruta.codigo, bill.clase)
        linea = lineas.get(clave)
        if linea is None:
            linea = lineas[clave] = Linea(
                arribo.ruta.codigo,
                bill.clase,
                porcentaje,
                usuario_nit=bill.usuario_nit,
                usuario_nombre=bill.usuario_nombre,
            )
            resumen.lineas.append(linea)
        linea.toneladas_sujetas += bill.toneladas
        if bill.exoneracion_id:
            linea.toneladas_exoneradas += bill.toneladas
        elif arribo.nave.cuenta_reserva_en(arribo.fecha_arribo):
            linea.toneladas_reserva += bill.toneladas
    for linea in lineas.values():
        linea.requeridas = calculo.requeridas(linea.porcentaje, linea.toneladas_sujetas, linea.toneladas_exoneradas)
        linea.faltantes = calculo.faltantes(linea.requeridas, linea.toneladas_reserva)
        linea.cumple = (linea.faltantes == 0) if cerrado else None
    for resumen in por_usuario.values():
        resumen.flete_promedio_usd = calculo.flete_promedio(resumen.fletes_totales, resumen.toneladas_totales)
        resumen.lineas.sort(key=lambda linea: (linea.ruta, linea.clase))
    return por_usuario


def cumplimiento_de(*, usuario_nit: str, anio: int, fecha: dt.date) -> Cumplimiento:
    """C-04: one importer's or exporter's year, as of `fecha` (closed after 31 December)."""
    resultado = _acumular(_bills(anio).filter(usuario_nit=usuario_nit), anio, fecha)
    return resultado.get(usuario_nit) or Cumplimiento(usuario_nit, anio, calculo.cerrado(anio, fecha), None)


ORDENES = {
    "usuario": lambda linea: (linea.usuario_nombre.lower(), linea.ruta),
    "ruta": lambda linea: (linea.ruta, linea.usuario_nombre.lower()),
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
        total = rutas.setdefault(linea.ruta, {"ruta": linea.ruta, "requeridas": CERO, "reserva": CERO, "base": CERO})
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
