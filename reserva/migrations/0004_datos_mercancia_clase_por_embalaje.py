"""C-01, C-02, C-06 data: existing rows moved to the decree's own reading.

Mapping of the old single `clase` (commodity and class mixed) — documented in docs/decisiones.md:

- Bills of lading: `mercancia` takes the old value when it named a commodity (regimen_especial,
  zona_franca, papel_periodico, importacion_menor, cafe_verde, cafe_procesado, carbon, petroleo);
  general, granel and otra become `ordinaria`. `clase` is derived again from `embalaje` (C-02, arts.
  7–8): granel only when unpacked. Their ports: the arrival's Colombian port at its end (discharge
  for imports, loading for exports, country CO); the foreign end was never recorded and stays blank,
  so no country share applies to old bills.
- Exonerations: the same commodity mapping; `clase` granel when the old value was granel, carbon or
  petroleo (the old rule treated them as bulk), else general. Granted ones, signed on paper before
  the portal recorded it, are marked signed by the Director General («registro anterior»).
- Arrival notices: granel, carbon and petroleo → granel; any other non-blank class → general.
- Shares (C-01): the rows the first data migration seeded (1 January 1990) are replaced by the
  decree's, from its date (see SHARES below); a share Dimar added for a commodity becomes a commodity
  row, for carbon or petroleo (now bulk or general by packing) a bulk row.
"""

import datetime as dt

from django.db import migrations

MERCANCIAS = {
    "regimen_especial",
    "zona_franca",
    "papel_periodico",
    "importacion_menor",
    "cafe_verde",
    "cafe_procesado",
    "carbon",
    "petroleo",
}
GRANEL_ANTES = {"granel", "carbon", "petroleo"}

# C-01: Decreto 501 de 1990 (normas/004). Its exact date is «por confirmar»: the text in normas/ does
# not carry it; it was issued under Decreto 477 de 1990 and reviewed by the Consejo de Estado (Sección
# Primera, 8 Nov 1991, rad. 1495). The provisional date is 1 March 1990; Dimar corrects it in the admin.
DECRETO = "Decreto 501 de 1990 (fecha por confirmar)"
FECHA_DECRETO = dt.date(1990, 3, 1)
SEMBRADO_ANTES = dt.date(1990, 1, 1)

SHARES = [  # (operation, class, commodity, share, article)
    ("importacion", "general", "", 50, "art. 1 inc. 1: carga general de importación en rutas asignadas por Dimar"),
    ("importacion", "granel", "", 10, "art. 1 inc. 3: carga a granel de importación"),
    ("importacion", "", "regimen_especial", 0, "art. 1 inc. 4: sistemas especiales (D-L 444/1967 arts. 172–179)"),
    ("importacion", "", "zona_franca", 0, "art. 1 inc. 4: zonas francas industriales (D1471 y D1472 de 1986)"),
    ("importacion", "", "papel_periodico", 0, "art. 1 inc. 4: papel periódico para medios escritos"),
    ("importacion", "", "importacion_menor", 0, "art. 1 inc. 4: importaciones menores (D2666 de 1984)"),
    ("exportacion", "", "cafe_verde", 50, "art. 2: café verde (excelso) de exportación"),
    ("exportacion", "", "cafe_procesado", 0, "art. 2: café procesado"),
]


def cargar_porcentajes(apps, schema_editor):
    """The decree's shares as dated data (also used by the tests after a table truncation)."""
    PorcentajeReserva = apps.get_model("reserva", "PorcentajeReserva")
    for operacion, clase, mercancia, porcentaje, articulo in SHARES:
        PorcentajeReserva.objects.get_or_create(
            operacion=operacion,
            clase=clase,
            mercancia=mercancia,
            pais="",
            vigente_desde=FECHA_DECRETO,
            defaults={"porcentaje": porcentaje, "base_legal": f"{DECRETO}, {articulo}"},
        )


def _porcentajes(apps):
    PorcentajeReserva = apps.get_model("reserva", "PorcentajeReserva")
    PorcentajeReserva.objects.filter(
        pais="", vigente_desde=SEMBRADO_ANTES, base_legal__startswith="Decreto de reserva de carga de 1990"
    ).delete()
    for fila in PorcentajeReserva.objects.exclude(clase__in=["general", "granel"]).exclude(clase=""):
        if fila.clase in GRANEL_ANTES or fila.clase == "otra":
            fila.clase = "granel" if fila.clase in GRANEL_ANTES else "general"
        elif fila.pais:
            fila.clase = "general"
        else:
            fila.mercancia, fila.clase = fila.clase, ""
        fila.save(update_fields=["clase", "mercancia"])


def adelante(apps, schema_editor):
    Conocimiento = apps.get_model("reserva", "Conocimiento")
    Exoneracion = apps.get_model("reserva", "Exoneracion")
    Arribo = apps.get_model("reserva", "Arribo")
    for bill in Conocimiento.objects.select_related("arribo").iterator():
        bill.mercancia = bill.clase if bill.clase in MERCANCIAS else "ordinaria"
        bill.clase = "granel" if bill.embalaje == "granel" else "general"
        if bill.arribo.operacion == "exportacion":
            bill.puerto_cargue, bill.pais_cargue = bill.arribo.puerto[:120], "CO"
        else:
            bill.puerto_descargue, bill.pais_descargue = bill.arribo.puerto[:120], "CO"
        bill.save(
            update_fields=["mercancia", "clase", "puerto_cargue", "pais_cargue", "puerto_descargue", "pais_descargue"]
        )
    for exoneracion in Exoneracion.objects.iterator():
        exoneracion.mercancia = exoneracion.clase if exoneracion.clase in MERCANCIAS else "ordinaria"
        exoneracion.clase = "granel" if exoneracion.clase in GRANEL_ANTES else "general"
        if exoneracion.estado == "concedida" and not exoneracion.firma_cargo:
            exoneracion.firma_cargo = "director_general"
            exoneracion.firma_nombre = "Director General Marítimo (registro anterior)"
        exoneracion.save(update_fields=["mercancia", "clase", "firma_cargo", "firma_nombre"])
    Arribo.objects.filter(clase_carga__in=GRANEL_ANTES).update(clase_carga="granel")
    Arribo.objects.exclude(clase_carga__in=["", "granel"]).update(clase_carga="general")
    _porcentajes(apps)
    cargar_porcentajes(apps, schema_editor)


class Migration(migrations.Migration):
    dependencies = [("reserva", "0003_c02_mercancia_c06_firma_c08_aviso")]

    operations = [migrations.RunPython(adelante, migrations.RunPython.noop)]
