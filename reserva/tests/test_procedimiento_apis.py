"""The cargo reservation's decisions under the procedure (DOMAIN §8; C-05, C-06, C-11, C-12, P-06), through the API:
each decision is an act with its authority and its recursos (`GET actos/{id}/`), the petitioner sees it and files
its reposición, a grant is used only once firm and never while contested, a denial revoked on reposición is decided
anew, a fine of a capitanía admits apelación, a withdrawal only reposición; the decided rows of before the procedure
get a `previo` act and nothing they did changes; each signed decision's PDF states its recursos."""

import datetime as dt
import importlib
import io
from decimal import Decimal

import pytest
from django.apps import apps as django_apps

from core.actos.models import Acto
from core.identidad.roles import Rol
from core.vencimientos import calendario
from reserva import pdf
from reserva.models import ContratoAnual, Exoneracion, Recargo, ResultadoControl, SalarioMinimo
from reserva.services import controles, exoneraciones
from reserva.tests.factories import EXONERACION, FIRMA, ConocimientoFactory, RecargoFactory, documentos_completos

pytestmark = pytest.mark.django_db
REPOSICION_DIMAR = {"recurso": "reposicion", "ante": "el Director General Marítimo", "plazo_dias_habiles": 10}


def _hoy() -> str:
    return calendario.today().isoformat()


def _manana() -> str:
    return (calendario.today() + dt.timedelta(days=1)).isoformat()


def _radicar(importador, **cambios) -> int:
    cuerpo = {**EXONERACION, "usuario_nit": "900555123", "puerto_origen": "Houston", "puerto_destino": "Cartagena"}
    r = importador.post("/api/v1/reserva/exoneraciones/", {**cuerpo, **cambios}, format="json")
    assert r.status_code == 201, r.content
    return r.json()["id"]


def _decidir(dimar, exoneracion, decision="concedida", **cambios):
    documentos_completos(exoneracion)
    cuerpo = {"decision": decision, "fecha": _hoy(), "motivo": "Sin capacidad nacional.", "firma": FIRMA, **cambios}
    if decision == "concedida":
        cuerpo.setdefault("embarcar_antes_de", (calendario.today() + dt.timedelta(days=20)).isoformat())
    r = dimar.post(f"/api/v1/reserva/exoneraciones/{exoneracion}/decidir/", cuerpo, format="json")
    assert r.status_code == 200, r.content
    return r.json()


def _interesado(cliente, acto) -> dict:
    (fila,) = cliente.get(f"/api/v1/actos/{acto}/interesados/").json()["results"]
    return fila


def _recurrir(cliente, acto, tipo="reposicion"):
    return cliente.post(
        f"/api/v1/actos/{acto}/recursos/",
        {"interesado": _interesado(cliente, acto)["id"], "tipo": tipo, "fecha": _hoy(), "motivos": "No comparto."},
        format="json",
    )


def _embarque(importador, exoneracion, fecha):
    cuerpo = {"fecha_embarque": fecha, "nave": "Atlantic Star", "bandera": "PA", "puerto_cargue": "Houston",
              "puerto_descargue": "Cartagena", "fecha_arribo_estimada": fecha}
    return importador.post(f"/api/v1/reserva/exoneraciones/{exoneracion}/embarque/", cuerpo, format="json")


def test_c06_a_grant_is_a_dimar_act_with_reposicion_and_is_shipped_only_once_firm(registros, importador, dimar):
    exoneracion = _radicar(importador)
    concedida = _decidir(dimar, exoneracion)
    acto = concedida["acto"]
    assert isinstance(acto, int) and concedida["recurso_en_tramite"] is False
    datos = dimar.get(f"/api/v1/actos/{acto}/").json()
    assert datos["tipo"] == "reserva_exoneracion" and datos["fecha_expedicion"] == _hoy() and not datos["transcrito"]
    assert datos["recursos_proceden"] == [REPOSICION_DIMAR] and datos["interesados"] == 1
    assert "Director General de prueba" in datos["firmante"] and "Director General Marítimo" in datos["firmante"]
    assert Acto.objects.get(pk=acto).autoridad == "dimar"
    # The importer sees its act (matched by its NIT); another importer does not.
    assert importador.get(f"/api/v1/actos/{acto}/").status_code == 200
    assert _interesado(importador, acto)["nit"] == "900555123"
    # P-04: not notified yet, the grant has no effect: no shipment under it.
    r = _embarque(importador, exoneracion, _hoy())
    assert r.status_code == 409 and r.json()["codigo"] == "firmeza_anticipada"
    # The importer waives its recursos in writing today: firm from tomorrow, a loading tomorrow is under it.
    r = dimar.post(f"/api/v1/actos/{acto}/renuncias/",
                   {"interesado": _interesado(dimar, acto)["id"], "fecha": _hoy(), "soporte": "Escrito de renuncia"},
                   format="json")
    assert r.status_code == 201 and r.json()["en_firme_desde"] == _manana()
    assert _embarque(importador, exoneracion, _hoy()).json()["codigo"] == "firmeza_anticipada"
    r = _embarque(importador, exoneracion, _manana())
    assert r.status_code == 200 and r.json()["infraccion"] is False


def test_c06_a_decision_is_never_dated_before_its_filing(registros, importador, dimar):
    """C-06 / P-05: a paper decision transcribed with its date cannot precede the filing (400); on or after it,
    it is recorded with its own date."""
    radicada = (calendario.today() - dt.timedelta(days=10)).isoformat()
    exoneracion = _radicar(importador, fecha_radicacion=radicada)
    documentos_completos(exoneracion)
    cuerpo = {"decision": "negada", "motivo": "Hay capacidad nacional.", "transcrita": True,
              "soporte": "Resolución Dimar en papel"}
    url = f"/api/v1/reserva/exoneraciones/{exoneracion}/decidir/"
    antes = (calendario.today() - dt.timedelta(days=11)).isoformat()
    r = dimar.post(url, {**cuerpo, "fecha": antes}, format="json")
    assert r.status_code == 400 and "anterior a la radicación" in r.json()["fecha"][0], r.content
    assert Exoneracion.objects.get(pk=exoneracion).acto_id is None
    r = dimar.post(url, {**cuerpo, "fecha": radicada}, format="json")
    assert r.status_code == 200, r.content
    assert dimar.get(f"/api/v1/actos/{r.json()['acto']}/").json()["fecha_expedicion"] == radicada


def test_c06_the_secretary_general_signs_by_delegation_and_the_act_says_so(registros, importador, dimar):
    r = dimar.post("/api/v1/reserva/delegaciones/", {"acto": "Resolución 0123 de 2026", "nombre_delegado": "Ana Ríos",
                                                     "vigente_desde": "2026-01-02"}, format="json")
    assert r.status_code == 201, r.content
    exoneracion = _radicar(importador)
    acto = _decidir(dimar, exoneracion, firma={"cargo": "secretario_general",
                                               "acto_delegacion": "Resolución 0123 de 2026"})["acto"]
    firmante = dimar.get(f"/api/v1/actos/{acto}/").json()["firmante"]
    assert "Ana Ríos" in firmante and "Secretario General" in firmante and "Resolución 0123 de 2026" in firmante


def test_c06_a_reposicion_suspends_the_grant_and_a_revoked_denial_is_decided_anew(registros, importador, dimar):
    exoneracion = _radicar(importador)
    concedida = _decidir(dimar, exoneracion)
    r = _recurrir(importador, concedida["acto"])
    assert r.status_code == 201 and r.json()["estado"] == "en_tramite"
    # P-03: visible on the file, and the grant has no effect while it is pending.
    assert dimar.get(f"/api/v1/reserva/exoneraciones/{exoneracion}/").json()["recurso_en_tramite"] is True
    r = _embarque(importador, exoneracion, _manana())
    assert r.status_code == 409 and r.json()["codigo"] == "recurso_en_tramite"
    # Confirmed: the grant stands.
    r = dimar.post(f"/api/v1/recursos/{_interesado(dimar, concedida['acto'])['recursos'][0]['id']}/decidir/",
                   {"sentido": "confirma", "motivacion": "Se mantiene."}, format="json")
    assert r.status_code == 201 and Exoneracion.objects.get(pk=exoneracion).estado == "concedida"

    # A denial, contested and revoked: the file is open again and Dimar grants it by a new act.
    otra = _radicar(importador)
    negada = _decidir(dimar, otra, decision="negada", motivo="Hay bodega nacional.")
    assert negada["estado"] == "negada" and negada["acto"] != concedida["acto"]
    r = _recurrir(importador, negada["acto"], tipo="apelacion")
    assert r.status_code == 409 and r.json()["codigo"] == "recurso_improcedente"  # Dimar's acts: reposición only
    recurso = _recurrir(importador, negada["acto"]).json()["id"]
    r = dimar.post(f"/api/v1/recursos/{recurso}/decidir/", {"sentido": "modifica", "motivacion": "x"}, format="json")
    assert r.status_code == 400 and "sentido" in r.json()
    r = dimar.post(f"/api/v1/recursos/{recurso}/decidir/",
                   {"sentido": "revoca", "motivacion": "La naviera nacional no tenía bodega."}, format="json")
    assert r.status_code == 201, r.content
    reabierta = dimar.get(f"/api/v1/reserva/exoneraciones/{otra}/").json()
    assert reabierta["estado"] == "radicada" and reabierta["codigo_verificacion"] is None
    concedida_ahora = _decidir(dimar, otra)
    assert concedida_ahora["estado"] == "concedida"
    assert concedida_ahora["acto"] not in (negada["acto"], r.json()["acto"])


def test_p06_a_withdrawal_is_an_act_against_which_only_reposicion_proceeds(registros, importador, dimar):
    exoneracion = _radicar(importador)
    r = dimar.post(f"/api/v1/reserva/exoneraciones/{exoneracion}/decidir/",
                   {"decision": "completar", "fecha": _hoy(), "motivo": "Falta la licencia."}, format="json")
    assert r.status_code == 200 and r.json()["acto"] is None  # a request to complete is not an act
    vence = Exoneracion.objects.get(pk=exoneracion).vence_completar
    (desistida,) = exoneraciones.exoneraciones_desistir(fecha=vence + dt.timedelta(days=1))
    acto = dimar.get(f"/api/v1/reserva/exoneraciones/{exoneracion}/").json()["acto"]
    assert desistida.estado == "desistida" and acto == desistida.acto_id
    datos = importador.get(f"/api/v1/actos/{acto}/").json()
    assert datos["tipo"] == "reserva_desistimiento" and datos["recursos_proceden"] == [REPOSICION_DIMAR]
    r = _recurrir(importador, acto, tipo="apelacion")
    assert r.status_code == 409 and r.json()["codigo"] == "recurso_improcedente"
    recurso = _recurrir(importador, acto).json()["id"]
    r = dimar.post(f"/api/v1/recursos/{recurso}/decidir/",
                   {"sentido": "revoca", "motivacion": "Los documentos llegaron a tiempo por correo."}, format="json")
    assert r.status_code == 201 and Exoneracion.objects.get(pk=exoneracion).estado == "radicada"


def test_c11_a_contract_decision_is_an_act_the_importer_contests(registros, importador, dimar):
    cuerpo = {"usuario_nit": "900555123", "anio": 2026, "producto": "Trigo a granel", "toneladas_anio": "120000",
              "puerto_origen": "Nueva Orleans", "puerto_destino": "Barranquilla", "toneladas_embarque": "30000",
              "periodicidad": "trimestral", "primer_embarque": "2026-06-01", "fecha_presentacion": "2026-04-10"}
    contrato = importador.post("/api/v1/reserva/contratos-anuales/", cuerpo, format="json").json()["id"]
    r = dimar.post(f"/api/v1/reserva/contratos-anuales/{contrato}/negar/",
                   {"fecha": "2026-04-15", "motivo": "No es un suministro regular.", "transcrita": True},
                   format="json")
    assert r.status_code == 400 and "soporte" in r.json()  # a transcribed act carries its support
    r = dimar.post(f"/api/v1/reserva/contratos-anuales/{contrato}/negar/",
                   {"fecha": "2026-04-15", "motivo": "No es un suministro regular.", "transcrita": True,
                    "soporte": "Oficio 123 del 15 de abril de 2026"}, format="json")
    assert r.status_code == 200 and r.json()["estado"] == "negado"
    acto = importador.get(f"/api/v1/actos/{r.json()['acto']}/").json()
    assert acto["tipo"] == "reserva_contrato_anual" and acto["transcrito"] and acto["fecha_expedicion"] == "2026-04-15"
    assert acto["recursos_proceden"] == [REPOSICION_DIMAR]
    recurso = _recurrir(importador, r.json()["acto"]).json()["id"]
    r = dimar.post(f"/api/v1/recursos/{recurso}/decidir/", {"sentido": "revoca", "motivacion": "Sí lo es."},
                   format="json")
    assert r.status_code == 201 and ContratoAnual.objects.get(pk=contrato).estado == "presentado"
    r = dimar.post(f"/api/v1/reserva/contratos-anuales/{contrato}/autorizar/", {"fecha": _hoy()}, format="json")
    assert r.status_code == 200 and r.json()["estado"] == "autorizado" and r.json()["acto"]


def test_c12_a_surcharge_decision_is_an_act_of_the_conference(registros, dimar, cliente):
    recargo = RecargoFactory()
    conferencia = cliente(Rol.CONFERENCIA)
    r = dimar.post(f"/api/v1/reserva/recargos/{recargo.pk}/decidir/",
                   {"decision": "completar", "fecha": "2026-03-05", "motivo": "Falta el soporte."}, format="json")
    assert r.status_code == 200 and r.json()["acto"] is None
    conferencia.post(f"/api/v1/reserva/recargos/{recargo.pk}/completar/",
                     {"fecha": "2026-03-06", "complemento": "Soporte"}, format="json")
    r = dimar.post(f"/api/v1/reserva/recargos/{recargo.pk}/decidir/",
                   {"decision": "negado", "fecha": _hoy(), "motivo": "No se justifica."}, format="json")
    assert r.status_code == 200 and r.json()["estado"] == "negado"
    acto = r.json()["acto"]
    assert Acto.objects.get(pk=acto).autoridad == "dimar"
    assert _interesado(conferencia, acto)["nit"] == "CONF-CARIBE"
    assert conferencia.get(f"/api/v1/actos/{acto}/").json()["recursos_proceden"] == [REPOSICION_DIMAR]
    assert _recurrir(conferencia, acto).status_code == 201
    assert cliente(Rol.CONFERENCIA, conferencia="CONF-OTRA").get(f"/api/v1/actos/{acto}/").status_code == 404
    assert Recargo.objects.get(pk=recargo.pk).acto_id == acto


@pytest.fixture
def remitido(registros, crear_usuario):
    """C-05: 2025 short by 500 t at Cartagena, the control sent to its capitanía."""
    ConocimientoFactory(arribo__ruta=registros["ruta"], arribo__nave=registros["extranjera"],
                        arribo__capitania=registros["cartagena"], arribo__fecha_arribo=dt.date(2025, 5, 5),
                        toneladas=1000, flete_usd=40000)
    dimar = crear_usuario(Rol.DIMAR)
    control = controles.control_request(actor=dimar, usuario_nit="900555123", anio=2025, fecha=dt.date(2026, 1, 5))
    return controles.control_close(actor=dimar, control=control, fecha=dt.date(2026, 2, 2), remitir=True)


def test_c05_a_fine_is_the_capitanias_act_and_admits_apelacion(remitido, registros, cliente, importador):
    SalarioMinimo.objects.create(anio=2026, valor="1500000.00", acto="Decreto de 2025 (prueba)")
    capitania = cliente(Rol.CAPITANIA_OFICIAL, capitania=registros["cartagena"])
    r = capitania.post(f"/api/v1/reserva/controles/{remitido.pk}/resultado/",
                       {"resultado": "multa", "fecha": "2026-03-02", "acto": "Resolución CP05 0042 de 2026",
                        "motivo": "No transportó el porcentaje reservado.", "multa_smmlv": "2.50"}, format="json")
    assert r.status_code == 201, r.content
    assert r.json()["numero_acto"] == "Resolución CP05 0042 de 2026" and isinstance(r.json()["acto"], int)
    acto = importador.get(f"/api/v1/actos/{r.json()['acto']}/").json()
    assert acto["tipo"] == "reserva_multa" and acto["transcrito"] and acto["fecha_expedicion"] == "2026-03-02"
    assert Acto.objects.get(pk=acto["id"]).autoridad == "capitania"
    assert acto["recursos_proceden"] == [
        {"recurso": "apelacion", "ante": "el Director General Marítimo", "plazo_dias_habiles": 10},
        {"recurso": "reposicion", "ante": "el Capitán de Puerto", "plazo_dias_habiles": 10},
    ]
    # The capitanía notifies the importer in person; the importer appeals within the term.
    interesado = _interesado(capitania, acto["id"])["id"]
    r = capitania.post(f"/api/v1/actos/{acto['id']}/notificaciones/",
                       {"interesado": interesado, "medio": "personal", "fecha": "2026-03-03", "soporte": "Acta"},
                       format="json")
    assert r.status_code == 201
    r = importador.post(f"/api/v1/actos/{acto['id']}/recursos/",
                        {"interesado": interesado, "tipo": "apelacion", "fecha": "2026-03-10", "motivos": "Cumplí."},
                        format="json")
    assert r.status_code == 201, r.content
    # The Director General Marítimo decides the apelación: revoked, the investigation ends without a fine.
    r = cliente(Rol.DIMAR).post(f"/api/v1/recursos/{r.json()['id']}/decidir/",
                                {"sentido": "revoca", "motivacion": "Se probó el cumplimiento."}, format="json")
    assert r.status_code == 201, r.content
    resultado = ResultadoControl.objects.get(control=remitido)
    assert resultado.resultado == "archivada" and resultado.multa_pesos is None


def test_c05_an_archived_investigation_is_no_act(remitido, registros, cliente):
    capitania = cliente(Rol.CAPITANIA_OFICIAL, capitania=registros["cartagena"])
    r = capitania.post(f"/api/v1/reserva/controles/{remitido.pk}/resultado/",
                       {"resultado": "archivada", "fecha": "2026-03-02", "acto": "Auto CP05 7 de 2026",
                        "motivo": "Cumplió."}, format="json")
    assert r.status_code == 201 and r.json()["acto"] is None


def _texto(contenido: bytes) -> str:
    from pypdf import PdfReader

    return " ".join(" ".join((p.extract_text() or "").split()) for p in PdfReader(io.BytesIO(contenido)).pages)


def test_p02_each_signed_decision_states_its_recursos(registros, importador, dimar):
    concedida = Exoneracion.objects.get(pk=_decidir(dimar, _radicar(importador))["id"])
    negada = Exoneracion.objects.get(pk=_decidir(dimar, _radicar(importador), decision="negada")["id"])
    recargo = RecargoFactory()
    dimar.post(f"/api/v1/reserva/recargos/{recargo.pk}/decidir/",
               {"decision": "negado", "fecha": _hoy(), "motivo": "No se justifica."}, format="json")
    recargo.refresh_from_db()
    esperado = "procede el recurso de reposición ante el Director General Marítimo, dentro de los 10 días hábiles"
    for contenido in (pdf.sello_pdf_sin_firmar(concedida), pdf.negacion_pdf_sin_firmar(negada),
                      pdf.recargo_negacion_pdf_sin_firmar(recargo)):
        assert esperado in _texto(contenido)


def test_existing_decisions_get_a_previo_act_and_keep_working(registros, importador):
    """Migration 0010: a grant decided before the procedure stays usable; its bills stay exonerated."""
    exoneracion = Exoneracion.objects.create(
        usuario_nit="900555123", fundamento="a", ruta=registros["ruta"], clase="general", toneladas=Decimal("800"),
        puerto_origen="Houston", puerto_destino="Cartagena", licencia="L-1", fecha_radicacion=dt.date(2026, 3, 2),
        vence_decision=dt.date(2026, 3, 24), estado="concedida", fecha_decision=dt.date(2026, 3, 10),
        embarcar_antes_de=dt.date(2026, 4, 30), firma_cargo="director_general", firma_nombre="DG",
    )
    contrato = ContratoAnual.objects.create(
        usuario_nit="900555123", anio=2026, producto="Trigo", toneladas_anio=100, puerto_origen="A",
        puerto_destino="B", toneladas_embarque=50, periodicidad="x", primer_embarque=dt.date(2026, 6, 1),
        fecha_presentacion=dt.date(2026, 4, 1), estado="autorizado", fecha_autorizacion=dt.date(2026, 4, 15),
    )
    recargo = RecargoFactory(estado="negado", fecha_decision=dt.date(2026, 3, 20), motivo_decision="No.")
    pendiente = RecargoFactory()
    importlib.import_module("reserva.migrations.0010_actos_de_las_decisiones_previas").registrar(django_apps, None)
    for fila in (exoneracion, contrato, recargo, pendiente):
        fila.refresh_from_db()
    assert pendiente.acto_id is None
    for fila, tipo, fecha in ((exoneracion, "reserva_exoneracion", dt.date(2026, 3, 10)),
                              (contrato, "reserva_contrato_anual", dt.date(2026, 4, 15)),
                              (recargo, "reserva_recargo", dt.date(2026, 3, 20))):
        acto = fila.acto
        assert acto.tipo == tipo and acto.previo and acto.fecha_expedicion == fecha
        (persona,) = acto.interesados.all()
        assert persona.en_firme_desde == fecha and persona.efectos_aplicados is not None
    assert recargo.acto.interesados.get().nit == "CONF-CARIBE"
    r = _embarque(importador, exoneracion.pk, "2026-04-01")
    assert r.status_code == 200 and r.json()["infraccion"] is False


def test_c04_a_grant_exonerates_its_bills_only_while_firm_and_uncontested(registros, importador, dimar):
    from reserva.selectors.cumplimiento import cumplimiento_de

    exoneracion = _decidir(dimar, _radicar(importador))
    ConocimientoFactory(arribo__ruta=registros["ruta"], arribo__nave=registros["extranjera"],
                        arribo__fecha_arribo=calendario.today(), toneladas=800, flete_usd=30400,
                        exoneracion_id=exoneracion["id"])
    anio, manana = calendario.today().year, calendario.today() + dt.timedelta(days=1)

    def exoneradas(fecha):
        return cumplimiento_de(usuario_nit="900555123", anio=anio, fecha=fecha).lineas[0].toneladas_exoneradas

    assert exoneradas(manana) == 0  # not notified: the grant has no effect yet
    dimar.post(f"/api/v1/actos/{exoneracion['acto']}/renuncias/",
               {"interesado": _interesado(dimar, exoneracion["acto"])["id"], "fecha": _hoy(), "soporte": "Escrito"},
               format="json")
    assert exoneradas(calendario.today()) == 0 and exoneradas(manana) == 800  # firm from tomorrow
