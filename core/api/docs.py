"""The OpenAPI schema and its Swagger UI: for logged-in users unless API_DOCS_PUBLICA (local: open).

The UI is drf-spectacular's split view: its init script is a separate request, never inline, so the
page runs under the portal's Content-Security-Policy unchanged.
"""

from django.conf import settings
from django.contrib.auth.views import redirect_to_login
from drf_spectacular.utils import extend_schema
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerSplitView
from rest_framework.permissions import AllowAny, IsAuthenticated


class EsquemaApi(SpectacularAPIView):
    def get_permissions(self):
        return [AllowAny()] if settings.API_DOCS_PUBLICA else [IsAuthenticated()]


class DocumentacionApi(SpectacularSwaggerSplitView):
    @extend_schema(exclude=True)
    def get(self, request, *args, **kwargs):
        if not settings.API_DOCS_PUBLICA and not request.user.is_authenticated:
            return redirect_to_login(request.get_full_path())
        return super().get(request, *args, **kwargs)
