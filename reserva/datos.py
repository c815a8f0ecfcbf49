"""reserva's open data (core.datos): Dimar's cargo-reservation compliance of the year up to the end of
the month, in aggregate per operation, route and class (C-04, C-05): never an importer's or exporter's
NIT or name, and a cell of fewer than 5 of them is suppressed."""

import datetime as dt
from decimal import Decimal

from core.datos.registro import Aporte, Campo, Conjunto, Supresion
from core.vencimientos.calendario import last_day_of_month
from reserva.models import Clase, Operacion
from reserva.selectors.cumplimiento import cumplimiento_nacional

SLUG = "reserva-carga"
TODAS = "todas"
CERO = Decimal("0.000")

CONJUNTO = Conjunto(
    slug=SLUG,
    titulo="Cumplimiento de la reserva de carga",
    descripcion=(
        "Cumplimiento agregado de la reserva de carga para buques de bandera colombiana (Dimar), por operación, "
        "ruta y clase de carga: toneladas sujetas, exoneradas, transportadas en buques de reserva, requeridas y "
        "faltantes, del año hasta el fin del mes publicado."
    ),
    publicador="Dimar",
    dimensiones=(
        Campo("anio", "year", "Año", "Año del cumplimiento."),
        Campo("operacion", "string", "Operación", "Importación o exportación.", valores=tuple(Operacion.choices)),
        Campo(
            "ruta",
            "string",
            "Ruta",
            "Código de la ruta: solo las exportaciones de café se juzgan por ruta; las demás operaciones dicen "
            "todas (juzgadas en todas las rutas).",
        ),
        Campo(
            "clase", "string", "Clase de carga", "Clase de la carga según su embalaje.", valores=tuple(Clase.choices)
        ),
    ),
    palabras_clave=("reserva de carga", "transporte marítimo", "importaciones", "exportaciones", "Dimar"),
    alcance_del_mes="el año hasta el fin del mes",
    orden=30,
)

MEDIDAS = (
    "toneladas_sujetas",
    "toneladas_exoneradas",
    "toneladas_reserva",
    "toneladas_requeridas",
    "toneladas_faltantes",
    "usuarios_con_faltantes",
)


def _cumplimiento(periodo: dt.date) -> list[dict]:
    corte = last_day_of_month(periodo.year, periodo.month)
    celdas: dict[tuple, dict] = {}
    for linea in cumplimiento_nacional(anio=periodo.year, fecha=corte):
        clave = (periodo.year, linea.operacion, linea.ruta or TODAS, linea.clase)
        celda = celdas.setdefault(
            clave,
            {
                "usuarios": set(),
                "faltantes": set(),
                "toneladas_sujetas": CERO,
                "toneladas_exoneradas": CERO,
                "toneladas_reserva": CERO,
                "toneladas_requeridas": CERO,
                "toneladas_faltantes": CERO,
            },
        )
        celda["usuarios"].add(linea.usuario_nit)
        if linea.faltantes > 0:
            celda["faltantes"].add(linea.usuario_nit)
        celda["toneladas_sujetas"] += linea.toneladas_sujetas
        celda["toneladas_exoneradas"] += linea.toneladas_exoneradas
        celda["toneladas_reserva"] += linea.toneladas_reserva
        celda["toneladas_requeridas"] += linea.requeridas
        celda["toneladas_faltantes"] += linea.faltantes
    filas = []
    for (anio, operacion, ruta, clase), c in celdas.items():
        base = c["toneladas_sujetas"] - c["toneladas_exoneradas"]
        filas.append(
            {
                "anio": anio,
                "operacion": operacion,
                "ruta": ruta,
                "clase": clase,
                "usuarios": len(c["usuarios"]),
                "usuarios_con_faltantes": len(c["faltantes"]),
                **{k: c[k] for k in MEDIDAS if k.startswith("toneladas")},
                "participacion_reserva": (c["toneladas_reserva"] * 100 / base).quantize(Decimal("0.1"))
                if base > 0
                else Decimal("0.0"),
            }
        )
    return filas


APORTE = Aporte(
    nombre="reserva",
    campos=(
        Campo(
            "usuarios",
            "integer",
            "Importadores o exportadores",
            "Importadores o exportadores distintos con carga sujeta en la celda. Vacío si son de 1 a 4.",
        ),
        Campo(
            "usuarios_con_faltantes",
            "integer",
            "Con toneladas faltantes",
            "Cuántos de ellos no alcanzan todavía las toneladas requeridas. Vacío si se suprime.",
        ),
        Campo(
            "toneladas_sujetas",
            "number",
            "Toneladas sujetas",
            "Toneladas de carga sujeta a reserva. Vacío si se suprime.",
        ),
        Campo(
            "toneladas_exoneradas",
            "number",
            "Toneladas exoneradas",
            "Toneladas transportadas con exoneración concedida. Vacío si se suprime.",
        ),
        Campo(
            "toneladas_reserva",
            "number",
            "Toneladas en buques de reserva",
            "Toneladas transportadas en buques de bandera colombiana o asimilados. Vacío si se suprime.",
        ),
        Campo(
            "toneladas_requeridas",
            "number",
            "Toneladas requeridas",
            "Porcentaje de reserva por (sujetas menos exoneradas). Vacío si se suprime.",
        ),
        Campo(
            "toneladas_faltantes",
            "number",
            "Toneladas faltantes",
            "Requeridas que aún no se han transportado en buques de reserva. Vacío si se suprime.",
        ),
        Campo(
            "participacion_reserva",
            "number",
            "Participación de la reserva",
            "Toneladas en buques de reserva sobre (sujetas menos exoneradas), en por ciento. Vacío si se suprime.",
        ),
        Campo(
            "suprimido",
            "boolean",
            "Cifras suprimidas",
            "true si las cifras de la fila no se publican porque agrupan menos de 5 importadores o exportadores.",
        ),
    ),
    calcular=_cumplimiento,
    supresiones=(Supresion("usuarios", (*MEDIDAS, "participacion_reserva"), "suprimido"),),
)


def registrar() -> None:
    from core.datos import registro

    registro.registrar_conjunto(CONJUNTO)
    registro.registrar_aporte(SLUG, APORTE)
