"""«Mis actos» (DOMAIN §8): the acts that concern the person logged in, each with where its procedure stands."""

from django.shortcuts import render
from django.views.decorators.http import require_http_methods

from core import registro
from core.actos import access
from core.actos.models import Interesado, Recurso
from core.comun.fechas import fecha_larga
from core.comun.galones import galones_texto
from core.identidad.roles import Rol
from core.identidad.segundo_factor import exige_codigo_fresco
from core.plataforma.red import ip_cliente
from core.vencimientos import calendario
from core.web.views.comun import pagina_protegida, paginar
from core.web.views.limites import limitado_por_direccion

# The persons concerned (not the staff, who follow the acts from each regime's pages and the admin).
LECTORES = (Rol.BENEFICIARIO, Rol.DISTRIBUIDOR, Rol.USUARIO_CARGA, Rol.AGENTE_MARITIMO, Rol.CONFERENCIA, Rol.ECOPETROL)


def estado(interesado: Interesado, hoy) -> str:
    """Where the procedure stands for the person, in a sentence (P-01 to P-04)."""
    en_tramite = [r for r in interesado.recursos.all() if r.estado == Recurso.Estado.EN_TRAMITE]
    if en_tramite:
        recurso = en_tramite[0]
        return (f"Recurso de {recurso.get_tipo_display().lower()} en trámite desde el {fecha_larga(recurso.fecha)}: "
                "el acto no le produce efectos mientras se decide (a más tardar el "
                f"{fecha_larga(recurso.vence_decision)}).")
    if interesado.en_firme_desde is not None and interesado.en_firme_desde <= hoy:
        return f"En firme desde el {fecha_larga(interesado.en_firme_desde)}."
    decididos = [r for r in interesado.recursos.all() if r.estado == Recurso.Estado.DECIDIDO]
    if decididos:  # P-04 (2): firm once the decision is notified; a reposición decided does not reopen it
        recurso = decididos[-1]
        texto = f"Recurso de {recurso.get_tipo_display().lower()} decidido ({recurso.get_sentido_display().lower()})"
        if interesado.en_firme_desde is not None:
            return f"{texto}: el acto quedará en firme el {fecha_larga(interesado.en_firme_desde)}."
        return f"{texto}: el acto queda en firme el día siguiente a la notificación de la decisión."
    if interesado.notificacion_fecha is None:
        return "Pendiente de notificación."
    notificado = f"Notificado el {fecha_larga(interesado.notificacion_fecha)}"
    if interesado.vence_recursos is not None and hoy <= interesado.vence_recursos:
        texto = f"{notificado}: puede presentar recursos hasta el {fecha_larga(interesado.vence_recursos)}."
        if interesado.en_firme_desde is not None:
            texto += f" Si no lo hace, quedará en firme el {fecha_larga(interesado.en_firme_desde)}."
        return texto
    if interesado.en_firme_desde is not None:
        return f"{notificado}. Quedará en firme el {fecha_larga(interesado.en_firme_desde)}."
    return f"{notificado}."


@pagina_protegida
def mis_actos(request):
    user = request.user
    filas = (
        Interesado.objects.filter(access._como_interesado(user))
        .select_related("acto").prefetch_related("recursos").order_by("-acto__fecha_expedicion", "-id")
        if user.rol in LECTORES else Interesado.objects.none()
    )
    pagina = paginar(request, filas)
    hoy = calendario.today()
    for interesado in pagina:
        interesado.estado_texto = estado(interesado, hoy)
        interesado.clase = registro.tipo_acto(interesado.acto.tipo).etiqueta
    return render(request, "core/mis_actos.html", {"pagina": pagina})


@require_http_methods(["GET", "POST"])
@limitado_por_direccion("verificacion_pagina")
def notificacion(request, token):
    """P-01: the signed link of an electronic notification. GET shows what the act is and what opening it means;
    POST opens it: the notification is done at that moment (art. 56). No login: the signature is the credential."""
    from core.actos import notificacion as electronica

    try:
        interesado = electronica.interesado_del_enlace(token)
    except electronica.EnlaceInvalido as exc:
        return render(request, "core/aviso.html", {"detalle": exc.args[0]}, status=400)
    if request.method == "POST":
        interesado = electronica.abrir(interesado, ip=ip_cliente(request))
    contexto = {
        "interesado": interesado,
        "acto": interesado.acto,
        "clase": registro.tipo_acto(interesado.acto.tipo).etiqueta,
        "recursos": electronica.recursos_texto(interesado.acto),
        "estado": estado(interesado, calendario.today()),
    }
    return render(request, "core/acto_notificacion.html", contexto)


# --- An act and each person's procedure, for its staff and for the persons concerned (DOMAIN §8) ---------------


def _recursos_de(acto) -> list:
    from core.actos.procedimiento import procedentes

    return [(f.recurso, f"{f.get_recurso_display()} ante {f.ante}") for f in procedentes(acto)]


@pagina_protegida
@require_http_methods(["GET", "POST"])
def acto_detalle(request, acto_id):
    """An act: what it is, the recursos it states (P-02) and, for each person concerned in the user's scope, where
    its procedure stands. Searchable by name at national size (an annual resolution concerns 10,000). The staff of
    the authority attaches here the scan of an act issued on paper (R-05), as POST /api/v1/actos/{id}/escaneo/."""
    from django.contrib import messages
    from django.shortcuts import redirect

    from core.actos import notificacion as electronica
    from core.actos import services
    from core.web.forms import EscaneoActoForm
    from core.web.views.comun import intentar

    acto = access.acto_access(request.user, acto_id)
    personal = access.es_personal(request.user, acto.autoridad)
    escaneo = None
    if acto.transcrito and personal:
        escaneo = EscaneoActoForm(request.POST, request.FILES) if request.method == "POST" else EscaneoActoForm()
        if request.method == "POST" and escaneo.is_valid():
            hecho, rechazo = intentar(escaneo, services.escaneo_adjuntar, actor=request.user, acto_id=acto.pk,
                                      archivo=escaneo.cleaned_data["archivo"])
            if rechazo is not None:
                escaneo.add_error(None, rechazo.detalle)
            if hecho is not None:
                messages.success(request, "Se adjuntó el escaneo del acto: su PDF es ahora ese documento.")
                return redirect("acto", acto_id=acto.pk)
    elif request.method == "POST":
        messages.error(request, "Solo el personal de la autoridad que expidió un acto en papel adjunta su escaneo.")
        return redirect("acto", acto_id=acto.pk)
    filas = access.interesados_visibles(request.user, acto).prefetch_related("recursos").order_by("nombre", "id")
    q = request.GET.get("q", "").strip()[:100]
    if q:
        filas = filas.filter(nombre__icontains=q)
    pendientes = request.GET.get("estado", "")
    if pendientes == "sin_notificar":
        filas = filas.filter(notificacion_fecha__isnull=True)
    elif pendientes == "recurso":
        filas = filas.filter(recursos__estado=Recurso.Estado.EN_TRAMITE).distinct()
    pagina = paginar(request, filas)
    hoy = calendario.today()
    for interesado in pagina:
        interesado.estado_texto = estado(interesado, hoy)
    contexto = {
        "acto": acto, "clase": registro.tipo_acto(acto.tipo).etiqueta, "recursos": electronica.recursos_texto(acto),
        "pagina": pagina, "q": q, "filtro_estado": pendientes, "personal": personal, "escaneo": escaneo,
    }
    return render(request, "core/acto.html", contexto, status=400 if escaneo is not None and escaneo.errors else 200)


@pagina_protegida
@require_http_methods(["GET"])
def acto_pdf(request, acto_id):
    """The act's PDF (the same file as GET /api/v1/actos/{id}/pdf/, in the same scope). While a kind's own document
    is still being built, back to the act's page, which says so."""
    from django.contrib import messages
    from django.http import HttpResponse
    from django.shortcuts import redirect

    from core.actos import documento

    acto = access.acto_access(request.user, acto_id)
    doc = documento.documento_acto(acto=acto, actor=request.user)
    if doc.contenido is None:
        messages.info(request, "El documento del acto se está generando: estará disponible en unos momentos.")
        return redirect("acto", acto_id=acto.pk)
    respuesta = HttpResponse(doc.contenido, content_type="application/pdf")
    respuesta["Content-Disposition"] = f'inline; filename="{doc.nombre}"'
    return respuesta


@pagina_protegida
@require_http_methods(["GET", "POST"])
def acto_interesado(request, acto_id, interesado_id):
    """One person's procedure: its notification, waiver and recursos. The authority's staff records a personal
    notification or one by aviso and a written waiver; the person concerned files its recurso here (P-03)."""
    from django.contrib import messages
    from django.shortcuts import redirect

    from core.actos import notificacion as electronica
    from core.actos import services
    from core.web.forms import NotificacionForm, RecursoForm, RenunciaForm
    from core.web.views.comun import intentar

    acto = access.acto_access(request.user, acto_id)
    interesado = access.interesado_access(request.user, acto, interesado_id)
    personal = access.es_personal(request.user, acto.autoridad)
    puede_recurrir = request.user.rol in access.PRESENTAN_RECURSOS and (
        personal or request.user.rol not in access.ESCRITORES
    )
    tipos = _recursos_de(acto)
    datos = request.POST if request.method == "POST" else None
    accion = request.POST.get("accion", "") if datos else ""
    forms = {
        "notificar": NotificacionForm(datos if accion == "notificar" else None, prefix="notificar"),
        "renunciar": RenunciaForm(datos if accion == "renunciar" else None, prefix="renunciar"),
        "recurrir": RecursoForm(datos if accion == "recurrir" else None, prefix="recurrir", tipos=tipos,
                                con_fecha=personal),
    }
    if accion in forms and forms[accion].is_valid():
        form, c = forms[accion], forms[accion].cleaned_data
        comunes = {"actor": request.user, "acto_id": acto.pk, "interesado_id": interesado.pk}
        if accion == "notificar" and personal:
            hecho, rechazo = intentar(form, services.notificacion_registrar, medio=c["medio"], fecha=c["fecha"],
                                      soporte=c["soporte"], **comunes)
            exito = "Se registró la notificación."
        elif accion == "renunciar" and personal:
            hecho, rechazo = intentar(form, services.renuncia_registrar, fecha=c["fecha"], soporte=c["soporte"],
                                      **comunes)
            exito = "Se registró la renuncia a términos: el acto queda en firme desde el día siguiente."
        elif accion == "recurrir" and puede_recurrir:
            hecho, rechazo = intentar(form, services.recurso_presentar, tipo=c["tipo"],
                                      fecha=c.get("fecha") or calendario.today(), motivos=c["motivos"],
                                      soporte=c.get("soporte", ""), **comunes)
            exito = "Se radicó el recurso: mientras se decide, el acto no le produce efectos."
        else:
            hecho, rechazo, exito = None, None, ""
            form.add_error(None, "No le corresponde registrar esto en este acto.")
        if rechazo is not None:
            form.add_error(None, rechazo.detalle)
        if hecho is not None:
            messages.success(request, exito)
            return redirect("acto-interesado", acto_id=acto.pk, interesado_id=interesado.pk)
    interesado = access.interesado_access(request.user, acto, interesado_id)
    hoy = calendario.today()
    recursos = list(interesado.recursos.order_by("fecha", "id"))
    contexto = {
        "acto": acto, "interesado": interesado, "clase": registro.tipo_acto(acto.tipo).etiqueta,
        "recursos_texto": electronica.recursos_texto(acto), "estado": estado(interesado, hoy), "recursos": recursos,
        "personal": personal, "puede_recurrir": puede_recurrir and bool(tipos) and interesado.renuncia_fecha is None,
        "forms": forms, "con_errores": accion in forms and bool(forms[accion].errors),
    }
    return render(request, "core/acto_interesado.html", contexto, status=400 if contexto["con_errores"] else 200)


@pagina_protegida
@exige_codigo_fresco()
@require_http_methods(["GET", "POST"])
def recurso_decidir(request, recurso_id):
    """P-03: the authority decides a recurso by a motivated act of its own (confirm, modify the gallons, revoke),
    with a fresh second-factor code, after a confirmation that says what will happen (a dry run first)."""
    from django.contrib import messages
    from django.shortcuts import redirect
    from django.urls import reverse

    from core.actos import services
    from core.comun.errors import ApplicationError, DatosInvalidos, NoEncontrado
    from core.comun.numeros import entero
    from core.web.forms import DecisionForm
    from core.web.views.comun import confirmacion, ensayar, errores_al_formulario

    recurso = Recurso.objects.select_related("interesado__acto").filter(pk=entero(recurso_id)).first()
    if recurso is None:
        raise NoEncontrado("No existe ese recurso o no está a su alcance.")
    acto = access.acto_access(request.user, recurso.interesado.acto_id)
    access.exigir_personal(request.user, acto.autoridad, "decidir sus recursos")
    volver = reverse("acto-interesado", args=[acto.pk, recurso.interesado_id])
    form = DecisionForm(request.POST if request.method == "POST" else None)
    contexto = {"acto": acto, "recurso": recurso, "interesado": recurso.interesado, "form": form,
                "clase": registro.tipo_acto(acto.tipo).etiqueta, "volver": volver}
    if recurso.estado != Recurso.Estado.EN_TRAMITE:
        messages.info(request, "Ese recurso ya fue decidido.")
        return redirect(volver)
    if request.method == "POST" and form.is_valid():
        c = form.cleaned_data

        def decidir():
            return services.recurso_decidir(actor=request.user, recurso_id=recurso.pk, sentido=c["sentido"],
                                            motivacion=c["motivacion"], galones_anuales=c.get("galones_anuales"))

        try:
            if request.POST.get("confirmado") == "1":
                decidir()
                messages.success(request, "Se expidió la decisión del recurso. Se notifica como cualquier acto; el "
                                          "acto recurrido queda en firme para el interesado el día siguiente a esa "
                                          "notificación.")
                return redirect(volver)
            ensayar(decidir)  # a refusal shows now, not after the code is typed
        except DatosInvalidos as exc:
            errores_al_formulario(form, exc)
        except ApplicationError as exc:
            if exc.status_code in (403, 404):
                raise
            form.add_error(None, exc.detalle)
        if not form.errors:
            sentido = dict(form.fields["sentido"].choices)[c["sentido"]].lower()
            efectos = [
                f"Se expide la decisión del recurso de {recurso.get_tipo_display().lower()} de "
                f"{recurso.interesado.nombre} contra {acto}: {sentido}.",
                "La decisión es un acto motivado que se notifica como cualquier otro; el acto recurrido queda en "
                "firme para el interesado el día siguiente a esa notificación (Ley 1437, art. 87).",
            ]
            if c["sentido"] == "modifica" and c.get("galones_anuales") is not None:
                efectos.insert(1, f"El cupo queda con {galones_texto(c['galones_anuales'])} galones anuales.")
            titulo = f"Decidir el recurso de {recurso.interesado.nombre}"
            accion = reverse("recurso-decidir", args=[recurso.pk])
            return confirmacion(request, "core/recurso_confirmar.html", titulo, efectos, accion, volver, contexto)
    return render(request, "core/recurso_decidir.html", contexto, status=400 if form.errors else 200)
