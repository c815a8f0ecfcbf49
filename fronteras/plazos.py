"""Deadline checks of the border regime (F-05, F-07, R-25), run by core.vencimientos.plazos.revisar_plazos.

Plan alerts carry the reference "<deadline>:plan-<id>" (yearly reports: "<year>:plan-<id>"), so a
plan resubmitted with a new deadline can be late again, while one deadline alerts only once.
"""

import datetime as dt

from core.comun.fechas import fecha_larga
from core.comun.numeros import entero
from core.identidad.roles import Rol
from core.models import Alerta
from core.vencimientos.alertas import Sujeto
from core.vencimientos.calendario import is_business_day
from core.vencimientos.plazos import RevisionPorPaginas
from fronteras.models import Asignacion, InformeAnualPlan, Municipio, PlanAbastecimiento, TipoAlertaFronteras
from fronteras.services.planes import planes_renovar_vencidos, referencia, referencia_informe

T = TipoAlertaFronteras
Estado = PlanAbastecimiento.Estado


def limite_asignacion(anio: int) -> dt.date:
    """F-05 / art. 5: volumes are fixed within the first quarter of the first year."""
    return dt.date(anio, 3, 31)


def _asignaciones_del_anio(anio: int):
    return Asignacion.objects.filter(vigencia_inicio__lte=dt.date(anio, 12, 31), vigencia_fin__gte=dt.date(anio, 1, 1))


class AsignacionFronteraVencida(RevisionPorPaginas):
    """F-05: after 31 March, each border municipality with no assignment (any state, any fuel)
    whose 2-year validity covers the year."""

    tipo = T.ASIGNACION_FRONTERA_VENCIDA

    def atrasados(self, fecha):
        anio = fecha.year
        limite = limite_asignacion(anio)
        if fecha <= limite:
            return []
        sin_asignacion = Municipio.objects.exclude(id__in=_asignaciones_del_anio(anio).values("municipio_id"))
        return [
            Sujeto(
                f"{anio}:{m.codigo_dane}",
                limite,
                f"{m.nombre} ({m.departamento}) no tiene volúmenes máximos asignados que cubran {anio}: "
                f"debían fijarse en el primer trimestre (31 de marzo de {anio}).",
            )
            for m in sin_asignacion
        ]

    def persisten(self, alertas, fecha):
        claves = {a.id: a.referencia.split(":", 1) for a in alertas}
        codigos = {codigo for _anio, codigo in claves.values()}
        existen = set(Municipio.objects.filter(codigo_dane__in=codigos).values_list("codigo_dane", flat=True))
        asignados = set()
        for anio in {anio for anio, _codigo in claves.values()}:
            asignados |= {
                (anio, c)
                for c in _asignaciones_del_anio(int(anio))
                .filter(municipio__codigo_dane__in=codigos)
                .values_list("municipio__codigo_dane", flat=True)
            }
        return {i for i, (anio, codigo) in claves.items() if codigo in existen and (anio, codigo) not in asignados}


def _en_vigor(fecha: dt.date):
    """The final assignments whose two years cover `fecha` (F-05)."""
    return Asignacion.objects.filter(estado=Asignacion.Estado.EJECUTORIADA, fecha_ejecutoria__lte=fecha,
                                     vigencia_inicio__lte=fecha, vigencia_fin__gte=fecha)


class AsignacionFronteraExpirada(RevisionPorPaginas):
    """F-05: a municipality's volumes of a fuel ended (31 December of their second year) and no new
    assignment is final: its stations have no volume (sin_volumen_vigente) until UPME's next one is."""

    tipo = T.ASIGNACION_FRONTERA_EXPIRADA

    def atrasados(self, fecha):
        ultimas: dict[tuple, Asignacion] = {}
        for a in Asignacion.objects.filter(estado=Asignacion.Estado.EJECUTORIADA, vigencia_fin__lt=fecha) \
                .select_related("municipio").order_by("vigencia_fin", "id"):
            ultimas[(a.municipio_id, a.combustible)] = a
        cubiertas = set(_en_vigor(fecha).values_list("municipio_id", "combustible"))
        return [
            Sujeto(
                f"{a.municipio.codigo_dane}:{a.combustible}:{a.vigencia_fin:%Y-%m-%d}",
                a.vigencia_fin,
                f"Los volúmenes máximos de {a.get_combustible_display()} de {a.municipio.nombre} "
                f"({a.municipio.departamento}) rigieron hasta el {fecha_larga(a.vigencia_fin)} y no hay una nueva "
                "asignación en firme: sus estaciones no tienen volumen (F-05).",
            )
            for clave, a in ultimas.items()
            if clave not in cubiertas
        ]

    def persisten(self, alertas, fecha):
        cubiertas = set(_en_vigor(fecha).values_list("municipio__codigo_dane", "combustible"))
        return {a.id for a in alertas if tuple(a.referencia.split(":", 2)[:2]) not in cubiertas}


def _plan_id(alerta: Alerta) -> int | None:
    pk = entero(alerta.referencia.rsplit(":plan-", 1)[-1])
    return pk if pk is not None and pk >= 0 else None


def _planes_de(alertas) -> dict[int, PlanAbastecimiento]:
    """The plans a page of alerts names, by alert id (one query)."""
    ids = {a.id: _plan_id(a) for a in alertas}
    planes = PlanAbastecimiento.objects.in_bulk([pk for pk in ids.values() if pk is not None])
    return {i: planes[pk] for i, pk in ids.items() if pk in planes}


def _vence_de(alerta: Alerta) -> dt.date:
    return dt.date.fromisoformat(alerta.referencia.split(":", 1)[0])


class _PlazoDePlan(RevisionPorPaginas):
    """A plan's deadline stored in `campo` (the alert's reference carries it): late while the plan
    still matches `pendiente` after that day."""

    campo = ""
    pendiente: dict = {}
    rol = Rol.MINMINAS

    def mensaje(self, plan) -> str:
        raise NotImplementedError

    def atrasados(self, fecha):
        planes = PlanAbastecimiento.objects.filter(**self.pendiente, **{f"{self.campo}__lt": fecha})
        return [
            Sujeto(referencia(getattr(p, self.campo), p.pk), getattr(p, self.campo), self.mensaje(p),
                   rol_responsable=self.rol)
            for p in planes
        ]

    def persisten(self, alertas, fecha):
        planes = _planes_de(alertas)
        return {
            a.id
            for a in alertas
            if (plan := planes.get(a.id)) is not None
            and all(getattr(plan, campo) == valor for campo, valor in self.pendiente.items())
            and getattr(plan, self.campo) == _vence_de(a)
        }


class PlanEvaluacionVencida(_PlazoDePlan):
    """F-07: MinMinas neither approved nor asked for adjustments within 10 business days."""

    tipo = T.PLAN_EVALUACION_VENCIDA
    campo, pendiente = "vence_evaluacion", {"estado": Estado.PRESENTADO}

    def mensaje(self, p):
        return (f"MinMinas no ha evaluado el plan de abastecimiento de {p.departamento} presentado el "
                f"{fecha_larga(p.fecha_presentacion)} (plazo: 10 días hábiles, {fecha_larga(p.vence_evaluacion)}).")


class PlanAjustesVencidos(_PlazoDePlan):
    """F-07: Ecopetrol did not present the adjusted plan by the deadline MinMinas set."""

    tipo = T.PLAN_AJUSTES_VENCIDOS
    campo, pendiente, rol = "vence_ajustes", {"estado": Estado.AJUSTES}, Rol.ECOPETROL

    def mensaje(self, p):
        return (f"Ecopetrol no ha presentado los ajustes al plan de abastecimiento de {p.departamento} "
                f"(plazo fijado por MinMinas: {fecha_larga(p.vence_ajustes)}).")


class PlanAvisoDianVencido(_PlazoDePlan):
    """F-07 (parágrafo of art. 3): DIAN informed within 3 business days of the approval's ejecutoria."""

    tipo = T.PLAN_AVISO_DIAN_VENCIDO
    campo, pendiente, rol = "vence_aviso_dian", {"aviso_dian": None}, Rol.ECOPETROL

    def mensaje(self, p):
        return (f"Ecopetrol no ha informado a la DIAN el plan de abastecimiento de {p.departamento} aprobado "
                f"({p.resolucion}, en firme el {fecha_larga(p.fecha_ejecutoria)}; plazo: 3 días hábiles, "
                f"{fecha_larga(p.vence_aviso_dian)}).")


def limite_informe_anual(plan: PlanAbastecimiento, anio: int) -> dt.date | None:
    """F-07: the decree asks for a yearly report without a date; MinMinas sets it in the approval
    (`informe_anual_vence`: the report on the visto bueno's first year is due that day, the report on
    each later year on the same day and month one year later). None when MinMinas set no date. A day
    that is not a business day runs to the next one (Ley 4 de 1913, art. 62)."""
    primero = plan.informe_anual_vence
    if primero is None:
        return None
    anios = anio - plan.visto_bueno_desde.year
    try:
        limite = primero.replace(year=primero.year + anios)
    except ValueError:  # 29 February in a year that has none
        limite = dt.date(primero.year + anios, 3, 1)
    while not is_business_day(limite):
        limite += dt.timedelta(days=1)
    return limite


class PlanInformeAnualVencido(RevisionPorPaginas):
    """F-07: Ecopetrol reports yearly on each year in which the plan had the visto bueno."""

    tipo = T.PLAN_INFORME_ANUAL_VENCIDO

    def atrasados(self, fecha):
        planes = PlanAbastecimiento.objects.filter(visto_bueno_desde__isnull=False, informe_anual_vence__lt=fecha)
        presentados = set(InformeAnualPlan.objects.filter(plan__in=planes).values_list("plan_id", "anio"))
        sujetos = []
        for p in planes:
            for anio in range(p.visto_bueno_desde.year, p.visto_bueno_hasta.year + 1):
                limite = limite_informe_anual(p, anio)
                if limite is not None and fecha > limite and (p.pk, anio) not in presentados:
                    sujetos.append(
                        Sujeto(
                            referencia_informe(anio, p.pk),
                            limite,
                            f"Ecopetrol no ha presentado el informe anual de {anio} del plan de abastecimiento de "
                            f"{p.departamento} (plazo: {fecha_larga(limite)}).",
                            rol_responsable=Rol.ECOPETROL,
                        )
                    )
        return sujetos

    def persisten(self, alertas, fecha):
        planes = _planes_de(alertas)
        presentados = set(
            InformeAnualPlan.objects.filter(plan__in=list(planes.values())).values_list("plan_id", "anio")
        )
        return {
            a.id
            for a in alertas
            if a.id in planes and (planes[a.id].pk, int(a.referencia.split(":", 1)[0])) not in presentados
        }


class PlanVistoBuenoVencido(RevisionPorPaginas):
    """F-07: at the end of a visto bueno, renew it once if the plan is unchanged (a system action),
    otherwise it expires and Ecopetrol must present the department's plan again."""

    tipo = T.PLAN_VISTO_BUENO_VENCIDO

    def atrasados(self, fecha):
        planes_renovar_vencidos(fecha=fecha)
        con_visto_bueno = PlanAbastecimiento.objects.filter(estado=Estado.APROBADO).values_list(
            "departamento", flat=True
        )
        cubiertos = {d.lower() for d in con_visto_bueno}
        vencidos = PlanAbastecimiento.objects.filter(estado=Estado.VENCIDO, visto_bueno_hasta__lt=fecha)
        return [
            Sujeto(
                referencia(p.visto_bueno_hasta, p.pk),
                p.visto_bueno_hasta,
                f"Venció el {fecha_larga(p.visto_bueno_hasta)} el visto bueno del plan de abastecimiento de "
                f"{p.departamento} ({p.resolucion}) sin renovación automática: Ecopetrol debe presentar un nuevo plan.",
                rol_responsable=Rol.ECOPETROL,
            )
            for p in vencidos
            if p.departamento.lower() not in cubiertos
        ]

    def persisten(self, alertas, fecha):
        planes = _planes_de(alertas)
        aprobados = {
            d.lower()
            for d in PlanAbastecimiento.objects.filter(estado=Estado.APROBADO).values_list("departamento", flat=True)
        }
        return {i for i, plan in planes.items() if plan.departamento.lower() not in aprobados}


REVISIONES = [
    AsignacionFronteraVencida(),
    AsignacionFronteraExpirada(),
    PlanVistoBuenoVencido(),
    PlanEvaluacionVencida(),
    PlanAjustesVencidos(),
    PlanAvisoDianVencido(),
    PlanInformeAnualVencido(),
]


def vencimientos(anio: int, mes: int) -> list[dict]:
    """F-05: the first year's volumes are fixed within the first quarter."""
    if mes != 3:
        return []
    return [
        {
            "fecha": dt.date(anio, 3, 31),
            "que": "Volúmenes máximos de zonas de frontera del primer año (F-05)",
            "quien": "UPME",
        }
    ]


def enlace_alerta(alerta) -> tuple[str, str] | None:
    """A border alert links to the municipality it names, or to the border registry."""
    from django.urls import reverse

    if alerta.tipo == T.ASIGNACION_FRONTERA_VENCIDA:
        codigo = alerta.referencia.partition(":")[2]
        municipio = Municipio.objects.filter(codigo_dane=codigo).only("id", "nombre").first()
        if municipio:
            return f"Municipio de {municipio.nombre}", reverse("fronteras:municipio", args=[municipio.id])
    if alerta.tipo.startswith("plan_"):
        pk = _plan_id(alerta)
        plan = PlanAbastecimiento.objects.filter(pk=pk).first() if pk is not None else None
        if plan is not None:
            return f"Plan de abastecimiento de {plan.departamento}", reverse("fronteras:plan", args=[plan.pk])
        return "Planes de abastecimiento", reverse("fronteras:planes")
    return None
