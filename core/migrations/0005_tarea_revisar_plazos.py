"""The daily deadline checks (R-25) in the database schedule, editable in the admin."""

from django.db import migrations


def crear(apps, schema_editor):
    CrontabSchedule = apps.get_model("django_celery_beat", "CrontabSchedule")
    PeriodicTask = apps.get_model("django_celery_beat", "PeriodicTask")
    diario, _ = CrontabSchedule.objects.get_or_create(
        minute="0", hour="6", day_of_week="*", day_of_month="*", month_of_year="*", timezone="America/Bogota"
    )
    PeriodicTask.objects.update_or_create(
        name="Revisar plazos (R-25)", defaults={"task": "core.tasks.revisar_plazos_task", "crontab": diario, "enabled": True}
    )


def borrar(apps, schema_editor):
    apps.get_model("django_celery_beat", "PeriodicTask").objects.filter(task="core.tasks.revisar_plazos_task").delete()


class Migration(migrations.Migration):
    dependencies = [("core", "0004_alerta"), ("django_celery_beat", "0019_alter_periodictasks_options")]
    operations = [migrations.RunPython(crear, borrar)]
