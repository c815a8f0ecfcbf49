"""Check the continuous backups: the last good pgBackRest backup and the WAL archive's continuity since it."""

from django.core.management.base import BaseCommand, CommandError

from core.plataforma import respaldo_continuo


class Command(BaseCommand):
    help = (
        "Verifica el respaldo continuo (pgBackRest): que el último respaldo válido sea reciente y que el archivo "
        "de WAL esté completo desde su inicio; sale con error si no."
    )

    def add_arguments(self, parser):
        parser.add_argument("--config", help="Archivo de configuración de pgBackRest (por omisión, PGBACKREST_CONFIG).")
        parser.add_argument("--estrofa", help="Estrofa (stanza) de pgBackRest (por omisión, PGBACKREST_ESTROFA).")
        parser.add_argument("--alertar", action="store_true", help="Además, levantar o resolver la alerta.")

    def handle(self, *args, config=None, estrofa=None, alertar=False, **options):
        revision = respaldo_continuo.revisar(config=config, estrofa=estrofa)
        if alertar:
            respaldo_continuo.alertar(revision)
        if not revision.correcta:
            for problema in revision.problemas:
                self.stderr.write(f"- {problema}")
            raise CommandError(
                f"El respaldo continuo de «{revision.estrofa}» tiene {len(revision.problemas)} problemas."
            )
        fin = revision.ultimo.astimezone().strftime("%d/%m/%Y %H:%M")
        self.stdout.write(
            f"Respaldo continuo correcto: último respaldo válido {revision.etiqueta}, terminado el {fin}; "
            f"{revision.segmentos} segmentos de WAL archivados sin huecos desde su inicio."
        )
