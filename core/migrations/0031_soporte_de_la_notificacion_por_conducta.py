"""Persons notified by conduct (Ley 1437 art. 72) before the support said so: the API now answers `medio`
«personal» for them (API.md's list), and the support is what tells it was by conduct. Only empty supports are
filled; nothing else changes."""

from django.db import migrations

SOPORTE = "Por conducta concluyente (Ley 1437 de 2011, art. 72)."


def llenar(apps, schema_editor):
    Interesado = apps.get_model("core", "Interesado")
    Interesado.objects.filter(notificacion_medio="conducta", notificacion_soporte="").update(
        notificacion_soporte=SOPORTE
    )


class Migration(migrations.Migration):
    dependencies = [("core", "0030_objeto_de_la_solicitud_idempotente")]

    operations = [migrations.RunPython(llenar, migrations.RunPython.noop)]
