import secrets

from django.db import migrations

ALFABETO = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"  # reserva.services.exoneraciones.ALFABETO, frozen here


def codigos_para_decididas(apps, schema_editor):
    """Issue 24: every granted or denied exoneration has its verification code, given when it is decided.
    Denials decided before they were signed acts had none (their PDF used to give one on its first GET,
    a write during a read): they get it here, once, so reading a PDF never writes."""
    Exoneracion = apps.get_model("reserva", "Exoneracion")
    usados = set(Exoneracion.objects.exclude(codigo_verificacion=None).values_list("codigo_verificacion", flat=True))
    pendientes = Exoneracion.objects.filter(estado__in=("concedida", "negada"), codigo_verificacion=None)
    for exoneracion in pendientes.only("pk").iterator():
        codigo = None
        while codigo is None or codigo in usados:
            codigo = "RC-" + "".join(secrets.choice(ALFABETO) for _ in range(10))
        usados.add(codigo)
        Exoneracion.objects.filter(pk=exoneracion.pk).update(codigo_verificacion=codigo)


class Migration(migrations.Migration):
    dependencies = [("reserva", "0006_c05_c09_c10_c11_c12")]

    operations = [migrations.RunPython(codigos_para_decididas, migrations.RunPython.noop)]
