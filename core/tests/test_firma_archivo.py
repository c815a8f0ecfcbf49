"""Signatures that still validate years later (issue 39, core.firma.archivo): a B-LTA act validates offline at a
date years ahead with the revocation data of that day; it stops validating once its last timestamp's TSA
certificate has expired, unless the archive re-timestamped it before; the daily job re-timestamps exactly the
acts whose last timestamp expires soon, and a copy kept from before is still recognised."""

import datetime as dt

import pytest
from django.utils import timezone

from core.firma import archivo, demo, documentos, oficinas
from core.models import DocumentoFirmado, HuellaAnterior
from core.tests import test_firma
from core.tests.tsa import sellado_de_tiempo_local, tsa_renovada

# The signing tests' fixtures: an act's PDF, a fresh demo CA with its CRL served and a TSA, no cached signer.
pdf_de_acto, ca_con_crl, _claves_limpias = test_firma.pdf_de_acto, test_firma.ca_con_crl, test_firma._claves_limpias

pytestmark = pytest.mark.django_db


def _acto(pdf, referencia="1") -> DocumentoFirmado:
    return documentos.documento_firmado(
        tipo="prueba", referencia=referencia, generar=lambda: pdf, oficina=oficinas.UPME,
        url="https://cupos.example/firma/verificar/", motivo="Resolución de prueba",
    )


def _crl_del_dia(cuando: dt.datetime) -> bytes:
    """The CRL the demo CA would publish on that day: what a validator then has, without fetching."""
    return demo.crl(cuando - dt.timedelta(hours=1))


def _revisiones(datos: bytes) -> int:
    return datos.count(b"%%EOF")


def test_a_b_lta_act_validates_seven_years_ahead_offline_and_fails_once_its_timestamp_expired(
    pdf_de_acto, ca_con_crl, settings
):
    documento = _acto(pdf_de_acto)
    assert documento.nivel == "B-LTA"
    datos = documentos.contenido(documento)
    tsa = demo.sellado_de_tiempo()[1]
    assert documento.sello_vence == tsa.not_valid_after_utc  # the demo TSA's certificate, 10 years

    ahora = timezone.now()
    en_7_anios = ahora + dt.timedelta(days=7 * 365)
    assert archivo.validar_en(datos, ahora) == (True, "OK")
    assert archivo.validar_en(datos, en_7_anios, crls=[_crl_del_dia(en_7_anios)]) == (True, "OK")
    # Without the revocation data of that day nothing proves the last timestamp's TSA was not revoked since.
    assert archivo.validar_en(datos, en_7_anios)[0] is False
    # Past the TSA certificate's expiry the last timestamp proves nothing: this is what re-timestamping prevents.
    en_11_anios = ahora + dt.timedelta(days=11 * 365)
    assert archivo.validar_en(datos, en_11_anios, crls=[_crl_del_dia(en_11_anios)])[0] is False


def test_re_timestamping_with_the_tsas_next_certificate_keeps_the_act_valid_past_the_first_ones_expiry(
    pdf_de_acto, ca_con_crl, settings, django_capture_on_commit_callbacks
):
    documento = _acto(pdf_de_acto)
    antes = documentos.contenido(documento)
    sha_antes = documento.sha256

    clave, certificado = tsa_renovada(dt.timedelta(days=15 * 365))
    with sellado_de_tiempo_local(clave, certificado) as url:
        settings.FIRMA_TSA_URL = url
        with django_capture_on_commit_callbacks() as renombrar:
            documento = archivo.resellar(documento)

    # Committed, not yet renamed (a crash right here): the previous file is in place and still the portal's act.
    assert documentos.contenido(documento) == antes and documentos.verificar_documento(documento).valida
    (renombrar_archivo,) = renombrar
    renombrar_archivo()

    despues = documentos.contenido(documento)
    # Two revisions appended: the DSS with the last timestamp's revocation data, then the new timestamp.
    assert despues.startswith(antes) and _revisiones(despues) == _revisiones(antes) + 2
    assert documento.sha256 == documentos.huella(despues) != sha_antes
    assert documento.sello_vence == certificado.not_valid_after_utc and documento.resellado_en is not None
    assert list(HuellaAnterior.objects.values_list("sha256", flat=True)) == [sha_antes]

    en_11_anios = timezone.now() + dt.timedelta(days=11 * 365)
    assert archivo.validar_en(despues, en_11_anios, crls=[_crl_del_dia(en_11_anios)]) == (True, "OK")
    assert archivo.validar_en(antes, en_11_anios, crls=[_crl_del_dia(en_11_anios)])[0] is False

    # The portal's own verification still holds, and both copies are recognised as this act.
    assert documentos.verificar_documento(documento).valida
    for copia in (antes, despues):
        verificacion, reconocido = documentos.reconocer(copia)
        assert verificacion.valida and reconocido == documento


def test_the_daily_job_re_timestamps_only_the_acts_whose_timestamp_expires_soon(
    pdf_de_acto, ca_con_crl, settings, django_capture_on_commit_callbacks
):
    from core.tasks import resellar_archivo_task

    pronto, lejos = _acto(pdf_de_acto, "pronto"), _acto(pdf_de_acto, "lejos")
    sin_sello = DocumentoFirmado.objects.create(
        tipo="prueba", referencia="b-b", sha256="0" * 64, tamano=1, oficina="upme", firmante="x", nivel="B-B",
        firmado_en=timezone.now(), archivo="firmados/no-existe.pdf",
    )
    settings.FIRMA_RESELLO_ANTELACION_DIAS = 180
    DocumentoFirmado.objects.filter(pk=pronto.pk).update(sello_vence=timezone.now() + dt.timedelta(days=90))

    with django_capture_on_commit_callbacks(execute=True):
        resultado = resellar_archivo_task.apply().get()

    assert resultado == {"resellados": 1, "fallidos": 0}
    pronto.refresh_from_db(), lejos.refresh_from_db(), sin_sello.refresh_from_db()
    assert pronto.resellado_en is not None and pronto.sello_vence > timezone.now() + dt.timedelta(days=3000)
    assert lejos.resellado_en is None and sin_sello.resellado_en is None
    # Renewed, it is no longer due: the next run does nothing.
    assert resellar_archivo_task.apply().get() == {"resellados": 0, "fallidos": 0}


def test_without_a_tsa_or_with_a_changed_file_nothing_is_rewritten(pdf_de_acto, ca_con_crl, settings):
    documento = _acto(pdf_de_acto)
    DocumentoFirmado.objects.filter(pk=documento.pk).update(sello_vence=timezone.now())
    original = documentos.contenido(documento)

    settings.FIRMA_TSA_URL = ""
    assert archivo.resellar_por_vencer() == {"resellados": 0, "fallidos": 1}

    with open(documento.archivo.path, "ab") as f:  # someone appended to the stored file
        f.write(b"\n% cambio\n")
    with sellado_de_tiempo_local() as url:
        settings.FIRMA_TSA_URL = url
        with pytest.raises(archivo.ReselladoImposible, match="no es el que el portal firmó"):
            archivo.resellar(documento)
    documento.refresh_from_db()
    assert documento.resellado_en is None and not HuellaAnterior.objects.exists()
    assert documentos.contenido(documento) == original + b"\n% cambio\n"


def test_the_re_timestamping_job_is_scheduled_daily():
    from django_celery_beat.models import PeriodicTask

    tarea = PeriodicTask.objects.get(task="core.tasks.resellar_archivo_task")
    assert tarea.enabled and tarea.crontab.hour == "3" and tarea.crontab.day_of_month == "*"
