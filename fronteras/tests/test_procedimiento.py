"""Border acts under the procedure (DOMAIN §8, F-05, F-07), through the API with exact dates: an assignment is an
act notified to each station it assigns, final never before the day P-04 gives (409 firmeza_anticipada, 409
recurso_en_tramite) and made final by the daily job, which tells Ecopetrol; a decision may revoke it for a station;
a plan's approval is an act notified to Ecopetrol, final the same way; both PDFs state the recursos; and the acts
recorded before the procedure keep what was in force."""

import datetime as dt
import importlib
import io
from decimal import Decimal

import pytest
from django.apps import apps as django_apps
from django.utils import timezone
from pypdf import PdfReader

from core.actos.models import Acto, Interesado
from core.actos.services import firmezas_aplicar
from core.identidad.roles import Rol
from core.models import MensajeSaliente
from fronteras import pdf, pdf_planes
from fronteras.models import Asignacion, PlanAbastecimiento
from fronteras.tests.factories import ejemplo_api, presentar

pytestmark = pytest.mark.django_db

D = dt.date
EXPEDICION = D(2026, 3, 3)  # Tuesday: DOMAIN's procedure example
URL = "/api/v1/fronteras/asignaciones/"


@pytest.fixture
def hoy(monkeypatch):
    """The portal's today, moved by each step (every module imported first, as core/tests/test_actos.py does)."""
    from django.urls import get_resolver

    assert get_resolver().url_patterns
    for app in ("core", "cupos", "zarpes", "distribuidores", "fronteras", "reserva"):
        importlib.import_module(f"{app}.tests.factories")
    estado = {"fecha": EXPEDICION}
    for donde in ("core.vencimientos.calendario.today", "fronteras.services.asignaciones.today",
                  "fronteras.services.planes.today"):
        monkeypatch.setattr(donde, lambda: estado["fecha"])
    return lambda fecha: estado.update(fecha=fecha)


@pytest.fixture
def upme(cliente, settings):
    settings.OUTBOX_ENDPOINTS = {}  # F-05: the messages to Ecopetrol are recorded as sent, no endpoint
    return cliente(Rol.UPME_ANALISTA)


def _asignar(upme, hoy) -> tuple[dict, dict, dict]:
    """DOMAIN's border example issued over the API on EXPEDICION: the assignment, its stations' ids, and each
    station's row in the act ({"A": interesado, "B": …})."""
    hoy(EXPEDICION)
    ids, r = ejemplo_api(upme)
    assert r.status_code == 201, r.json()
    filas = upme.get(f"/api/v1/actos/{r.json()['acto']}/interesados/").json()["results"]
    por_codigo = {f["nombre"].split(" — ")[0]: f for f in filas}
    return r.json(), ids, por_codigo


def _notificar(cliente, acto, interesado, fecha):
    r = cliente.post(f"/api/v1/actos/{acto}/notificaciones/",
                     {"interesado": interesado["id"], "medio": "personal", "fecha": fecha.isoformat(),
                      "soporte": "Acta de notificación personal"}, format="json")
    assert r.status_code == 201, r.json()


def _ejecutoria(upme, asignacion, fecha):
    return upme.post(f"{URL}{asignacion['id']}/ejecutoria/", {"fecha": fecha.isoformat()}, format="json")


def test_an_assignment_is_an_act_for_each_station_final_never_before_p04(upme, hoy):
    asignacion, _, personas = _asignar(upme, hoy)
    acto = upme.get(f"/api/v1/actos/{asignacion['acto']}/").json()
    assert acto["fecha_expedicion"] == "2026-03-03" and acto["transcrito"] is False and acto["interesados"] == 2
    assert acto["recursos_proceden"][0]["recurso"] == "reposicion"
    assert set(personas) == {"A", "B"} and all(p["notificacion"] is None for p in personas.values())
    assert upme.get(f"{URL}{asignacion['id']}/").json()["acto"] == asignacion["acto"]
    r = _ejecutoria(upme, asignacion, D(2026, 3, 2))
    assert r.status_code == 400 and "anterior al acto" in r.json()["fecha"][0]  # P-05
    r = _ejecutoria(upme, asignacion, EXPEDICION)
    assert r.status_code == 409 and r.json()["codigo"] == "firmeza_anticipada"
    assert "aún no ha sido notificado" in r.json()["detalle"]
    hoy(D(2026, 3, 4))
    for persona in personas.values():
        _notificar(upme, asignacion["acto"], persona, D(2026, 3, 4))
    hoy(D(2026, 3, 18))
    r = _ejecutoria(upme, asignacion, D(2026, 3, 18))
    assert r.status_code == 409 and r.json()["codigo"] == "firmeza_anticipada"
    assert "18 de marzo de 2026" in r.json()["detalle"] and "19 de marzo de 2026" in r.json()["detalle"]
    assert r.json()["en_firme_desde"] == "2026-03-19"
    assert upme.get(f"{URL}{asignacion['id']}/").json()["ejecutoria_prevista"] == "2026-03-19"
    assert firmezas_aplicar()["interesados"] == 0  # not yet its day
    hoy(D(2026, 3, 19))
    r = _ejecutoria(upme, asignacion, D(2026, 3, 19))
    assert r.status_code == 200, r.json()
    assert (r.json()["estado"], r.json()["fecha_ejecutoria"]) == ("ejecutoriada", "2026-03-19")
    assert firmezas_aplicar() == {"actos": 1, "interesados": 2, "fallidos": 0}  # already final: only marked


def test_the_daily_job_makes_it_final_when_the_last_station_is_firm_and_tells_ecopetrol(upme, hoy):
    asignacion, ids, personas = _asignar(upme, hoy)
    hoy(D(2026, 3, 6))
    _notificar(upme, asignacion["acto"], personas["A"], D(2026, 3, 4))  # firm 19 March
    _notificar(upme, asignacion["acto"], personas["B"], D(2026, 3, 6))  # 10 business days to 20 March: firm 21
    hoy(D(2026, 3, 20))
    assert firmezas_aplicar()["interesados"] == 0  # A is due, B is not: the act waits for its last station
    assert Asignacion.objects.get(pk=asignacion["id"]).estado == Asignacion.Estado.EXPEDIDA
    assert not MensajeSaliente.objects.filter(tipo="asignacion_frontera_ejecutoria").exists()
    hoy(D(2026, 3, 24))
    assert firmezas_aplicar() == {"actos": 1, "interesados": 2, "fallidos": 0}
    final = Asignacion.objects.get(pk=asignacion["id"])
    assert (final.estado, final.fecha_ejecutoria) == (Asignacion.Estado.EJECUTORIADA, D(2026, 3, 21))
    aviso = MensajeSaliente.objects.get(tipo="asignacion_frontera_ejecutoria")
    assert aviso.payload["fecha_ejecutoria"] == "2026-03-21" and final.ejecutoria_ecopetrol_enviada is not None
    v = upme.get(f"/api/v1/fronteras/estaciones/{ids['A']}/volumen/?combustible=acpm&fecha=2026-03-21").json()
    assert v["volumen_mes"] == "17245.16"  # F-05: 48,600 × 11/31 from the ejecutoria on the 21st
    assert firmezas_aplicar()["interesados"] == 0  # once


def test_a_pending_recurso_blocks_it_and_a_revocation_leaves_the_station_out(upme, hoy):
    asignacion, ids, personas = _asignar(upme, hoy)
    hoy(D(2026, 3, 10))
    for persona in personas.values():
        _notificar(upme, asignacion["acto"], persona, D(2026, 3, 4))
    recurso = upme.post(f"/api/v1/actos/{asignacion['acto']}/recursos/",
                        {"interesado": personas["B"]["id"], "tipo": "reposicion", "fecha": "2026-03-10",
                         "motivos": "La capacidad certificada de la estación es mayor."}, format="json")
    assert recurso.status_code == 201, recurso.json()
    hoy(D(2026, 3, 20))
    r = _ejecutoria(upme, asignacion, D(2026, 3, 20))
    assert r.status_code == 409 and r.json()["codigo"] == "recurso_en_tramite"
    assert "Estación B" in r.json()["detalle"]
    assert firmezas_aplicar()["interesados"] == 0  # art. 79: no effect while it is pending
    decidir = f"/api/v1/recursos/{recurso.json()['id']}/decidir/"
    r = upme.post(decidir, {"sentido": "modifica", "motivacion": "Se ajusta.", "galones_anuales": "100"},
                  format="json")
    assert r.status_code == 400 and "nueva asignación" in r.json()["sentido"][0]
    d = upme.post(decidir, {"sentido": "revoca", "motivacion": "La estación no cumplía el aforo."}, format="json")
    assert d.status_code == 201, d.json()
    (decision,) = Acto.objects.get(pk=d.json()["acto"]).interesados.all()
    hoy(D(2026, 3, 24))
    upme.post(f"/api/v1/actos/{d.json()['acto']}/notificaciones/",
              {"interesado": decision.pk, "medio": "personal", "fecha": "2026-03-24", "soporte": "Acta"}, format="json")
    hoy(D(2026, 3, 25))
    assert firmezas_aplicar()["interesados"] == 3  # both stations, and the person of the decision (its own act)
    final = upme.get(f"{URL}{asignacion['id']}/").json()
    assert (final["estado"], final["fecha_ejecutoria"]) == ("ejecutoriada", "2026-03-25")
    revocada = {e["codigo"]: e["revocada"] for e in final["estaciones"]}
    assert revocada == {"A": None, "B": "2026-03-20"}
    r = upme.get(f"/api/v1/fronteras/estaciones/{ids['B']}/volumen/?combustible=acpm&fecha=2026-03-25")
    assert r.status_code == 409 and r.json()["codigo"] == "sin_volumen_vigente"
    r = upme.get(f"/api/v1/fronteras/estaciones/{ids['A']}/volumen/?combustible=acpm&fecha=2026-03-25")
    assert r.status_code == 200 and r.json()["volumen_mes"] == "10974.19"  # 48,600 × 7/31


def test_a_transcribed_assignment_keeps_its_date_and_needs_its_support(upme, hoy):
    hoy(EXPEDICION)
    ejemplo_api(upme, compras=False)
    cuerpo = {"municipio": "54001", "combustible": "acpm", "anio_inicio": 2026, "indicador_per_capita": "0.5",
              "factor_gnv": "1.2", "factor_flujo": "1.0", "resolucion": "000045"}
    r = upme.post(URL, {**cuerpo, "fecha_expedicion": "2026-02-20"}, format="json")
    assert r.status_code == 400 and "transcrito" in r.json()["fecha_expedicion"][0]
    r = upme.post(URL, {**cuerpo, "transcrita": True, "fecha_expedicion": "2026-02-20"}, format="json")
    assert r.status_code == 400 and "soporte" in r.json()
    r = upme.post(URL, {**cuerpo, "transcrita": True, "fecha_expedicion": "2026-02-20",
                        "soporte": "Resolución 000045 en papel"}, format="json")
    assert r.status_code == 201, r.json()
    acto = upme.get(f"/api/v1/actos/{r.json()['acto']}/").json()
    assert (acto["fecha_expedicion"], acto["transcrito"], acto["numero"]) == ("2026-02-20", True, "000045")


def test_a_plan_approval_is_an_act_for_ecopetrol_final_on_p04s_day(cliente, ecopetrol, hoy):
    hoy(EXPEDICION)
    mme = cliente(Rol.MINMINAS)
    plan = presentar(ecopetrol, fecha=D(2026, 2, 27))
    r = mme.post(f"/api/v1/fronteras/planes/{plan.pk}/aprobar/", {"resolucion": "40123"}, format="json")
    assert r.status_code == 200, r.json()
    assert (r.json()["estado"], r.json()["visto_bueno_desde"]) == ("aprobado", "2026-03-03")
    acto = r.json()["acto"]
    (persona,) = mme.get(f"/api/v1/actos/{acto}/interesados/").json()["results"]
    assert (persona["nombre"], persona["nit"]) == ("Ecopetrol S.A.", "899999068")
    ejecutoria = f"/api/v1/fronteras/planes/{plan.pk}/ejecutoria/"
    r = mme.post(ejecutoria, {"fecha": "2026-03-02"}, format="json")
    assert r.status_code == 400 and "fecha" in r.json()  # before the approval (P-05)
    r = mme.post(ejecutoria, {"fecha": "2026-03-03"}, format="json")
    assert r.status_code == 409 and r.json()["codigo"] == "firmeza_anticipada"
    assert "Ecopetrol S.A. aún no ha sido notificado" in r.json()["detalle"]
    hoy(D(2026, 3, 4))
    _notificar(mme, acto, persona, D(2026, 3, 4))
    hoy(D(2026, 3, 18))
    r = mme.post(ejecutoria, {"fecha": "2026-03-18"}, format="json")
    assert r.status_code == 409 and r.json()["en_firme_desde"] == "2026-03-19"
    hoy(D(2026, 3, 19))
    assert firmezas_aplicar() == {"actos": 1, "interesados": 1, "fallidos": 0}
    final = PlanAbastecimiento.objects.get(pk=plan.pk)
    # F-07: DIAN within 3 business days of the ejecutoria: 20 March, (23 is San José), 24 and 25.
    assert (final.fecha_ejecutoria, final.vence_aviso_dian) == (D(2026, 3, 19), D(2026, 3, 25))
    r = mme.post(ejecutoria, {"fecha": "2026-03-19"}, format="json")
    assert r.status_code == 409 and r.json()["codigo"] == "transicion_invalida"  # already final


def _texto_pdf(contenido: bytes) -> str:
    return " ".join(" ".join(p.extract_text() for p in PdfReader(io.BytesIO(contenido)).pages).split())


def test_the_pdfs_state_the_recursos_before_whom_and_within_what_term(upme, cliente, ecopetrol, hoy):
    """P-02 (Ley 1437, art. 67): each act's PDF states the recursos that proceed against it."""
    asignacion, _, _ = _asignar(upme, hoy)
    texto = _texto_pdf(pdf.resolucion_pdf_sin_firmar(Asignacion.objects.get(pk=asignacion["id"])))
    assert "ARTÍCULO SEXTO. Notificación y recursos." in texto  # the stylesheet capitalises the article
    assert "Dada en Bogotá, D. C., el 3 de marzo de 2026." in texto  # the act's date
    assert ("procede el recurso de reposición ante el Director General de la UPME, dentro de los 10 días hábiles "
            "siguientes a la notificación") in texto
    plan = presentar(ecopetrol, fecha=D(2026, 2, 27))
    cliente(Rol.MINMINAS).post(f"/api/v1/fronteras/planes/{plan.pk}/aprobar/", {"resolucion": "40123"},
                               format="json")
    texto = _texto_pdf(pdf_planes.aprobacion_pdf_sin_firmar(PlanAbastecimiento.objects.get(pk=plan.pk)))
    assert "se notifica a Ecopetrol S. A." in texto
    assert "procede el recurso de reposición ante la Dirección de Hidrocarburos" in texto


def test_existing_assignments_and_approvals_keep_what_was_in_force(analista, ecopetrol, minminas, hoy):
    """Migration 0014: a final assignment gets a `previo` act (firm, effects applied), an issued one a transcribed
    act waiting for its notifications; a final plan approval likewise. No state or date changes."""
    from fronteras.services.planes import plan_aprobar, plan_ejecutoria
    from fronteras.tests.factories import asignar, crear_ejemplo, previo

    hoy(D(2026, 4, 20))
    crear_ejemplo(analista)
    final = previo(asignar(analista), D(2026, 4, 11))
    Asignacion.objects.filter(pk=final.pk).update(estado="ejecutoriada", fecha_ejecutoria=D(2026, 4, 11))
    expedida = Asignacion.objects.get(pk=asignar(analista).pk)
    plan = plan_aprobar(actor=minminas, plan=presentar(ecopetrol), resolucion="R-1")
    plan = plan_ejecutoria(actor=minminas, plan=previo(plan, D(2026, 4, 20)), fecha=D(2026, 4, 20))
    # As before the procedure: no acts.
    Asignacion.objects.update(acto=None)
    PlanAbastecimiento.objects.update(acto=None)
    Interesado.objects.all().delete()
    Acto.objects.all().delete()
    importlib.import_module("fronteras.migrations.0014_actos_de_las_asignaciones_y_planes_previos").registrar(
        django_apps, None
    )
    final, expedida, plan = (Asignacion.objects.get(pk=final.pk), Asignacion.objects.get(pk=expedida.pk),
                             PlanAbastecimiento.objects.get(pk=plan.pk))
    assert final.acto.previo and final.estado == "ejecutoriada" and final.fecha_ejecutoria == D(2026, 4, 11)
    assert all(i.en_firme_desde == D(2026, 4, 11) and i.efectos_aplicados for i in final.acto.interesados.all())
    assert expedida.acto.transcrito and not expedida.acto.previo and expedida.acto.interesados.count() == 2
    assert expedida.estado == "expedida" and expedida.acto.fecha_expedicion == timezone.localdate(expedida.creada)
    assert plan.acto.previo and plan.acto.interesados.get().nit == "899999068"
    assert firmezas_aplicar()["interesados"] == 0  # nothing to apply again
    assert Decimal(final.volumen_municipal) == Decimal("72000.00")


def test_the_pages_link_the_act_show_its_firmeza_and_refuse_an_early_ejecutoria_in_spanish(
    upme, cliente, entrar, analista, ecopetrol, hoy
):
    from django.urls import reverse

    asignacion, _, personas = _asignar(upme, hoy)
    pagina_web = entrar(analista)
    detalle = reverse("fronteras:asignacion", args=[asignacion["id"]])
    enlace = f'href="{reverse("acto", args=[asignacion["acto"]])}"'
    pagina = pagina_web.get(detalle).content.decode()
    assert enlace in pagina and "Aún no se sabe cuándo queda en firme" in pagina
    r = pagina_web.post(reverse("fronteras:asignacion-ejecutoria", args=[asignacion["id"]]), {"fecha": "2026-03-03"},
                        follow=True)
    pagina = r.content.decode()
    assert r.status_code == 200 and "No se registró la ejecutoria" in pagina
    assert "aún no ha sido notificado del acto" in pagina
    assert Asignacion.objects.get(pk=asignacion["id"]).estado == Asignacion.Estado.EXPEDIDA
    hoy(D(2026, 3, 4))
    for persona in personas.values():
        _notificar(upme, asignacion["acto"], persona, D(2026, 3, 4))
    pagina = pagina_web.get(detalle).content.decode()
    assert "queda en firme para todas las estaciones el 19 de marzo de 2026" in pagina

    hoy(EXPEDICION)
    plan = presentar(ecopetrol, fecha=D(2026, 2, 27))
    acto = cliente(Rol.MINMINAS).post(f"/api/v1/fronteras/planes/{plan.pk}/aprobar/", {"resolucion": "40123"},
                                      format="json").json()["acto"]
    minminas = entrar(Rol.MINMINAS)
    pagina = minminas.get(reverse("fronteras:plan", args=[plan.pk])).content.decode()
    assert f'href="{reverse("acto", args=[acto])}"' in pagina and "falta notificar a Ecopetrol" in pagina
    (persona,) = upme.get(f"/api/v1/actos/{acto}/interesados/").json()["results"]
    hoy(D(2026, 3, 4))
    _notificar(cliente(Rol.MINMINAS), acto, persona, D(2026, 3, 4))
    pagina = minminas.get(reverse("fronteras:plan", args=[plan.pk])).content.decode()
    assert "en firme para Ecopetrol desde el 19 de marzo de 2026 según el procedimiento" in pagina
