from django.db import migrations


def programar(apps, schema_editor):
    """R-09: each day at 05:45 Bogotá (after the firmeza job of 05:30), the continuation of each beneficiary an annual
    resolution left out ends the day before that resolution's first cupo started."""
    CrontabSchedule = apps.get_model("django_celery_beat", "CrontabSchedule")
    PeriodicTask = apps.get_model("django_celery_beat", "PeriodicTask")
    diario, _ = CrontabSchedule.objects.get_or_create(
        minute="45", hour="5", day_of_week="*", day_of_month="*", month_of_year="*", timezone="America/Bogota"
    )
    PeriodicTask.objects.update_or_create(
        name="Terminar la continuidad de los omitidos en la resolución anual (R-09)",
        defaults={"task": "cupos.tasks.continuidades_task", "crontab": diario, "enabled": True},
    )
    PeriodicTask.objects.update_or_create(  # P-06: applications not completed in time end withdrawn
        name="Dar por desistidas las solicitudes no completadas a tiempo (P-06)",
        defaults={"task": "cupos.tasks.solicitudes_desistir_task", "crontab": diario, "enabled": True},
    )


def quitar(apps, schema_editor):
    apps.get_model("django_celery_beat", "PeriodicTask").objects.filter(
        task__in=["cupos.tasks.continuidades_task", "cupos.tasks.solicitudes_desistir_task"]
    ).delete()


class Migration(migrations.Migration):
    dependencies = [
        ("django_celery_beat", "0019_alter_periodictasks_options"),
        ("cupos", "0020_cancelaciones_y_rechazos_como_actos"),
    ]

    operations = [migrations.RunPython(programar, quitar)]
