"""Compute and store the reconciliation of the months that have processed reports (R-22, issue 14):
the backfill of ResumenConciliacion, so the page's first view after a deploy is already fast."""

import time

from django.core.management.base import BaseCommand, CommandError

from core.web.forms import periodo_de_texto
from distribuidores.models import ReporteMensual
from distribuidores.services.resumen_conciliacion import conciliacion_resumen_build


class Command(BaseCommand):
    help = (
        "Calcula y guarda la conciliación mensual (y su serie de 12 meses) de los meses con reportes "
        "procesados, para todos y, con --distribuidores, para cada distribuidor con reporte ese mes."
    )

    def add_arguments(self, parser):
        parser.add_argument("--desde", help="AAAA-MM (por defecto, el primer mes con reportes)")
        parser.add_argument("--hasta", help="AAAA-MM (por defecto, el último mes con reportes)")
        parser.add_argument(
            "--distribuidor",
            type=int,
            action="append",
            default=[],
            help="id de un distribuidor cuya conciliación también se guarda (repetible)",
        )
        parser.add_argument(
            "--distribuidores",
            action="store_true",
            help="también la de cada distribuidor con reporte procesado en el mes",
        )

    def handle(self, *args, desde=None, hasta=None, distribuidor=(), distribuidores=False, **options):
        limites = {}
        for nombre, texto in (("desde", desde), ("hasta", hasta)):
            if texto:
                limites[nombre] = periodo_de_texto(texto)
                if limites[nombre] is None:
                    raise CommandError(f"Mes inválido «{texto}»: use AAAA-MM.")
        reportes = ReporteMensual.objects.filter(vigente=True, estado=ReporteMensual.Estado.PROCESADO)
        if "desde" in limites:
            reportes = reportes.filter(periodo__gte=limites["desde"])
        if "hasta" in limites:
            reportes = reportes.filter(periodo__lte=limites["hasta"])
        meses = sorted(set(reportes.values_list("periodo", flat=True)))
        for mes in meses:
            alcances = [None, *distribuidor]
            if distribuidores:
                alcances += sorted(set(reportes.filter(periodo=mes).values_list("distribuidor_id", flat=True)))
            for alcance in dict.fromkeys(alcances):
                inicio = time.monotonic()
                conciliacion_resumen_build(periodo=mes, distribuidor_id=alcance)
                self.stdout.write(
                    f"{mes:%Y-%m} {'todos' if alcance is None else f'distribuidor {alcance}'}: "
                    f"{time.monotonic() - inicio:.1f} s"
                )
