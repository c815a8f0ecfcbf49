"""The procedure of acts (core.actos, DOMAIN §8) through the API: DOMAIN's procedure example with its exact dates
(term 5–18 March, firm on 19 March; waiver: firm on 5 March; recurso: firm on 8 April), and each refusal."""

import datetime as dt

import pytest

from core import registro
from core.actos import services
from core.actos.models import Acto, Interesado, Recurso, RecursoProcedente
from core.identidad.roles import Rol

pytestmark = pytest.mark.django_db

D = dt.date
EXPEDICION = D(2026, 3, 3)  # Tuesday


@pytest.fixture
def hoy(monkeypatch):
    """The portal's today, moved by each step of the example."""
    # Every module that binds `from core.vencimientos.calendario import today` is imported first (the URLconf
    # imports every view and service; the factories, the apps' test helpers): one first imported while the
    # patch is on would keep the fake today for the rest of the run.
    import importlib

    from django.urls import get_resolver

    assert get_resolver().url_patterns  # imports every view and, through them, every service
    for app in ("core", "cupos", "zarpes", "distribuidores", "fronteras", "reserva"):
        importlib.import_module(f"{app}.tests.factories")
    estado = {"fecha": EXPEDICION}
    monkeypatch.setattr("core.vencimientos.calendario.today", lambda: estado["fecha"])

    def mover(fecha):
        estado["fecha"] = fecha

    return mover


@pytest.fixture
def tipo_de_prueba(monkeypatch):
    decididos = []
    monkeypatch.setitem(
        registro._tipos_acto, "asignacion_prueba",
        registro.TipoActo("asignacion_prueba", "Resolución de prueba",
                          decidir=lambda acto, interesado, sentido, galones: decididos.append((sentido, galones))),
    )
    return decididos


@pytest.fixture
def escenario(cliente, hoy, tipo_de_prueba):
    analista = cliente(Rol.UPME_ANALISTA)
    beneficiario = cliente(Rol.BENEFICIARIO)
    persona = beneficiario.usuario.beneficiario
    acto = services.acto_expedir(
        actor=analista.usuario, tipo="asignacion_prueba", referencia="1", autoridad="upme", numero="000001",
        interesados=[{"nombre": persona.nombre, "beneficiario_id": persona.pk, "referencia": "cupo:1"}],
    )
    (interesado,) = acto.interesados.all()
    return {"analista": analista, "beneficiario": beneficiario, "acto": acto, "interesado": interesado}


def _estado(cliente, acto):
    r = cliente.get(f"/api/v1/actos/{acto.pk}/interesados/")
    assert r.status_code == 200, r.content
    (fila,) = r.json()["results"]
    return fila


def _notificar(cliente, e, fecha, medio="personal"):
    return cliente.post(f"/api/v1/actos/{e['acto'].pk}/notificaciones/",
                        {"interesado": e["interesado"].pk, "medio": medio, "fecha": fecha.isoformat(),
                         "soporte": "Acta de notificación personal"}, format="json")


def test_the_act_states_its_recursos_and_is_dated_the_day_it_is_issued(escenario):
    e = escenario
    r = e["beneficiario"].get(f"/api/v1/actos/{e['acto'].pk}/")
    assert r.status_code == 200
    datos = r.json()
    assert datos["fecha_expedicion"] == "2026-03-03" and datos["transcrito"] is False and datos["interesados"] == 1
    assert datos["recursos_proceden"] == [
        {"recurso": "reposicion", "ante": "el Director General de la UPME", "plazo_dias_habiles": 10}
    ]


def test_domain_example_no_recurso_term_runs_5_to_18_march_firm_on_19(escenario, hoy):
    e = escenario
    hoy(D(2026, 3, 4))
    assert _notificar(e["analista"], e, D(2026, 3, 4)).status_code == 201

    fila = _estado(e["beneficiario"], e["acto"])
    assert fila["notificacion"]["medio"] == "personal" and fila["notificacion"]["fecha"] == "2026-03-04"
    assert fila["vence_recursos"] == "2026-03-18" and fila["en_firme_desde"] == "2026-03-19"


def test_domain_example_waiver_on_4_march_firm_on_5(escenario, hoy):
    e = escenario
    hoy(D(2026, 3, 4))
    _notificar(e["analista"], e, D(2026, 3, 4))
    r = e["analista"].post(f"/api/v1/actos/{e['acto'].pk}/renuncias/",
                           {"interesado": e["interesado"].pk, "fecha": "2026-03-04",
                            "soporte": "Escrito de renuncia a términos"}, format="json")
    assert r.status_code == 201, r.content
    assert _estado(e["analista"], e["acto"])["en_firme_desde"] == "2026-03-05"


def test_domain_example_reposicion_decided_and_notified_firm_on_8_april(escenario, hoy, tipo_de_prueba):
    e = escenario
    hoy(D(2026, 3, 4))
    _notificar(e["analista"], e, D(2026, 3, 4))
    hoy(D(2026, 3, 10))
    r = e["beneficiario"].post(f"/api/v1/actos/{e['acto'].pk}/recursos/",
                               {"interesado": e["interesado"].pk, "tipo": "reposicion", "fecha": "2026-03-10",
                                "motivos": "La flota reportada no corresponde a la nave."}, format="json")
    assert r.status_code == 201, r.content
    recurso = r.json()
    assert recurso["estado"] == "en_tramite" and recurso["vence_decision"] == "2026-05-10"
    assert _estado(e["beneficiario"], e["acto"])["en_firme_desde"] is None  # suspended while pending

    hoy(D(2026, 4, 6))
    r = e["analista"].post(f"/api/v1/recursos/{recurso['id']}/decidir/",
                           {"sentido": "confirma", "motivacion": "La flota fue verificada con Dimar."}, format="json")
    assert r.status_code == 201, r.content
    decision = Acto.objects.get(pk=r.json()["acto"])
    assert decision.fecha_expedicion == D(2026, 4, 6) and decision.recurso_decidido_id == recurso["id"]
    assert decision.recurso_decidido.motivacion == "La flota fue verificada con Dimar."  # a motivated act
    assert tipo_de_prueba == []  # a confirmation changes nothing of the act
    assert _estado(e["beneficiario"], e["acto"])["en_firme_desde"] is None  # until the decision is notified
    # A reposición decided does not reopen reposición (UPME's acts admit no apelación): none proceeds.
    assert e["beneficiario"].get(f"/api/v1/actos/{decision.pk}/").json()["recursos_proceden"] == []

    hoy(D(2026, 4, 7))
    (persona,) = decision.interesados.all()
    r = e["analista"].post(f"/api/v1/actos/{decision.pk}/notificaciones/",
                           {"interesado": persona.pk, "medio": "personal", "fecha": "2026-04-07"}, format="json")
    assert r.status_code == 201, r.content
    assert r.json()["en_firme_desde"] == "2026-04-08"  # the decision: no recurso against it
    assert _estado(e["beneficiario"], e["acto"])["en_firme_desde"] == "2026-04-08"

    again = e["analista"].post(f"/api/v1/recursos/{recurso['id']}/decidir/",
                               {"sentido": "revoca", "motivacion": "x"}, format="json")
    assert again.status_code == 409 and again.json()["codigo"] == "recurso_decidido"


def test_a_decision_made_on_paper_is_transcribed_with_its_date_never_before_the_recurso(escenario, hoy,
                                                                                       tipo_de_prueba):
    """API.md «Acts»: any request that issues an act takes `transcrita`, `fecha_expedicion` and `soporte`; the
    decision on a recurso too, dated on paper, never before the recurso's filing (P-05)."""
    e = escenario
    hoy(D(2026, 3, 4))
    _notificar(e["analista"], e, D(2026, 3, 4))
    hoy(D(2026, 3, 10))
    r = e["beneficiario"].post(f"/api/v1/actos/{e['acto'].pk}/recursos/",
                               {"interesado": e["interesado"].pk, "tipo": "reposicion", "fecha": "2026-03-10",
                                "motivos": "La flota reportada no corresponde a la nave."}, format="json")
    recurso = r.json()
    hoy(D(2026, 4, 20))
    decidir = f"/api/v1/recursos/{recurso['id']}/decidir/"
    papel = {"sentido": "confirma", "motivacion": "Verificada con Dimar.", "transcrita": True,
             "soporte": "Resolución 0456 del 6 de abril de 2026, en papel"}
    r = e["analista"].post(decidir, papel | {"fecha_expedicion": "2026-03-09"}, format="json")
    assert r.status_code == 400 and "fecha_expedicion" in r.json(), r.content
    r = e["analista"].post(decidir, papel | {"fecha_expedicion": "2026-04-06", "soporte": ""}, format="json")
    assert r.status_code == 400 and "soporte" in r.json(), r.content
    assert Recurso.objects.get(pk=recurso["id"]).estado == Recurso.Estado.EN_TRAMITE  # nothing half-written
    r = e["analista"].post(decidir, papel | {"fecha_expedicion": "2026-04-06"}, format="json")
    assert r.status_code == 201, r.content
    decision = Acto.objects.get(pk=r.json()["acto"])
    assert (decision.fecha_expedicion, decision.transcrito) == (D(2026, 4, 6), True)
    assert decision.soporte.startswith("Resolución 0456")
    (persona,) = decision.interesados.all()
    r = e["analista"].post(f"/api/v1/actos/{decision.pk}/notificaciones/",
                           {"interesado": persona.pk, "medio": "personal", "fecha": "2026-04-07"}, format="json")
    assert r.status_code == 201, r.content
    assert _estado(e["beneficiario"], e["acto"])["en_firme_desde"] == "2026-04-08"


def test_a_decision_that_modifies_calls_the_acts_own_kind(escenario, hoy, tipo_de_prueba):
    e = escenario
    hoy(D(2026, 3, 5))
    r = e["beneficiario"].post(f"/api/v1/actos/{e['acto'].pk}/recursos/",
                               {"interesado": e["interesado"].pk, "tipo": "reposicion", "fecha": "2026-03-05",
                                "motivos": "Pido más galones."}, format="json")
    fila = _estado(e["analista"], e["acto"])
    # art. 72: notified by its conduct that day; API.md's means are electronica|personal|aviso, the support says which
    assert fila["notificacion"]["medio"] == "personal" and fila["notificacion"]["fecha"] == "2026-03-05"
    assert fila["notificacion"]["soporte"] == (
        "Por conducta concluyente (Ley 1437 de 2011, art. 72): recurso de reposición interpuesto el 5 de marzo de 2026."
    )
    r = e["analista"].post(f"/api/v1/recursos/{r.json()['id']}/decidir/",
                           {"sentido": "modifica", "motivacion": "Se ajusta.", "galones_anuales": "30000.00"},
                           format="json")
    assert r.status_code == 201, r.content
    assert [(s, str(g)) for s, g in tipo_de_prueba] == [("modifica", "30000.00")]


@pytest.mark.parametrize(
    ("fecha_notificacion", "cuerpo", "estado", "codigo"),
    [
        (D(2026, 3, 4), {"tipo": "reposicion", "fecha": "2026-03-19", "motivos": "Tarde."}, 409,
         "recurso_extemporaneo"),
        (D(2026, 3, 4), {"tipo": "apelacion", "fecha": "2026-03-10", "motivos": "Apelo."}, 409,
         "recurso_improcedente"),
        (D(2026, 3, 4), {"tipo": "reposicion", "fecha": "2026-03-10", "motivos": "   "}, 400, "motivos"),
        (D(2026, 3, 4), {"tipo": "reposicion", "fecha": "2026-03-02", "motivos": "Antes del acto."}, 400, "fecha"),
    ],
    ids=["extemporaneo", "improcedente", "sin-motivos", "antes-del-acto"],
)
def test_a_recurso_is_refused_out_of_term_not_proceeding_or_without_grounds(
    escenario, hoy, fecha_notificacion, cuerpo, estado, codigo
):
    e = escenario
    hoy(fecha_notificacion)
    _notificar(e["analista"], e, fecha_notificacion)
    hoy(D(2026, 3, 20))
    r = e["beneficiario"].post(f"/api/v1/actos/{e['acto'].pk}/recursos/",
                               {"interesado": e["interesado"].pk, **cuerpo}, format="json")
    # A refusal is a 409 with its code; bad input a 400 field → messages map (API.md «Conventions»).
    assert r.status_code == estado and (r.json()["codigo"] if estado == 409 else next(iter(r.json()))) == codigo, (
        r.content)
    assert not e["interesado"].recursos.exists()


def test_a_recurso_against_an_act_firm_before_the_procedure_is_out_of_term(cliente, hoy):
    """P-04 / art. 87: an act recorded as firm before the portal kept the procedure (`previo`, migration 0019)
    admits no recurso: its person was never notified in the portal, but filing now neither notifies it by conduct
    nor suspends what has been firm for months."""
    from core.actos.models import Interesado

    beneficiario = cliente(Rol.BENEFICIARIO)
    acto = Acto.objects.create(tipo="asignacion_prueba", referencia="previo", autoridad="upme", numero="000009",
                               fecha_expedicion=D(2025, 2, 20), previo=True)
    persona = Interesado.objects.create(acto=acto, nombre="Pesquera", referencia="cupo:9",
                                        beneficiario_id=beneficiario.usuario.beneficiario.pk,
                                        en_firme_desde=D(2025, 3, 2))
    r = beneficiario.post(f"/api/v1/actos/{acto.pk}/recursos/",
                          {"interesado": persona.pk, "tipo": "reposicion", "fecha": "2026-03-03",
                           "motivos": "Reabro un acto en firme."}, format="json")
    assert r.status_code == 409 and r.json()["codigo"] == "recurso_extemporaneo", r.content
    assert "2 de marzo de 2025" in r.json()["detalle"]
    persona.refresh_from_db()
    assert not persona.recursos.exists() and persona.notificacion_fecha is None
    assert persona.en_firme_desde == D(2025, 3, 2)


def test_a_reposicion_decided_does_not_reopen_reposicion(escenario, hoy):
    """P-03: once the reposición is decided, another reposición of the same person against the same act is
    refused, even inside the original term (what proceeds is filed against the decision)."""
    e = escenario
    hoy(D(2026, 3, 4))
    _notificar(e["analista"], e, D(2026, 3, 4))
    hoy(D(2026, 3, 5))
    url = f"/api/v1/actos/{e['acto'].pk}/recursos/"
    cuerpo = {"interesado": e["interesado"].pk, "tipo": "reposicion", "fecha": "2026-03-05", "motivos": "Primero."}
    recurso = e["beneficiario"].post(url, cuerpo, format="json").json()
    r = e["analista"].post(f"/api/v1/recursos/{recurso['id']}/decidir/",
                           {"sentido": "confirma", "motivacion": "Se confirma."}, format="json")
    assert r.status_code == 201, r.content
    otra = e["beneficiario"].post(url, {**cuerpo, "motivos": "Otra vez."}, format="json")
    assert otra.status_code == 409 and otra.json()["codigo"] == "recurso_improcedente", otra.content
    assert e["interesado"].recursos.count() == 1
    assert _estado(e["beneficiario"], e["acto"])["en_firme_desde"] is None  # still waiting for the decision's notice


def test_a_notification_is_never_before_the_act_never_future_never_twice(escenario, hoy):
    e = escenario
    hoy(D(2026, 3, 4))
    antes = _notificar(e["analista"], e, D(2026, 3, 2))
    assert antes.status_code == 400 and "anterior al acto" in antes.json()["fecha"][0]
    futura = _notificar(e["analista"], e, D(2026, 3, 5))
    assert futura.status_code == 400
    assert _notificar(e["analista"], e, D(2026, 3, 4)).status_code == 201
    dos = _notificar(e["analista"], e, D(2026, 3, 4))
    assert dos.status_code == 409 and dos.json()["codigo"] == "ya_notificado"


def test_by_aviso_the_notification_is_done_the_day_after(escenario, hoy):
    e = escenario
    hoy(D(2026, 3, 6))
    r = _notificar(e["analista"], e, D(2026, 3, 5), medio="aviso")
    assert r.status_code == 201 and r.json()["notificacion"]["fecha"] == "2026-03-06"  # art. 69


def test_scope_of_every_route_of_the_procedure(escenario, cliente, hoy):
    """Every route of core.actos (tests/test_alcance_api.py leaves them to this test): a stranger beneficiary
    or wholesaler, and the staff of another authority, get 404; the person concerned records nothing but its
    own recurso."""
    e = escenario
    acto = e["acto"].pk
    otro = cliente(Rol.BENEFICIARIO)
    assert otro.get(f"/api/v1/actos/{acto}/").status_code == 404
    assert otro.get(f"/api/v1/actos/{acto}/interesados/").status_code == 404
    assert otro.post(f"/api/v1/actos/{acto}/recursos/",
                     {"interesado": e["interesado"].pk, "tipo": "reposicion", "fecha": "2026-03-03",
                      "motivos": "Ajeno."}, format="json").status_code == 404
    assert cliente(Rol.DISTRIBUIDOR).get(f"/api/v1/actos/{acto}/").status_code == 404
    assert _notificar(e["beneficiario"], e, EXPEDICION).status_code == 403
    capitania = cliente(Rol.CAPITANIA_OFICIAL)
    assert _notificar(capitania, e, EXPEDICION).status_code == 404  # an UPME act is outside its scope
    assert capitania.post(f"/api/v1/actos/{acto}/renuncias/",
                          {"interesado": e["interesado"].pk, "fecha": "2026-03-03", "soporte": "x"},
                          format="json").status_code == 404
    recurso = e["beneficiario"].post(f"/api/v1/actos/{acto}/recursos/",
                                     {"interesado": e["interesado"].pk, "tipo": "reposicion", "fecha": "2026-03-03",
                                      "motivos": "Propio."}, format="json")
    assert recurso.status_code == 201, recurso.content
    decidir = f"/api/v1/recursos/{recurso.json()['id']}/decidir/"
    assert capitania.post(decidir, {"sentido": "confirma", "motivacion": "x"}, format="json").status_code == 404
    assert e["beneficiario"].post(decidir, {"sentido": "confirma", "motivacion": "x"},
                                  format="json").status_code == 403


def test_an_act_against_which_no_recurso_would_be_stated_is_not_issued(escenario, hoy):
    from core.comun.errors import ApplicationError

    RecursoProcedente.objects.filter(autoridad="minminas").delete()
    with pytest.raises(ApplicationError) as error:
        services.acto_expedir(actor=escenario["analista"].usuario, tipo="asignacion_prueba", referencia="2",
                              autoridad="minminas", interesados=[{"nombre": "X", "nit": "900111222"}])
    assert error.value.codigo == "sin_recursos" and not Acto.objects.filter(referencia="2").exists()


def test_the_recursos_table_is_data_a_row_edited_in_the_admin_rules_the_acts_issued_from_its_date(
    escenario, hoy, admin_client
):
    """P-02: the recursos that proceed are a table with its legal basis, edited in the administration; a row in
    force from a later day states (and times) the acts issued from then on, and the acts issued before keep theirs."""
    e = escenario
    r = admin_client.get("/admin/core/recursoprocedente/")
    assert r.status_code == 200 and "Ley 1437 de 2011" in r.content.decode()
    fila = RecursoProcedente.objects.get(autoridad="upme", recurso="reposicion")
    r = admin_client.post("/admin/core/recursoprocedente/add/", {
        "autoridad": "upme", "recurso": "reposicion", "ante": fila.ante, "decide": "upme", "plazo_dias_habiles": 15,
        "fundamento": "Ley de prueba, art. 1", "vigente_desde": "2026-03-04",
    })
    assert r.status_code == 302, r.content.decode()[:2000]
    hoy(D(2026, 3, 4))
    nuevo = services.acto_expedir(
        actor=e["analista"].usuario, tipo="asignacion_prueba", referencia="nueva-tabla", autoridad="upme",
        interesados=[{"nombre": "X", "nit": "900111222", "referencia": "cupo:2"}],
    )
    plazo = e["beneficiario"].get(f"/api/v1/actos/{e['acto'].pk}/").json()["recursos_proceden"][0]
    assert plazo["plazo_dias_habiles"] == 10  # issued on 3 March, under the row in force then
    assert services.procedentes(nuevo)[0].plazo_dias_habiles == 15


def test_a_transcribed_act_keeps_its_paper_date_and_support(escenario, hoy):
    from core.comun.errors import DatosInvalidos

    acto = services.acto_expedir(
        actor=escenario["analista"].usuario, tipo="asignacion_prueba", referencia="papel", autoridad="upme",
        interesados=[], transcrito=True, fecha_expedicion=D(2026, 2, 20), soporte="Resolución 000012 escaneada",
    )
    assert acto.fecha_expedicion == D(2026, 2, 20) and acto.transcrito
    assert services.acto_expedir(
        actor=escenario["analista"].usuario, tipo="asignacion_prueba", referencia="hoy", autoridad="upme",
        interesados=[], fecha_expedicion=D(2026, 2, 1),
    ).fecha_expedicion == EXPEDICION  # an act issued here is dated today, whatever was typed
    with pytest.raises(DatosInvalidos):
        services.acto_expedir(actor=escenario["analista"].usuario, tipo="asignacion_prueba", referencia="sin",
                              autoridad="upme", interesados=[], transcrito=True, fecha_expedicion=D(2026, 2, 20))


# --- P-04: the daily job applies the effects of firmeza once, one transaction per act ---


def _acto_con(analista, referencia, personas):
    return services.acto_expedir(
        actor=analista.usuario, tipo="asignacion_prueba", referencia=referencia, autoridad="upme",
        interesados=[{"nombre": f"Persona {i}", "nit": f"90000000{i}", "referencia": f"cupo:{referencia}-{i}"}
                     for i in range(personas)],
    )


def test_the_daily_job_applies_each_firm_act_once_and_a_failing_act_waits(cliente, hoy, monkeypatch):
    from core.tasks import actos_firmeza_task

    aplicados, falla = [], {"referencia": "b"}

    def en_firme(acto, interesado, fecha):
        if acto.referencia == falla["referencia"]:
            raise RuntimeError("Dimar no contestó")
        aplicados.append((acto.referencia, interesado.nombre, fecha))

    monkeypatch.setitem(registro._tipos_acto, "asignacion_prueba",
                        registro.TipoActo("asignacion_prueba", "Resolución de prueba", en_firme=en_firme))
    analista = cliente(Rol.UPME_ANALISTA)
    a, b, c = (_acto_con(analista, r, 2) for r in "abc")
    hoy(D(2026, 3, 4))
    for acto in (a, b, c):
        for persona in acto.interesados.all():
            services.notificacion_registrar(actor=analista.usuario, acto_id=acto.pk, interesado_id=persona.pk,
                                            medio="personal", fecha=D(2026, 3, 4))
    services.renuncia_registrar(actor=analista.usuario, acto_id=c.pk, interesado_id=c.interesados.first().pk,
                                fecha=D(2026, 3, 4), soporte="Renuncia escrita")

    hoy(D(2026, 3, 5))  # Thursday: only c's first person (waiver) is firm
    assert actos_firmeza_task.apply().get() == {"actos": 1, "interesados": 1, "fallidos": 0}
    assert aplicados == [("c", "Persona 0", D(2026, 3, 5))]

    hoy(D(2026, 3, 19))  # the term ran 5-18 March: everyone else is firm; b's effect fails and waits
    assert actos_firmeza_task.apply().get() == {"actos": 2, "interesados": 3, "fallidos": 1}
    assert sorted(aplicados[1:]) == [("a", "Persona 0", D(2026, 3, 19)), ("a", "Persona 1", D(2026, 3, 19)),
                                     ("c", "Persona 1", D(2026, 3, 19))]
    assert not b.interesados.filter(efectos_aplicados__isnull=False).exists()  # rolled back whole

    falla["referencia"] = ""
    hoy(D(2026, 3, 20))
    assert actos_firmeza_task.apply().get() == {"actos": 1, "interesados": 2, "fallidos": 0}
    assert actos_firmeza_task.apply().get() == {"actos": 0, "interesados": 0, "fallidos": 0}  # never twice
    hoy(D(2026, 3, 21))  # Saturday: the job does nothing
    assert actos_firmeza_task.apply().get()["dia_habil"] is False


def test_the_daily_job_is_scheduled():
    from django_celery_beat.models import PeriodicTask

    assert PeriodicTask.objects.get(task="core.tasks.actos_firmeza_task").enabled


# --- «Mis actos»: the person concerned sees where each act stands, in Spanish ---


def test_mis_actos_shows_the_term_the_recurso_and_the_firmeza(escenario, hoy, client):
    e = escenario
    client.force_login(e["beneficiario"].usuario)
    assert "Pendiente de notificación." in client.get("/actos/mios/").content.decode()

    hoy(D(2026, 3, 4))
    _notificar(e["analista"], e, D(2026, 3, 4))
    pagina = client.get("/actos/mios/").content.decode()
    assert "Resolución de prueba 000001" in pagina and "3 de marzo de 2026" in pagina
    assert "Notificado el 4 de marzo de 2026: puede presentar recursos hasta el 18 de marzo de 2026." in pagina

    hoy(D(2026, 3, 20))
    assert "En firme desde el 19 de marzo de 2026." in client.get("/actos/mios/").content.decode()


def test_mis_actos_is_in_the_menu_of_the_persons_concerned_only(client, crear_usuario):
    client.force_login(crear_usuario(Rol.BENEFICIARIO))
    pagina = client.get("/actos/mios/").content.decode()
    assert "No tiene actos administrativos en el portal." in pagina and 'href="/actos/mios/"' in pagina
    client.force_login(crear_usuario(Rol.AUDITOR))
    assert 'href="/actos/mios/"' not in client.get("/").content.decode()


# --- P-01: electronic notification by a signed link ---


def test_an_electronic_notification_is_queued_with_its_recursos_and_done_when_opened(cliente, hoy, client,
                                                                                     tipo_de_prueba):
    from core.actos import notificacion
    from core.models import MensajeSaliente

    analista = cliente(Rol.UPME_ANALISTA)
    acto = services.acto_expedir(
        actor=analista.usuario, tipo="asignacion_prueba", referencia="e", autoridad="upme", numero="000002",
        interesados=[
            {"nombre": "Pesquera Doña Lucía", "nit": "900111222", "referencia": "cupo:7", "acepta_electronica": True,
             "correo": "lucia@example.co"},
            {"nombre": "Sin medio electrónico", "nit": "900111333", "referencia": "cupo:8", "correo": "x@example.co"},
        ],
    )
    (mensaje,) = MensajeSaliente.objects.filter(tipo=notificacion.TIPO_MENSAJE)
    texto = mensaje.payload["texto"]
    assert mensaje.payload["correo"] == "lucia@example.co"
    assert ("Contra este acto procede el recurso de reposición ante el Director General de la UPME, dentro de los "
            "10 días hábiles siguientes a la notificación (Ley 1437 de 2011, arts. 74 y 76).") in texto
    assert "UPME expidió Resolución de prueba 000002, que le concierne, el 3 de marzo de 2026." in texto
    enlace = texto.split("enlace (válido por 30 días): ")[1].split()[0]
    ruta = enlace.removeprefix("http://127.0.0.1:8000")

    hoy(D(2026, 3, 4))
    pagina = client.get(ruta).content.decode()
    assert "Abrir el acto y darme por notificado" in pagina and "Pesquera Doña Lucía" in pagina
    persona = acto.interesados.get(referencia="cupo:7")
    persona.refresh_from_db()
    assert persona.notificacion_fecha is None  # looking is not opening: a mail scanner notifies nobody

    respuesta = client.post(ruta).content.decode()
    persona.refresh_from_db()
    assert (persona.notificacion_medio, persona.notificacion_fecha) == ("electronica", D(2026, 3, 4))
    assert persona.en_firme_desde == D(2026, 3, 19)
    assert "puede presentar recursos hasta el 18 de marzo de 2026" in respuesta
    hoy(D(2026, 3, 6))
    client.post(ruta)  # opened again: still notified on the 4th
    persona.refresh_from_db()
    assert persona.notificacion_fecha == D(2026, 3, 4)


def test_an_expired_notification_link_opens_nothing_and_notifies_nobody(cliente, client, settings, hoy):
    """P-01: the link is signed and expires (AVISO_ENLACE_DIAS); past it, opening it notifies nobody and says
    that the authority will notify in person or by aviso."""
    import time

    from core.actos import notificacion

    analista = cliente(Rol.UPME_ANALISTA)
    acto = services.acto_expedir(
        actor=analista.usuario, tipo="asignacion_prueba", referencia="vencido", autoridad="upme",
        interesados=[{"nombre": "Pesquera", "nit": "900111222", "referencia": "cupo:1", "acepta_electronica": True,
                      "correo": "pesquera@example.co"}],
    )
    persona = acto.interesados.get()
    ruta = notificacion.enlace(persona).removeprefix(settings.PORTAL_URL_PUBLICA.rstrip("/"))
    settings.AVISO_ENLACE_DIAS = 0
    time.sleep(1.1)  # the signature's timestamp is in whole seconds
    for r in (client.get(ruta), client.post(ruta)):
        assert r.status_code == 400 and "El enlace venció" in r.content.decode()
    persona.refresh_from_db()
    assert persona.notificacion_fecha is None and persona.en_firme_desde is None


def test_an_altered_notification_link_opens_nothing(client):
    r = client.get("/actos/notificacion/no-es-un-enlace/")
    assert r.status_code == 400 and "no es válido" in r.content.decode()


# --- P-01 / R-25: a person not notified 5 business days after the act raises an alert, resolved once notified ---


def test_a_person_not_notified_after_5_business_days_raises_an_alert_until_notified(escenario, hoy):
    from core.models import Alerta
    from core.vencimientos.plazos import revisar_plazos

    e = escenario
    alertas = Alerta.objects.filter(tipo="notificacion_pendiente")
    revisar_plazos(fecha=D(2026, 3, 10))  # the fifth business day after 3 March: still in time
    assert not alertas.exists()

    revisar_plazos(fecha=D(2026, 3, 11))
    (alerta,) = alertas
    assert alerta.vence == D(2026, 3, 10) and alerta.rol_responsable == Rol.UPME_ANALISTA
    assert alerta.beneficiario_id == e["interesado"].beneficiario_id
    assert "no ha sido notificado de Resolución de prueba 000001" in alerta.detalle
    revisar_plazos(fecha=D(2026, 3, 12))
    assert alertas.count() == 1  # once

    hoy(D(2026, 3, 12))
    _notificar(e["analista"], e, D(2026, 3, 12))
    revisar_plazos(fecha=D(2026, 3, 13))
    alerta.refresh_from_db()
    assert alerta.resuelta is not None


def test_a_transcribed_act_whose_person_is_not_notified_raises_the_alert_too(cliente, hoy):
    """P-01 / R-25: a paper act transcribed with its past date (e.g. a resolution of before the procedure whose cupo
    still waits, migration 0019) is notified like any other: a person still not notified 5 business days after
    its date raises `notificacion_pendiente`; a person already firm or settled does not."""
    from core.actos.models import Interesado
    from core.models import Alerta
    from core.vencimientos.plazos import revisar_plazos

    analista = cliente(Rol.UPME_ANALISTA)
    hoy(D(2026, 3, 20))
    acto = services.acto_expedir(
        actor=analista.usuario, tipo="asignacion_prueba", referencia="papel", autoridad="upme", numero="000010",
        transcrito=True, fecha_expedicion=D(2026, 3, 3), soporte="Resolución en papel, archivo de la UPME",
        interesados=[{"nombre": "Espera", "nit": "900111222", "referencia": "cupo:1"},
                     {"nombre": "Cancelado antes", "nit": "900111333", "referencia": "cupo:2"}],
    )
    from django.utils import timezone

    Interesado.objects.filter(acto=acto, nombre="Cancelado antes").update(efectos_aplicados=timezone.now())
    revisar_plazos(fecha=D(2026, 3, 20))
    (alerta,) = Alerta.objects.filter(tipo="notificacion_pendiente")
    assert "Espera no ha sido notificado" in alerta.detalle and alerta.vence == D(2026, 3, 10)


# --- P-03 / R-25: a recurso pending 30 days before its 2-month term ends raises an alert, and again when it ends ---


def test_a_recurso_pending_near_and_past_its_two_months_raises_two_alerts_until_decided(escenario, hoy):
    from core.models import Alerta
    from core.vencimientos.plazos import revisar_plazos

    e = escenario
    hoy(D(2026, 3, 10))
    r = e["beneficiario"].post(f"/api/v1/actos/{e['acto'].pk}/recursos/",
                               {"interesado": e["interesado"].pk, "tipo": "reposicion", "fecha": "2026-03-10",
                                "motivos": "Pido más galones."}, format="json")
    assert r.status_code == 201 and r.json()["vence_decision"] == "2026-05-10"
    alertas = Alerta.objects.filter(tipo="recurso_por_decidir").all  # a fresh query each time
    revisar_plazos(fecha=D(2026, 4, 9))  # 31 days before: not yet
    assert not alertas().exists()
    revisar_plazos(fecha=D(2026, 4, 10))
    (aviso,) = alertas()
    assert aviso.rol_responsable == Rol.UPME_ANALISTA and aviso.vence == D(2026, 5, 10)
    assert "debe decidirse a más tardar el 10 de mayo de 2026" in aviso.detalle
    revisar_plazos(fecha=D(2026, 5, 10))
    assert alertas().count() == 1  # once per subject; the term has not ended yet
    revisar_plazos(fecha=D(2026, 5, 11))
    assert alertas().count() == 2
    vencida = alertas().get(referencia__endswith="-vencido")
    assert "el silencio es negativo" in vencida.detalle and "10 de mayo de 2026" in vencida.detalle
    hoy(D(2026, 5, 12))
    d = e["analista"].post(f"/api/v1/recursos/{r.json()['id']}/decidir/",
                           {"sentido": "confirma", "motivacion": "El consumo no lo justifica."}, format="json")
    assert d.status_code == 201, d.json()
    revisar_plazos(fecha=D(2026, 5, 13))
    assert not alertas().filter(resuelta__isnull=True).exists()


def test_ecopetrol_reads_and_contests_the_acts_issued_to_its_nit(cliente, hoy, settings):
    """F-07: a supply plan's approval concerns Ecopetrol S.A. by its NIT; the `ecopetrol` role reads it in «Mis
    actos» and over the API, and files its reposición; another NIT's act stays out of its reach."""
    minminas = cliente(Rol.MINMINAS)
    ecopetrol = cliente(Rol.ECOPETROL)
    suyo = services.acto_expedir(
        actor=minminas.usuario, tipo="aprobacion_prueba", referencia="1", autoridad="minminas", numero="000010",
        interesados=[{"nombre": "Ecopetrol S.A.", "nit": settings.ECOPETROL_NIT, "referencia": "ecopetrol"}],
    )
    ajeno = services.acto_expedir(
        actor=minminas.usuario, tipo="aprobacion_prueba", referencia="2", autoridad="minminas", numero="000011",
        interesados=[{"nombre": "Otra S.A.", "nit": "900000001", "referencia": "otra"}],
    )
    assert ecopetrol.get(f"/api/v1/actos/{suyo.pk}/").status_code == 200
    assert ecopetrol.get(f"/api/v1/actos/{ajeno.pk}/").status_code == 404
    (persona,) = suyo.interesados.all()
    r = ecopetrol.post(f"/api/v1/actos/{suyo.pk}/recursos/",
                       {"interesado": persona.pk, "tipo": "reposicion", "fecha": "2026-03-03",
                        "motivos": "Las rutas aprobadas no son las del plan presentado."}, format="json")
    assert r.status_code == 201, r.json()


def test_the_migration_gives_the_support_to_persons_notified_by_conduct_before_it_said_so(escenario, hoy):
    """core 0031: a person notified by its conduct before the support named it (empty) gets the support that tells
    the API's «personal» came from art. 72; a support already written is left as it is."""
    import importlib

    from django.apps import apps as django_apps

    e = escenario
    hoy(D(2026, 3, 5))
    r = e["beneficiario"].post(f"/api/v1/actos/{e['acto'].pk}/recursos/",
                               {"interesado": e["interesado"].pk, "tipo": "reposicion", "fecha": "2026-03-05",
                                "motivos": "Pido más galones."}, format="json")
    assert r.status_code == 201, r.content
    Interesado.objects.filter(pk=e["interesado"].pk).update(notificacion_soporte="")  # as recorded before today
    otro = Interesado.objects.create(acto=e["acto"], nit="900123456", nombre="Otra persona",
                                     notificacion_medio="conducta", notificacion_fecha=D(2026, 3, 5),
                                     notificacion_soporte="Escrito del 5 de marzo")

    importlib.import_module("core.migrations.0031_soporte_de_la_notificacion_por_conducta").llenar(django_apps, None)

    filas = e["analista"].get(f"/api/v1/actos/{e['acto'].pk}/interesados/").json()["results"]
    (fila,) = [f for f in filas if f["id"] == e["interesado"].pk]
    assert fila["notificacion"] == {"medio": "personal", "fecha": "2026-03-05",
                                    "soporte": "Por conducta concluyente (Ley 1437 de 2011, art. 72)."}
    otro.refresh_from_db()
    assert otro.notificacion_soporte == "Escrito del 5 de marzo"
