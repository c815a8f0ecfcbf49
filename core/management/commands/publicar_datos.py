"""`python manage.py publicar_datos --periodo AAAA-MM`: the monthly open-data publication (core.datos),
the same the Celery beat job runs on the 1st of each month."""

from django.core.management.base import BaseCommand, CommandError

from core.datos.tareas import publicar_mensual


class Command(BaseCommand):
    help = "Publica los datos abiertos de un mes (por omisión, el mes anterior) y revisa los dos anteriores."

    def add_arguments(self, parser):
        parser.add_argument("--periodo", help="mes a publicar, AAAA-MM (por omisión, el mes anterior)")
        parser.add_argument("--nota", default="", help="nota de la corrección, si el mes ya estaba publicado")
        parser.add_argument("--revisar", type=int, default=2, help="meses anteriores que se revisan (0: ninguno)")

    def handle(self, *args, **options):
        try:
            informe = publicar_mensual(options["periodo"], nota=options["nota"], revisar=max(0, options["revisar"]))
        except ValueError as exc:
            raise CommandError(str(exc)) from exc
        for mes, conjuntos in informe.items():
            for conjunto, estado in conjuntos.items():
                self.stdout.write(f"{mes}  {conjunto}: {estado}")
