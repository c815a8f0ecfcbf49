from django.apps import AppConfig


class FronterasConfig(AppConfig):
    name = "fronteras"
    verbose_name = "Zonas de frontera"
