"""Provisioning: `manage.py segundo_factor USUARIO` enrols the user's authenticator app and prints its
otpauth:// URI once (API.md "Conventions"), with the recovery codes, for an administrator on the server."""

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError

from core.identidad import segundo_factor


class Command(BaseCommand):
    help = (
        "Inscribe la aplicación autenticadora (TOTP) de un usuario e imprime una sola vez su URI otpauth:// "
        "y sus códigos de recuperación, para entregarlos al usuario por un canal seguro."
    )

    def add_arguments(self, parser):
        parser.add_argument("username", help="usuario a inscribir")
        parser.add_argument(
            "--reemplazar", action="store_true", help="reemplaza la aplicación ya inscrita (la anterior deja de servir)"
        )

    def handle(self, *args, username, reemplazar, **options):
        usuario = get_user_model().objects.filter(username=username).first()
        if usuario is None:
            raise CommandError(f"No existe el usuario «{username}».")
        if not segundo_factor.requiere(usuario):
            rol = usuario.get_rol_display() or "sin rol"
            raise CommandError(f"«{username}» no firma ni decide actos ({rol}): no usa segundo factor.")
        try:
            device, codigos = segundo_factor.segundo_factor_aprovisionar(usuario=usuario, reemplazar=reemplazar)
        except ValueError as exc:
            raise CommandError(str(exc)) from exc
        self.stdout.write(device.config_url)
        self.stdout.write("Códigos de recuperación (un solo uso cada uno): " + " ".join(codigos))
        self.stderr.write(
            "Entregue esta URI al usuario una sola vez (no se vuelve a mostrar): la lee su aplicación autenticadora."
        )
