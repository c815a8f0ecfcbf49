"""Issue 43: the officer's counter as an installable web app that keeps working when the link drops.

The page is static (its data comes from /api/v1/mostradores/ and lives in the browser's IndexedDB), so
the service worker (Workbox, vendored) can serve it and its assets from its cache with no network. The
service worker is served from /zarpes/mostrador/ so that its scope covers the counter's page.
"""

import json

from django.http import HttpResponse
from django.shortcuts import render
from django.templatetags.static import static
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET

from core.identidad.access import require_role
from core.web.views.comun import pagina_protegida
from zarpes.access import ROLES_ZARPE

ALCANCE = "/zarpes/mostrador/"


@pagina_protegida
@require_GET
def mostrador(request):
    """The counter: enrol, hold, issue offline, sync. Everything but the frame is drawn by mostrador.js."""
    require_role(request.user, *ROLES_ZARPE)
    return render(request, "zarpes/mostrador.html", {"capitania": request.user.capitania})


@require_GET
@never_cache
def service_worker(request):
    """Public and without secrets: the worker's script (static/js/mostrador_sw.js, its asset URLs filled in)."""
    from django.contrib.staticfiles import finders

    with open(finders.find("js/mostrador_sw.js"), encoding="utf-8") as archivo:
        texto = archivo.read()
    texto = texto.replace("__WORKBOX__", json.dumps(static("vendor/workbox/workbox-sw.js")))
    texto = texto.replace("__MODULOS__", json.dumps(static("vendor/workbox/").rstrip("/")))
    respuesta = HttpResponse(texto, content_type="application/javascript; charset=utf-8")
    respuesta["Service-Worker-Allowed"] = ALCANCE
    return respuesta


@require_GET
def manifiesto(request):
    datos = {
        "name": "Mostrador de la capitanía — certificados de cupo de exención",
        "short_name": "Mostrador",
        "lang": "es-CO",
        "start_url": ALCANCE,
        "scope": ALCANCE,
        "display": "standalone",
        "background_color": "#ffffff",
        "theme_color": "#003366",
        "icons": [{"src": static("img/favicon.svg"), "sizes": "any", "type": "image/svg+xml"}],
    }
    return HttpResponse(json.dumps(datos, ensure_ascii=False), content_type="application/manifest+json")
