from django.conf import settings
from django.conf.urls.static import static
from django.contrib import admin
from django.urls import include, path
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerView

admin.site.site_header = "Portal de Cupos de Combustible Exento — Administración"
admin.site.site_title = "Portal de cupos UPME"
admin.site.index_title = "Datos de respaldo"

urlpatterns = [
    path("admin/", admin.site.urls),
    path("api/schema/", SpectacularAPIView.as_view(), name="api-schema"),
    path("api/docs/", SpectacularSwaggerView.as_view(url_name="api-schema"), name="api-docs"),
    path("api/v1/", include("core.api_urls")),
    path("api/v1/", include("cupos.api_urls")),
    path("api/v1/", include("zarpes.api_urls")),
    path("api/v1/", include("distribuidores.api_urls")),
    path("api/v1/fronteras/", include("fronteras.api_urls")),
    path("", include("cupos.urls")),
    path("", include("zarpes.urls")),
    path("", include("distribuidores.urls")),
    path("fronteras/", include("fronteras.urls")),
    path("", include("core.urls")),
]

if settings.DEBUG:
    urlpatterns += static(settings.MEDIA_URL, document_root=settings.MEDIA_ROOT)
