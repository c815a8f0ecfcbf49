from django.urls import path

from distribuidores import apis_conciliacion

urlpatterns = [
    path("conciliacion/", apis_conciliacion.ConciliacionApi.as_view(), name="api-conciliacion"),
]
