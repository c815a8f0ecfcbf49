"""Run every deadline check as of a date: exactly what the daily Celery beat job runs."""

import datetime as dt

from django.core.management.base import BaseCommand, CommandError

from core.vencimientos.calendario import today
from core.vencimientos.plazos import revisar_plazos


class Command(BaseCommand):
    help = "Revisa los plazos (R-25) a una fecha y levanta o resuelve alertas. Repetirlo no duplica alertas."

    def add_arguments(self, parser):
        parser.add_argument("--fecha", help="AAAA-MM-DD (por defecto, hoy)")

    def handle(self, *args, fecha=None, **options):
        try:
            dia = dt.date.fromisoformat(fecha) if fecha else today()
        except ValueError as exc:
            raise CommandError(f"Fecha inválida «{fecha}»: use AAAA-MM-DD.") from exc
        for r in revisar_plazos(fecha=dia):
            self.stdout.write(f"{dia} {r.tipo}: {r.levantadas} nuevas, {r.resueltas} resueltas")
