"""Re-queue the long jobs left by a dead worker or never queued: what the beat task runs every minute."""

from django.core.management.base import BaseCommand

from core.segundo_plano.trabajos import recuperar_trabajos


class Command(BaseCommand):
    help = (
        "Vuelve a encolar los trabajos largos (p. ej. reportes mensuales) sin señal de vida: los que un proceso "
        "dejó a medias al morir y los que no se pudieron encolar porque el broker estaba caído."
    )

    def add_arguments(self, parser):
        parser.add_argument(
            "--vencido", type=float, default=None,
            help="Segundos sin latido para darlo por abandonado (por defecto TRABAJOS_VENCIDO_SEGUNDOS).",
        )

    def handle(self, *args, vencido=None, **options):
        for r in recuperar_trabajos(vencido=vencido):
            linea = f"{r.nombre}: {len(r.reencolados)} re-encolados, {len(r.abandonados)} abandonados"
            if r.sin_broker:
                linea += " (el broker no responde: se reintentará)"
            self.stdout.write(linea)
