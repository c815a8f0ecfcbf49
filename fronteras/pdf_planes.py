"""MinMinas' approval of a supply plan (F-07, art. 3) as a PDF signed with MinMinas' key (core.firma):
the act states the plan's text and its SHA-256, so the approved version cannot be disputed later."""

from django.template.loader import render_to_string
from django.utils import translation

from core.firma import documentos, oficinas
from core.models import DocumentoFirmado
from fronteras.models import PlanAbastecimiento

TIPO_FIRMADO = "aprobacion_plan"  # core.registro.registrar_firmable, in apps.py


def recursos(plan: PlanAbastecimiento) -> str:
    """P-02 (Ley 1437, art. 67): the recursos that proceed against the approval, before whom and within what
    term, as its act states them."""
    from core.actos.models import Acto, Autoridad
    from core.actos.notificacion import recursos_texto

    acto = plan.acto if plan.acto_id else Acto(autoridad=Autoridad.MINMINAS, fecha_expedicion=plan.fecha_aprobacion)
    return recursos_texto(acto)


def aprobacion_pdf_sin_firmar(plan: PlanAbastecimiento) -> bytes:
    from weasyprint import HTML

    with translation.override("es-co"):
        html = render_to_string("fronteras/pdf/aprobacion_plan.html", {"plan": plan, "recursos": recursos(plan)})
    return HTML(string=html).write_pdf()


def aprobacion_firmada(plan: PlanAbastecimiento) -> DocumentoFirmado:
    """One signed document per approval (a modification approved later is a new act)."""
    return documentos.documento_firmado(
        tipo=TIPO_FIRMADO,
        referencia=f"{plan.pk}:{plan.fecha_aprobacion.isoformat()}:{plan.huella_aprobada[:16]}",
        generar=lambda: aprobacion_pdf_sin_firmar(plan),
        oficina=oficinas.MINMINAS,
        url=documentos.url_comprobacion(),
        motivo=f"Aprobación del plan de abastecimiento de {plan.departamento} ({plan.resolucion})",
        nombre=f"aprobacion-plan-{plan.pk}.pdf",
    )
