from django.apps import AppConfig


class CuposConfig(AppConfig):
    name = "cupos"
    verbose_name = "Cupos de combustible exento"
