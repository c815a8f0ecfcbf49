"""A journey through the pages, as the people of the cargo reservation meet it: an agent reports an
arrival and its bills, an importer files an exoneration, Dimar grants it after confirming, the
capitanía is told, the importer ships under it and checks its compliance, anyone verifies the stamp."""

import datetime as dt

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client

from core.identidad.roles import Rol
from core.models import MensajeSaliente
from core.tests.segundo_factor import con_codigo
from reserva.models import Arribo, Exoneracion
from reserva.tests.factories import arribo_formulario, exoneracion_formulario

pytestmark = pytest.mark.django_db
PDF = b"%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF"


def _como(crear_usuario, rol, **campos) -> Client:
    c = Client()
    c.force_login(crear_usuario(rol, **campos))
    return c


def test_recorrido_agente_importador_dimar_capitania(registros, crear_usuario):
    agente = _como(crear_usuario, Rol.AGENTE_MARITIMO)
    importador = _como(crear_usuario, Rol.USUARIO_CARGA)
    dimar = _como(crear_usuario, Rol.DIMAR)
    capitania = _como(crear_usuario, Rol.CAPITANIA_OFICIAL, capitania=registros["cartagena"])

    # The importer files an exoneration (ground a) and uploads its licence.
    assert "/reserva/exoneraciones/" in importador.get("/").content.decode()
    r = importador.post("/reserva/exoneraciones/", exoneracion_formulario())
    exoneracion = Exoneracion.objects.get()
    # The file came in on paper on 2 March and was decided on paper on 10 March (below): the API records the
    # paper filing's date (`fecha_radicacion`), the page files today; a decision never precedes its filing (C-06).
    Exoneracion.objects.filter(pk=exoneracion.pk).update(fecha_radicacion=dt.date(2026, 3, 2))
    assert r["Location"] == f"/reserva/exoneraciones/{exoneracion.pk}/"
    for nombre in ("licencia.pdf", "licencia-2.pdf"):  # art. 15: two authenticated copies
        importador.post(
            f"/reserva/exoneraciones/{exoneracion.pk}/documentos/",
            {"tipo": "licencia", "archivo": SimpleUploadedFile(nombre, PDF)},
        )
    importador.post(
        f"/reserva/exoneraciones/{exoneracion.pk}/documentos/",
        {"tipo": "respuestas_armadores", "archivo": SimpleUploadedFile("respuestas.pdf", PDF)},
    )

    # Dimar reads the file, reviews its decision, and confirms the grant.
    pagina = dimar.get(f"/reserva/exoneraciones/{exoneracion.pk}/").content.decode()
    assert "licencia.pdf" in pagina and "respuestas.pdf" in pagina
    decision = {
        "decision": "concedida",
        "fecha": "2026-03-10",
        "motivo": "Sin capacidad nacional.",
        "embarcar_antes_de": "2026-04-15",
        "firma_cargo": "director_general",
        "firma_nombre": "Director General de prueba",
        # Decided on paper on 10 March: transcribed with its date and support (DOMAIN §8).
        "transcrita": "on",
        "soporte": "Resolución 0101 del 10 de marzo de 2026",
    }
    confirmacion = dimar.post(f"/reserva/exoneraciones/{exoneracion.pk}/decidir/", decision).content.decode()
    assert "no se puede deshacer en el portal" in confirmacion and "Resolución 0101" in confirmacion
    dimar.post(
        f"/reserva/exoneraciones/{exoneracion.pk}/decidir/", con_codigo(dimar, {**decision, "confirmar": "True"})
    )
    exoneracion.refresh_from_db()
    assert exoneracion.estado == "concedida" and exoneracion.acto.transcrito

    # The grant is an act: its page states the recursos; the importer waived them in writing the same day,
    # so the grant is firm (and usable) from 11 March.
    pagina = dimar.get(f"/reserva/exoneraciones/{exoneracion.pk}/").content.decode()
    assert f'href="/actos/{exoneracion.acto_id}/"' in pagina
    acto = dimar.get(f"/actos/{exoneracion.acto_id}/").content.decode()
    assert "reposición ante el Director General Marítimo" in acto
    interesado = exoneracion.acto.interesados.get()
    r = dimar.post(
        f"/actos/{exoneracion.acto_id}/interesados/{interesado.pk}/",
        {"accion": "renunciar", "renunciar-fecha": "2026-03-10", "renunciar-soporte": "Escrito de renuncia"},
    )
    assert r.status_code == 302
    assert MensajeSaliente.objects.filter(tipo="reserva.exoneracion_concedida").exists()

    # Cartagena's capitanía is told.
    assert "Exonérase de reserva de carga" in capitania.get("/reserva/avisos/").content.decode()

    # The importer communicates the shipment and prints the stamp; anyone verifies it.
    r = importador.post(
        f"/reserva/exoneraciones/{exoneracion.pk}/embarque/",
        {
            "fecha_embarque": "2026-04-01",
            "fecha_aviso": "2026-03-30",
            "nave": "Atlantic Star",
            "bandera": "PA",
            "fecha_arribo_estimada": "2026-04-20",
            "puerto_cargue": "Houston",
            "puerto_descargue": "Cartagena",
        },
    )
    assert r.status_code == 302
    assert importador.get(f"/reserva/exoneraciones/{exoneracion.pk}/sello.pdf").content.startswith(b"%PDF")
    assert (
        "Exoneración válida"
        in Client().get(f"/reserva/verificar/?codigo={exoneracion.codigo_verificacion}").content.decode()
    )

    # The agent reports the arrival, its manifest and its bills (one under the exoneration).
    agente.post("/reserva/arribos/", arribo_formulario(registros["colombiana"]))
    agente.post("/reserva/arribos/", arribo_formulario(registros["extranjera"], fecha_arribo="2026-04-03"))
    colombiano, extranjero = Arribo.objects.order_by("fecha_arribo")
    r = agente.post(
        f"/reserva/arribos/{colombiano.pk}/sobordo/",
        {"fecha_presentacion": "2026-04-01", "archivo": SimpleUploadedFile("sobordo.pdf", PDF)},
    )
    assert r.status_code == 302
    csv = (
        b"numero,usuario_nit,usuario_nombre,mercancia,embalaje,puerto_cargue,pais_cargue,puerto_descargue,"
        b"pais_descargue,toneladas,flete_usd,exoneracion\n"
        b"BL-1,900555123,Importadora del Caribe,ordinaria,contenedor,Houston,US,Cartagena,CO,1000,40000,\n"
    )
    agente.post(
        f"/reserva/arribos/{colombiano.pk}/conocimientos/archivo/", {"archivo": SimpleUploadedFile("c.csv", csv)}
    )
    csv = (
        "numero,usuario_nit,usuario_nombre,mercancia,embalaje,puerto_cargue,pais_cargue,puerto_descargue,"
        "pais_descargue,toneladas,flete_usd,exoneracion\n"
        "BL-2,900555123,Importadora del Caribe,ordinaria,contenedor,Houston,US,Cartagena,CO,1500,57000,\n"
        "BL-3,900555123,Importadora del Caribe,ordinaria,contenedor,Houston,US,Cartagena,CO,800,30400,"
        f"{exoneracion.pk}\n"
    ).encode()
    r = agente.post(
        f"/reserva/arribos/{extranjero.pk}/conocimientos/archivo/", {"archivo": SimpleUploadedFile("c.csv", csv)}
    )
    assert r.status_code == 302, r.content.decode()[:500]

    # The importer follows its year: 1,000 of the 1,250 t required (50 % of 3,300 − 800).
    pagina = importador.get("/reserva/cumplimiento/?anio=2026").content.decode()
    assert "1.000 de 1.250 t requeridas" in pagina and 'value="80"' in pagina
