"""Issue 28 §2: scoring writes one case per subject, marks survive a new scoring, and each signal's
precision comes from the marks."""

import datetime as dt

import pytest

from core.auditoria.audit import RegistroAuditoria
from core.comun.errors import DatosInvalidos, PermisoDenegado
from core.desvios import selectors, services
from core.desvios.models import CasoDesvio
from core.identidad.roles import Rol
from core.tests.desvios_datos import FECHA, Mundo
from distribuidores.models import Discrepancia
from fronteras.models import Despacho

pytestmark = pytest.mark.django_db


def _precision(codigo):
    return next(f for f in selectors.precision_por_senal() if f["codigo"] == codigo)


def test_puntuar_marcar_precision_y_recalculo(crear_usuario):
    mundo = Mundo()
    nave, mayorista, estacion = mundo.plantar_galones(), mundo.plantar_discrepancias(), mundo.plantar_tope()
    assert services.desvios_puntuar(fecha=FECHA) == 3
    casos = {(c.tipo_sujeto, c.sujeto_id): c for c in CasoDesvio.objects.all()}
    assert set(casos) == {("beneficiario", nave.id), ("distribuidor", mayorista.id), ("estacion", estacion.id)}
    assert casos[("distribuidor", mayorista.id)].clave == mayorista.nit
    assert all(c.estado == "abierto" and c.puntaje > 0 for c in casos.values())
    assert _precision("galones_zarpe")["precision"] is None

    analista = crear_usuario(Rol.UPME_ANALISTA)
    services.caso_marcar(
        actor=analista,
        caso_id=casos[("beneficiario", nave.id)].id,
        estado="confirmado",
        nota="Se revisaron los certificados: la nave no tiene esa capacidad.",
    )
    services.caso_marcar(
        actor=crear_usuario(Rol.MINMINAS),  # the border regime's control body
        caso_id=casos[("estacion", estacion.id)].id,
        estado="descartado",
        nota="La estación vende lo que le asignan; no es desvío.",
    )
    assert _precision("galones_zarpe") | {"precision": 1.0} == _precision("galones_zarpe")
    assert _precision("galones_zarpe")["confirmados"] == 1
    assert _precision("tope_frontera")["precision"] == 0.0
    assert _precision("discrepancias_mayorista")["precision"] is None
    assert RegistroAuditoria.objects.filter(accion="desvios.marcar").count() == 2

    # A new scoring keeps the marks; a marked case no signal raises any more stays (no longer current)
    # and an open one goes.
    Despacho.objects.filter(estacion=estacion).delete()
    Discrepancia.objects.filter(distribuidor=mayorista).delete()
    assert services.desvios_puntuar(fecha=FECHA) == 1
    restantes = {c.tipo_sujeto: c for c in CasoDesvio.objects.all()}
    assert set(restantes) == {"beneficiario", "estacion"}
    assert restantes["beneficiario"].estado == "confirmado" and restantes["beneficiario"].vigente
    assert restantes["beneficiario"].nota.startswith("Se revisaron")
    assert restantes["estacion"].estado == "descartado" and not restantes["estacion"].vigente
    assert _precision("tope_frontera")["precision"] == 0.0  # its verdict still counts


def test_marcar_pide_decision_y_nota_y_un_rol_de_control(crear_usuario):
    mundo = Mundo()
    mundo.plantar_tope()
    services.desvios_puntuar(fecha=FECHA)
    caso = CasoDesvio.objects.get()
    with pytest.raises(DatosInvalidos) as exc:
        services.caso_marcar(actor=crear_usuario(Rol.UPME_ANALISTA), caso_id=caso.id, estado="quizas", nota=" ")
    assert set(exc.value.errores) == {"estado", "nota"}
    # Issue 39: the auditor reads and changes nothing; Dimar marks maritime subjects, MinMinas border ones.
    assert caso.tipo_sujeto == "estacion"
    for rol in (Rol.DISTRIBUIDOR, Rol.AUDITOR, Rol.DIMAR):
        with pytest.raises(PermisoDenegado):
            services.caso_marcar(actor=crear_usuario(rol), caso_id=caso.id, estado="confirmado", nota="Revisado.")
    caso.refresh_from_db()
    assert caso.estado == "abierto" and caso.marcado_en is None
    services.caso_marcar(actor=crear_usuario(Rol.MINMINAS), caso_id=caso.id, estado="confirmado", nota="Revisado.")
    caso.refresh_from_db()
    assert caso.estado == "confirmado"


def test_pedir_un_calculo_lo_corre_como_trabajo(crear_usuario, django_capture_on_commit_callbacks):
    Mundo().plantar_tope()
    analista = crear_usuario(Rol.UPME_ANALISTA)
    with django_capture_on_commit_callbacks(execute=True):
        calculo = services.desvios_calcular_request(actor=analista)
    calculo.refresh_from_db()
    assert calculo.estado == "terminado" and calculo.casos == 1 and calculo.fecha <= dt.date.today()
    assert "1 caso señalado" in calculo.mensaje
    with pytest.raises(PermisoDenegado):
        services.desvios_calcular_request(actor=crear_usuario(Rol.DIMAR))


def test_issue45_varios_tanques_llenos_un_dia_se_senalan_sin_importar_el_tamano_del_grupo():
    """A physically impossible pattern (two full tanks for one vessel on one day) raises a flag with no peer
    group at all: the only vessel of the population."""
    from decimal import Decimal

    from core.identidad.roles import Rol as R
    from core.models import Capitania
    from core.tests.factories import UsuarioFactory
    from zarpes.selectors.certificados import ultimo_certificado
    from zarpes.services.zarpes import zarpe_request
    from zarpes.tests.factories import nave_con_cupo

    nave, _ = nave_con_cupo(capacidad="1000")
    oficial = UsuarioFactory(rol=R.CAPITANIA_OFICIAL, capitania=Capitania.objects.get(codigo="CP05"))
    dia = dt.date(2026, 6, 15)
    for _ in range(2):
        anterior = ultimo_certificado(nave.id)
        zarpe = zarpe_request(actor=oficial, nave_id=nave.id, capitania="CP05", fecha=dia,
                              galones_solicitados=Decimal("1000"),
                              certificado_anterior=anterior.numero if anterior else None)
        assert zarpe.galones_autorizados == Decimal("1000.00")
    assert services.desvios_puntuar(fecha=dt.date(2026, 6, 30)) == 1
    caso = CasoDesvio.objects.get()
    senal = caso.senales.get(codigo="tanques_llenos_dia")
    assert caso.sujeto_id == nave.id and "en 2 zarpes" in senal.detalle and "15 de junio de 2026" in senal.detalle
