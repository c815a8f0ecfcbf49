"""A beneficiary's own certificates, the printable certificate (R-16), and the officer's annulment
of a certificate whose zarpe never sailed (a confirmation page, then the POST that does it)."""

import os
import threading
import time

from django.conf import settings
from django.contrib import messages
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_GET, require_http_methods

from core.comun.errors import ApplicationError
from core.comun.galones import galones_texto
from core.identidad.access import require_role
from core.vencimientos.calendario import today
from core.web.views.comun import intentar, pagina_protegida, paginar
from zarpes import pdf
from zarpes.access import (
    ROLES_ANULACION,
    ROLES_CERTIFICADOS_PROPIOS,
    certificado_access,
    certificado_access_para_anular,
    zarpes_visibles,
)
from zarpes.forms import AnulacionForm
from zarpes.models import Certificado, Zarpe
from zarpes.pdf import certificado_respuesta
from zarpes.selectors import zarpes as zarpe_selectors
from zarpes.selectors.certificados import certificado_anulacion_plan, certificado_previo
from zarpes.services.certificados import certificado_annul


def certificados_del_beneficiario(request):
    require_role(request.user, *ROLES_CERTIFICADOS_PROPIOS)
    propios = zarpes_visibles(request.user, zarpe_selectors.zarpe_list(estado=Zarpe.Estado.CERTIFICADO))
    return render(request, "zarpes/certificados.html", {"pagina": paginar(request, propios)})


# Issue 44: while the signing worker makes a certificate's signed PDF, «Imprimir» shows a page that asks whether it
# is ready and opens it then. Under threaded workers (gunicorn gthread, production) each ask is held up to SOSTENER_S,
# looking every MIRAR_S (one indexed query, no CPU while it sleeps), by at most SOSTENIDAS threads of a process, so
# the answer comes within MIRAR_S of the signature and a print costs a few requests instead of one every ESPERA_MS;
# «Imprimir» itself is held the same way, so a certificate signed within SOSTENER_S opens at the first click, with no
# waiting page, ask or redirect (a third of gunicorn's CPU per print went to those);
# a sync worker answers at once (holding it would hold the whole process). Every REENCOLAR asks (about 9 s: a lost
# task, a broker that was down) the signature is queued again: signing twice keeps one copy (core.firma.documentos).
ESPERA_MS = 300  # the page's pause between asks
SOSTENER_S = 1.5
MIRAR_S = 0.1
# A process's threads that may hold an ask: all but two, kept for issuance and other pages (gunicorn's threads,
# config/gunicorn.py: 8 by default, of which 6 hold).
SOSTENIDAS = max(1, int(os.environ.get("GUNICORN_THREADS", "8")) - 2)
REENCOLAR = 30
LARGA = 30  # asks after which the page says the wait is longer than usual (it keeps waiting)
REENCOLAR_SOSTENIDA = LARGA_SOSTENIDA = 5
_sostenidas = threading.BoundedSemaphore(SOSTENIDAS)


@pagina_protegida
@require_GET
def certificado_documento(request, numero):
    """R-16: the printable certificate with its QR code (scope: zarpes.access.certificado_access). Signed ahead
    of the print (issue 44): when its signed PDF is not made yet, a page that waits for it."""
    certificado = certificado_access(request.user, numero)
    if not getattr(settings, "FIRMA_ANTICIPADA", False) or _esperar_firma(request, certificado):
        return certificado_respuesta(certificado)  # the common case: signed by now, or within one held ask
    return render(request, "zarpes/certificado_preparando.html", _espera(certificado, 0))


@pagina_protegida
@require_GET
def certificado_estado(request, numero):
    """The waiting page's ask: the same notice while the signature is made, an HX-Redirect to the PDF once ready."""
    certificado = certificado_access(request.user, numero)
    if _esperar_firma(request, certificado):
        respuesta = render(request, "zarpes/_certificado_preparando.html", {**_espera(certificado, 0), "listo": True})
        respuesta["HX-Redirect"] = reverse("zarpes:certificado-pdf", args=[certificado.numero])
        return respuesta
    try:
        intento = max(0, min(int(request.GET.get("intento", "0")), 100_000)) + 1
    except ValueError:
        intento = 1
    sostenida = bool(request.META.get("wsgi.multithread"))
    if intento % (REENCOLAR_SOSTENIDA if sostenida else REENCOLAR) == 0:
        pdf.encolar_firma(certificado.numero)
    return render(request, "zarpes/_certificado_preparando.html", _espera(certificado, intento, sostenida))


def _esperar_firma(request, certificado: Certificado) -> bool:
    """Whether the signed PDF is ready, looking again for up to SOSTENER_S when the worker has threads to spare."""
    if pdf.certificado_listo(certificado) is not None:
        return True
    if not request.META.get("wsgi.multithread") or not _sostenidas.acquire(blocking=False):
        return False
    try:
        limite = time.monotonic() + SOSTENER_S
        while time.monotonic() < limite:
            time.sleep(MIRAR_S)
            if pdf.certificado_listo(certificado) is not None:
                return True
        return False
    finally:
        _sostenidas.release()


def _espera(certificado: Certificado, intento: int, sostenida: bool = False) -> dict:
    larga = intento >= (LARGA_SOSTENIDA if sostenida else LARGA)
    return {"c": certificado, "intento": intento, "espera_ms": ESPERA_MS, "larga": larga}


@pagina_protegida
@require_http_methods(["GET", "POST"])
def anular(request, numero):
    """GET: what annulling the certificate will do (or why it cannot be annulled); POST: do it."""
    require_role(request.user, *ROLES_ANULACION)
    certificado = certificado_access_para_anular(request.user, numero)
    form = AnulacionForm(request.POST if request.method == "POST" else None)
    status, rechazo = 200, ""
    if request.method == "POST":
        status = 400
        if form.is_valid():
            anulado, error = intentar(
                form,
                certificado_annul,
                actor=request.user,
                numero=certificado.numero,
                motivo=form.cleaned_data["motivo"],
            )
            if error is not None:
                rechazo, status = error.detalle, error.status_code
            elif anulado is not None:
                messages.success(request, _mensaje_anulado(anulado))
                zarpe = anulado.zarpe
                return redirect(f"{reverse('zarpes:lista')}?dia={zarpe.fecha:%Y-%m-%d}#zarpe-{zarpe.id}")
    certificado = Certificado.objects.select_related("nave", "zarpe", "cupo__resolucion").get(pk=certificado.pk)
    plan = None
    if not rechazo:
        try:
            plan = certificado_anulacion_plan(certificado=certificado, fecha=today())
        except ApplicationError as exc:
            rechazo = exc.detalle
    contexto = {
        "c": certificado,
        "plan": plan,
        "rechazo": rechazo,
        "form": form,
        "previo": certificado_previo(certificado),
        "reintegro_texto": plan and galones_texto(plan.reintegro),
        "autorizados_texto": galones_texto(certificado.galones_autorizados),
    }
    return render(request, "zarpes/anular.html", contexto, status=status)


def _mensaje_anulado(certificado: Certificado) -> str:
    anulacion = certificado.anulacion
    texto = f"Se anuló el certificado {certificado.numero}."
    if anulacion.reintegro > 0:
        return f"{texto} Se reintegraron {galones_texto(anulacion.reintegro)} galones al cupo de la nave."
    return f"{texto} No se reintegraron galones: la ventana de acumulación del zarpe ya cerró."
