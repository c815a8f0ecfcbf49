"""Issue 26: a modifying resolution line by line (a new cupo, a change of gallons, a revocation, R-12, R-24),
issued through the annual resolution's job and made firm by the bulk firmeza (R-06, R-09)."""

import datetime as dt
from decimal import Decimal

import pytest

from core.comun.errors import ApplicationError, DatosInvalidos
from core.models import RegistroAuditoria
from cupos import pdf
from cupos.models import AltaDimar, Cupo, LineaAsignacion, Resolucion
from cupos.services import asignacion, firmezas
from cupos.services.asignacion import lineas_set, resolucion_expedir, resolucion_revisar_lineas
from cupos.services.modificatorias import considerandos_set, linea_modificatoria_set

D = dt.date
Accion = LineaAsignacion.Accion


def _set(analista, e, beneficiario, accion, **campos):
    return linea_modificatoria_set(
        usuario=analista, resolucion=e["res"], beneficiario=beneficiario, accion=accion, **campos
    )


def _errores(exc) -> str:
    return " ".join(m for ms in exc.value.errores.values() for m in ms)


# --- Each kind of line, and its refusals -------------------------------------------------------------


@pytest.mark.django_db
def test_alta_a_new_cupo_for_a_beneficiary_without_one(escenario, analista):
    linea = _set(analista, escenario, escenario["nueva"], "alta", galones_anuales="12000", motivo="Alta de junio")
    assert (linea.accion, linea.galones_anuales, linea.cupo_modificado) == (Accion.ALTA, Decimal("12000.00"), None)
    assert RegistroAuditoria.objects.filter(accion="resolucion.linea_modificatoria").count() == 1


@pytest.mark.django_db
def test_alta_refused_when_the_beneficiary_already_has_a_cupo_or_gallons_are_wrong(escenario, analista):
    with pytest.raises(DatosInvalidos) as exc:
        _set(analista, escenario, escenario["lucia"], "alta", galones_anuales="12000")
    assert "ya tiene un cupo de 24.000,00 galones" in _errores(exc) and "cambio de galones" in _errores(exc)
    with pytest.raises(DatosInvalidos) as exc:
        _set(analista, escenario, escenario["nueva"], "alta", galones_anuales="-5")
    assert "galones_anuales" in exc.value.errores
    assert not LineaAsignacion.objects.exists()


@pytest.mark.django_db
def test_alta_refused_for_a_vessel_dimar_reported_as_baja(escenario, analista):
    from zarpes.tests.factories import baja_dimar

    baja_dimar(escenario["nueva"], fecha=D(2026, 5, 10))
    with pytest.raises(ApplicationError) as exc:
        _set(analista, escenario, escenario["nueva"], "alta", galones_anuales="12000")
    assert exc.value.codigo == "nave_dada_de_baja" and "Nueva Esperanza" in exc.value.detalle


@pytest.mark.django_db
def test_change_of_gallons_from_a_date_with_its_motive(escenario, analista):
    linea = _set(
        analista,
        escenario,
        escenario["lucia"],
        "cambio",
        galones_anuales="30000",
        motivo_cambio="aumento",
        fecha_desde=D(2026, 7, 1),
        motivo="Amplió su faena",
    )
    assert linea.accion == Accion.CAMBIO and linea.cupo_modificado == escenario["cupo_lucia"]
    assert (linea.motivo_cambio, linea.fecha_desde) == ("aumento", D(2026, 7, 1))


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("galones", "motivo_cambio", "motivo", "campo", "texto"),
    [
        ("500", "reduccion", "Menor faena", "galones_anuales", "ya consumió 800,00 galones en 2026"),
        ("20000", "aumento", "x", "galones_anuales", "Un aumento debe superar el cupo vigente de 24.000,00"),
        ("30000", "reduccion", "x", "galones_anuales", "Una reducción debe quedar por debajo"),
        ("24000", "correccion", "x", "galones_anuales", "ya es de 24.000,00 galones"),
        ("30000", "", "x", "motivo_cambio", "Elija el motivo del cambio"),
        ("30000", "aumento", "", "motivo", "Explique por qué cambian los galones"),
    ],
)
def test_change_refusals_in_spanish(escenario, analista, galones, motivo_cambio, motivo, campo, texto):
    with pytest.raises(DatosInvalidos) as exc:
        _set(
            analista,
            escenario,
            escenario["lucia"],
            "cambio",
            galones_anuales=galones,
            motivo_cambio=motivo_cambio,
            motivo=motivo,
        )
    assert campo in exc.value.errores and texto in " ".join(exc.value.errores[campo])
    assert not LineaAsignacion.objects.exists()


@pytest.mark.django_db
def test_change_refused_without_a_cupo_in_force(escenario, analista):
    with pytest.raises(DatosInvalidos) as exc:
        _set(
            analista,
            escenario,
            escenario["nueva"],
            "cambio",
            galones_anuales="100",
            motivo_cambio="aumento",
            motivo="x",
        )
    assert "no tiene un cupo vigente que cambiar" in _errores(exc)


@pytest.mark.django_db
def test_revocation_with_its_ground_and_support(escenario, analista):
    linea = _set(
        analista,
        escenario,
        escenario["brisa"],
        "revocacion",
        fecha_desde=D(2026, 6, 15),
        causal="comunicacion_autoridad",
        soporte="Oficio Dimar 123 del 10 de junio de 2026",
        motivo="Pesca ilegal",
    )
    assert linea.accion == Accion.REVOCACION and linea.galones_anuales is None
    assert linea.cupo_modificado == escenario["cupo_brisa"]


@pytest.mark.django_db
def test_revocation_refusals(escenario, analista):
    with pytest.raises(DatosInvalidos) as exc:
        _set(analista, escenario, escenario["brisa"], "revocacion", fecha_desde=None, causal="", soporte="", motivo="")
    assert {"fecha_desde", "causal", "soporte", "motivo"} <= set(exc.value.errores)
    with pytest.raises(DatosInvalidos) as exc:
        _set(
            analista,
            escenario,
            escenario["brisa"],
            "revocacion",
            fecha_desde=D(2026, 6, 16),
            causal="comunicacion_autoridad",
            soporte="Oficio 1",
            motivo="x",
        )
    assert "fecha futura" in _errores(exc)
    # An acuicultora's cupo is revoked by a motivated revocation, not on par. 1's grounds (R-12).
    with pytest.raises(ApplicationError) as exc:
        _set(
            analista,
            escenario,
            escenario["acuicola"],
            "revocacion",
            fecha_desde=D(2026, 6, 15),
            causal="baja_dimar",
            soporte="Novedad de junio",
            motivo="x",
        )
    assert exc.value.codigo == "causal_improcedente" and "propia de las naves" in exc.value.detalle
    # Consumption on or after the date: not from then.
    with pytest.raises(DatosInvalidos) as exc:
        _set(
            analista,
            escenario,
            escenario["lucia"],
            "revocacion",
            fecha_desde=D(2026, 3, 18),
            causal="comunicacion_autoridad",
            soporte="Oficio 1",
            motivo="x",
        )
    assert "consumo registrado el 20 de marzo de 2026" in _errores(exc)
    with pytest.raises(DatosInvalidos) as exc:
        _set(analista, escenario, escenario["nueva"], "revocacion", fecha_desde=D(2026, 6, 1), motivo="x")
    assert "no tiene un cupo vigente que revocar" in _errores(exc)
    assert not LineaAsignacion.objects.exists()


@pytest.mark.django_db
def test_lines_only_in_a_draft_modifying_resolution(escenario, analista):
    with pytest.raises(DatosInvalidos):
        linea_modificatoria_set(
            usuario=analista,
            resolucion=escenario["anual"],
            beneficiario=escenario["nueva"],
            accion="alta",
            galones_anuales="1000",
        )
    Resolucion.objects.filter(pk=escenario["res"].pk).update(estado="expedida")
    with pytest.raises(ApplicationError) as exc:
        _set(analista, escenario, escenario["nueva"], "alta", galones_anuales="1000")
    assert exc.value.codigo == "resolucion_expedida"


@pytest.mark.django_db
def test_nothing_to_issue_is_refused_before_the_act(escenario, analista):
    with pytest.raises(DatosInvalidos) as exc:
        resolucion_revisar_lineas(escenario["res"])
    assert "no tiene líneas" in _errores(exc)
    with pytest.raises(DatosInvalidos):
        resolucion_expedir(usuario=analista, resolucion=escenario["res"])
    escenario["res"].refresh_from_db()
    assert escenario["res"].estado == "borrador"


@pytest.mark.django_db
def test_api_lines_on_a_modifying_resolution_are_altas_or_changes(escenario, analista):
    lineas_set(
        usuario=analista,
        resolucion=escenario["res"],
        lineas=[
            {"beneficiario": escenario["nueva"].id, "galones_anuales": "5000"},
            {"beneficiario": escenario["lucia"].id, "galones_anuales": "20000", "motivo": "Menos faena"},
        ],
    )
    nueva = LineaAsignacion.objects.get(beneficiario=escenario["nueva"])
    lucia = LineaAsignacion.objects.get(beneficiario=escenario["lucia"])
    assert nueva.accion == Accion.ALTA and nueva.cupo_modificado is None
    assert (lucia.accion, lucia.motivo_cambio, lucia.cupo_modificado) == (
        Accion.CAMBIO,
        "reduccion",
        escenario["cupo_lucia"],
    )


# --- Issued through the same job, PDF and firmeza as the annual one ---------------------------------------


@pytest.mark.django_db
def test_issue_and_firmeza_of_an_alta_an_increase_and_a_revocation(
    escenario, analista, django_capture_on_commit_callbacks
):
    e = escenario
    _set(analista, e, e["nueva"], "alta", galones_anuales="12000", motivo="Alta reportada por Dimar en junio")
    _set(
        analista,
        e,
        e["lucia"],
        "cambio",
        galones_anuales="30000",
        motivo_cambio="aumento",
        fecha_desde=D(2026, 7, 1),
        motivo="Amplió su faena",
    )
    _set(
        analista,
        e,
        e["brisa"],
        "revocacion",
        fecha_desde=D(2026, 6, 15),
        causal="comunicacion_autoridad",
        soporte="Oficio Dimar 123",
        motivo="Comunicación motivada de Dimar",
    )
    considerandos_set(usuario=analista, resolucion=e["res"], considerandos="Que Dimar reportó el alta de junio.")
    e["res"].refresh_from_db()
    html = pdf.resolucion_html(e["res"])
    assert "Que Dimar reportó el alta de junio." in html and "modifica la Resolución UPME No. 000123" in html
    assert "Revocación del cupo. Causal:" in html and "Aumento de galones" in html and "Nuevo cupo" in html

    with django_capture_on_commit_callbacks(execute=False):
        resolucion_expedir(usuario=analista, resolucion=e["res"])
    with django_capture_on_commit_callbacks(execute=False) as colas:
        asignacion.resolucion_expedicion_process(resolucion_id=e["res"].id)
    assert len(colas) >= 1  # its PDF is asked for in the act
    e["res"].refresh_from_db()
    assert e["res"].estado == "expedida", e["res"].error_expedicion
    nuevos = {c.beneficiario_id: c for c in Cupo.objects.filter(resolucion=e["res"])}
    assert set(nuevos) == {e["nueva"].id, e["lucia"].id}
    assert nuevos[e["lucia"].id].galones_anuales == Decimal("30000.00")
    assert nuevos[e["lucia"].id].rige_desde == D(2026, 7, 1)
    e["cupo_brisa"].refresh_from_db()
    assert e["cupo_brisa"].estado == "cancelado" and e["cupo_brisa"].causal_cancelacion == "comunicacion_autoridad"
    assert "Resolución UPME 000300 de 2026" in e["cupo_brisa"].soporte_cancelacion
    e["alta"].refresh_from_db()
    assert e["alta"].decision == AltaDimar.Decision.CUPO_OTORGADO  # decided by the act

    with django_capture_on_commit_callbacks(execute=False):
        trabajo = firmezas.firmeza_masiva_request(actor=analista, resolucion=e["res"], fecha_firmeza=D(2026, 6, 15))
    with django_capture_on_commit_callbacks(execute=False):
        firmezas.firmeza_masiva_process(trabajo_id=trabajo.id)
    trabajo.refresh_from_db()
    assert trabajo.estado == "terminada", trabajo.__dict__
    nuevo_lucia = Cupo.objects.get(pk=nuevos[e["lucia"].id].pk)
    assert (nuevo_lucia.estado, nuevo_lucia.fecha_inicio) == ("en_firme", D(2026, 7, 1))  # not before its day
    e["cupo_lucia"].refresh_from_db()
    assert e["cupo_lucia"].fecha_fin == D(2026, 6, 30)  # the old one runs until the day before
    assert Cupo.objects.get(pk=nuevos[e["nueva"].id].pk).fecha_inicio == D(2026, 6, 15)


@pytest.mark.django_db
def test_issuing_stops_when_the_revoked_cupo_was_cancelled_meanwhile(
    escenario, analista, django_capture_on_commit_callbacks
):
    from cupos.tests.factories import cancelar_en_firme

    e = escenario
    _set(analista, e, e["nueva"], "alta", galones_anuales="12000")
    _set(
        analista,
        e,
        e["brisa"],
        "revocacion",
        fecha_desde=D(2026, 6, 15),
        causal="comunicacion_autoridad",
        soporte="Oficio 9",
        motivo="x",
    )
    with django_capture_on_commit_callbacks(execute=False):
        resolucion_expedir(usuario=analista, resolucion=e["res"])
        cancelar_en_firme(  # between the confirmation and the job
            actor=analista,
            cupo=e["cupo_brisa"],
            fecha=D(2026, 6, 14),
            causal="comunicacion_autoridad",
            motivo="Antes",
            soporte="Oficio 8",
        )
        asignacion.resolucion_expedicion_process(resolucion_id=e["res"].id)
    e["res"].refresh_from_db()
    assert e["res"].estado == "borrador" and "Brisa" in e["res"].error_expedicion
    # Already cancelled when the analyst asks to issue: the dry run names it, before any code (issue 45).
    with pytest.raises(ApplicationError) as exc:
        resolucion_expedir(usuario=analista, resolucion=e["res"])
    assert "Brisa: su cupo ya fue cancelado" in exc.value.detalle
    assert not Cupo.objects.filter(resolucion=e["res"]).exists()  # one act: nothing issued


@pytest.mark.django_db
def test_a_change_ruling_from_a_later_day_is_not_stopped_by_consumption_before_that_day(
    escenario, analista, django_capture_on_commit_callbacks
):
    """R-06/R-09 with `rige_desde`: the bulk firmeza's checks use the day the change rules from, so the old
    cupo's consumption between the firmeza and that day is no impediment (it stays in the old cupo's force)."""
    from cupos.tests.conftest import descontar
    from cupos.tests.factories import ResolucionFactory

    e = escenario
    res = ResolucionFactory(
        anio=2026, numero="000301", fecha_expedicion=D(2026, 6, 1), tipo="modificatoria", modifica=e["anual"]
    )
    linea_modificatoria_set(
        usuario=analista,
        resolucion=res,
        beneficiario=e["lucia"],
        accion="cambio",
        galones_anuales="30000",
        motivo_cambio="aumento",
        fecha_desde=D(2026, 7, 1),
        motivo="Temporada de julio",
    )
    with django_capture_on_commit_callbacks(execute=False):
        resolucion_expedir(usuario=analista, resolucion=res)
        asignacion.resolucion_expedicion_process(resolucion_id=res.id)
    descontar(analista, e["lucia"], D(2026, 6, 10), "100")  # on the old cupo, after the firmeza's day
    assert (
        firmezas.firmeza_masiva_impedimentos(resolucion=res, fecha_firmeza=D(2026, 6, 5), fecha_comunicacion=None) == []
    )
    with django_capture_on_commit_callbacks(execute=False):
        trabajo = firmezas.firmeza_masiva_request(actor=analista, resolucion=res, fecha_firmeza=D(2026, 6, 5))
        firmezas.firmeza_masiva_process(trabajo_id=trabajo.id)
    trabajo.refresh_from_db()
    assert trabajo.estado == "terminada"
    nuevo = Cupo.objects.get(resolucion=res)
    e["cupo_lucia"].refresh_from_db()
    assert (nuevo.fecha_firmeza, nuevo.fecha_inicio, e["cupo_lucia"].fecha_fin) == (
        D(2026, 6, 5),
        D(2026, 7, 1),
        D(2026, 6, 30),
    )


@pytest.mark.django_db
def test_api_lines_on_a_modifying_resolution_cost_the_same_queries_for_2_or_20_beneficiaries(escenario, analista):
    """Issue 27: each line looks up the beneficiary's cupo in course; a fleet-wide modifying resolution (10,000
    lines) timed out at the proxy when each looked it up on its own (two queries per line)."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from cupos.tests.conftest import cupo_firme
    from cupos.tests.factories import NaveFactory

    def consultas(n: int, desde: int) -> int:
        naves = [NaveFactory(nombre=f"Nave {desde + i}", matricula=f"MC-05-{9000 + desde + i}") for i in range(n)]
        for nave in naves[::2]:  # half with a cupo in course (a change of gallons), half without (an alta)
            cupo_firme(analista, escenario["anual"], nave)
        with CaptureQueriesContext(connection) as capturadas:
            lineas_set(
                usuario=analista,
                resolucion=escenario["res"],
                lineas=[{"beneficiario": nave.id, "galones_anuales": "15000", "motivo": "Ajuste"} for nave in naves],
            )
        acciones = LineaAsignacion.objects.filter(beneficiario__in=naves).values_list("accion", flat=True)
        assert sorted(acciones) == sorted([Accion.CAMBIO] * ((n + 1) // 2) + [Accion.ALTA] * (n // 2))
        return len(capturadas)

    assert consultas(2, 0) == consultas(20, 100)


@pytest.mark.django_db
def test_issue45_a_revocation_on_inactividad_not_true_today_is_refused_in_the_dry_run_naming_the_beneficiary(
    escenario, analista
):
    """Issue 45, defect 3: it failed only in the job, after the second-factor code, without the beneficiary's name.
    Doña Lucía last used her cupo on 20 March: on 15 June it is not more than three months unused."""
    _set(analista, escenario, escenario["lucia"], "revocacion", fecha_desde=D(2026, 6, 15), causal="inactividad",
         soporte="Decisión UPME sobre la inactividad", motivo="Sin uso")
    with pytest.raises(ApplicationError) as exc:
        resolucion_revisar_lineas(escenario["res"])
    assert exc.value.codigo == "cupo_no_inactivo"
    assert "Doña Lucía" in exc.value.detalle and "20 de marzo de 2026" in exc.value.detalle
    with pytest.raises(ApplicationError):
        resolucion_expedir(usuario=analista, resolucion=escenario["res"])
    escenario["res"].refresh_from_db()
    assert escenario["res"].estado == "borrador"
