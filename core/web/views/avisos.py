"""``/avisos/no-fui-yo/<token>/``: the beneficiary reports, from a notice's signed link, that it did not
do the act the notice describes. No login: the signature is the credential (core.mensajes.avisos)."""

from django.shortcuts import render
from django.views.decorators.http import require_http_methods

from core.mensajes import avisos
from core.plataforma.red import ip_cliente
from core.web.views.limites import limitado_por_direccion


@require_http_methods(["GET", "POST"])
@limitado_por_direccion("verificacion_pagina")
def no_fui_yo(request, token):
    """GET: says what will be reported and asks for confirmation. POST: opens the alert (once per act)."""
    try:
        acto = avisos.acto_del_enlace(token)
    except avisos.EnlaceInvalido as exc:
        return render(request, "core/aviso.html", {"detalle": exc.args[0]}, status=400)
    descrito = avisos.acto_describir(acto)
    if descrito is None:
        detalle = "La operación de este aviso ya no existe en el portal. Comuníquese con la UPME para reportarla."
        return render(request, "core/aviso.html", {"detalle": detalle}, status=404)
    if request.method == "POST":
        alerta = avisos.no_fui_yo_reportar(acto=acto, ip=ip_cliente(request))
        return render(request, "core/no_fui_yo.html", {"acto": descrito, "reportado": alerta is not None})
    return render(request, "core/no_fui_yo.html", {"acto": descrito, "reportado": False})
