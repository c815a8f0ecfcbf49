from django.apps import AppConfig


class ReservaConfig(AppConfig):
    name = "reserva"
    verbose_name = "Reserva de carga"
