from django.contrib import admin
from django.urls import include, path

from core.api.docs import DocumentacionApi, EsquemaApi
from core.web.views.paginas import favicon, ingreso_admin

admin.site.site_header = "Portal de Cupos de Combustible Exento — Administración"
admin.site.site_title = "Portal de cupos UPME"
admin.site.index_title = "Datos de respaldo"

# An unavailable database answers 503 with Retry-After wherever it is met (core.web.views.errores).
handler500 = "core.web.views.errores.error_servidor"

urlpatterns = [
    # Browsers ask for /favicon.ico before reading the page's <link rel="icon">.
    path("favicon.ico", favicon),
    # The admin's own login form would open a session on the password alone: every login goes through
    # the portal's, which asks the second factor of whoever signs or decides acts (issue 24).
    path("admin/login/", ingreso_admin),
    path("admin/", admin.site.urls),
    path("api/schema/", EsquemaApi.as_view(), name="api-schema"),
    path("api/docs/", DocumentacionApi.as_view(url_name="api-schema"), name="api-docs"),
    path("api/v1/", include("core.api.urls")),
    path("api/v1/", include("cupos.api_urls")),
    path("api/v1/", include("zarpes.api_urls")),
    path("api/v1/", include("distribuidores.api_urls")),
    path("api/v1/fronteras/", include("fronteras.api_urls")),
    path("api/v1/reserva/", include("reserva.api_urls")),
    path("", include("cupos.urls")),
    path("", include("zarpes.urls")),
    path("", include("distribuidores.urls")),
    path("fronteras/", include("fronteras.urls")),
    path("reserva/", include("reserva.urls")),
    path("datos/", include("core.datos.urls")),  # open data (issue 28): public, no login
    path("", include("core.urls")),
]
# No /media/ route, not even with DEBUG: uploaded files are served only by the download views, which
# check who asks (cupos:solicitud-documento-archivo, distribuidores:documento-archivo).
