"""The current second-factor code of a user, for a tester (DEBUG only): `manage.py codigo_otp analista`."""

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError

from core.identidad import segundo_factor


class Command(BaseCommand):
    help = "Muestra el código de verificación vigente de un usuario (solo con DEBUG, para pruebas)."

    def add_arguments(self, parser):
        parser.add_argument("username")

    def handle(self, *args, username, **options):
        if not settings.DEBUG:
            raise CommandError(
                "codigo_otp solo funciona con DEBUG activo (desarrollo o demostración), nunca en producción."
            )
        usuario = get_user_model().objects.filter(username=username).first()
        if usuario is None:
            raise CommandError(f"No existe el usuario {username}.")
        device = segundo_factor.dispositivo(usuario)
        if device is None:
            raise CommandError(f"{username} no tiene aplicación autenticadora inscrita.")
        self.stdout.write(segundo_factor.codigo_actual(device))
