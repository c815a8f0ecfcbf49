"""R-10: the original 2002 art. 2 of Decreto 1505 covers vessels and the Armada only, so the 2002
row for acuicultoras had no legal basis: removed. R-06/R-09: cupos already started were
communicated on their firmeza date (the rule until now), and an end without cancellation was a
succession.
"""

import datetime as dt

from django.db import migrations
from django.db.models import F

def quitar_regla_2002(apps, schema_editor):
    Regla = apps.get_model("cupos", "ReglaAcumulacion")
    Cupo = apps.get_model("cupos", "Cupo")
    filas = Regla.objects.filter(clase="acuicultora", vigente_desde__lt=dt.date(2004, 1, 1))
    filas.exclude(pk__in=Cupo.objects.filter(regla__isnull=False).values("regla_id")).delete()


def completar_cupos(apps, schema_editor):
    Cupo = apps.get_model("cupos", "Cupo")
    Cupo.objects.filter(fecha_inicio__isnull=False, fecha_comunicacion__isnull=True).update(
        fecha_comunicacion=F("fecha_firmeza"), comunicacion_origen="oficio"
    )
    Cupo.objects.filter(fecha_fin__isnull=False, fecha_cancelacion__isnull=True, motivo_fin="").update(
        motivo_fin="sucesion"
    )


class Migration(migrations.Migration):
    dependencies = [("cupos", "0005_comunicacion_fin_y_permiso")]

    operations = [
        migrations.RunPython(quitar_regla_2002, migrations.RunPython.noop),
        migrations.RunPython(completar_cupos, migrations.RunPython.noop),
    ]
