from django.contrib import admin

from core.admin import AuditedAdmin
from cupos.models import Beneficiario


@admin.register(Beneficiario)
class BeneficiarioAdmin(AuditedAdmin):
    list_display = ["nombre", "tipo", "matricula", "bandera", "trb", "capitania", "distribuidor"]
    list_filter = ["tipo", "capitania", "actividad"]
    search_fields = ["nombre", "matricula", "identificacion"]
    autocomplete_fields = ["capitania", "distribuidor"]
