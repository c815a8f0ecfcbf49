"""Reads of the annual allocation (R-05, D1891 art. 1): the proposal with its evidence, the totals,
and the XLSX template the analyst fills in offline.

The proposal is one query whatever the number of beneficiaries: every piece of evidence is a
correlated subquery probing an index (solicitud (beneficiario, anio), cupo (beneficiario, …),
movimiento (cupo, fecha), declaración (beneficiario, periodo), línea (resolución, beneficiario)).
"""

import datetime as dt
from decimal import Decimal

from django.apps import apps
from django.db.models import (
    Case,
    CharField,
    Count,
    DecimalField,
    Exists,
    ExpressionWrapper,
    F,
    IntegerField,
    OuterRef,
    Q,
    QuerySet,
    Subquery,
    Sum,
    Value,
    When,
)
from django.db.models.functions import Coalesce, Trim

from core.archivos.exportar import XLSX, agregar_fila, libro_xlsx, xlsx_bytes
from core.comun.errors import DatosInvalidos
from cupos.models import ESTADOS_CON_VIGENCIA, Beneficiario, Cupo, LineaAsignacion, Movimiento, Resolucion, Solicitud

GALONES = DecimalField(max_digits=14, decimal_places=2)
CERO = Value(Decimal("0.00"), output_field=GALONES)
Origen = LineaAsignacion.Origen

# ?orden= of the proposal: the name a client sends → the ordering (nulls last).
ORDENES = {
    "nombre": ("nombre",),
    "galones_solicitados": ("galones_solicitados",),
    "galones_anio_anterior": ("galones_anio_anterior",),
    "consumido_anio_anterior": ("consumido_anio_anterior",),
    "diferencia": ("diferencia",),
    "capitania": ("capitania__codigo", "nombre"),
    "tipo": ("tipo", "nombre"),
}
# ?diferencia= of the proposal: the proposed gallons against last year's cupo.
DIFERENCIAS = {
    "aumenta": "Más que el año anterior",
    "disminuye": "Menos que el año anterior",
    "igual": "Igual al año anterior",
    "sin_anterior": "Sin cupo el año anterior",
}


def _anio_anterior(resolucion: Resolucion) -> tuple[int, dt.date, dt.date]:
    anterior = resolucion.anio - 1
    return anterior, dt.date(anterior, 1, 1), dt.date(anterior, 12, 31)


def _subconsulta_suma(qs, campo_grupo: str, expresion, output_field=GALONES):
    """Σ expresion over the rows of `qs` (already filtered on OuterRef), as one scalar subquery."""
    return Subquery(qs.values(campo_grupo).annotate(t=expresion).values("t")[:1], output_field=output_field)


def sin_derecho_en(anio: int, beneficiario_ref="pk"):
    """R-04 par. 2 and the refusals: the beneficiary's application for `anio` was refused, or the
    information came late with no justified cause recorded. Such a beneficiary gets no line."""
    return Exists(
        Solicitud.objects.filter(beneficiario=OuterRef(beneficiario_ref), anio=anio)
        .annotate(_causa=Trim("causa_justificada"))
        .filter(Q(estado=Solicitud.Estado.RECHAZADA) | Q(extemporanea=True, _causa=""))
    )


def aprobada_en(anio: int, beneficiario_ref="pk"):
    return Exists(
        Solicitud.objects.filter(beneficiario=OuterRef(beneficiario_ref), anio=anio, estado=Solicitud.Estado.APROBADA)
    )


def continuidad_hacia(anio: int, beneficiario_ref="pk"):
    """A cupo in force at the end of the previous year (R-09: it runs on until the new one is firm),
    or a firm cupo of that year still waiting for Dimar's acknowledgement to start (R-06)."""
    anterior = anio - 1
    fin = dt.date(anterior, 12, 31)
    vigente = Q(estado__in=ESTADOS_CON_VIGENCIA, fecha_inicio__lte=fin) & (
        Q(fecha_fin__isnull=True) | Q(fecha_fin__gte=fin)
    )
    por_iniciar = Q(estado=Cupo.Estado.EN_FIRME, fecha_inicio__isnull=True, resolucion__anio=anterior)
    return Exists(Cupo.objects.filter(beneficiario=OuterRef(beneficiario_ref)).filter(vigente | por_iniciar))


def propuesta(
    resolucion: Resolucion,
    *,
    tipo: str | None = None,
    capitania: str | None = None,
    orden: str | None = None,
    diferencia: str | None = None,
    origen: str | None = None,
    buscar: str | None = None,
) -> QuerySet[Beneficiario]:
    """One row per beneficiary of the resolution's proposal, with its evidence side by side.

    The rows of an annual resolution: every beneficiary with an approved application for the year
    (origen "solicitud") or a cupo in force from the previous year (origen "continuidad"), except
    those refused or without the right for the year (R-04 par. 2). A modifying or additional one
    proposes the approved applications that still have no cupo in the year (R-04: late applicants
    with a justified cause). Beneficiaries with a line already set are always rows (origen
    "manual" when neither applies); `sin_derecho` flags a line whose beneficiary lost the right.

    Each Beneficiario carries: origen, galones_solicitados, galones_anio_anterior,
    consumido_anio_anterior, declarado_anio_anterior, declaraciones_no_contadas (late declarations,
    R-21), capacidad_combustible_gal (a field), linea_id, linea_galones, linea_motivo,
    galones_propuestos (the line, else the request, else last year's cupo), diferencia (against
    last year's cupo) and sin_derecho. One query, whatever the number of rows.
    """
    anio = resolucion.anio
    anterior, inicio, fin = _anio_anterior(resolucion)
    Declaracion = apps.get_model("distribuidores", "Declaracion")  # cupos does not import that app
    # No ordering (nor the joins the models' default orderings bring) inside a per-row subquery: one
    # row per (beneficiary, year) or (resolution, beneficiary) anyway; last year's cupo is the newest.
    solicitud = Solicitud.objects.filter(beneficiario=OuterRef("pk"), anio=anio).order_by()
    linea = LineaAsignacion.objects.filter(resolucion=resolucion, beneficiario=OuterRef("pk")).order_by()
    cupo_anterior = Cupo.objects.filter(
        beneficiario=OuterRef("pk"), resolucion__in=Resolucion.objects.filter(anio=anterior).values("pk")
    ).order_by("-id")
    consumo = Movimiento.objects.filter(
        cupo__beneficiario=OuterRef("pk"), fecha__gte=inicio, fecha__lte=fin, tipo__in=Movimiento.CONSUMO
    ).order_by()
    neto = Sum(Case(When(tipo=Movimiento.Tipo.DESCUENTO, then=F("galones")), default=-F("galones")))
    declaraciones = Declaracion.objects.filter(
        beneficiario=OuterRef("pk"), periodo__gte=inicio, periodo__lte=fin
    ).order_by()

    qs = Beneficiario.objects.select_related("capitania").annotate(
        _aprobada=aprobada_en(anio),
        _tiene_linea=Exists(linea),
        sin_derecho=sin_derecho_en(anio),
    )
    if resolucion.tipo == Resolucion.Tipo.ANUAL:
        qs = qs.annotate(_continuidad=continuidad_hacia(anio))
        # a continuity line only for those whose cupo needs no application of the year
        base = Q(_aprobada=True) | Q(_continuidad=True) & ~Q(tipo__in=Beneficiario.TIPOS_CON_SOLICITUD)
        origen_expr = Case(
            When(_aprobada=True, then=Value(Origen.SOLICITUD)),
            When(_continuidad=True, then=Value(Origen.CONTINUIDAD)),
            default=Value(Origen.MANUAL),
            output_field=CharField(),
        )
    else:
        del_anio = Cupo.objects.filter(beneficiario=OuterRef("pk"), resolucion__anio=anio).exclude(
            estado=Cupo.Estado.CANCELADO
        )
        qs = qs.annotate(_con_cupo=Exists(del_anio))
        base = Q(_aprobada=True, _con_cupo=False)
        origen_expr = Case(
            When(_aprobada=True, then=Value(Origen.SOLICITUD)), default=Value(Origen.MANUAL), output_field=CharField()
        )
    qs = qs.filter((base & Q(sin_derecho=False)) | Q(_tiene_linea=True)).annotate(
        origen=origen_expr,
        galones_solicitados=Subquery(solicitud.values("galones_solicitados")[:1], output_field=GALONES),
        galones_anio_anterior=Subquery(cupo_anterior.values("galones_anuales")[:1], output_field=GALONES),
        consumido_anio_anterior=Coalesce(_subconsulta_suma(consumo, "cupo__beneficiario", neto), CERO),
        declarado_anio_anterior=Coalesce(
            _subconsulta_suma(declaraciones.filter(extemporanea=False), "beneficiario", Sum("galones_adquiridos")),
            CERO,
        ),
        declaraciones_no_contadas=Coalesce(
            _subconsulta_suma(
                declaraciones.filter(extemporanea=True), "beneficiario", Count("id"), output_field=IntegerField()
            ),
            Value(0),
        ),
        linea_id=Subquery(linea.values("id")[:1]),
        linea_galones=Subquery(linea.values("galones_anuales")[:1], output_field=GALONES),
        linea_motivo=Subquery(linea.values("motivo")[:1]),
    )
    qs = qs.annotate(
        galones_propuestos=Coalesce("linea_galones", "galones_solicitados", "galones_anio_anterior"),
    ).annotate(
        diferencia=ExpressionWrapper(  # null without last year's cupo (null − x)
            F("galones_propuestos") - F("galones_anio_anterior"), output_field=GALONES
        ),
    )
    return _filtrar(
        qs, tipo=tipo, capitania=capitania, diferencia=diferencia, origen=origen, buscar=buscar, orden=orden
    )


def _filtrar(qs, *, tipo, capitania, diferencia, origen, buscar, orden) -> QuerySet[Beneficiario]:
    errores = {}
    if tipo:
        if tipo not in Beneficiario.Tipo.values:
            errores["tipo"] = f"«{tipo}» no es un tipo de beneficiario."
        qs = qs.filter(tipo=tipo)
    if capitania:
        qs = qs.filter(capitania__codigo=capitania)
    if origen:
        if origen not in Origen.values:
            errores["origen"] = f"«{origen}» no es un origen: use solicitud, continuidad o manual."
        qs = qs.filter(origen=origen)
    if diferencia:
        filtros = {
            "aumenta": Q(diferencia__gt=0),
            "disminuye": Q(diferencia__lt=0),
            "igual": Q(diferencia=0),
            "sin_anterior": Q(galones_anio_anterior__isnull=True),
        }
        if diferencia not in filtros:
            errores["diferencia"] = f"«{diferencia}» no es un filtro: use {', '.join(DIFERENCIAS)}."
        else:
            qs = qs.filter(filtros[diferencia])
    if buscar:
        qs = qs.filter(
            Q(nombre__icontains=buscar) | Q(matricula__icontains=buscar) | Q(identificacion__icontains=buscar)
        )
    descendente = bool(orden) and orden.startswith("-")
    clave = (orden or "nombre").lstrip("-")
    if clave not in ORDENES:
        errores["orden"] = f"«{orden}» no es un orden: use {', '.join(ORDENES)} (con - para descendente)."
    if errores:
        raise DatosInvalidos(errores)
    campos = [F(c).desc(nulls_last=True) if descendente else F(c).asc(nulls_last=True) for c in ORDENES[clave]]
    return qs.order_by(*campos, "id")


def totales(resolucion: Resolucion) -> dict:
    """The lines against last year: how many, their gallons, the gallons of every cupo of the previous
    year (the latest of each beneficiary), and the difference. Two queries."""
    anterior, _, _ = _anio_anterior(resolucion)
    lineas = LineaAsignacion.objects.filter(resolucion=resolucion).aggregate(n=Count("id"), g=Sum("galones_anuales"))
    ultimo = Cupo.objects.filter(beneficiario=OuterRef("beneficiario"), resolucion__anio=anterior).order_by(
        "-resolucion__fecha_expedicion", "-id"
    )
    previo = (
        Cupo.objects.filter(resolucion__anio=anterior)
        .filter(pk=Subquery(ultimo.values("pk")[:1]))
        .aggregate(n=Count("id"), g=Sum("galones_anuales"))
    )
    galones = lineas["g"] or Decimal("0.00")
    galones_anterior = previo["g"] or Decimal("0.00")
    return {
        "lineas": lineas["n"],
        "galones": galones,
        "beneficiarios_anio_anterior": previo["n"],
        "galones_anio_anterior": galones_anterior,
        "diferencia": galones - galones_anterior,
        "porcentaje": round((galones - galones_anterior) * 100 / galones_anterior, 1) if galones_anterior else None,
    }


def lineas_count(resolucion: Resolucion) -> int:
    return LineaAsignacion.objects.filter(resolucion=resolucion).count()


# --- The XLSX template ---------------------------------------------------------------------------

# Columns of the template: (the name the import reads, the header a person reads, what it means).
# Row 1 holds the headers in words (issue 26); the import reads them by header in any order, and also
# the snake_case names of the templates downloaded before.
COLUMNAS = (
    ("beneficiario", "Id del beneficiario", "No lo cambie"),
    ("nombre", "Nombre", ""),
    ("matricula", "Matrícula", ""),
    ("identificacion", "Identificación", ""),
    ("tipo", "Tipo", ""),
    ("capitania", "Capitanía", ""),
    ("origen", "Origen", ""),
    ("galones_solicitados", "Galones solicitados", ""),
    ("galones_anio_anterior", "Galones año anterior", "Cupo del año anterior"),
    ("consumido_anio_anterior", "Consumido año anterior", ""),
    ("declarado_anio_anterior", "Declarado año anterior", ""),
    ("declaraciones_no_contadas", "Declaraciones extemporáneas", "No tenidas en cuenta"),
    ("capacidad_combustible_gal", "Capacidad de combustible en galones", ""),
    ("galones_anuales", "Galones anuales asignados", "Escriba los galones de la línea"),
    ("motivo", "Motivo", "Si difiere de lo solicitado"),
)
COLUMNAS_XLSX = tuple((codigo, encabezado) for codigo, encabezado, _ in COLUMNAS)


def _normal(texto: str) -> str:
    import unicodedata

    sin_tildes = unicodedata.normalize("NFKD", str(texto)).encode("ascii", "ignore").decode()
    return " ".join(sin_tildes.lower().replace("_", " ").split())


# Header as read (case, accents, underscores and spaces ignored) → the column's name.
ENCABEZADOS = {_normal(encabezado): codigo for codigo, encabezado, _ in COLUMNAS} | {
    _normal(codigo): codigo for codigo, _, _ in COLUMNAS
}


def columna_de_encabezado(encabezado) -> str:
    """The column a header names (a Spanish header or the old snake_case name); "" when none."""
    return ENCABEZADOS.get(_normal(encabezado or ""), "")


def encabezado_de(codigo: str) -> str:
    return dict(COLUMNAS_XLSX).get(codigo, codigo)


COLUMNAS_EDITABLES = ("galones_anuales", "motivo")
TIPO_XLSX = XLSX


def lineas_exportar_xlsx(resolucion: Resolucion, **filtros) -> bytes:
    """The template: the proposal with its evidence, one row per beneficiary; the analyst fills in
    `galones_anuales` (pre-filled with the line already set) and `motivo`, and uploads it back.
    Row 1 holds the headers the import reads; row 2 a note on the columns that need one."""
    libro = libro_xlsx(write_only=True)
    hoja = libro.create_sheet(f"Líneas {resolucion.anio}")
    agregar_fila(hoja, [encabezado for _, encabezado, _ in COLUMNAS], negrita=True)
    agregar_fila(hoja, [nota for _, _, nota in COLUMNAS])
    for b in propuesta(resolucion, **filtros).iterator(chunk_size=2000):
        agregar_fila(
            hoja,
            [
                b.id,
                b.nombre,
                b.matricula or "",
                b.identificacion,
                b.get_tipo_display(),
                b.capitania.codigo if b.capitania_id else "",
                Origen(b.origen).label,
                b.galones_solicitados,
                b.galones_anio_anterior,
                b.consumido_anio_anterior,
                b.declarado_anio_anterior,
                b.declaraciones_no_contadas,
                b.capacidad_combustible_gal,
                b.linea_galones,
                b.linea_motivo or "",
            ],
        )
    return xlsx_bytes(libro)


def nombre_archivo_xlsx(resolucion: Resolucion) -> str:
    return f"lineas-resolucion-{resolucion.anio}-{resolucion.pk}.xlsx"
