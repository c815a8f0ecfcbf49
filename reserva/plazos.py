"""Deadline checks of the cargo reservation (C-08, C-09, C-11, C-06, C-12), run by
core.vencimientos.plazos.revisar_plazos (the daily job and `manage.py revisar_plazos`). An alert is raised the day
after a deadline passes; it resolves itself when the missing act is recorded. Dimar follows them up;
the agency (manifest, bills) or the importer/exporter (semiannual report, contract registration) that
must act sees them too, through Alerta.nit_responsable."""

import datetime as dt

from core.comun.fechas import fecha_larga
from core.identidad.roles import Rol
from core.vencimientos.alertas import Sujeto
from core.vencimientos.calendario import last_day_of_month
from core.vencimientos.plazos import RevisionPorPaginas
from reserva import calculo
from reserva.models import Arribo, ContratoAnual, Exoneracion, InformeSemestral, Recargo, TipoAlertaReserva
from reserva.selectors import plazos as selectors
from reserva.services import arribos, contratos, exoneraciones, informes, recargos

T = TipoAlertaReserva


def _arribo_de(alerta) -> Arribo | None:
    pk = alerta.referencia.removeprefix(arribos.PREFIJO_REFERENCIA)
    return Arribo.objects.filter(pk=int(pk)).first() if pk.isdecimal() else None


def _pk_de(alerta, prefijo: str) -> int:
    pk = alerta.referencia.removeprefix(prefijo)
    return int(pk) if pk.isdecimal() else 0


def _siguen(alertas, prefijo: str, pendientes) -> set[int]:
    """The alerts (a page of core.vencimientos.plazos) whose object, named in the reference, is in `pendientes`."""
    pks = {a.id: _pk_de(a, prefijo) for a in alertas}
    vivos = set(pendientes.filter(pk__in=set(pks.values())).values_list("pk", flat=True))
    return {i for i, pk in pks.items() if pk in vivos}


class RevisionDeObjeto(RevisionPorPaginas):
    """A check of an act Dimar follows up on one object (an arrival, a contract, a file, a surcharge):
    late are the objects of `pendientes()` (a queryset) whose deadline, the field `vence`, has passed,
    each alerted with its `detalle(obj)` under its service's reference (`<prefijo><pk>`); an alert
    holds while its object is still pending."""

    prefijo: str
    vence: str

    def alcance(self, obj) -> dict:
        return {}

    def atrasados(self, fecha):
        return [
            Sujeto(
                f"{self.prefijo}{obj.pk}",
                getattr(obj, self.vence),
                self.detalle(obj),
                rol_responsable=Rol.DIMAR,
                alcance=self.alcance(obj),
            )
            for obj in self.pendientes().filter(**{f"{self.vence}__lt": fecha})
        ]

    def persisten(self, alertas, fecha):
        return _siguen(alertas, self.prefijo, self.pendientes())


class RevisionDeArribo(RevisionDeObjeto):
    """A document the agency owes on an arrival (C-08): pending while the arrival matches `falta`
    (lookups); the agency sees the alert too."""

    prefijo = arribos.PREFIJO_REFERENCIA
    falta: dict

    def pendientes(self):
        return Arribo.objects.select_related("agencia", "nave").filter(**self.falta)

    def alcance(self, a):
        return {"nit": a.agencia.nit}


class SobordoVencido(RevisionDeArribo):
    """C-08 (art. 11): the stamped manifest within 10 business days after the arrival."""

    tipo = T.SOBORDO_VENCIDO
    vence = "vence_sobordo"
    falta = {"sobordo_presentado__isnull": True}

    def detalle(self, a):
        return (
            f"{a.agencia.razon_social} no ha presentado el sobordo de {a.nave.nombre} (arribo a {a.puerto} el "
            f"{fecha_larga(a.fecha_arribo)}; plazo: 10 días hábiles, {fecha_larga(a.vence_sobordo)})."
        )


class ConocimientosVencidos(RevisionDeArribo):
    """C-08 (art. 12): the bills of lading within 15 business days after the arrival."""

    tipo = T.CONOCIMIENTOS_VENCIDOS
    vence = "vence_conocimientos"
    # Art. 12: only arrivals carrying goods exonerated or not subject to the reserve owe their bills.
    falta = {"carga_exenta": True, "conocimientos_entregados__isnull": True, "conocimientos__isnull": True}

    def detalle(self, a):
        return (
            f"{a.agencia.razon_social} no ha entregado los conocimientos de embarque de {a.nave.nombre} (arribo "
            f"a {a.puerto} el {fecha_larga(a.fecha_arribo)}; plazo: 15 días hábiles, "
            f"{fecha_larga(a.vence_conocimientos)})."
        )


class InformeSemestralVencido(RevisionPorPaginas):
    """C-09 (art. 14): special-system users report each semester in August (1st) and February (2nd);
    who must report follows the user's status: the semester's list of the foreign-trade authority
    and the users of the semester's special-system bills of lading (selectors.obligados_a_informar)."""

    tipo = T.INFORME_SEMESTRAL_VENCIDO

    def atrasados(self, fecha):
        sujetos = []
        for anio, semestre in selectors.semestres_vencidos(fecha):
            vence = calculo.vence_informe(anio, semestre)
            for nit, nombre in selectors.usuarios_sin_informe(anio, semestre):
                sujetos.append(
                    Sujeto(
                        informes.referencia(nit, anio, semestre),
                        vence,
                        f"{nombre} (NIT {nit}), usuario de sistemas especiales, no ha presentado el informe del "
                        f"semestre {anio}-{semestre} (plazo: {fecha_larga(vence)}).",
                        rol_responsable=Rol.DIMAR,
                        alcance={"nit": nit},
                    )
                )
        return sujetos

    def persisten(self, alertas, fecha):
        claves = {}
        for a in alertas:
            periodo, _, nit = a.referencia.partition(":")
            anio_semestre = calculo.semestre_de_texto(periodo)
            if anio_semestre is not None:
                claves[a.id] = (nit, *anio_semestre)
        presentados = set(
            InformeSemestral.objects.filter(
                usuario_nit__in={c[0] for c in claves.values()}, anio__in={c[1] for c in claves.values()}
            ).values_list("usuario_nit", "anio", "semestre")
        )
        return {i for i, clave in claves.items() if clave not in presentados}


class ContratoRegistroVencido(RevisionDeObjeto):
    """C-11 (art. 21): the charter contracts registered within 30 business days of the authorization."""

    tipo = T.CONTRATO_REGISTRO_VENCIDO
    prefijo, vence = contratos.PREFIJO_REFERENCIA, "vence_registro"

    def pendientes(self):
        return ContratoAnual.objects.filter(fecha_registro__isnull=True)

    def detalle(self, c):
        return (
            f"NIT {c.usuario_nit} no ha registrado los contratos de fletamento del contrato anual {c.anio} "
            f"({c.producto}), autorizado el {fecha_larga(c.fecha_autorizacion)} "
            f"(plazo: {fecha_larga(c.vence_registro)})."
        )

    def alcance(self, c):
        return {"nit": c.usuario_nit}


class ExoneracionDecisionVencida(RevisionDeObjeto):
    """C-06: Dimar decides a filed exoneration within 15 business days (Ley 1437 art. 14), or by the
    new date it announced before the term ended (art. 14 par.)."""

    tipo = T.EXONERACION_DECISION_VENCIDA
    prefijo, vence = exoneraciones.PREFIJO_REFERENCIA, "vence_decision"

    def pendientes(self):
        # A clarification does not stop the term (it stays on Dimar's deadlines); a request to complete
        # does (Ley 1437 art. 17), and the desisted check takes over.
        return Exoneracion.objects.filter(estado__in=(Exoneracion.Estado.RADICADA, Exoneracion.Estado.ACLARACION))

    def detalle(self, e):
        return (
            f"La solicitud de exoneración n.º {e.pk} de NIT {e.usuario_nit}, radicada el "
            f"{fecha_larga(e.fecha_radicacion)}, no tiene decisión (plazo: {fecha_larga(e.vence_decision)})."
        )


class RecargoDecisionVencida(RevisionDeObjeto):
    """C-12 (art. 23): 15 business days (30 when port-related) to resolve a surcharge."""

    tipo = T.RECARGO_DECISION_VENCIDA
    prefijo, vence = recargos.PREFIJO_REFERENCIA, "vence_decision"

    def pendientes(self):
        return Recargo.objects.select_related("conferencia").filter(estado=Recargo.Estado.PRESENTADO)

    def detalle(self, r):
        return (
            f"El recargo «{r.concepto}» de {r.conferencia} presentado el {fecha_larga(r.fecha_presentacion)} no ha "
            f"sido resuelto (plazo: {fecha_larga(r.vence_decision)})."
        )


class ExoneracionDesistida(RevisionPorPaginas):
    """C-06 (Ley 1437 art. 17): a file not completed within the month after Dimar asked ends withdrawn;
    the daily run records it and tells Dimar, which issues the motivated act."""

    tipo = T.EXONERACION_DESISTIDA

    def atrasados(self, fecha):
        return [
            Sujeto(
                exoneraciones.referencia(e),
                e.vence_completar,
                f"La solicitud de exoneración n.º {e.pk} de NIT {e.usuario_nit} quedó desistida: no se completó "
                f"a más tardar el {fecha_larga(e.vence_completar)} (Ley 1437, art. 17). Decrete el desistimiento "
                "y archive el expediente por acto motivado.",
                rol_responsable=Rol.DIMAR,
                alcance={"nit": e.usuario_nit},
            )
            for e in exoneraciones.exoneraciones_desistir(fecha=fecha)
        ]

    def persisten(self, alertas, fecha):
        return _siguen(alertas, exoneraciones.PREFIJO_REFERENCIA, Exoneracion.objects.filter(estado="desistida"))


REVISIONES = [
    SobordoVencido(),
    ConocimientosVencidos(),
    InformeSemestralVencido(),
    ContratoRegistroVencido(),
    ExoneracionDecisionVencida(),
    ExoneracionDesistida(),
    RecargoDecisionVencida(),
]


def vencimientos(anio: int, mes: int) -> list[dict]:
    """What falls due in a month: the agents' reports, the decisions, the registrations, the reports."""
    return _vencimientos(anio, mes, mes)[mes]


def vencimientos_del_anio(anio: int) -> dict[int, list[dict]]:
    """vencimientos() of the twelve months with the same five queries (the deadline calendar)."""
    return _vencimientos(anio, 1, 12)


def _vencimientos(anio: int, primero: int, ultimo: int) -> dict[int, list[dict]]:
    meses: dict[int, list[dict]] = {mes: [] for mes in range(primero, ultimo + 1)}
    for mes in meses:
        if mes in (2, 8):
            meses[mes].append(
                {
                    "fecha": calculo.vence_informe(anio, 1) if mes == 8 else calculo.vence_informe(anio - 1, 2),
                    "que": "Informes semestrales de usuarios de sistemas especiales (C-09)",
                    "quien": "Importadores y exportadores",
                }
            )
    inicio, fin = dt.date(anio, primero, 1), last_day_of_month(anio, ultimo)
    for que, fecha, quien in selectors.vencimientos_entre(inicio, fin):
        meses[fecha.month].append({"fecha": fecha, "que": que, "quien": quien})
    return meses


def enlace_alerta(alerta) -> tuple[str, str] | None:
    """A cargo-reservation alert links to its arrival, its exoneration file, or the list it belongs to."""
    from django.urls import reverse

    if not alerta.tipo.startswith("reserva_"):
        return None
    if alerta.tipo in (T.SOBORDO_VENCIDO, T.CONOCIMIENTOS_VENCIDOS):
        arribo = _arribo_de(alerta)
        if arribo is not None:
            return f"Arribo de {arribo.nave.nombre} a {arribo.puerto}", reverse("reserva:arribo", args=[arribo.pk])
        return "Arribos y conocimientos", reverse("reserva:arribos")
    if alerta.tipo in (T.EXONERACION_DECISION_VENCIDA, T.EXONERACION_CONCEDIDA, T.EXONERACION_DESISTIDA):
        pk = alerta.referencia.partition(":")[0].removeprefix(exoneraciones.PREFIJO_REFERENCIA)
        pk = int(pk) if pk.isdecimal() else 0
        if pk:
            return f"Exoneración n.º {pk}", reverse("reserva:exoneracion", args=[pk])
        return "Exoneraciones de carga", reverse("reserva:exoneraciones")
    destinos = {
        T.INFORME_SEMESTRAL_VENCIDO: ("Informes semestrales", "reserva:informes"),
        T.CONTRATO_REGISTRO_VENCIDO: ("Contratos anuales", "reserva:contratos"),
        T.RECARGO_DECISION_VENCIDA: ("Recargos de conferencias", "reserva:recargos"),
        T.POSIBLE_INCUMPLIMIENTO_RESERVA: ("Control anual de reserva", "reserva:controles"),
        T.EMBARQUE_FUERA_DE_EXONERACION: ("Exoneraciones de carga", "reserva:exoneraciones"),
        T.OFERTA_NACIONAL_DESATENDIDA: ("Solicitudes de oferta", "reserva:ofertas"),
    }
    if alerta.tipo in destinos:
        texto, nombre = destinos[alerta.tipo]
        return texto, reverse(nombre)
    return None
