"""R-13: the register of the inspectors each capitanía designates, and the inspector's report naming one."""

import datetime as dt
from decimal import Decimal

import pytest

from core.comun.errors import ApplicationError, DatosInvalidos, NoEncontrado, PermisoDenegado
from core.identidad.roles import Rol
from core.models import RegistroAuditoria
from core.tests.factories import CapitaniaFactory
from zarpes.models import Inspeccion, InspectorDesignado
from zarpes.services.inspecciones import zarpe_inspect
from zarpes.services.inspectores import inspector_designation_end
from zarpes.tests.factories import designar
from zarpes.tests.paginas import zarpe_de_800

D = dt.date


def inspeccionar(oficial, zarpe, galones=700, fecha=D(2026, 3, 22), **extra):
    return zarpe_inspect(
        actor=oficial, zarpe_id=zarpe.id, fecha=fecha, galones_verificados=Decimal(str(galones)), **extra
    )


@pytest.fixture
def otro_oficial(crear_usuario):
    return crear_usuario(Rol.CAPITANIA_OFICIAL, capitania=CapitaniaFactory(codigo="CP01", nombre="Barranquilla"))


@pytest.mark.django_db
def test_r13_el_informe_del_inspector_nombra_un_inspector_designado_por_la_capitania(oficial):
    z = zarpe_de_800(oficial)  # CP05, 20 March 2026
    inspector = designar(oficial)

    informe = inspeccionar(oficial, z, inspector=inspector.id)

    assert informe.inspector == inspector
    assert Inspeccion.objects.get(zarpe=z).inspector_id == inspector.id
    registro = RegistroAuditoria.objects.get(accion="zarpe.inspeccion")
    assert registro.despues["inspector_id"] == inspector.id


@pytest.mark.django_db
def test_r13_un_informe_sin_inspector_se_registra_sin_inspector(oficial):
    """API.md's body ({"fecha","galones_verificados"}) binds: the inspector is optional (docs/decisiones.md)."""
    z = zarpe_de_800(oficial)
    designar(oficial)
    assert inspeccionar(oficial, z).inspector is None


@pytest.mark.django_db
def test_r13_un_inspector_de_otra_capitania_o_vencido_es_400(oficial, otro_oficial):
    z = zarpe_de_800(oficial)
    ajeno = designar(otro_oficial)  # designated by CP01, not the zarpe's CP05
    vencido = designar(oficial, documento="80123456", desde=D(2025, 1, 2), hasta=D(2026, 3, 21))
    futuro = designar(oficial, documento="1012345678", desde=D(2026, 3, 23))

    with pytest.raises(DatosInvalidos) as exc:
        inspeccionar(oficial, z, inspector=ajeno.id)
    assert exc.value.status_code == 400
    assert "no está designado por la Capitanía de Puerto de Cartagena" in exc.value.errores["inspector"][0]
    for fuera in (vencido, futuro):
        with pytest.raises(DatosInvalidos) as exc:
            inspeccionar(oficial, z, inspector=fuera.id)
        assert "no estaba vigente el 22 de marzo de 2026" in exc.value.errores["inspector"][0]
    with pytest.raises(DatosInvalidos):
        inspeccionar(oficial, z, inspector=999999)
    assert not Inspeccion.objects.exists()
    # On its last day in force the designation still signs.
    assert inspeccionar(oficial, z, fecha=D(2026, 3, 21), inspector=vencido.id).inspector == vencido


@pytest.mark.django_db
def test_r13_designar_queda_auditado_y_con_quien_lo_registro(oficial):
    inspector = designar(oficial, documento=" 45.123.456 ")
    assert (inspector.capitania.codigo, inspector.documento, inspector.registrado_por) == ("CP05", "45123456", oficial)
    registro = RegistroAuditoria.objects.get(accion="inspector_designado.designar")
    assert registro.actor == oficial and registro.objeto_id == str(inspector.id)


@pytest.mark.django_db
def test_r13_un_oficial_de_otra_capitania_no_designa_ni_termina(oficial, otro_oficial):
    with pytest.raises(PermisoDenegado) as exc:
        designar(otro_oficial, capitania="CP05")
    assert "solo puede designar inspectores de su capitanía (CP01)" in exc.value.detalle
    inspector = designar(oficial)
    with pytest.raises(NoEncontrado):
        inspector_designation_end(actor=otro_oficial, inspector_id=inspector.id, vigente_hasta=D(2026, 6, 30))
    inspector.refresh_from_db()
    assert inspector.vigente_hasta is None
    assert InspectorDesignado.objects.count() == 1


@pytest.mark.django_db
def test_r13_dimar_designa_en_cualquier_capitania_y_otros_roles_no(oficial, crear_usuario):
    CapitaniaFactory(codigo="CP01", nombre="Barranquilla")
    assert designar(crear_usuario(Rol.DIMAR), capitania="CP01").capitania.codigo == "CP01"
    assert designar(crear_usuario(Rol.ADMINISTRADOR), capitania="CP05", documento="80123456").capitania.codigo == "CP05"
    for rol in (Rol.UPME_ANALISTA, Rol.BENEFICIARIO, Rol.DISTRIBUIDOR):
        with pytest.raises(PermisoDenegado):
            designar(crear_usuario(rol), capitania="CP05", documento="1012345678")


@pytest.mark.django_db
def test_r13_la_misma_persona_no_queda_designada_dos_veces_a_la_vez(oficial):
    designar(oficial, desde=D(2026, 1, 2), hasta=D(2026, 6, 30))
    with pytest.raises(ApplicationError) as exc:
        designar(oficial, desde=D(2026, 6, 1))
    assert exc.value.codigo == "inspector_ya_designado"
    # After the first one ends, a new designation of the same person is another row.
    assert designar(oficial, desde=D(2026, 7, 1)).vigente_desde == D(2026, 7, 1)
    with pytest.raises(DatosInvalidos) as exc:
        designar(oficial, documento="80123456", desde=D(2026, 3, 1), hasta=D(2026, 2, 1))
    assert "vigente_hasta" in exc.value.errores
    with pytest.raises(DatosInvalidos) as exc:
        designar(oficial, documento="12ab", desde=D(2026, 3, 1))
    assert "documento" in exc.value.errores


@pytest.mark.django_db
def test_r13_terminar_una_designacion(oficial):
    z = zarpe_de_800(oficial)
    inspector = designar(oficial)
    inspeccionar(oficial, z, fecha=D(2026, 3, 22), inspector=inspector.id)

    # It signed a report on 22 March: it cannot end before that.
    with pytest.raises(ApplicationError) as exc:
        inspector_designation_end(actor=oficial, inspector_id=inspector.id, vigente_hasta=D(2026, 3, 21))
    assert exc.value.codigo == "designacion_con_informes"

    terminado = inspector_designation_end(actor=oficial, inspector_id=inspector.id, vigente_hasta=D(2026, 3, 31))
    assert terminado.vigente_hasta == D(2026, 3, 31)
    registro = RegistroAuditoria.objects.get(accion="inspector_designado.terminar")
    assert registro.antes["vigente_hasta"] is None and registro.despues["vigente_hasta"] == "2026-03-31"
    with pytest.raises(ApplicationError) as exc:
        inspector_designation_end(actor=oficial, inspector_id=inspector.id, vigente_hasta=D(2026, 4, 30))
    assert exc.value.codigo == "designacion_terminada"
    with pytest.raises(DatosInvalidos):
        inspector_designation_end(actor=oficial, inspector_id=inspector.id, vigente_hasta=D(2025, 12, 31))
