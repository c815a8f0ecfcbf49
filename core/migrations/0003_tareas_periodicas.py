"""The Celery beat schedule lives in the database (django-celery-beat), editable in the admin."""

from django.db import migrations


def crear_tareas(apps, schema_editor):
    IntervalSchedule = apps.get_model("django_celery_beat", "IntervalSchedule")
    PeriodicTask = apps.get_model("django_celery_beat", "PeriodicTask")
    cada_minuto, _ = IntervalSchedule.objects.get_or_create(every=1, period="minutes")
    PeriodicTask.objects.update_or_create(
        name="Reenviar mensajes pendientes del outbox",
        defaults={"task": "core.tasks.outbox_flush_task", "interval": cada_minuto, "enabled": True},
    )


def borrar_tareas(apps, schema_editor):
    PeriodicTask = apps.get_model("django_celery_beat", "PeriodicTask")
    PeriodicTask.objects.filter(task="core.tasks.outbox_flush_task").delete()


class Migration(migrations.Migration):
    dependencies = [
        ("core", "0002_initial"),
        ("django_celery_beat", "0019_alter_periodictasks_options"),
    ]

    operations = [migrations.RunPython(crear_tareas, borrar_tareas)]
