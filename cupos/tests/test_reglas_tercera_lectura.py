"""Issue 41, section 2 (cupos): the acts a third reading of the decrees found the portal performing against them,
each refused now, through the API.

- R-03: no cupo for an acuicultora or a foreign vessel without an approved application of the year
  (`409 solicitud_no_aprobada`), in a single grant, a resolution line and at issue alike.
- One cupo a year per beneficiary (`409 cupo_duplicado_en_anio`), unless it changes the one in force.
- R-12: `baja_dimar` needs Dimar's baja of that vessel on record (`409 causal_sin_soporte`); par. 1's three
  grounds are for vessels (`409 causal_improcedente`): an acuicultora's cupo is revoked by a motivated modifying
  resolution."""

import datetime as dt
from decimal import Decimal

import pytest

from core.identidad.roles import Rol
from cupos.models import Cupo, Resolucion
from cupos.services import asignacion
from cupos.tests.factories import AcuicultoraFactory, NaveFactory, ResolucionFactory, extranjera

pytestmark = pytest.mark.django_db

D = dt.date


@pytest.fixture
def upme(cliente):
    return cliente(Rol.UPME_ANALISTA)


def _otorgar(upme, resolucion, beneficiario, galones=12000):
    return upme.post("/api/v1/cupos/", {"resolucion": resolucion.id, "beneficiario": beneficiario.id,
                                        "galones_anuales": galones}, format="json")


@pytest.mark.parametrize("fabrica", [lambda: AcuicultoraFactory(aprobadas=()), lambda: extranjera(aprobadas=())])
def test_r03_no_cupo_without_an_approved_application_in_a_single_grant(upme, fabrica):
    beneficiario = fabrica()
    r = _otorgar(upme, ResolucionFactory(anio=2026), beneficiario)
    assert r.status_code == 409 and r.json()["codigo"] == "solicitud_no_aprobada"
    assert "solicitud de ese año aprobada" in r.json()["detalle"]
    assert not Cupo.objects.filter(beneficiario=beneficiario).exists()
    # With its application of the year approved it gets it; a national vessel needs none.
    con = AcuicultoraFactory(aprobadas=(2026,))
    assert _otorgar(upme, ResolucionFactory(anio=2026), con).status_code == 201
    assert _otorgar(upme, ResolucionFactory(anio=2026), NaveFactory()).status_code == 201


def test_r03_no_cupo_without_an_approved_application_in_a_resolution_line_nor_at_issue(upme):
    sin = AcuicultoraFactory(aprobadas=(2025,))  # approved last year, not this one: no continuation either
    resolucion = ResolucionFactory(anio=2026, procedimiento=True)
    r = upme.post(f"/api/v1/resoluciones/{resolucion.id}/lineas/",
                  {"lineas": [{"beneficiario": NaveFactory().id, "galones_anuales": "1000"},
                              {"beneficiario": sin.id, "galones_anuales": "1000"}]}, format="json")
    assert r.status_code == 409 and r.json()["codigo"] == "solicitud_no_aprobada"
    assert r.json()["beneficiarios"] == [sin.id] and r.json()["posiciones"] == [1]
    # A line set before the rule (or its application changed since) is refused when the resolution is issued.
    from cupos.models import LineaAsignacion

    LineaAsignacion.objects.create(resolucion=resolucion, beneficiario=sin, galones_anuales=Decimal(1000),
                                   accion=LineaAsignacion.Accion.ASIGNACION)
    with pytest.raises(Exception) as exc:
        asignacion._revisar_lineas(resolucion)
    assert getattr(exc.value, "codigo", "") == "solicitud_no_aprobada"


def test_r03_the_proposal_offers_no_continuity_line_without_an_approved_application(upme):
    from cupos.selectors.asignacion import propuesta
    from cupos.services.cupos import cupo_declare_firm, cupo_grant

    acuicultora = AcuicultoraFactory(aprobadas=(2025,))
    nave = NaveFactory()
    anterior = ResolucionFactory(anio=2025)
    for b in (acuicultora, nave):
        cupo = cupo_grant(actor=upme.usuario, resolucion=anterior, beneficiario=b, galones_anuales=Decimal(1200))
        cupo_declare_firm(actor=upme.usuario, cupo=cupo, fecha_firmeza=D(2025, 3, 3))
    ids = {linea.id for linea in propuesta(ResolucionFactory(anio=2026, procedimiento=True))}
    assert nave.id in ids and acuicultora.id not in ids


def test_one_cupo_a_year_a_second_grant_of_the_year_is_cupo_duplicado_en_anio(upme):
    nave = NaveFactory()
    anual = ResolucionFactory(anio=2026)
    assert _otorgar(upme, anual, nave).status_code == 201
    adicional = ResolucionFactory(anio=2026, tipo="adicional", modifica=anual)
    r = _otorgar(upme, adicional, nave)
    assert r.status_code == 409 and r.json()["codigo"] == "cupo_duplicado_en_anio"
    assert Cupo.objects.filter(beneficiario=nave, resolucion__anio=2026).count() == 1


def test_one_cupo_a_year_two_drafts_with_an_alta_for_the_same_vessel_issue_only_one(upme, settings):
    settings.CUPOS_EXPEDICION_SIN_PROGRESO = True
    from cupos.services.modificatorias import linea_modificatoria_set

    anual = ResolucionFactory(anio=2026)
    nave = NaveFactory()
    borradores = [ResolucionFactory(anio=2026, tipo="adicional", modifica=anual, procedimiento=True)
                  for _ in range(2)]
    for borrador in borradores:
        linea_modificatoria_set(usuario=upme.usuario, resolucion=borrador, beneficiario=nave, accion="alta",
                                galones_anuales=Decimal(6000))
    asignacion.resolucion_expedir(usuario=upme.usuario, resolucion=borradores[0])
    asignacion.resolucion_expedicion_process(resolucion_id=borradores[0].id)
    assert Resolucion.objects.get(pk=borradores[0].pk).estado == "expedida"
    from core.comun.errors import ApplicationError

    with pytest.raises(ApplicationError) as exc:
        asignacion.resolucion_expedir(usuario=upme.usuario, resolucion=borradores[1])
    assert exc.value.codigo == "cupo_duplicado_en_anio" and "un cupo al año" in exc.value.detalle
    assert Resolucion.objects.get(pk=borradores[1].pk).estado == "borrador"
    assert Cupo.objects.filter(beneficiario=nave, resolucion__anio=2026).count() == 1


def _cupo(upme, beneficiario):
    r = _otorgar(upme, ResolucionFactory(anio=2026), beneficiario)
    assert r.status_code == 201, r.json()
    return r.json()


def test_r12_baja_dimar_without_dimars_baja_on_record_is_causal_sin_soporte(upme):
    cupo = _cupo(upme, NaveFactory())
    hoy = dt.date.today().isoformat()
    r = upme.post(f"/api/v1/cupos/{cupo['id']}/cancelar/",
                  {"fecha": hoy, "causal": "baja_dimar", "motivo": "Baja", "soporte": "Novedades de junio"},
                  format="json")
    assert r.status_code == 409 and r.json()["codigo"] == "causal_sin_soporte"
    assert Cupo.objects.get(pk=cupo["id"]).estado == "expedido"


@pytest.mark.parametrize("causal", ["baja_dimar", "inactividad", "comunicacion_autoridad"])
def test_r12_par1_grounds_are_for_vessels_an_acuicultora_is_causal_improcedente(upme, causal):
    cupo = _cupo(upme, AcuicultoraFactory())
    r = upme.post(f"/api/v1/cupos/{cupo['id']}/cancelar/",
                  {"fecha": dt.date.today().isoformat(), "causal": causal, "motivo": "x",
                   "soporte": "MinMinas, oficio 7"}, format="json")
    assert r.status_code == 409 and r.json()["codigo"] == "causal_improcedente"
    assert "resolución modificatoria motivada" in r.json()["detalle"]


def test_r12_an_acuicultoras_cupo_is_revoked_by_a_motivated_modifying_resolution(upme):
    from cupos.services.cupos import cupo_declare_firm
    from cupos.services.modificatorias import linea_modificatoria_set

    acuicultora = AcuicultoraFactory()
    anual = ResolucionFactory(anio=2026)
    cupo = Cupo.objects.get(pk=_otorgar(upme, anual, acuicultora).json()["id"])
    cupo_declare_firm(actor=upme.usuario, cupo=cupo, fecha_firmeza=D(2026, 3, 2))
    modificatoria = ResolucionFactory(anio=2026, tipo="modificatoria", modifica=anual, procedimiento=True)
    hoy = dt.date.today()
    with pytest.raises(Exception) as exc:  # a ground of par. 1: not for an acuicultora
        linea_modificatoria_set(usuario=upme.usuario, resolucion=modificatoria, beneficiario=acuicultora,
                                accion="revocacion", fecha_desde=hoy, causal="comunicacion_autoridad",
                                soporte="Oficio", motivo="x")
    assert getattr(exc.value, "codigo", "") == "causal_improcedente"
    linea = linea_modificatoria_set(
        usuario=upme.usuario, resolucion=modificatoria, beneficiario=acuicultora, accion="revocacion",
        fecha_desde=hoy, causal="revocacion_motivada", soporte="Permiso de cultivo vencido el 1 de mayo de 2026",
        motivo="El permiso de cultivo venció y no se renovó (R-27).",
    )
    assert linea.causal == "revocacion_motivada"
