from django.apps import AppConfig


class DistribuidoresConfig(AppConfig):
    name = "distribuidores"
    verbose_name = "Distribuidores: ventas y reportes mensuales"
