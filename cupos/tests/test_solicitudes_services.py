"""Applications and their documents (R-03, R-04): the services."""

import datetime as dt

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from core.comun.errors import ApplicationError, DatosInvalidos, PermisoDenegado
from core.identidad.roles import Rol
from core.models import RegistroAuditoria
from core.vencimientos.calendario import today
from cupos import requisitos
from cupos.models import DocumentoSolicitud, Solicitud
from cupos.selectors.solicitudes import solicitud_faltantes
from cupos.services.solicitudes import (
    documento_cargar,
    solicitud_cambiar_estado,
    solicitud_declarar_atunera,
    solicitud_fijar_plazo,
    solicitud_registrar_causa_justificada,
)
from cupos.tests.factories import (
    PDF,
    AcuicultoraFactory,
    ArmadaFactory,
    NaveFactory,
    archivos_en,
    extranjera,
    pdf,
    radicar,
)

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("media")]


def hoy() -> dt.date:
    return today()


PNG = b"\x89PNG\r\n\x1a\n" + b"\x00" * 32
JPEG = b"\xff\xd8\xff\xe0" + b"\x00" * 32


def cargar_todos(actor, solicitud, *, menos=(), expedicion=None):
    for req in requisitos.requisitos_para(solicitud.beneficiario.tipo, atunera=True):
        if req.codigo in menos:
            continue
        fecha = (expedicion or hoy()) if req.pide_fecha_expedicion else None
        documento_cargar(actor=actor, solicitud=solicitud, requisito=req.codigo, archivo=pdf(), fecha_expedicion=fecha)


def a_revision(actor, solicitud):
    return solicitud_cambiar_estado(actor=actor, solicitud=solicitud, estado="en_revision")


# --- Requirements as data ----------------------------------------------------------------------


def test_r03_documents_per_kind_with_their_legal_basis():
    assert len(requisitos.ACUICULTORA) == 11
    assert len(requisitos.NAVE_EXTRANJERA) == 4
    assert requisitos.requisitos_del_tipo("nave_nacional") == ()
    assert requisitos.requisitos_del_tipo("armada") == ()
    for n, req in enumerate(requisitos.ACUICULTORA, start=1):
        assert req.fundamento == f"Decreto 1891 de 2009, art. 1, num. {n}"
    assert all(r.fundamento.startswith("Decreto 1891 de 2009, art. 1") for r in requisitos.NAVE_EXTRANJERA)
    codigos = [r.codigo for r in requisitos.requisitos_para("nave_extranjera", atunera=False)]
    assert codigos == ["camara_comercio", "constancia_ica", "garantia_bancaria"]
    assert "registro_ciat" in [r.codigo for r in requisitos.requisitos_para("nave_extranjera", atunera=True)]


def test_one_month_back_clamps_to_the_end_of_the_month():
    assert requisitos.meses_antes(dt.date(2026, 3, 31), 1) == dt.date(2026, 2, 28)
    assert requisitos.meses_antes(dt.date(2024, 3, 30), 1) == dt.date(2024, 2, 29)
    assert requisitos.meses_antes(dt.date(2026, 1, 15), 1) == dt.date(2025, 12, 15)


# --- completeness ------------------------------------------------------------------------


def test_r03_incomplete_application_cannot_be_approved(analista):
    solicitud = radicar(analista, AcuicultoraFactory())
    cargar_todos(analista, solicitud, menos=("garantia_bancaria", "proyeccion_consumo"))
    a_revision(analista, solicitud)
    assert [r.codigo for r in solicitud_faltantes(solicitud)] == ["proyeccion_consumo"]
    with pytest.raises(ApplicationError) as exc:
        solicitud_cambiar_estado(actor=analista, solicitud=solicitud, estado="aprobada")
    assert exc.value.codigo == "solicitud_incompleta"
    assert "Proyecto de incrementos de consumo durante el año" in exc.value.detalle
    assert exc.value.extra["faltantes"] == ["proyeccion_consumo"]
    solicitud.refresh_from_db()
    assert solicitud.estado == "en_revision"


def test_r03_complete_application_is_approved_and_audited(analista):
    solicitud = radicar(analista, AcuicultoraFactory())
    cargar_todos(analista, solicitud)
    a_revision(analista, solicitud)
    assert solicitud_faltantes(solicitud) == []
    solicitud = solicitud_cambiar_estado(
        actor=analista, solicitud=solicitud, estado="aprobada", observaciones="Cumple R-03."
    )
    assert solicitud.estado == "aprobada"
    assert "Cumple R-03." in solicitud.observaciones
    acciones = set(RegistroAuditoria.objects.values_list("accion", flat=True))
    assert {"solicitud.radicar", "solicitud.documento_cargar", "solicitud.estado"} <= acciones


def test_r03_camara_de_comercio_older_than_one_month_counts_as_missing(analista, media):
    radicada = hoy() - dt.timedelta(days=3)
    solicitud = radicar(analista, extranjera(), fecha_radicacion=radicada, anio=radicada.year + 1, atunera=False)
    limite = requisitos.meses_antes(radicada, 1)
    cargar_todos(analista, solicitud, expedicion=limite - dt.timedelta(days=1))
    assert [r.codigo for r in solicitud_faltantes(solicitud)] == ["camara_comercio"]
    a_revision(analista, solicitud)
    with pytest.raises(ApplicationError) as exc:
        solicitud_cambiar_estado(actor=analista, solicitud=solicitud, estado="aprobada")
    assert exc.value.codigo == "solicitud_incompleta"
    assert "Cámara de Comercio" in exc.value.detalle and "como máximo un mes" in exc.value.detalle

    # Replacing it with one issued exactly a month before the radicación completes the application;
    # the old file stays in storage and the audit row names both.
    viejo = DocumentoSolicitud.objects.get(solicitud=solicitud, requisito="camara_comercio").archivo.name
    documento_cargar(
        actor=analista, solicitud=solicitud, requisito="camara_comercio", archivo=pdf(), fecha_expedicion=limite
    )
    nuevo = DocumentoSolicitud.objects.get(solicitud=solicitud, requisito="camara_comercio").archivo.name
    assert nuevo != viejo and (media / viejo).exists() and (media / nuevo).exists()
    registro = RegistroAuditoria.objects.get(accion="solicitud.documento_reemplazar")
    assert registro.antes["archivo"] == viejo and registro.despues["archivo"] == nuevo
    assert solicitud_faltantes(solicitud) == []
    assert solicitud_cambiar_estado(actor=analista, solicitud=solicitud, estado="aprobada").estado == "aprobada"


def test_r03_camara_de_comercio_needs_its_issue_date(analista):
    solicitud = radicar(analista, extranjera())
    with pytest.raises(DatosInvalidos) as exc:
        documento_cargar(actor=analista, solicitud=solicitud, requisito="camara_comercio", archivo=pdf())
    assert "fecha_expedicion" in exc.value.errores
    with pytest.raises(DatosInvalidos) as exc:
        documento_cargar(
            actor=analista,
            solicitud=solicitud,
            requisito="camara_comercio",
            archivo=pdf(),
            fecha_expedicion=hoy() + dt.timedelta(days=1),
        )
    assert "posterior a hoy" in exc.value.errores["fecha_expedicion"][0]
    assert not DocumentoSolicitud.objects.exists()


def test_r03_ciat_registration_only_for_tuna_vessels(analista):
    sin_declarar = radicar(analista, extranjera())
    assert "registro_ciat" in [r.codigo for r in solicitud_faltantes(sin_declarar)]
    no_atunera = radicar(analista, extranjera(), atunera=False)
    assert "registro_ciat" not in [r.codigo for r in solicitud_faltantes(no_atunera)]
    solicitud_declarar_atunera(actor=analista, solicitud=no_atunera, atunera=True)
    assert "registro_ciat" in [r.codigo for r in solicitud_faltantes(no_atunera)]
    assert RegistroAuditoria.objects.filter(accion="solicitud.atunera").count() == 1


def test_r03_national_vessels_and_the_armada_bring_no_documents(analista):
    for beneficiario in (NaveFactory(), ArmadaFactory()):
        solicitud = radicar(analista, beneficiario)
        assert solicitud_faltantes(solicitud) == []
        with pytest.raises(DatosInvalidos):
            documento_cargar(actor=analista, solicitud=solicitud, requisito="permiso_cultivo", archivo=pdf())


def test_requirement_of_another_kind_is_refused(analista):
    solicitud = radicar(analista, AcuicultoraFactory())
    with pytest.raises(DatosInvalidos) as exc:
        documento_cargar(actor=analista, solicitud=solicitud, requisito="garantia_bancaria", archivo=pdf())
    assert "no es un requisito" in exc.value.errores["requisito"][0]
    with pytest.raises(DatosInvalidos):
        documento_cargar(actor=analista, solicitud=solicitud, requisito=requisitos.MARCA_NO_ATUNERA, archivo=pdf())


# --- Uploads: type, size, names ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("nombre", "contenido", "mensaje"),
    [
        ("permiso.pdf", b"Esto es texto plano, no un PDF.", "no corresponde a un archivo PDF"),
        ("instalador.exe", b"MZ\x90\x00" + b"\x00" * 60, "no es PDF, PNG ni JPEG"),
        ("foto.pdf", PNG, "no corresponde a un archivo PDF"),
        ("foto.png", JPEG, "no corresponde a un archivo PNG"),
        ("sin_extension", PDF, "no es PDF, PNG ni JPEG"),
        ("vacio.pdf", b"", "está vacío"),
    ],
)
def test_wrong_file_type_is_refused_and_nothing_is_stored(analista, media, nombre, contenido, mensaje):
    solicitud = radicar(analista, AcuicultoraFactory())
    with pytest.raises(DatosInvalidos) as exc:
        documento_cargar(
            actor=analista,
            solicitud=solicitud,
            requisito="permiso_cultivo",
            archivo=SimpleUploadedFile(nombre, contenido),
        )
    assert mensaje in exc.value.errores["archivo"][0]
    assert not DocumentoSolicitud.objects.exists()
    assert archivos_en(media) == []
    assert not RegistroAuditoria.objects.filter(accion__startswith="solicitud.documento").exists()


@pytest.fixture(autouse=True)
def _sin_solicitudes_previas(monkeypatch):
    """These tests radicate and count applications: their beneficiaries come with none (cupos.tests.factories)."""
    monkeypatch.setattr("cupos.tests.factories.APROBADAS", ())


def test_png_and_jpeg_are_accepted(analista):
    solicitud = radicar(analista, AcuicultoraFactory())
    documento_cargar(
        actor=analista, solicitud=solicitud, requisito="permiso_cultivo", archivo=SimpleUploadedFile("p.PNG", PNG)
    )
    documento_cargar(
        actor=analista, solicitud=solicitud, requisito="extension_cultivo", archivo=SimpleUploadedFile("e.jpeg", JPEG)
    )
    assert DocumentoSolicitud.objects.filter(solicitud=solicitud).count() == 2


def test_oversize_file_is_refused(analista, media, settings):
    settings.CUPOS_DOCUMENTO_MAX_BYTES = 100
    solicitud = radicar(analista, AcuicultoraFactory())
    with pytest.raises(DatosInvalidos) as exc:
        documento_cargar(
            actor=analista, solicitud=solicitud, requisito="permiso_cultivo", archivo=pdf(contenido=PDF + b"0" * 100)
        )
    assert "el máximo permitido es 100" in exc.value.errores["archivo"][0]
    assert archivos_en(media) == [] and not DocumentoSolicitud.objects.exists()
    documento_cargar(actor=analista, solicitud=solicitud, requisito="permiso_cultivo", archivo=pdf(contenido=PDF))


def test_refused_replacement_keeps_the_previous_document(analista):
    solicitud = radicar(analista, AcuicultoraFactory())
    primero = documento_cargar(
        actor=analista, solicitud=solicitud, requisito="permiso_cultivo", archivo=pdf("bueno.pdf")
    )
    with pytest.raises(DatosInvalidos):
        documento_cargar(
            actor=analista,
            solicitud=solicitud,
            requisito="permiso_cultivo",
            archivo=SimpleUploadedFile("malo.pdf", b"texto"),
        )
    actual = DocumentoSolicitud.objects.get(pk=primero.pk)
    assert (actual.archivo.name, actual.nombre_original) == (primero.archivo.name, "bueno.pdf")


def test_file_names_are_sanitized(analista, media):
    solicitud = radicar(analista, AcuicultoraFactory())
    documento = documento_cargar(
        actor=analista,
        solicitud=solicitud,
        requisito="permiso_cultivo",
        archivo=pdf("../../etc/permiso de cultivo <2026>; rm -rf.PDF"),
    )
    nombre = documento.archivo.name
    assert nombre.startswith(f"solicitudes/{solicitud.anio}/{solicitud.pk}/permiso_cultivo/")
    assert ".." not in nombre and " " not in nombre and "<" not in nombre and nombre.endswith(".pdf")
    assert (media / nombre).resolve().is_relative_to(media.resolve())
    assert documento.nombre_original == "permiso de cultivo <2026>; rm -rf.PDF"


# --- States ------------------------------------------------------------------------------------


def test_transitions_are_enforced(analista):
    solicitud = radicar(analista, NaveFactory())
    with pytest.raises(ApplicationError) as exc:
        solicitud_cambiar_estado(actor=analista, solicitud=solicitud, estado="aprobada")
    assert exc.value.codigo == "transicion_invalida"
    assert "«Radicada» no puede pasar a «Aprobada»" in exc.value.detalle
    with pytest.raises(DatosInvalidos):
        solicitud_cambiar_estado(actor=analista, solicitud=solicitud, estado="archivada")
    a_revision(analista, solicitud)
    with pytest.raises(DatosInvalidos) as exc:
        solicitud_cambiar_estado(actor=analista, solicitud=solicitud, estado="rechazada")
    assert "motivo del rechazo" in exc.value.errores["observaciones"][0]
    solicitud_cambiar_estado(actor=analista, solicitud=solicitud, estado="rechazada", observaciones="Desiste.")
    for estado in ("radicada", "en_revision", "aprobada"):
        with pytest.raises(ApplicationError) as exc:
            solicitud_cambiar_estado(actor=analista, solicitud=solicitud, estado=estado)
        assert exc.value.codigo == "transicion_invalida"


def test_decided_application_takes_no_more_documents(analista):
    solicitud = radicar(analista, AcuicultoraFactory())
    solicitud_cambiar_estado(actor=analista, solicitud=solicitud, estado="rechazada", observaciones="Sin permiso.")
    with pytest.raises(ApplicationError) as exc:
        documento_cargar(actor=analista, solicitud=solicitud, requisito="permiso_cultivo", archivo=pdf())
    assert exc.value.codigo == "solicitud_cerrada"


# --- late information --------------------------------------------------------------------


def test_r04_late_application_is_flagged_and_needs_a_justified_cause(analista):
    nave = NaveFactory()
    solicitud = radicar(analista, nave, fecha_limite=hoy() - dt.timedelta(days=1))
    assert solicitud.extemporanea and solicitud.pierde_derecho
    a_revision(analista, solicitud)
    with pytest.raises(ApplicationError) as exc:
        solicitud_cambiar_estado(actor=analista, solicitud=solicitud, estado="aprobada")
    assert exc.value.codigo == "informacion_extemporanea"
    with pytest.raises(DatosInvalidos):
        solicitud_registrar_causa_justificada(actor=analista, solicitud=solicitud, causa="   ")
    solicitud = solicitud_registrar_causa_justificada(
        actor=analista, solicitud=solicitud, causa="Cierre de la oficina por inundación."
    )
    assert not solicitud.pierde_derecho
    registro = RegistroAuditoria.objects.get(accion="solicitud.causa_justificada")
    assert registro.antes["causa_justificada"] == "" and "inundación" in registro.despues["causa_justificada"]
    assert solicitud_cambiar_estado(actor=analista, solicitud=solicitud, estado="aprobada").estado == "aprobada"


def test_r04_on_time_applications(analista):
    en_plazo = radicar(analista, NaveFactory(), fecha_limite=hoy())
    sin_plazo = radicar(analista, AcuicultoraFactory())
    assert not en_plazo.extemporanea and not sin_plazo.extemporanea
    with pytest.raises(ApplicationError) as exc:
        solicitud_registrar_causa_justificada(actor=analista, solicitud=en_plazo, causa="No hace falta.")
    assert exc.value.codigo == "solicitud_en_plazo"
    assert solicitud_fijar_plazo(
        actor=analista, solicitud=sin_plazo, fecha_limite=hoy() - dt.timedelta(days=1)
    ).extemporanea
    assert not solicitud_fijar_plazo(actor=analista, solicitud=sin_plazo, fecha_limite=None).extemporanea


# --- Radicación and who may do what ------------------------------------------------------------


def test_radicar_validates_its_data(analista):
    with pytest.raises(DatosInvalidos) as exc:
        radicar(analista, NaveFactory(), fecha_radicacion=hoy() + dt.timedelta(days=1), galones_solicitados="0")
    assert {"fecha_radicacion", "galones_solicitados"} <= set(exc.value.errores)
    with pytest.raises(DatosInvalidos) as exc:
        radicar(analista, NaveFactory(), anio=hoy().year - 1, galones_solicitados="mucho")
    assert {"anio", "galones_solicitados"} <= set(exc.value.errores)
    assert not Solicitud.objects.exists()


def test_one_application_per_beneficiary_and_year(analista):
    nave = NaveFactory()
    radicar(analista, nave)
    with pytest.raises(ApplicationError) as exc:
        radicar(analista, nave)
    assert exc.value.codigo == "solicitud_duplicada"


def test_beneficiary_user_manages_only_its_own_application(crear_usuario, analista):
    propia = AcuicultoraFactory()
    usuario = crear_usuario(Rol.BENEFICIARIO, beneficiario=propia)
    solicitud = radicar(usuario, propia)
    documento_cargar(actor=usuario, solicitud=solicitud, requisito="permiso_cultivo", archivo=pdf())
    with pytest.raises(DatosInvalidos) as exc:
        radicar(usuario, propia, anio=hoy().year, fecha_limite=hoy())
    assert "fecha_limite" in exc.value.errores
    with pytest.raises(PermisoDenegado):
        solicitud_cambiar_estado(actor=usuario, solicitud=solicitud, estado="en_revision")
    ajena = radicar(analista, AcuicultoraFactory())
    with pytest.raises(PermisoDenegado):
        radicar(usuario, ajena.beneficiario, anio=hoy().year)
    with pytest.raises(PermisoDenegado):
        documento_cargar(actor=usuario, solicitud=ajena, requisito="permiso_cultivo", archivo=pdf())


def test_other_roles_cannot_write(crear_usuario):
    for rol in (Rol.AUDITOR, Rol.CAPITANIA_OFICIAL, Rol.DISTRIBUIDOR):
        with pytest.raises(PermisoDenegado):
            radicar(crear_usuario(rol), NaveFactory())
