"""C-01: the shares of the cargo-reservation decree (normas/004, arts. 1 and 2) as dated data.

Dimar edits them in the admin; a new decree (or a reciprocity share, art. 10) is a new row.
"""

import datetime as dt

from django.db import migrations

DECRETO = "Decreto de reserva de carga de 1990 (normas/004)"
DESDE = dt.date(1990, 1, 1)

PORCENTAJES = [
    ("importacion", "general", 50, f"{DECRETO}, art. 1 inc. 1: carga general de importación en rutas asignadas por Dimar"),
    ("importacion", "granel", 10, f"{DECRETO}, art. 1 inc. 3: carga a granel de importación"),
    ("importacion", "carbon", 10, f"{DECRETO}, arts. 1 inc. 3 y 7: carga a granel de importación"),
    ("importacion", "petroleo", 10, f"{DECRETO}, arts. 1 inc. 3 y 7: carga a granel de importación"),
    ("importacion", "regimen_especial", 0, f"{DECRETO}, art. 1 inc. 4: sistemas especiales (D-L 444/1967 arts. 172–179)"),
    ("importacion", "zona_franca", 0, f"{DECRETO}, art. 1 inc. 4: zonas francas industriales (D1471 y D1472 de 1986)"),
    ("importacion", "papel_periodico", 0, f"{DECRETO}, art. 1 inc. 4: papel periódico para medios escritos"),
    ("importacion", "importacion_menor", 0, f"{DECRETO}, art. 1 inc. 4: importaciones menores (D2666 de 1984)"),
    ("exportacion", "cafe_verde", 50, f"{DECRETO}, art. 2: café verde (excelso) de exportación"),
    ("exportacion", "cafe_procesado", 0, f"{DECRETO}, art. 2: café procesado"),
]


def cargar_porcentajes(apps, schema_editor):
    PorcentajeReserva = apps.get_model("reserva", "PorcentajeReserva")
    for operacion, clase, porcentaje, base_legal in PORCENTAJES:
        PorcentajeReserva.objects.get_or_create(
            operacion=operacion, clase=clase, pais="", vigente_desde=DESDE,
            defaults={"porcentaje": porcentaje, "base_legal": base_legal},
        )


class Migration(migrations.Migration):
    dependencies = [("reserva", "0001_initial")]

    operations = [migrations.RunPython(cargar_porcentajes, migrations.RunPython.noop)]
