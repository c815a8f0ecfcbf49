"""Reads of the registries: routes, ships, ports and the capitanía a port belongs to, the shares."""

import datetime as dt
import unicodedata
from decimal import Decimal

from django.db.models import Q, QuerySet

from core.models import Capitania
from core.numeros import entero
from reserva.models import Agencia, Nave, NavieraNacional, PorcentajeReserva, Puerto, Ruta


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


def porcentaje_en(*, operacion: str, clase: str, fecha: dt.date, pais: str = "") -> Decimal | None:
    """C-01: the share in force on `fecha` (a country's reciprocity row first, art. 10); None when
    the class has no reserve."""
    reglas = PorcentajeReserva.objects.filter(operacion=operacion, clase=clase, vigente_desde__lte=fecha).filter(
        Q(vigente_hasta__isnull=True) | Q(vigente_hasta__gte=fecha)
    )
    if pais:
        propia = reglas.filter(pais=pais).order_by("-vigente_desde").first()
        if propia is not None:
            return propia.porcentaje
    regla = reglas.filter(pais="").order_by("-vigente_desde").first()
    return regla.porcentaje if regla is not None else None


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
