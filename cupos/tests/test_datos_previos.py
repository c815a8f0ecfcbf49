"""Issue 40 «Existing data»: the migrations that give every act recorded before the procedure its record (cupos 0019
for resolutions, 0020 for cancellations and refusals), run on the benchmarks' data (bench/saldo.py's national
builder, at a small size: resolutions, firm cupos, ended continuations and their ledger, with no act) and on the
demo's data with its acts taken away. Acts already firm stay firm, marked as recorded before the procedure; a draft
stays a draft; nothing that was firm stops being firm, no date changes and no balance changes; the daily job and
the alerts find nothing to do; a firm act admits no recurso."""

import datetime as dt
import importlib

import pytest
from django.apps import apps as django_apps
from django.db import connection

from core.actos.models import Acto, Interesado
from core.actos.plazos import NotificacionPendiente
from core.actos.services import exigir_firmeza, firmezas_aplicar
from cupos.models import Cupo, Resolucion, Solicitud
from cupos.selectors.saldos import cupo_saldo

pytestmark = pytest.mark.django_db

CAMPOS = ("id", "estado", "fecha_firmeza", "fecha_inicio", "fecha_fin", "fecha_cancelacion", "galones_anuales",
          "cuota_mensual", "dimar_notificado")


def _migrar():
    for nombre in ("0019_actos_de_las_resoluciones_previas", "0020_cancelaciones_y_rechazos_como_actos"):
        importlib.import_module(f"cupos.migrations.{nombre}").registrar(django_apps, None)


def _foto(fechas, cupos=None) -> tuple[list, dict]:
    """Every cupo's (or those of `cupos`) state and dates, and its balance on each of `fechas`."""
    filas = Cupo.objects.order_by("id") if cupos is None else Cupo.objects.filter(pk__in=cupos).order_by("id")
    cupos = list(filas.values(*CAMPOS))
    saldos = {}
    for cupo in filas:
        for fecha in fechas:
            try:
                saldo = cupo_saldo(cupo=cupo, fecha=fecha)
            except Exception as exc:  # not in force that day (409 sin_cupo_vigente): the same before and after
                saldos[cupo.pk, fecha] = type(exc).__name__
            else:
                saldos[cupo.pk, fecha] = (saldo.asignado, saldo.consumido, saldo.disponible)
    return cupos, saldos


def _comprobar(antes, fechas, hoy):
    assert _foto(fechas) == antes  # no state, date or balance changes
    for resolucion in Resolucion.objects.filter(estado="expedida"):
        assert resolucion.acto_id is not None, resolucion
    assert not Resolucion.objects.exclude(estado="expedida").filter(acto__interesados__isnull=False).exists()
    for cupo in Cupo.objects.exclude(resolucion__estado="borrador").select_related("interesado__acto"):
        assert cupo.interesado is not None, cupo
        if cupo.fecha_firmeza is not None:  # firm yesterday, firm today: recorded before the procedure
            assert cupo.interesado.acto.previo or cupo.interesado.en_firme_desde == cupo.fecha_firmeza
            exigir_firmeza(cupo.interesado_id, cupo.fecha_firmeza)  # nothing holds it back
    for cupo in Cupo.objects.filter(fecha_cancelacion__isnull=False).exclude(causal_cancelacion="recurso"):
        assert cupo.cancelacion_interesado.acto.previo
    for solicitud in Solicitud.objects.filter(estado="rechazada"):
        assert solicitud.acto_id is not None
    firmes = set(Cupo.objects.filter(fecha_firmeza__isnull=False).values_list("interesado_id", flat=True))
    alertas = {s.referencia for s in NotificacionPendiente().atrasados(hoy)}
    assert not alertas & {f"interesado-{i}" for i in firmes}  # nobody to notify of what was firm before
    migrados = list(Cupo.objects.filter(interesado__acto__previo=True).values_list("pk", flat=True))
    foto = _foto(fechas, migrados)
    firmezas_aplicar(hoy=hoy)
    assert _foto(fechas, migrados) == foto  # the daily job finds nothing to redo on them
    ya = Acto.objects.count()
    _migrar()
    assert Acto.objects.count() == ya  # idempotent: each act recorded once


def test_on_the_benchmarks_data_every_act_gets_its_record_and_nothing_changes():
    from bench import saldo as bench
    from cupos.models import ReglaAcumulacion

    reglas = [
        (r.clase, r.trb_min, r.trb_max, r.meses, r.id)
        for r in ReglaAcumulacion.objects.filter(vigente_hasta__isnull=True).order_by("clase", "trb_min")
    ]
    plan = bench.Plan(30, 3, 681, reglas)  # 30 beneficiaries, 2024–2026: 90 firm cupos, 3,600 movements
    with connection.cursor() as cursor:
        cur = cursor.cursor  # psycopg's own, for COPY
        cur.execute(f"TRUNCATE {', '.join(bench.TABLAS)} RESTART IDENTITY CASCADE")
        cur.execute("SET CONSTRAINTS ALL IMMEDIATE")  # checked row by row: no pending trigger for its ALTERs
        bench.copiar(cur, plan, eco=lambda *a, **k: None, congelar=False)
        cur.execute("SET CONSTRAINTS ALL DEFERRED")
    assert Resolucion.objects.filter(estado="expedida", acto__isnull=True).count() == 3
    assert Cupo.objects.filter(interesado__isnull=True).count() == 90
    fechas = [dt.date(2025, 1, 15), dt.date(2025, 6, 30), bench.CORTE]
    antes = _foto(fechas)
    assert sum(1 for v in antes[1].values() if isinstance(v, tuple)) >= 60  # balances really read

    _migrar()

    _comprobar(antes, fechas, bench.CORTE)
    assert set(Acto.objects.values_list("tipo", "previo", "transcrito")) == {("resolucion_cupos", True, False)}
    persona = Cupo.objects.filter(fecha_fin__isnull=True).select_related("interesado").first().interesado
    from core.actos.services import recurso_presentar
    from core.comun.errors import ApplicationError
    from core.identidad.roles import Rol
    from core.tests.factories import UsuarioFactory

    analista = UsuarioFactory(rol=Rol.UPME_ANALISTA)
    with pytest.raises(ApplicationError) as error:  # firm before the procedure: no recurso reopens it
        recurso_presentar(actor=analista, acto_id=persona.acto_id, interesado_id=persona.pk, tipo="reposicion",
                          fecha=dt.date.today(), motivos="Reabrir")
    assert error.value.codigo == "recurso_extemporaneo"


def test_on_the_demo_data_every_act_gets_its_record_and_nothing_changes():
    """The demo as loaded today, its cupos' acts taken away as before the procedure (resolutions, cancellations and
    refusals that nobody contested: the migrations record what the portal had then)."""
    from core import demo as core_demo
    from core.vencimientos import calendario
    from cupos import demo as cupos_demo

    core_demo.cargar()
    cupos_demo.cargar()
    # Before the procedure: no act, no person concerned; a cancellation ruled from its own date. Kept out: the
    # acts someone contested or whose procedure is still running (they could not exist before it).
    llevados = Acto.objects.filter(tipo__in=("resolucion_cupos", "cancelacion_cupo", "rechazo_solicitud"))
    llevados = set(
        llevados.exclude(interesados__recursos__isnull=False)
        .exclude(interesados__en_firme_desde__isnull=True, tipo__in=("cancelacion_cupo", "rechazo_solicitud"))
        .values_list("pk", flat=True)
    )
    esperan = set(Cupo.objects.filter(estado="expedido").values_list("resolucion_id", flat=True))
    resoluciones = set(
        Resolucion.objects.filter(acto__in=llevados).exclude(pk__in=esperan).values_list("pk", flat=True)
    )
    assert resoluciones, "the demo has resolutions whose cupos are all firm or ended"
    quitados = set(Resolucion.objects.filter(pk__in=resoluciones).values_list("acto_id", flat=True))
    cancelaciones = set(
        Cupo.objects.filter(cancelacion_interesado__acto__in=llevados, fecha_cancelacion__isnull=False)
        .values_list("cancelacion_interesado__acto_id", flat=True)
    )
    rechazos = set(Solicitud.objects.filter(acto__in=llevados, acto__tipo="rechazo_solicitud")
                   .values_list("acto_id", flat=True))
    Cupo.objects.filter(resolucion_id__in=resoluciones).update(interesado=None)
    Cupo.objects.filter(cancelacion_interesado__acto__in=cancelaciones).update(cancelacion_interesado=None)
    Solicitud.objects.filter(acto__in=rechazos).update(acto=None)
    Resolucion.objects.filter(pk__in=resoluciones).update(acto=None)
    fuera = quitados | cancelaciones | rechazos
    Interesado.objects.filter(acto__in=fuera).delete()
    Acto.objects.filter(pk__in=fuera).delete()
    assert Resolucion.objects.filter(estado="expedida", acto__isnull=True).exists()

    hoy = calendario.today()
    fechas = [dt.date(2025, 6, 30), dt.date(2026, 3, 31), hoy]
    antes = _foto(fechas)

    _migrar()

    _comprobar(antes, fechas, hoy)
