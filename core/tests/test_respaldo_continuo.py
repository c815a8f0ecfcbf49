"""The judgement of the continuous backups (core.plataforma.respaldo_continuo) and its alert: the last good
pgBackRest backup older than 26 hours, or a WAL gap since it, raises one alert for the administrators; a
newer good backup resolves it. pgBackRest's own answers are checked for real in
tests/test_alta_disponibilidad.py (`manage.py verificar_respaldo` on a live repository)."""

import datetime as dt

import pytest

from core.identidad.roles import Rol
from core.models import Alerta
from core.plataforma.respaldo_continuo import TIPO_ALERTA, alertar, evaluar, huecos

AHORA = dt.datetime(2026, 12, 7, 13, 0, tzinfo=dt.UTC)
MAXIMO = dt.timedelta(hours=26)


def _info(*respaldos: tuple[str, dt.datetime, bool], maximo: str = "000000020000000100000003") -> list[dict]:
    """`pgbackrest info --output=json` as pgBackRest 2.45 writes it (one stanza, one repository)."""
    return [
        {
            "name": "portal",
            "status": {"code": 0, "message": "ok", "lock": {"backup": {"held": False}}},
            "archive": [{"id": "15-1", "min": "000000010000000000000001", "max": maximo}],
            "backup": [
                {
                    "label": etiqueta,
                    "type": "full",
                    "error": error,
                    "archive": {"start": "0000000100000000000000FE", "stop": "0000000100000000000000FE"},
                    "timestamp": {"start": int(fin.timestamp()) - 60, "stop": int(fin.timestamp())},
                }
                for etiqueta, fin, error in respaldos
            ],
        }
    ]


def _segmentos(desde: int, hasta: int, *, sin: tuple[int, ...] = (), timeline: int = 1) -> list[str]:
    return [
        f"{timeline:08X}{n // 256:08X}{n % 256:08X}-{'a' * 40}.lz4" for n in range(desde, hasta + 1) if n not in sin
    ]


def test_a_recent_backup_with_its_wal_whole_across_a_timeline_switch_passes():
    # 0xFE..0x100 on timeline 1, then a promotion: 0x100..0x103 on timeline 2.
    segmentos = _segmentos(0xFE, 0x100) + _segmentos(0x100, 0x103, timeline=2)
    revision = evaluar(
        _info(("20261207-030000F", AHORA - dt.timedelta(hours=10), False)),
        segmentos,
        estrofa="portal",
        ahora=AHORA,
        edad_maxima=MAXIMO,
    )
    assert revision.correcta, revision.problemas
    assert revision.etiqueta == "20261207-030000F" and revision.segmentos == 6


def test_the_last_good_backup_older_than_26_hours_fails_and_an_errored_newer_one_does_not_count():
    info = _info(
        ("20261206-080000F", AHORA - dt.timedelta(hours=27), False),
        ("20261207-080000F", AHORA - dt.timedelta(hours=5), True),  # pgBackRest marked it in error
    )
    revision = evaluar(info, _segmentos(0xFE, 0x103), estrofa="portal", ahora=AHORA, edad_maxima=MAXIMO)
    assert revision.etiqueta == "20261206-080000F"
    assert revision.problemas == [
        "El último respaldo válido (20261206-080000F) terminó hace 27 horas: el máximo es 26 horas."
    ]
    # 25 hours: fine.
    info = _info(("20261206-120000F", AHORA - dt.timedelta(hours=25), False))
    assert evaluar(info, _segmentos(0xFE, 0x103), estrofa="portal", ahora=AHORA, edad_maxima=MAXIMO).correcta


def test_a_missing_wal_segment_since_the_backup_fails_but_one_before_it_does_not():
    info = _info(("20261207-030000F", AHORA - dt.timedelta(hours=1), False))
    revision = evaluar(info, _segmentos(0xFE, 0x103, sin=(0x101,)), estrofa="portal", ahora=AHORA, edad_maxima=MAXIMO)
    assert len(revision.problemas) == 1 and "Faltan 1 segmentos de WAL" in revision.problemas[0]
    assert "0000000100000001" in revision.problemas[0]
    assert huecos(_segmentos(0xFE, 0x103, sin=(0x101,)), "0000000100000000000000FE", "000000020000000100000003") == [
        "0000000100000001"
    ]
    # A segment missing before the backup's start does not matter to a restore from it.
    assert evaluar(info, _segmentos(0xFE, 0x103), estrofa="portal", ahora=AHORA, edad_maxima=MAXIMO).correcta


def test_no_backup_or_an_unknown_stanza_fails():
    assert evaluar(_info(), [], estrofa="portal", ahora=AHORA, edad_maxima=MAXIMO).problemas == [
        "No hay ningún respaldo válido en el repositorio."
    ]
    assert not evaluar(_info(), [], estrofa="otra", ahora=AHORA, edad_maxima=MAXIMO).correcta


@pytest.mark.django_db
def test_the_alert_is_raised_once_for_the_administrators_and_resolved_by_a_newer_good_backup():
    vieja = evaluar(
        _info(("20261206-080000F", AHORA - dt.timedelta(hours=30), False)),
        _segmentos(0xFE, 0x103),
        estrofa="portal",
        ahora=AHORA,
        edad_maxima=MAXIMO,
    )
    assert alertar(vieja, fecha=AHORA.date()) is True
    assert alertar(vieja, fecha=AHORA.date() + dt.timedelta(days=1)) is True  # the next day: the same alert
    alerta = Alerta.objects.get(tipo=TIPO_ALERTA)
    assert alerta.rol_responsable == Rol.ADMINISTRADOR and alerta.resuelta is None
    assert "terminó hace 30 horas" in alerta.detalle
    assert alerta.vence == dt.date(2026, 12, 7)  # the backup's end plus 26 hours

    nueva = evaluar(
        _info(("20261207-080000F", AHORA - dt.timedelta(hours=5), False)),
        _segmentos(0xFE, 0x103),
        estrofa="portal",
        ahora=AHORA,
        edad_maxima=MAXIMO,
    )
    assert alertar(nueva, fecha=AHORA.date()) is False
    alerta.refresh_from_db()
    assert alerta.resuelta is not None
    assert Alerta.objects.filter(tipo=TIPO_ALERTA).count() == 1


@pytest.mark.django_db
def test_beat_checks_the_backups_every_day():
    from django_celery_beat.models import PeriodicTask

    tarea = PeriodicTask.objects.get(task="core.tasks.verificar_respaldo_task")
    assert tarea.enabled and tarea.crontab.hour == "8" and tarea.crontab.day_of_week == "*"


@pytest.mark.django_db
def test_an_administrator_sees_the_backup_alert_and_its_detail(entrar):
    vieja = evaluar(
        _info(("20261206-080000F", AHORA - dt.timedelta(hours=30), False)),
        _segmentos(0xFE, 0x103),
        estrofa="portal",
        ahora=AHORA,
        edad_maxima=MAXIMO,
    )
    alertar(vieja, fecha=AHORA.date())
    cliente = entrar(Rol.ADMINISTRADOR)
    r = cliente.get("/alertas/")
    assert r.status_code == 200
    assert "Respaldo de la base de datos vencido o con el WAL incompleto" in r.content.decode()
    r = cliente.get("/alertas/", {"tipo": TIPO_ALERTA, "mes": "2026-12"})
    assert r.status_code == 200 and "terminó hace 30 horas" in r.content.decode()
