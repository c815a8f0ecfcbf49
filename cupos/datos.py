"""What cupos publishes as open data (core.datos): the exempt-fuel dataset's keys (capitanía, its
port municipality, beneficiary kind), which zarpes (gallons certified) and distribuidores (gallons
sold) fill in, and the resolutions issued. Never a matrícula, an identification or a person's name."""

import datetime as dt
from decimal import Decimal

from django.db.models import Count, Sum

from core.datos.registro import Aporte, Campo, Conjunto, Supresion
from core.vencimientos.calendario import last_day_of_month
from cupos.models import Beneficiario, Cupo, Resolucion

COMBUSTIBLE = "combustible-exento"
RESOLUCIONES = "resoluciones"

SIN_CAPITANIA = ("SIN", "Sin capitanía registrada")
_PREFIJO = "capitanía de puerto de "

DIMENSIONES = (
    Campo(
        "capitania_codigo",
        "string",
        "Código de la capitanía",
        "Código de la Capitanía de Puerto de Dimar (p. ej. CP05). SIN: el beneficiario no tiene capitanía registrada.",
    ),
    Campo("capitania", "string", "Capitanía", "Nombre de la Capitanía de Puerto."),
    Campo(
        "municipio",
        "string",
        "Municipio",
        "Municipio del puerto sede de la capitanía (el régimen marítimo no registra el municipio del beneficiario). "
        "Sin dato: el beneficiario no tiene capitanía registrada.",
    ),
    Campo(
        "tipo_beneficiario",
        "string",
        "Tipo de beneficiario",
        "Clase de beneficiario del cupo.",
        valores=tuple(Beneficiario.Tipo.choices),
    ),
)


def municipio_de(nombre_capitania: str) -> str:
    """«Capitanía de Puerto de Tumaco» → «Tumaco»: the port town where the capitanía sits."""
    if nombre_capitania.lower().startswith(_PREFIJO):
        return nombre_capitania[len(_PREFIJO) :].strip()
    return nombre_capitania


def claves(codigo: str | None, nombre: str | None, tipo: str) -> dict:
    """The keys of an exempt-fuel row: the same in every contribution, so they join."""
    codigo, nombre = (codigo, nombre) if codigo else SIN_CAPITANIA
    municipio = municipio_de(nombre) if codigo != SIN_CAPITANIA[0] else "Sin dato"
    return {"capitania_codigo": codigo, "capitania": nombre, "municipio": municipio, "tipo_beneficiario": tipo}


def mes(periodo: dt.date) -> tuple[dt.date, dt.date]:
    return periodo, last_day_of_month(periodo.year, periodo.month)


CONJUNTO_COMBUSTIBLE = Conjunto(
    slug=COMBUSTIBLE,
    titulo="Combustible exento certificado y vendido",
    descripcion=(
        "Galones de combustible exento (Ley 681 de 2001) certificados por las Capitanías de Puerto al autorizar "
        "cada zarpe, y galones vendidos por los distribuidores a los beneficiarios, por capitanía, municipio, mes "
        "y tipo de beneficiario."
    ),
    publicador="UPME",
    dimensiones=DIMENSIONES,
    palabras_clave=("combustible exento", "cupos", "pesca", "cabotaje", "Ley 681 de 2001", "Dimar", "UPME"),
    orden=10,
)


def _resoluciones(periodo: dt.date) -> list[dict]:
    inicio, fin = mes(periodo)
    filas = []
    resoluciones = Resolucion.objects.filter(
        estado=Resolucion.Estado.EXPEDIDA, fecha_expedicion__range=(inicio, fin)
    ).order_by("anio", "numero")
    totales = {
        r["resolucion_id"]: r
        for r in Cupo.objects.filter(resolucion__in=resoluciones)
        .values("resolucion_id")
        .annotate(beneficiarios=Count("beneficiario_id", distinct=True), galones=Sum("galones_anuales"))
        .order_by()
    }
    for r in resoluciones:
        total = totales.get(r.id, {})
        filas.append(
            {
                "anio": r.anio,
                "numero": r.numero,
                "fecha_expedicion": r.fecha_expedicion,
                "tipo": r.tipo,
                "beneficiarios": total.get("beneficiarios", 0),
                "galones": total.get("galones") or Decimal("0"),
            }
        )
    return filas


CONJUNTO_RESOLUCIONES = Conjunto(
    slug=RESOLUCIONES,
    titulo="Resoluciones de cupos expedidas",
    descripcion=(
        "Resoluciones de la UPME que asignan, modifican o adicionan cupos de combustible exento, expedidas en el mes: "
        "número, fecha, año de los cupos, número de beneficiarios y galones anuales asignados. Sin datos personales."
    ),
    publicador="UPME",
    dimensiones=(
        Campo("anio", "year", "Año", "Año de los cupos que asigna la resolución."),
        Campo("numero", "string", "Número", "Número de la resolución de la UPME."),
    ),
    palabras_clave=("resoluciones", "cupos", "combustible exento", "UPME"),
    orden=40,
)

APORTE_RESOLUCIONES = Aporte(
    nombre="cupos",
    campos=(
        Campo("fecha_expedicion", "date", "Fecha de expedición", "Fecha de expedición de la resolución (AAAA-MM-DD)."),
        Campo(
            "tipo",
            "string",
            "Tipo",
            "Si la resolución es la anual del año o la modifica o adiciona.",
            valores=tuple(Resolucion.Tipo.choices),
        ),
        Campo(
            "beneficiarios",
            "integer",
            "Beneficiarios",
            "Número de beneficiarios con cupo en la resolución. Vacío si son menos de 5 (reserva estadística).",
        ),
        Campo(
            "galones",
            "number",
            "Galones anuales",
            "Suma de los galones anuales asignados por la resolución. Vacío si los beneficiarios son menos de 5.",
        ),
        Campo(
            "suprimido",
            "boolean",
            "Cifras suprimidas",
            "true si los beneficiarios y los galones no se publican porque son menos de 5 beneficiarios.",
        ),
    ),
    calcular=_resoluciones,
    supresiones=(Supresion("beneficiarios", ("galones",), "suprimido"),),
)


def registrar() -> None:
    from core.datos import registro

    registro.registrar_conjunto(CONJUNTO_COMBUSTIBLE)
    registro.registrar_conjunto(CONJUNTO_RESOLUCIONES)
    registro.registrar_aporte(RESOLUCIONES, APORTE_RESOLUCIONES)
