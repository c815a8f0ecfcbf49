"""URLs of the "Zarpes" benchmark: the portal's own (config.urls) plus the floor endpoint."""

from django.urls import include, path

from bench.piso import PisoApi

urlpatterns = [
    path("bench/piso/", PisoApi.as_view(), name="bench-piso"),
    path("", include("config.urls")),
]
