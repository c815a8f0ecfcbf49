import os

from celery import Celery, signals

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.local")

app = Celery("portal_cupos")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()


@signals.worker_init.connect
@signals.beat_init.connect
def _exigir_despliegue_seguro(**kwargs):
    """Production: the worker and beat refuse to start with the settings gunicorn would refuse."""
    from django.conf import settings

    if getattr(settings, "PORTAL_VERIFICAR_AL_INICIAR", False):
        from django.core.exceptions import ImproperlyConfigured

        from core.checks import exigir_despliegue_seguro

        try:
            exigir_despliegue_seguro()
        except ImproperlyConfigured as exc:
            # Celery logs and ignores an exception in a signal handler; SystemExit stops the process.
            raise SystemExit(str(exc)) from exc
