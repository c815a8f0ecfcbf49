"""Alert types raised by the cupos app."""

from django.db import models


class TipoAlertaCupos(models.TextChoices):
    """The alerts of UPME's deadlines on resolutions, Dimar's novelties and cupos (R-05, R-12, R-24, R-25).

    Codes stored in core.Alerta.tipo (API.md "alerts"); apps.py registers them, so core knows no app."""

    RESOLUCION_ANUAL_POR_VENCER = "resolucion_anual_por_vencer", "Resolución anual por vencer"
    RESOLUCION_ANUAL_VENCIDA = "resolucion_anual_vencida", "Resolución anual vencida"
    NOVEDADES_DIMAR_VENCIDAS = "novedades_dimar_vencidas", "Novedades de Dimar vencidas"
    ALTA_SIN_CUPO_VENCIDA = "alta_sin_cupo_vencida", "Alta sin decisión de cupo"
    CUPO_INACTIVO = "cupo_inactivo", "Cupo sin uso por más de 3 meses"
    BAJA_DIMAR_POR_DECIDIR = "baja_dimar_por_decidir", "Baja reportada por Dimar: cancelación del cupo por decidir"
    PERMISO_EXTRANJERO_POR_VENCER = (
        "permiso_extranjero_por_vencer",
        "Permiso de operación de nave extranjera por vencer",
    )
    # a foreign vessel's standing conditions.
    GARANTIA_POR_VENCER = "garantia_por_vencer", "Garantía bancaria de nave extranjera por vencer"
    DESEMBARQUES_REZAGADOS = "desembarques_rezagados", "Desembarques de nave extranjera por debajo de lo esperado"
    DESEMBARQUE_MINIMO_INCUMPLIDO = (
        "desembarque_minimo_incumplido",
        "Nave extranjera por debajo del desembarque mínimo del año",
    )
