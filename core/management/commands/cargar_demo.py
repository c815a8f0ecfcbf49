"""Load the demo data set (idempotent) and print the demo logins."""

import os

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError

from core import registro


class Command(BaseCommand):
    help = "Carga los datos de demostración y muestra los usuarios de prueba."

    def add_arguments(self, parser):
        parser.add_argument(
            "--url",
            default=None,
            help="Dirección donde se sirve el portal (make run la pasa): dónde ingresar, y a dónde llevan "
            "el enlace y el QR de los certificados y sellos de la demostración.",
        )

    def handle(self, *args, **options):
        modulo = getattr(settings, "SETTINGS_MODULE", None) or os.environ.get("DJANGO_SETTINGS_MODULE", "")
        if modulo.endswith(".production"):
            # The demo creates the README's passwords and fixed, published TOTP secrets (issue 39).
            raise CommandError(
                "cargar_demo no corre con los ajustes de producción: crea usuarios con las contraseñas del README "
                "y secretos de segundo factor publicados. Úselo solo en desarrollo o en una demostración "
                "(DJANGO_SETTINGS_MODULE=config.settings.local)."
            )
        url = (options["url"] or settings.PORTAL_URL_PUBLICA).rstrip("/")
        if options["url"] and "PORTAL_URL_PUBLICA" not in os.environ:
            # Issue 26: the PDFs the demo issues point where `make run` serves, not to port 8000.
            settings.PORTAL_URL_PUBLICA = url
        logins = []
        # Each app registers its loader in AppConfig.ready(), in order (cupos before zarpes…).
        for cargador in registro.demos():
            resultado = cargador.cargar()
            if resultado:
                logins.extend(resultado)
            self.stdout.write(f"  datos de demostración: {cargador.nombre}")
        from core.vencimientos.calendario import today
        from core.vencimientos.plazos import revisar_plazos

        nuevas = sum(r.levantadas for r in revisar_plazos(fecha=today()))
        self.stdout.write(f"  revisión de plazos de hoy: {nuevas} alertas nuevas")
        self.stdout.write(self.style.SUCCESS(f"\nUsuarios de demostración ({url}/ingresar/):"))
        ancho = max(len(u) for u, _, _ in logins)
        for username, rol, clave in logins:
            self.stdout.write(f"  {username.ljust(ancho)}  {clave}  ({rol})")
        self.stdout.write(
            self.style.SUCCESS(
                "\nSegundo factor (solo demostración): estos usuarios firman o deciden actos y, tras la contraseña, "
                "piden un código.\nAgregue la clave secreta a una aplicación autenticadora (TOTP, 30 s), o ejecute "
                "`python manage.py codigo_otp <usuario>`,\no use un código de recuperación (cada uno sirve una vez):"
            )
        )
        from core.demo import SECRETOS_DEMO, codigos_recuperacion_demo

        for username, secreto in SECRETOS_DEMO.items():
            recuperacion = ", ".join(codigos_recuperacion_demo(username)[:2])
            self.stdout.write(f"    {username.ljust(ancho)}  clave secreta {secreto} · recuperación: {recuperacion}")
