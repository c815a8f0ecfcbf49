"""The sweeper of long jobs (core.segundo_plano.trabajos) in the database schedule, every minute, editable in the admin."""

from django.db import migrations


def crear(apps, schema_editor):
    IntervalSchedule = apps.get_model("django_celery_beat", "IntervalSchedule")
    PeriodicTask = apps.get_model("django_celery_beat", "PeriodicTask")
    cada_minuto, _ = IntervalSchedule.objects.get_or_create(every=1, period="minutes")
    PeriodicTask.objects.update_or_create(
        name="Recuperar trabajos interrumpidos",
        defaults={"task": "core.tasks.recuperar_trabajos_task", "interval": cada_minuto, "enabled": True},
    )


def borrar(apps, schema_editor):
    apps.get_model("django_celery_beat", "PeriodicTask").objects.filter(
        task="core.tasks.recuperar_trabajos_task"
    ).delete()


class Migration(migrations.Migration):
    dependencies = [("core", "0008_alertas_vistas_y_resumen"),
                    ("django_celery_beat", "0019_alter_periodictasks_options")]
    operations = [migrations.RunPython(crear, borrar)]
