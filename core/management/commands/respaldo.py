"""Back up the database and the uploaded files (with a manifest), or check a restore against one."""

from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from core.plataforma import respaldo


class Command(BaseCommand):
    help = (
        "Respalda la base de datos (pg_dump, formato custom) y los archivos subidos (tar) con un manifiesto "
        "(tamaños, sumas SHA-256, filas por tabla, sumas del libro), o verifica una restauración contra él."
    )

    def add_arguments(self, parser):
        grupo = parser.add_mutually_exclusive_group(required=True)
        grupo.add_argument("--destino", help="Carpeta nueva (o vacía) donde escribir el respaldo.")
        grupo.add_argument("--verificar", metavar="DIR", help="Carpeta de un respaldo: compárelo con el sistema.")
        parser.add_argument("--solo-archivos", action="store_true",
                            help="Con --verificar: revisar solo las sumas de los archivos del respaldo.")

    def handle(self, *args, destino=None, verificar=None, solo_archivos=False, **options):
        if destino:
            try:
                manifiesto = respaldo.respaldar(Path(destino))
            except respaldo.RespaldoError as exc:
                raise CommandError(str(exc)) from exc
            filas = sum(manifiesto["tablas"].values())
            self.stdout.write(
                f"Respaldo escrito en {destino}: {len(manifiesto['tablas'])} tablas ({filas} filas), "
                f"{len(manifiesto['media'])} archivos subidos; manifiesto en {respaldo.MANIFIESTO}."
            )
            return
        diferencias = respaldo.verificar(Path(verificar), base=not solo_archivos, media=not solo_archivos)
        if diferencias:
            for d in diferencias:
                self.stderr.write(f"- {d}")
            raise CommandError(f"La verificación encontró {len(diferencias)} diferencias con el respaldo.")
        self.stdout.write("Verificación correcta: archivos, filas por tabla, controles y archivos subidos coinciden.")
