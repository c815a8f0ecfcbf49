"""What every page of cupos shares: access errors as 403/404 pages, paging, form errors."""

from django import forms

from core.views.comun import errores_al_formulario, pagina_protegida, paginar, parcial_htmx, puede  # noqa: F401

POR_PAGINA = 25


class CampoFecha(forms.DateField):
    """An ISO date typed in the browser's date picker, with Spanish errors."""

    def __init__(self, **kwargs):
        kwargs.setdefault("input_formats", ["%Y-%m-%d"])
        kwargs.setdefault("widget", forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d"))
        errores = {"required": "Indique la fecha.", "invalid": "Escriba una fecha válida (AAAA-MM-DD)."}
        errores.update(kwargs.pop("error_messages", {}))
        super().__init__(error_messages=errores, **kwargs)
