"""Back-office admin of zarpes: the register of designated inspectors (R-13), read-only here.

Designations are recorded and ended on the «Inspectores designados» page, through
zarpes.services.inspectores (scope, overlaps, audit); a designation is never deleted: reports name it."""

from django.contrib import admin

from core.admin import SoloLecturaAdmin
from core.identidad.roles import Rol
from zarpes.models import InspectorDesignado


@admin.register(InspectorDesignado)
class InspectorDesignadoAdmin(SoloLecturaAdmin):
    roles_ver = (Rol.UPME_ANALISTA, Rol.AUDITOR, Rol.DIMAR)
    list_display = [
        "nombre",
        "documento",
        "capitania",
        "acto_designacion",
        "vigente_desde",
        "vigente_hasta",
        "registrado_por",
        "creado",
    ]
    list_filter = ["capitania"]
    search_fields = ["nombre", "documento", "acto_designacion"]
    date_hierarchy = "vigente_desde"
