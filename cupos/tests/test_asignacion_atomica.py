"""R-05: issuing a resolution is one act ("every line becomes a cupo in one transaction", API.md). On real
PostgreSQL, with the job's own transaction (transactional tests): a cupo that fails at row N leaves no
cupo, no audit row and no alta decided; a vessel dada de baja (R-24) stops it before any write."""

import datetime as dt

import pytest
from django.db import connection
from django.urls import reverse

from core.models import RegistroAuditoria
from cupos.models import AltaDimar, Cupo, NovedadDimar, Resolucion
from cupos.services import asignacion
from cupos.services.asignacion import lineas_set, resolucion_expedir
from cupos.tests.factories import NaveFactory, ResolucionFactory
from zarpes.tests.factories import baja_dimar

D = dt.date


def _borrador(analista, naves=5):
    resolucion = ResolucionFactory(anio=2027, numero="000020", fecha_expedicion=D(2026, 6, 10))
    naves = [NaveFactory(nombre=f"Nave {i:02d}") for i in range(naves)]
    lineas_set(
        usuario=analista,
        resolucion=resolucion,
        lineas=[{"beneficiario": n.id, "galones_anuales": "1200"} for n in naves],
    )
    return resolucion, naves


@pytest.fixture
def falla_en(db):
    """falla_en(beneficiary) → PostgreSQL itself refuses to insert that beneficiary's cupo (a trigger)."""
    creados = []

    def _falla_en(nave):
        with connection.cursor() as cursor:
            cursor.execute(
                f"""
                CREATE OR REPLACE FUNCTION prueba_falla_cupo() RETURNS trigger AS $$
                BEGIN
                    IF NEW.beneficiario_id = {int(nave.id)} THEN
                        RAISE EXCEPTION 'fila rechazada por la prueba';
                    END IF;
                    RETURN NEW;
                END $$ LANGUAGE plpgsql;
                CREATE TRIGGER prueba_falla_cupo BEFORE INSERT ON {Cupo._meta.db_table}
                    FOR EACH ROW EXECUTE FUNCTION prueba_falla_cupo();
                """
            )
        creados.append(nave)

    yield _falla_en
    with connection.cursor() as cursor:
        cursor.execute(f"DROP TRIGGER IF EXISTS prueba_falla_cupo ON {Cupo._meta.db_table}")
        cursor.execute("DROP FUNCTION IF EXISTS prueba_falla_cupo()")


@pytest.mark.django_db(transaction=True)
def test_r05_issuing_is_one_transaction_a_cupo_refused_at_row_n_leaves_nothing(hoy, analista, monkeypatch, falla_en):
    resolucion, naves = _borrador(analista)
    novedad = NovedadDimar.objects.create(periodo=D(2026, 6, 1), fecha_recepcion=D(2026, 6, 2))
    alta = AltaDimar.objects.create(novedad=novedad, beneficiario=naves[0])
    monkeypatch.setattr(asignacion, "LOTE", 1)  # one INSERT per cupo: rows 1 to 3 are written before row 4 fails
    falla_en(naves[3])
    otorgados = RegistroAuditoria.objects.filter(accion="cupo.otorgar").count()
    resolucion_expedir(usuario=analista, resolucion=resolucion)  # the job runs after the commit (eager)
    resolucion.refresh_from_db()
    assert resolucion.estado == Resolucion.Estado.BORRADOR
    assert "no se creó ningún cupo" in resolucion.error_expedicion
    assert not Cupo.objects.filter(resolucion=resolucion).exists()
    assert RegistroAuditoria.objects.filter(accion="cupo.otorgar").count() == otorgados
    alta.refresh_from_db()
    assert alta.decision == AltaDimar.Decision.PENDIENTE  # nothing decided by an act that did not happen
    assert resolucion.lineas.count() == 5


@pytest.mark.django_db(transaction=True)
def test_r05_without_the_failing_row_every_line_becomes_a_cupo(hoy, analista, monkeypatch):
    resolucion, _ = _borrador(analista)
    monkeypatch.setattr(asignacion, "LOTE", 1)
    resolucion_expedir(usuario=analista, resolucion=resolucion)
    resolucion.refresh_from_db()
    assert (resolucion.estado, resolucion.cupos.count()) == (Resolucion.Estado.EXPEDIDA, 5)


@pytest.mark.django_db
def test_r24_issuing_names_every_vessel_dada_de_baja_and_the_page_refuses_it(hoy, analista, entrar):
    from core.comun.errors import ApplicationError

    resolucion, naves = _borrador(analista, naves=8)
    for nave in naves[1:8]:  # more than the five a short message would name
        baja_dimar(nave, D(2026, 5, 4))
    with pytest.raises(ApplicationError) as exc:
        resolucion_expedir(usuario=analista, resolucion=resolucion)
    assert exc.value.codigo == "nave_dada_de_baja"
    assert all(n.nombre in exc.value.detalle for n in naves[1:8]) and "más" not in exc.value.detalle
    assert "4 de mayo de 2026" in exc.value.detalle
    resolucion.refresh_from_db()
    assert resolucion.estado == Resolucion.Estado.BORRADOR and not resolucion.cupos.exists()
    html = entrar(analista).get(reverse("cupos:resolucion-expedir", args=[resolucion.id])).content.decode()
    assert "No se puede confirmar la expedición" in html and "Nave 07 (matrícula" in html
    assert 'disabled aria-disabled="true"' in html


@pytest.mark.django_db
def test_r05_after_issuing_the_pdf_link_waits_for_the_document_and_polls(
    hoy, analista, entrar, media, django_capture_on_commit_callbacks
):
    from cupos.models import DocumentoResolucion
    from cupos.services import documentos

    resolucion, _ = _borrador(analista, naves=2)
    with django_capture_on_commit_callbacks(execute=False):
        resolucion_expedir(usuario=analista, resolucion=resolucion)
    with django_capture_on_commit_callbacks(execute=False) as colas:
        asignacion.resolucion_expedicion_process(resolucion_id=resolucion.id)
    assert len(colas) == 1  # the act asked for its PDF: queued once it commits
    documento = DocumentoResolucion.objects.get(resolucion=resolucion)
    assert documento.estado == DocumentoResolucion.Estado.EN_ESPERA
    cliente = entrar(analista)
    for url in ("cupos:resolucion-expedicion", "cupos:resolucion-pdf"):
        r = cliente.get(reverse(url, args=[resolucion.id]))
        html = r.content.decode()
        assert r.status_code == 200, url
        assert 'hx-trigger="every 2s"' in html and "Generando el PDF de la resolución (0 %)" in html, url
        assert "aún no se ha generado" not in html, url
    documentos.resolucion_documento_build(documento_id=documento.id)
    estado = cliente.get(reverse("cupos:resolucion-documento-estado", args=[resolucion.id])).content.decode()
    assert "Ver la resolución en PDF" in estado and "every 2s" not in estado
    r = cliente.get(reverse("cupos:resolucion-pdf", args=[resolucion.id]))
    assert r["Content-Type"] == "application/pdf" and b"".join(r.streaming_content).startswith(b"%PDF")
