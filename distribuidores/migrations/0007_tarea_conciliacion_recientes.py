"""Issue 14: the beat task that keeps the national reconciliation of the last two months stored,
every 5 minutes, editable in the admin (services.resumen_conciliacion)."""

from django.db import migrations

TAREA = "distribuidores.tasks.conciliacion_recientes_task"


def crear(apps, schema_editor):
    IntervalSchedule = apps.get_model("django_celery_beat", "IntervalSchedule")
    PeriodicTask = apps.get_model("django_celery_beat", "PeriodicTask")
    cada_cinco, _ = IntervalSchedule.objects.get_or_create(every=5, period="minutes")
    PeriodicTask.objects.update_or_create(
        name="Conciliación nacional de los meses recientes",
        defaults={"task": TAREA, "interval": cada_cinco, "enabled": True},
    )


def borrar(apps, schema_editor):
    apps.get_model("django_celery_beat", "PeriodicTask").objects.filter(task=TAREA).delete()


class Migration(migrations.Migration):
    dependencies = [
        ("distribuidores", "0006_resumen_conciliacion"),
        ("django_celery_beat", "0019_alter_periodictasks_options"),
    ]
    operations = [migrations.RunPython(crear, borrar)]
