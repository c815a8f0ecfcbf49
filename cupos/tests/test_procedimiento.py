"""A resolution of cupos under the procedure (DOMAIN §8, R-05, R-06): its act dated the day it is issued, one person
concerned per cupo, a firmeza never before the day P-04 gives (409 firmeza_anticipada, 409 recurso_en_tramite), the
daily job that makes each cupo firm and tells Dimar, the bulk firmeza that takes only the cupos due, a decision on a
recurso that changes or revokes the cupo, and the resolutions issued before the procedure kept as they were."""

import datetime as dt
import importlib
from decimal import Decimal

import pytest
from django.apps import apps as django_apps

from core.actos.models import Acto, Interesado
from core.actos.services import firmezas_aplicar
from core.identidad.roles import Rol
from core.models import MensajeSaliente
from cupos.models import Cupo, Resolucion
from cupos.services import asignacion, firmezas
from cupos.services.cupos import AVISO_DIMAR
from cupos.tests.factories import NaveFactory, ResolucionFactory

pytestmark = pytest.mark.django_db

D = dt.date
EXPEDICION = D(2026, 3, 3)  # Tuesday: DOMAIN's procedure example


@pytest.fixture
def hoy(monkeypatch):
    """The portal's today, moved by each step (see core/tests/test_actos.py: every module is imported first)."""
    from django.urls import get_resolver

    assert get_resolver().url_patterns
    for app in ("core", "cupos", "zarpes", "distribuidores", "fronteras", "reserva"):
        importlib.import_module(f"{app}.tests.factories")
    estado = {"fecha": EXPEDICION}
    monkeypatch.setattr("core.vencimientos.calendario.today", lambda: estado["fecha"])
    return lambda fecha: estado.update(fecha=fecha)


@pytest.fixture
def upme(cliente, settings):
    settings.OUTBOX_ENDPOINTS = {}  # the communication is the official letter dated on the firmeza
    return cliente(Rol.UPME_ANALISTA)


def _cupo(upme, hoy, **nave):
    """A resolution created and its cupo granted over the API on EXPEDICION (its act is issued then)."""
    hoy(EXPEDICION)
    beneficiario = NaveFactory(trb=Decimal("120"), **nave)
    r = upme.post("/api/v1/resoluciones/", {"anio": 2026, "numero": f"P-{beneficiario.id}"}, format="json")
    assert r.status_code == 201, r.json()
    c = upme.post("/api/v1/cupos/", {"resolucion": r.json()["id"], "beneficiario": beneficiario.id,
                                     "galones_anuales": 24000}, format="json")
    assert c.status_code == 201, c.json()
    return c.json()


def _notificar(upme, cupo, fecha):
    r = upme.post(f"/api/v1/actos/{cupo['acto']}/notificaciones/",
                  {"interesado": cupo["interesado"], "medio": "personal", "fecha": fecha.isoformat(),
                   "soporte": "Acta de notificación personal"}, format="json")
    assert r.status_code == 201, r.json()


def _firmeza(upme, cupo, fecha):
    return upme.post(f"/api/v1/cupos/{cupo['id']}/firmeza/", {"fecha_firmeza": fecha.isoformat()}, format="json")


def test_the_resolution_is_dated_the_day_it_is_issued_and_each_cupo_names_its_act(upme, hoy):
    hoy(EXPEDICION)
    r = upme.post("/api/v1/resoluciones/", {"anio": 2026, "numero": "P-1", "fecha_expedicion": "2026-02-10"},
                  format="json")
    assert r.status_code == 201 and r.json()["acto"] is None and r.json()["transcrita"] is False
    nave = NaveFactory(correo="lucia@example.com", acepta_notificacion_electronica=True)
    c = upme.post("/api/v1/cupos/", {"resolucion": r.json()["id"], "beneficiario": nave.id, "galones_anuales": 1200},
                  format="json").json()
    resolucion = Resolucion.objects.get(pk=r.json()["id"])
    # the typed date was only the draft's; the act carries the day it was issued.
    assert resolucion.fecha_expedicion == EXPEDICION and c["acto"] == resolucion.acto_id
    acto = upme.get(f"/api/v1/actos/{c['acto']}/").json()
    assert acto["fecha_expedicion"] == "2026-03-03" and acto["transcrito"] is False and acto["interesados"] == 1
    (fila,) = upme.get(f"/api/v1/actos/{c['acto']}/interesados/").json()["results"]
    assert fila["id"] == c["interesado"] and fila["beneficiario"] == nave.id and fila["notificacion"] is None
    # P-01: whoever accepted electronic notification gets its signed link in the same act.
    assert MensajeSaliente.objects.filter(tipo="notificacion_acto", clave=f"notificacion:{c['interesado']}").exists()


def test_a_transcribed_resolution_keeps_its_date_and_needs_its_support(upme, hoy):
    hoy(EXPEDICION)
    sin = upme.post("/api/v1/resoluciones/", {"anio": 2026, "numero": "T-1", "fecha_expedicion": "2026-02-20",
                                              "transcrita": True}, format="json")
    assert sin.status_code == 400 and "soporte" in sin.json()
    sin_fecha = upme.post("/api/v1/resoluciones/", {"anio": 2026, "numero": "T-1", "transcrita": True,
                                                    "soporte": "Resolución en papel"}, format="json")
    assert sin_fecha.status_code == 400 and "fecha_expedicion" in sin_fecha.json()
    r = upme.post("/api/v1/resoluciones/", {"anio": 2026, "numero": "T-1", "fecha_expedicion": "2026-02-20",
                                            "transcrita": True, "soporte": "Resolución 0031 en papel"}, format="json")
    assert r.status_code == 201 and r.json()["transcrita"] is True
    c = upme.post("/api/v1/cupos/", {"resolucion": r.json()["id"], "beneficiario": NaveFactory().id,
                                     "galones_anuales": 1200}, format="json").json()
    acto = upme.get(f"/api/v1/actos/{c['acto']}/").json()
    assert acto["fecha_expedicion"] == "2026-02-20" and acto["transcrito"] is True


def test_domain_example_firm_on_19_march_never_before_and_the_daily_job_tells_dimar(upme, hoy):
    cupo = _cupo(upme, hoy)
    r = _firmeza(upme, cupo, D(2026, 3, 3))
    assert r.status_code == 409 and r.json()["codigo"] == "firmeza_anticipada"
    assert "aún no ha sido notificado" in r.json()["detalle"]
    hoy(D(2026, 3, 4))
    _notificar(upme, cupo, D(2026, 3, 4))
    hoy(D(2026, 3, 18))
    r = _firmeza(upme, cupo, D(2026, 3, 18))
    assert r.status_code == 409 and r.json()["codigo"] == "firmeza_anticipada"
    assert "18 de marzo de 2026" in r.json()["detalle"] and "19 de marzo de 2026" in r.json()["detalle"]
    assert r.json()["en_firme_desde"] == "2026-03-19"
    assert firmezas_aplicar() == {"actos": 0, "interesados": 0, "fallidos": 0}  # not yet its day
    hoy(D(2026, 3, 19))
    assert firmezas_aplicar() == {"actos": 1, "interesados": 1, "fallidos": 0}
    firme = Cupo.objects.get(pk=cupo["id"])
    assert firme.estado == Cupo.Estado.EN_FIRME and firme.fecha_firmeza == D(2026, 3, 19)
    assert firme.fecha_inicio == D(2026, 3, 19)  # no Dimar endpoint, the official letter of that day
    assert MensajeSaliente.objects.filter(tipo=AVISO_DIMAR, clave=f"{AVISO_DIMAR}:{firme.id}").count() == 1
    assert firmezas_aplicar() == {"actos": 0, "interesados": 0, "fallidos": 0}  # once


def test_a_waiver_makes_it_firm_the_next_day_through_the_api(upme, hoy):
    cupo = _cupo(upme, hoy)
    hoy(D(2026, 3, 5))
    _notificar(upme, cupo, D(2026, 3, 4))
    r = upme.post(f"/api/v1/actos/{cupo['acto']}/renuncias/",
                  {"interesado": cupo["interesado"], "fecha": "2026-03-04", "soporte": "Escrito de renuncia"},
                  format="json")
    assert r.status_code == 201, r.json()
    r = _firmeza(upme, cupo, D(2026, 3, 5))
    assert r.status_code == 200, r.json()
    assert r.json()["estado"] == "en_firme" and r.json()["fecha_firmeza"] == "2026-03-05"


def test_a_pending_recurso_suspends_the_cupo_and_a_decision_modifies_its_gallons(upme, cliente, hoy):
    cupo = _cupo(upme, hoy)
    hoy(D(2026, 3, 10))
    _notificar(upme, cupo, D(2026, 3, 4))
    recurso = upme.post(f"/api/v1/actos/{cupo['acto']}/recursos/",
                        {"interesado": cupo["interesado"], "tipo": "reposicion", "fecha": "2026-03-10",
                         "motivos": "El consumo del año anterior justifica más galones."}, format="json")
    assert recurso.status_code == 201, recurso.json()
    hoy(D(2026, 3, 20))
    r = _firmeza(upme, cupo, D(2026, 3, 20))
    assert r.status_code == 409 and r.json()["codigo"] == "recurso_en_tramite"
    assert firmezas_aplicar()["interesados"] == 0  # art. 79: no effect while pending
    hoy(D(2026, 4, 6))
    d = upme.post(f"/api/v1/recursos/{recurso.json()['id']}/decidir/",
                  {"sentido": "modifica", "motivacion": "Se acredita el consumo.", "galones_anuales": "18000"},
                  format="json")
    assert d.status_code == 201, d.json()
    cambiado = Cupo.objects.get(pk=cupo["id"])
    assert cambiado.galones_anuales == Decimal("18000.00") and cambiado.cuota_mensual == Decimal("1500.00")
    assert cambiado.estado == Cupo.Estado.EXPEDIDO
    decision = Acto.objects.get(pk=d.json()["acto"])
    hoy(D(2026, 4, 7))
    (persona,) = decision.interesados.all()
    upme.post(f"/api/v1/actos/{decision.pk}/notificaciones/",
              {"interesado": persona.pk, "medio": "personal", "fecha": "2026-04-07", "soporte": "Acta"}, format="json")
    assert Interesado.objects.get(pk=cupo["interesado"]).en_firme_desde == D(2026, 4, 8)  # DOMAIN: 8 April
    hoy(D(2026, 4, 8))
    firmezas_aplicar()
    assert Cupo.objects.get(pk=cupo["id"]).fecha_firmeza == D(2026, 4, 8)


def test_a_decision_that_revokes_cancels_the_cupo_on_its_own_ground(upme, hoy):
    cupo = _cupo(upme, hoy)
    hoy(D(2026, 3, 10))
    recurso = upme.post(f"/api/v1/actos/{cupo['acto']}/recursos/",
                        {"interesado": cupo["interesado"], "tipo": "reposicion", "fecha": "2026-03-10",
                         "motivos": "No pedí este cupo."}, format="json").json()
    d = upme.post(f"/api/v1/recursos/{recurso['id']}/decidir/",
                  {"sentido": "revoca", "motivacion": "El beneficiario desiste del cupo."}, format="json")
    assert d.status_code == 201, d.json()
    revocado = Cupo.objects.get(pk=cupo["id"])
    assert revocado.estado == Cupo.Estado.CANCELADO and revocado.causal_cancelacion == "recurso"
    # Not a ground an analyst may choose for a cancellation.
    otro = _cupo(upme, hoy)
    r = upme.post(f"/api/v1/cupos/{otro['id']}/cancelar/",
                  {"fecha": "2026-03-03", "causal": "recurso", "motivo": "x", "soporte": "y"}, format="json")
    assert r.status_code == 400 and "causal" in r.json()


def test_the_bulk_firmeza_takes_the_cupos_due_and_counts_the_rest_as_pending(upme, hoy):
    hoy(EXPEDICION)
    resolucion = ResolucionFactory(anio=2026, procedimiento=True)
    naves = [NaveFactory(trb=Decimal("120")) for _ in range(3)]
    asignacion.lineas_set(usuario=upme.usuario, resolucion=resolucion,
                          lineas=[{"beneficiario": n.id, "galones_anuales": "1200"} for n in naves])
    resolucion.refresh_from_db()
    asignacion.resolucion_expedir(usuario=upme.usuario, resolucion=resolucion)
    asignacion.resolucion_expedicion_process(resolucion_id=resolucion.id)
    resolucion.refresh_from_db()
    assert resolucion.estado == Resolucion.Estado.EXPEDIDA and resolucion.fecha_expedicion == EXPEDICION
    assert resolucion.acto.interesados.count() == 3 and resolucion.acto.previo is False
    cupos = {c.beneficiario_id: c for c in resolucion.cupos.all()}
    assert all(c.interesado_id for c in cupos.values())
    hoy(D(2026, 3, 5))
    listo = {"id": cupos[naves[0].id].id, "acto": resolucion.acto_id, "interesado": cupos[naves[0].id].interesado_id}
    _notificar(upme, listo, D(2026, 3, 4))
    upme.post(f"/api/v1/actos/{resolucion.acto_id}/renuncias/",
              {"interesado": listo["interesado"], "fecha": "2026-03-04", "soporte": "Renuncia"}, format="json")
    trabajo = firmezas.firmeza_masiva_request(actor=upme.usuario, resolucion=resolucion, fecha_firmeza=D(2026, 3, 5))
    assert trabajo.total == 1
    trabajo = firmezas.firmeza_masiva_process(trabajo_id=trabajo.id)
    assert trabajo.estado == "terminada" and trabajo.hechos == 1 and trabajo.pendientes == 2, trabajo.mensaje
    assert "2 cupos siguen pendientes" in trabajo.mensaje
    estados = dict(Cupo.objects.filter(resolucion=resolucion).values_list("beneficiario_id", "estado"))
    assert estados == {naves[0].id: "en_firme", naves[1].id: "expedido", naves[2].id: "expedido"}


def test_resolutions_issued_before_the_procedure_keep_their_state(upme):
    """Migration 0019: a resolution whose cupos are all firm stays firm (`previo`); one with a cupo still waiting
    is transcribed and that cupo waits for its notification. No cupo's state or date changes."""
    firme = Resolucion.objects.create(anio=2025, numero="V-1", fecha_expedicion=D(2025, 2, 20), estado="expedida")
    pendiente = Resolucion.objects.create(anio=2025, numero="V-2", fecha_expedicion=D(2025, 2, 21),
                                          estado="expedida", tipo="adicional", modifica=firme)
    a = Cupo.objects.create(resolucion=firme, beneficiario=NaveFactory(), combustible="diesel_marino",
                            galones_anuales=1200, cuota_mensual=100, estado="cancelado", fecha_firmeza=D(2025, 3, 2),
                            causal_cancelacion="baja_dimar", soporte_cancelacion="Baja")
    b = Cupo.objects.create(resolucion=pendiente, beneficiario=NaveFactory(), combustible="diesel_marino",
                            galones_anuales=1200, cuota_mensual=100)
    antes = list(Cupo.objects.order_by("id").values("id", "estado", "fecha_firmeza", "fecha_inicio"))
    migracion = importlib.import_module("cupos.migrations.0019_actos_de_las_resoluciones_previas")
    migracion.registrar(django_apps, None)
    assert list(Cupo.objects.order_by("id").values("id", "estado", "fecha_firmeza", "fecha_inicio")) == antes
    firme.refresh_from_db()
    pendiente.refresh_from_db()
    assert firme.acto.previo is True and firme.acto.fecha_expedicion == D(2025, 2, 20)
    assert pendiente.acto.previo is False and pendiente.acto.transcrito is True
    a.refresh_from_db()
    b.refresh_from_db()
    assert a.interesado.en_firme_desde == D(2025, 3, 2) and a.interesado.efectos_aplicados is not None
    assert b.interesado.en_firme_desde is None and b.interesado.efectos_aplicados is None
    r = upme.post(f"/api/v1/cupos/{b.id}/firmeza/", {"fecha_firmeza": "2025-03-10"}, format="json")
    assert r.status_code == 409 and r.json()["codigo"] == "firmeza_anticipada"
    migracion.registrar(django_apps, None)  # idempotent: each resolution gets one act
    assert Acto.objects.filter(tipo="resolucion_cupos").count() == 2


def test_the_daily_job_makes_each_due_cupo_firm_set_based_and_leaves_one_it_cannot(upme, cliente, hoy):
    """P-04's job over a resolution's beneficiaries: one pass per firmeza date; a vessel Dimar reported as baja
    (R-24) keeps its cupo issued and its person is tried again, while the others become firm and are told to Dimar."""
    from cupos.services.novedades import novedades_register

    hoy(EXPEDICION)
    resolucion = ResolucionFactory(anio=2026, procedimiento=True)
    naves = [NaveFactory(trb=Decimal("120")) for _ in range(3)]
    asignacion.lineas_set(usuario=upme.usuario, resolucion=resolucion,
                          lineas=[{"beneficiario": n.id, "galones_anuales": "1200"} for n in naves])
    resolucion.refresh_from_db()
    asignacion.resolucion_expedir(usuario=upme.usuario, resolucion=resolucion)
    asignacion.resolucion_expedicion_process(resolucion_id=resolucion.id)
    resolucion.refresh_from_db()
    hoy(D(2026, 3, 5))
    for interesado, fecha in zip(resolucion.acto.interesados.order_by("beneficiario_id"),
                                 ["2026-03-04", "2026-03-04", "2026-03-05"], strict=True):
        _notificar(upme, {"acto": resolucion.acto_id, "interesado": interesado.pk}, D.fromisoformat(fecha))
        upme.post(f"/api/v1/actos/{resolucion.acto_id}/renuncias/",
                  {"interesado": interesado.pk, "fecha": fecha, "soporte": "Renuncia"}, format="json")
    novedades_register(actor=cliente(Rol.DIMAR).usuario, periodo=D(2026, 3, 1), altas=[],
                       bajas=[{"matricula": naves[1].matricula, "fecha": D(2026, 3, 2), "motivo": "Hundimiento"}])
    hoy(D(2026, 3, 6))
    assert firmezas_aplicar() == {"actos": 1, "interesados": 2, "fallidos": 0}
    cupos = {c.beneficiario_id: c for c in Cupo.objects.filter(resolucion=resolucion)}
    assert cupos[naves[0].id].estado == "en_firme" and cupos[naves[0].id].fecha_firmeza == D(2026, 3, 5)
    assert cupos[naves[2].id].estado == "en_firme" and cupos[naves[2].id].fecha_firmeza == D(2026, 3, 6)
    assert cupos[naves[1].id].estado == "expedido"  # the baja stops it, and only it
    avisos = MensajeSaliente.objects.filter(tipo=AVISO_DIMAR).values_list("clave", flat=True)
    assert sorted(avisos) == sorted(f"{AVISO_DIMAR}:{cupos[n.id].id}" for n in (naves[0], naves[2]))
    assert firmezas_aplicar()["interesados"] == 0  # the refused one waits for UPME's cancellation


# --- a cancellation is an act (P-05: it rules from its firmeza, never before it) -------------------------


def _cupo_firme(upme, hoy):
    cupo = _cupo(upme, hoy)
    hoy(D(2026, 3, 5))
    _notificar(upme, cupo, D(2026, 3, 4))
    upme.post(f"/api/v1/actos/{cupo['acto']}/renuncias/",
              {"interesado": cupo["interesado"], "fecha": "2026-03-04", "soporte": "Escrito de renuncia"},
              format="json")
    firmezas_aplicar()
    assert Cupo.objects.get(pk=cupo["id"]).estado == Cupo.Estado.EN_FIRME
    return cupo


def _cancelar(upme, cupo, fecha, **extra):
    return upme.post(f"/api/v1/cupos/{cupo['id']}/cancelar/",
                     {"fecha": fecha.isoformat(), "causal": "comunicacion_autoridad", "motivo": "Uso indebido",
                      "soporte": "Dimar, oficio 2026-101 del 30 de abril de 2026", **extra}, format="json")


def _saldo(upme, cupo, fecha):
    return upme.get(f"/api/v1/cupos/{cupo['id']}/saldo/?fecha={fecha.isoformat()}")


def test_a_cancellation_is_an_act_that_rules_only_from_its_firmeza(upme, hoy):
    cupo = _cupo_firme(upme, hoy)
    hoy(D(2026, 5, 4))  # Monday
    antes = _cancelar(upme, cupo, D(2026, 5, 1))
    assert antes.status_code == 400 and "4 de mayo de 2026" in antes.json()["fecha"][0]  # P-05: never before it
    r = _cancelar(upme, cupo, D(2026, 5, 4))
    assert r.status_code == 200, r.json()
    cuerpo = r.json()
    assert cuerpo["estado"] == "cancelado" and cuerpo["fecha_cancelacion"] is None
    assert cuerpo["acto"] == cuerpo["acto_cancelacion"] != cupo["acto"]
    acto = upme.get(f"/api/v1/actos/{cuerpo['acto']}/").json()
    assert acto["tipo"] == "cancelacion_cupo" and acto["fecha_expedicion"] == "2026-05-04"
    assert [p["recurso"] for p in acto["recursos_proceden"]] == ["reposicion"]  # P-02: UPME's acts
    (persona,) = upme.get(f"/api/v1/actos/{cuerpo['acto']}/interesados/").json()["results"]
    # Not firm: the cupo is still in force and can be drawn on.
    assert _saldo(upme, cupo, D(2026, 5, 4)).status_code == 200
    hoy(D(2026, 5, 5))
    r = upme.post(f"/api/v1/actos/{cuerpo['acto']}/notificaciones/",
                  {"interesado": persona["id"], "medio": "personal", "fecha": "2026-05-05", "soporte": "Acta"},
                  format="json")
    assert r.status_code == 201, r.json()
    firme = Interesado.objects.get(pk=persona["id"]).en_firme_desde
    assert firme == D(2026, 5, 21)  # 10 business days 6–20 May (18 May is a holiday), firm the next day
    hoy(D(2026, 5, 20))
    firmezas_aplicar()
    assert Cupo.objects.get(pk=cupo["id"]).fecha_cancelacion is None
    hoy(firme)
    firmezas_aplicar()
    cancelado = Cupo.objects.get(pk=cupo["id"])
    assert cancelado.fecha_cancelacion == firme and cancelado.fecha_fin == D(2026, 5, 20)
    assert _saldo(upme, cupo, D(2026, 5, 20)).status_code == 200
    assert _saldo(upme, cupo, firme).status_code == 409


def test_a_cancellation_revoked_on_recurso_gives_the_cupo_back(upme, hoy):
    cupo = _cupo_firme(upme, hoy)
    hoy(D(2026, 5, 4))
    acto = _cancelar(upme, cupo, D(2026, 5, 4)).json()["acto"]
    (persona,) = upme.get(f"/api/v1/actos/{acto}/interesados/").json()["results"]
    hoy(D(2026, 5, 6))
    recurso = upme.post(f"/api/v1/actos/{acto}/recursos/",
                        {"interesado": persona["id"], "tipo": "reposicion", "fecha": "2026-05-06",
                         "motivos": "El oficio se refiere a otra nave."}, format="json")
    assert recurso.status_code == 201, recurso.json()
    modifica = upme.post(f"/api/v1/recursos/{recurso.json()['id']}/decidir/",
                         {"sentido": "modifica", "motivacion": "x", "galones_anuales": "100"}, format="json")
    assert modifica.status_code == 400 and "sentido" in modifica.json()
    d = upme.post(f"/api/v1/recursos/{recurso.json()['id']}/decidir/",
                  {"sentido": "revoca", "motivacion": "El oficio se refiere a otra nave."}, format="json")
    assert d.status_code == 201, d.json()
    devuelto = Cupo.objects.get(pk=cupo["id"])
    assert devuelto.estado == Cupo.Estado.EN_FIRME and devuelto.cancelacion_desde is None
    hoy(D(2026, 6, 30))
    firmezas_aplicar()
    assert Cupo.objects.get(pk=cupo["id"]).fecha_cancelacion is None
    assert _saldo(upme, cupo, D(2026, 6, 30)).status_code == 200


def test_a_refused_application_is_an_act_whose_revocation_reopens_its_review(upme, hoy):
    from cupos.models import Solicitud
    from cupos.services.solicitudes import solicitud_cambiar_estado
    from cupos.tests.factories import AcuicultoraFactory, radicar

    hoy(D(2026, 1, 20))
    solicitud = radicar(upme.usuario, AcuicultoraFactory())
    solicitud = solicitud_cambiar_estado(actor=upme.usuario, solicitud=solicitud, estado="rechazada",
                                         observaciones="No acreditó el permiso de cultivo.")
    acto = upme.get(f"/api/v1/actos/{solicitud.acto_id}/").json()
    assert acto["tipo"] == "rechazo_solicitud" and acto["fecha_expedicion"] == "2026-01-20"
    (persona,) = upme.get(f"/api/v1/actos/{solicitud.acto_id}/interesados/").json()["results"]
    assert persona["beneficiario"] == solicitud.beneficiario_id
    recurso = upme.post(f"/api/v1/actos/{solicitud.acto_id}/recursos/",
                        {"interesado": persona["id"], "tipo": "reposicion", "fecha": "2026-01-20",
                         "motivos": "Adjunto el permiso vigente."}, format="json").json()
    d = upme.post(f"/api/v1/recursos/{recurso['id']}/decidir/",
                  {"sentido": "revoca", "motivacion": "El permiso estaba vigente."}, format="json")
    assert d.status_code == 201, d.json()
    assert Solicitud.objects.get(pk=solicitud.pk).estado == Solicitud.Estado.EN_REVISION


# --- P-06: an incomplete application is asked to be completed, once extended, then ends withdrawn by an act -------


def test_an_incomplete_application_asked_within_10_business_days_ends_withdrawn_by_an_act(upme, hoy):
    from core.comun.errors import ApplicationError
    from core.models import MensajeSaliente
    from cupos.models import Solicitud
    from cupos.services.solicitudes import solicitud_prorrogar, solicitud_requerir, solicitudes_desistir
    from cupos.tests.factories import AcuicultoraFactory, radicar

    hoy(D(2026, 1, 13))
    acuicultora = AcuicultoraFactory(correo="granja@example.com")
    solicitud = radicar(upme.usuario, acuicultora, fecha_radicacion=D(2026, 1, 13))
    tarde = radicar(upme.usuario, AcuicultoraFactory(), fecha_radicacion=D(2026, 1, 13))
    hoy(D(2026, 1, 28))  # the 11th business day after the filing (no holiday between)
    with pytest.raises(ApplicationError) as exc:
        solicitud_requerir(actor=upme.usuario, solicitud=tarde)
    assert exc.value.codigo == "requerimiento_extemporaneo" and "27 de enero de 2026" in exc.value.detalle
    hoy(D(2026, 1, 27))
    solicitud = solicitud_requerir(actor=upme.usuario, solicitud=solicitud)
    assert solicitud.vence_requerimiento == D(2026, 2, 27) and "Permiso de cultivo" in solicitud.requerimiento
    assert MensajeSaliente.objects.filter(clave__startswith=f"aviso:requerimiento:{solicitud.pk}:").count() == 1
    hoy(D(2026, 2, 20))
    solicitud = solicitud_prorrogar(actor=upme.usuario, solicitud=solicitud)  # once, by as much
    assert solicitud.vence_requerimiento == D(2026, 3, 27)
    with pytest.raises(ApplicationError) as exc:
        solicitud_prorrogar(actor=upme.usuario, solicitud=solicitud)
    assert exc.value.codigo == "prorroga_agotada"
    assert solicitudes_desistir(hoy=D(2026, 3, 27)) == 0  # the last day still counts
    hoy(D(2026, 3, 28))
    assert solicitudes_desistir(hoy=D(2026, 3, 28)) == 1
    desistida = Solicitud.objects.get(pk=solicitud.pk)
    assert desistida.estado == "desistida" and "27 de marzo de 2026" in desistida.observaciones
    acto = upme.get(f"/api/v1/actos/{desistida.acto_id}/").json()
    assert acto["tipo"] == "desistimiento_solicitud" and acto["fecha_expedicion"] == "2026-03-28"
    assert [r["recurso"] for r in acto["recursos_proceden"]] == ["reposicion"]  # P-06: only reposición
    assert solicitudes_desistir(hoy=D(2026, 3, 29)) == 0  # once


# --- P-05: a modifying resolution's revocation rules from its firmeza for the beneficiary, not from its issue ----


def test_a_modifying_resolutions_revocation_takes_effect_from_its_firmeza_not_at_issue(upme, hoy):
    from cupos.services.modificatorias import linea_modificatoria_set

    cupo = _cupo_firme(upme, hoy)
    anual = Cupo.objects.select_related("resolucion", "beneficiario").get(pk=cupo["id"])
    hoy(D(2026, 5, 4))  # Monday
    modificatoria = ResolucionFactory(anio=2026, numero="M-1", fecha_expedicion=D(2026, 4, 1), tipo="modificatoria",
                                      modifica=anual.resolucion, procedimiento=True)
    linea_modificatoria_set(usuario=upme.usuario, resolucion=modificatoria, beneficiario=anual.beneficiario,
                            accion="revocacion", fecha_desde=D(2026, 5, 4), causal="comunicacion_autoridad",
                            soporte="Dimar, oficio 2026-101", motivo="Uso indebido informado por Dimar")
    modificatoria.refresh_from_db()
    asignacion.resolucion_expedir(usuario=upme.usuario, resolucion=modificatoria)
    asignacion.resolucion_expedicion_process(resolucion_id=modificatoria.id)
    modificatoria.refresh_from_db()
    assert modificatoria.estado == "expedida" and modificatoria.fecha_expedicion == D(2026, 5, 4)
    anual.refresh_from_db()
    persona = Interesado.objects.get(pk=anual.cancelacion_interesado_id)
    assert persona.acto_id == modificatoria.acto_id  # the beneficiary is concerned by the resolution's act
    # Issued, not firm: the cupo is still in force and can be drawn on.
    assert anual.fecha_cancelacion is None and anual.fecha_fin is None
    assert _saldo(upme, cupo, D(2026, 5, 4)).status_code == 200
    hoy(D(2026, 5, 5))
    _notificar(upme, {"acto": modificatoria.acto_id, "interesado": persona.pk}, D(2026, 5, 5))
    persona.refresh_from_db()
    assert persona.en_firme_desde == D(2026, 5, 21)  # 6–20 May (18 May a holiday)
    hoy(D(2026, 5, 20))
    firmezas_aplicar()
    anual.refresh_from_db()
    assert anual.fecha_cancelacion is None and _saldo(upme, cupo, D(2026, 5, 20)).status_code == 200
    hoy(D(2026, 5, 21))
    firmezas_aplicar()
    anual.refresh_from_db()
    assert anual.fecha_cancelacion == D(2026, 5, 21) and anual.fecha_fin == D(2026, 5, 20)
    assert _saldo(upme, cupo, D(2026, 5, 21)).status_code == 409
