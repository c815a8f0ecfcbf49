from django.apps import AppConfig


class ZarpesConfig(AppConfig):
    name = "zarpes"
    verbose_name = "Zarpes y certificados de cupo de exención"
