"""The daily check of the continuous backups (core.plataforma.respaldo_continuo) in the database schedule,
at 08:00 Bogotá (after the night's backup); editable in the admin."""

from django.db import migrations


def programar(apps, schema_editor):
    CrontabSchedule = apps.get_model("django_celery_beat", "CrontabSchedule")
    PeriodicTask = apps.get_model("django_celery_beat", "PeriodicTask")
    ocho, _ = CrontabSchedule.objects.get_or_create(
        minute="0", hour="8", day_of_week="*", day_of_month="*", month_of_year="*", timezone="America/Bogota"
    )
    PeriodicTask.objects.update_or_create(
        name="Verificar el respaldo continuo", defaults={"task": "core.tasks.verificar_respaldo_task", "crontab": ocho}
    )


def quitar(apps, schema_editor):
    apps.get_model("django_celery_beat", "PeriodicTask").objects.filter(
        task="core.tasks.verificar_respaldo_task"
    ).delete()


class Migration(migrations.Migration):
    dependencies = [
        ("core", "0027_motivacion_de_la_decision"),
        ("django_celery_beat", "0019_alter_periodictasks_options"),
    ]
    operations = [migrations.RunPython(programar, quitar)]
