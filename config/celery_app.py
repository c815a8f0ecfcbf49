import os

from celery import Celery, signals

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.local")

app = Celery("portal_cupos")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()


def _detener_si(exigir) -> None:
    from django.core.exceptions import ImproperlyConfigured

    try:
        exigir()
    except ImproperlyConfigured as exc:
        # Celery logs and ignores an exception in a signal handler; SystemExit stops the process.
        raise SystemExit(str(exc)) from exc


@signals.worker_init.connect
@signals.beat_init.connect
def _exigir_despliegue_seguro(**kwargs):
    """Production: the worker and beat refuse to start with the settings gunicorn would refuse."""
    from django.conf import settings

    if getattr(settings, "PORTAL_VERIFICAR_AL_INICIAR", False):
        from core.plataforma.checks import exigir_despliegue_seguro

        _detener_si(exigir_despliegue_seguro)


@signals.worker_init.connect
def _exigir_claves_de_firma(**kwargs):
    """The signing worker (FIRMA_TRABAJADOR) refuses to start unless every office's key is there, chained to
    FIRMA_CADENA and readable by its owner only (core.firma.servicio)."""
    from django.conf import settings

    if getattr(settings, "FIRMA_TRABAJADOR", False):
        from core.firma.servicio import exigir_claves_de_firma

        _detener_si(exigir_claves_de_firma)


@signals.task_prerun.connect
@signals.task_postrun.connect
def _conexiones_como_en_una_peticion(sender=None, **kwargs):
    """Where the connections outlive a task (CELERY_DB_REUSE_MAX: the signing worker), Django's own rule around a
    request: close one that errored or passed CONN_MAX_AGE, and check the next one's health at its first query (a
    PostgreSQL restart costs no task). Not for a task run in-process (eager): that is the caller's connection."""
    from django.conf import settings

    en_proceso = getattr(getattr(sender, "request", None), "is_eager", False)
    if en_proceso or not getattr(settings, "CELERY_DB_REUSE_MAX", None):
        return
    from django.db import close_old_connections

    close_old_connections()
