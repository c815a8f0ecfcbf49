"""R-13: the register of the pollution inspectors each capitanía designates, with their validity.

The capitanía's officer keeps its own register; Dimar (and an administrator) any capitanía's. A
designation is ended, never deleted: the inspector's reports (R-17) keep naming it."""

import datetime as dt

from django.db import transaction
from django.db.models import Q

from core.auditoria.audit import audit_record, cambiar_auditado
from core.comun.errors import ApplicationError, DatosInvalidos, validar_modelo
from core.comun.fechas import fecha_larga
from zarpes.access import capitania_para_designar, inspector_access_para_escribir
from zarpes.errors import ErrorZarpes
from zarpes.models import Inspeccion, InspectorDesignado


def _fechas_coherentes(desde: dt.date, hasta: dt.date | None) -> None:
    if hasta is not None and hasta < desde:
        raise DatosInvalidos({"vigente_hasta": "La fecha final de la designación no puede ser anterior a la inicial."})


def inspector_designate(
    *,
    actor,
    capitania: str | None,
    nombre: str,
    documento: str,
    acto_designacion: str,
    vigente_desde: dt.date,
    vigente_hasta: dt.date | None = None,
) -> InspectorDesignado:
    """R-13: record that `capitania` (its code; an officer's own when None) designated this inspector."""
    documento = "".join(str(documento or "").split()).replace(".", "")
    _fechas_coherentes(vigente_desde, vigente_hasta)
    with transaction.atomic():
        capitania_obj = capitania_para_designar(actor, capitania)
        inspector = InspectorDesignado(
            capitania=capitania_obj,
            nombre=" ".join(str(nombre or "").split()),
            documento=documento,
            acto_designacion=str(acto_designacion or "").strip(),
            vigente_desde=vigente_desde,
            vigente_hasta=vigente_hasta,
            registrado_por=actor,
        )
        # The same person twice in force at one capitanía would be two rows for one designation.
        solapa = Q(vigente_hasta__isnull=True) | Q(vigente_hasta__gte=vigente_desde)
        if vigente_hasta is not None:
            solapa &= Q(vigente_desde__lte=vigente_hasta)
        previa = (
            InspectorDesignado.objects.select_for_update()
            .filter(solapa, capitania=capitania_obj, documento=documento)
            .order_by("vigente_desde")
            .first()
        )
        if previa is not None:
            hasta = f"hasta el {fecha_larga(previa.vigente_hasta)}" if previa.vigente_hasta else "sin fecha final"
            raise ApplicationError(
                ErrorZarpes.INSPECTOR_YA_DESIGNADO,
                f"{previa.nombre} (C.C. {documento}) ya está designado en {capitania_obj.codigo} desde el "
                f"{fecha_larga(previa.vigente_desde)} {hasta} ({previa.acto_designacion}). Termine esa designación "
                "antes de registrar otra que se cruce con ella.",
            )
        validar_modelo(inspector, exclude=["registrado_por"])
        inspector.save()
        audit_record(actor=actor, accion="inspector_designado.designar", obj=inspector)
    return inspector


def inspector_designation_end(*, actor, inspector_id: int, vigente_hasta: dt.date) -> InspectorDesignado:
    """R-13: the designation ends on `vigente_hasta` (its last day in force); the reports it signed stay."""
    with transaction.atomic():
        inspector = inspector_access_para_escribir(actor, inspector_id)
        if inspector.vigente_hasta is not None and inspector.vigente_hasta <= vigente_hasta:
            raise ApplicationError(
                ErrorZarpes.DESIGNACION_TERMINADA,
                f"La designación de {inspector.nombre} ya termina el {fecha_larga(inspector.vigente_hasta)}.",
            )
        if vigente_hasta < inspector.vigente_desde:
            raise DatosInvalidos(
                {
                    "vigente_hasta": (
                        f"La designación empezó el {fecha_larga(inspector.vigente_desde)}: no puede terminar antes."
                    )
                }
            )
        posterior = Inspeccion.objects.filter(inspector=inspector, fecha__gt=vigente_hasta).order_by("-fecha").first()
        if posterior is not None:
            raise ApplicationError(
                ErrorZarpes.DESIGNACION_CON_INFORMES,
                f"{inspector.nombre} firmó un informe del {fecha_larga(posterior.fecha)}, después del "
                f"{fecha_larga(vigente_hasta)}: la designación no puede terminar antes de esa fecha.",
            )
        return cambiar_auditado(
            inspector, actor=actor, accion="inspector_designado.terminar", vigente_hasta=vigente_hasta
        )
