"""R-21: a beneficiary's monthly declaration of the gallons it acquired (vessels and acuicultoras)."""

from django.contrib import messages
from django.shortcuts import redirect, render
from django.views.decorators.http import require_http_methods

from core.comun.errors import PermisoDenegado
from core.comun.fechas import fecha_larga
from core.identidad.access import require_role
from core.web.views.comun import intentar, pagina_protegida, paginar
from distribuidores.access import LECTORES_DECLARACIONES, declarante, es_beneficiario
from distribuidores.forms import DeclaracionForm
from distribuidores.plazos import DECLARANTES_MENSUALES, fecha_limite_periodo
from distribuidores.selectors import declaraciones as selectors
from distribuidores.services import declaraciones as services


@pagina_protegida
@require_http_methods(["GET", "POST"])
def declaraciones(request):
    require_role(request.user, *LECTORES_DECLARACIONES)
    beneficiario = declarante(request.user)
    declara = beneficiario is not None and beneficiario.tipo in DECLARANTES_MENSUALES
    form = DeclaracionForm() if declara else None
    rechazo = None
    if request.method == "POST":
        if not declara:
            raise PermisoDenegado("Declaran las naves de pesca y cabotaje y las acuicultoras (R-21).")
        form = DeclaracionForm(request.POST)
        if form.is_valid():
            datos = {"actor": request.user, "beneficiario_id": beneficiario.id, **form.cleaned_data}
            declaracion, rechazo = intentar(form, services.declaracion_register, **datos)
            if declaracion is not None:
                texto = f"Se registró su declaración de {declaracion.periodo:%Y-%m}."
                if declaracion.extemporanea:
                    limite = fecha_limite_periodo(declaracion.periodo)
                    messages.warning(
                        request,
                        f"{texto} Es extemporánea (el plazo venció el {fecha_larga(limite)}): "
                        "se conserva, pero no será "
                        "tenida en cuenta en la próxima asignación (R-21).",
                    )
                else:
                    messages.success(request, texto)
                return redirect("distribuidores:declaraciones")
    pagina = paginar(request, selectors.declaracion_list(user=request.user))
    for d in pagina:
        d.fecha_limite = fecha_limite_periodo(d.periodo)
    contexto = {
        "form": form, "pagina": pagina, "rechazo": rechazo, "beneficiario": beneficiario, "declara": declara,
        "ver_beneficiario": not es_beneficiario(request.user),
    }
    estado = 200
    if form is not None and (form.errors or rechazo):
        estado = rechazo.status_code if rechazo else 400
    return render(request, "distribuidores/declaraciones.html", contexto, status=estado)
