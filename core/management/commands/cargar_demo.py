"""Load the demo data set (idempotent) and print the demo logins."""

import importlib

from django.core.management.base import BaseCommand

# Each module contributes its demo data after the platform's; order matters (cupos before zarpes…).
CARGADORES = ["core.demo", "cupos.demo", "zarpes.demo", "distribuidores.demo", "fronteras.demo"]


class Command(BaseCommand):
    help = "Carga los datos de demostración y muestra los usuarios de prueba."

    def handle(self, *args, **options):
        logins = []
        for nombre in CARGADORES:
            try:
                modulo = importlib.import_module(nombre)
            except ModuleNotFoundError as exc:
                if exc.name != nombre:
                    raise
                continue
            resultado = modulo.cargar()
            if resultado:
                logins.extend(resultado)
            self.stdout.write(f"  datos de demostración: {nombre}")
        from core.calendario import today
        from core.plazos import revisar_plazos

        nuevas = sum(r.levantadas for r in revisar_plazos(fecha=today()))
        self.stdout.write(f"  revisión de plazos de hoy: {nuevas} alertas nuevas")
        self.stdout.write(self.style.SUCCESS("\nUsuarios de demostración (http://127.0.0.1:8000/ingresar/):"))
        ancho = max(len(u) for u, _, _ in logins)
        for username, rol, clave in logins:
            self.stdout.write(f"  {username.ljust(ancho)}  {clave}  ({rol})")
