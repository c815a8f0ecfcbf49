"""Reads of the registries: routes, ships, ports and the capitanía a port belongs to, the shares."""

import datetime as dt
import unicodedata
from decimal import Decimal

from django.db.models import Q, QuerySet

from core.comun.numeros import entero
from core.models import Capitania
from reserva.models import Agencia, Nave, NavieraNacional, Operacion, PorcentajeReserva, Puerto, Ruta


def _sin_tildes(texto: str) -> str:
    return unicodedata.normalize("NFKD", texto).encode("ascii", "ignore").decode("ascii").strip().lower()


def capitania_de_puerto(puerto: str) -> Capitania | None:
    """The capitanía of a Colombian port named by code (COCTG) or name («Cartagena»), if any."""
    texto = str(puerto or "").strip()[:120]
    if not texto:
        return None
    registrado = Puerto.objects.select_related("capitania").filter(Q(codigo__iexact=texto) | Q(nombre__iexact=texto))
    registrado = registrado.first()
    if registrado is not None:
        return registrado.capitania
    capitania = Capitania.objects.filter(codigo__iexact=texto).first()
    if capitania is not None:
        return capitania
    buscado = _sin_tildes(texto)
    for capitania in Capitania.objects.order_by("codigo"):
        nombre = _sin_tildes(capitania.nombre)
        if nombre == buscado or nombre.endswith(f" {buscado}"):  # «Capitanía de Puerto de Cartagena»
            return capitania
    return None


def _puerto_registrado(texto: str) -> Puerto | None:
    return Puerto.objects.filter(Q(codigo__iexact=texto) | Q(nombre__iexact=texto)).first()


def mismo_puerto(uno: str, otro: str) -> bool:
    """C-07: two ways of naming one port: the same name (case and accents aside), or the code and the
    name of one registered port (COCTG and «Cartagena»)."""
    a, b = _sin_tildes(str(uno or "")[:120]), _sin_tildes(str(otro or "")[:120])
    if not a or not b:
        return False
    if a == b:
        return True
    pa, pb = _puerto_registrado(a), _puerto_registrado(b)
    return pa is not None and pa == pb


def ruta_por_codigo(codigo) -> Ruta | None:
    return Ruta.objects.filter(codigo=str(codigo or "").strip().upper()[:20]).first()


def nave_por_referencia(valor) -> Nave | None:
    """A ship by id, by IMO number or by name (the most recent registration)."""
    pk = entero(valor)
    if pk is not None and 0 < pk < 2**63:
        nave = Nave.objects.filter(pk=pk).first()
        if nave is not None:
            return nave
    texto = str(valor or "").strip()[:120]
    imo = texto.upper().removeprefix("IMO").strip()
    if not texto:
        return None
    nave = Nave.objects.filter(imo=imo[:7]).order_by("-vigente_desde").first()
    return nave or Nave.objects.filter(nombre__iexact=texto).order_by("-vigente_desde").first()


def agencia_por_nit(nit: str) -> Agencia | None:
    return Agencia.objects.filter(nit=str(nit or "").strip()[:20]).first()


class TablaPorcentajes:
    """C-01: the shares as dated data, read once, answering for any bill (STYLE habit 7).

    For a bill: a country's reciprocity share in force (art. 10) for its class; else its commodity's
    share (the 0 % imports, coffee); else its class's (imports: general 50 %, bulk 10 %). Exports
    other than coffee have no share (None) unless a country share names them."""

    def __init__(self, filas=None):
        self.filas = list(PorcentajeReserva.objects.all() if filas is None else filas)

    def _vigente(self, fecha: dt.date, **campos) -> PorcentajeReserva | None:
        candidatas = [
            f
            for f in self.filas
            if all(getattr(f, k) == v for k, v in campos.items())
            and f.vigente_desde <= fecha
            and (f.vigente_hasta is None or fecha <= f.vigente_hasta)
        ]
        return max(candidatas, key=lambda f: (f.vigente_desde, f.pk or 0), default=None)

    def regla(self, *, operacion: str, clase: str, mercancia: str, fecha: dt.date, pais: str = ""):
        if pais:
            propia = self._vigente(fecha, operacion=operacion, clase=clase, pais=pais, mercancia="")
            if propia is not None:
                return propia
        if mercancia:
            por_mercancia = self._vigente(fecha, operacion=operacion, mercancia=mercancia, pais="")
            if por_mercancia is not None:
                return por_mercancia
        return self._vigente(fecha, operacion=operacion, clase=clase, mercancia="", pais="")

    def de(self, *, operacion: str, clase: str, mercancia: str, fecha: dt.date, pais: str = "") -> Decimal | None:
        regla = self.regla(operacion=operacion, clase=clase, mercancia=mercancia, fecha=fecha, pais=pais)
        return regla.porcentaje if regla is not None else None

    def del_conocimiento(self, bill) -> Decimal | None:
        """The share of a bill of lading: its arrival's operation and date, its origin's country for an
        import and its destination's for an export."""
        operacion = bill.arribo.operacion
        pais = bill.pais_cargue if operacion == Operacion.IMPORTACION else bill.pais_descargue
        return self.de(
            operacion=operacion, clase=bill.clase, mercancia=bill.mercancia, fecha=bill.arribo.fecha_arribo, pais=pais
        )


def porcentaje_en(*, operacion: str, clase: str, fecha: dt.date, mercancia: str = "", pais: str = "") -> Decimal | None:
    """C-01: the share in force on `fecha` for one operation, class, commodity and country."""
    filas = PorcentajeReserva.objects.filter(operacion=operacion, vigente_desde__lte=fecha).filter(
        Q(vigente_hasta__isnull=True) | Q(vigente_hasta__gte=fecha)
    )
    return TablaPorcentajes(filas).de(operacion=operacion, clase=clase, mercancia=mercancia, fecha=fecha, pais=pais)


def porcentaje_del_conocimiento(bill) -> Decimal | None:
    return TablaPorcentajes(PorcentajeReserva.objects.filter(operacion=bill.arribo.operacion)).del_conocimiento(bill)


def porcentaje_list(*, pais: str = "") -> QuerySet[PorcentajeReserva]:
    qs = PorcentajeReserva.objects.order_by("operacion", "pais", "clase", "mercancia", "-vigente_desde")
    return qs.filter(pais=pais) if pais else qs


def ruta_list() -> QuerySet[Ruta]:
    return Ruta.objects.order_by("codigo")


def nave_list(*, q: str = "") -> QuerySet[Nave]:
    qs = Nave.objects.order_by("nombre", "-vigente_desde")
    return qs.filter(Q(nombre__icontains=q) | Q(imo=q)) if q else qs


def agencia_list() -> QuerySet[Agencia]:
    return Agencia.objects.order_by("razon_social")


def navieras_de_ruta(ruta: Ruta) -> QuerySet[NavieraNacional]:
    return NavieraNacional.objects.filter(rutas=ruta).order_by("razon_social")


def naviera_list() -> QuerySet[NavieraNacional]:
    return NavieraNacional.objects.prefetch_related("rutas").order_by("razon_social")


def puerto_list() -> QuerySet[Puerto]:
    return Puerto.objects.select_related("capitania").order_by("pais", "nombre")
