"""Scoped access to zarpes and certificates: an officer sees its capitanía, a beneficiary its vessel, a
wholesaler a certificate whose paper it holds (its verification code)."""

import hmac

from core.comun.errors import NoEncontrado, PermisoDenegado
from core.comun.numeros import entero
from core.identidad.access import require_role
from core.identidad.roles import Rol
from core.models import Capitania
from cupos.access import beneficiario_access
from cupos.models import Beneficiario
from zarpes.models import Certificado, InspectorDesignado, Zarpe

ROLES_ZARPE = (Rol.CAPITANIA_OFICIAL,)
# The capitanía that issued a certificate annuls it (D1891: Dimar controls the cupo "por intermedio
# de las Capitanías de Puerto"); Dimar and UPME read, they do not issue nor annul.
ROLES_ANULACION = ROLES_ZARPE
LECTORES_ZARPES = (Rol.CAPITANIA_OFICIAL, Rol.DIMAR, Rol.UPME_ANALISTA, Rol.AUDITOR, Rol.BENEFICIARIO)
# Wholesalers read certificates: they sell against them.
LECTORES_CERTIFICADOS = (*LECTORES_ZARPES, Rol.DISTRIBUIDOR)
# A beneficiary reads its own certificates on /zarpes/.
ROLES_CERTIFICADOS_PROPIOS = (Rol.BENEFICIARIO,)
# who keeps the register of the inspectors a capitanía designates: its officer, and Dimar (the
# capitanías are Dimar's; administrators pass every role check).
ROLES_DESIGNACION = (Rol.CAPITANIA_OFICIAL, Rol.DIMAR)
# Who reads it: the same, and those who read every zarpe.
LECTORES_DESIGNACION = (Rol.CAPITANIA_OFICIAL, Rol.DIMAR, Rol.UPME_ANALISTA, Rol.AUDITOR)
# Who reads the list of every zarpe (the /zarpes/ page of these roles).
ROLES_LISTA = (Rol.DIMAR, Rol.UPME_ANALISTA, Rol.AUDITOR)


def es_oficial(user) -> bool:
    return user.rol == Rol.CAPITANIA_OFICIAL


def es_beneficiario(user) -> bool:
    return user.rol == Rol.BENEFICIARIO


def zarpes_visibles(user, queryset):
    if user.es_administrador:
        return queryset
    if es_oficial(user):
        return queryset.filter(capitania_id=user.capitania_id)
    if es_beneficiario(user):
        return queryset.filter(nave_id=user.beneficiario_id)
    return queryset


def zarpe_access(user, zarpe_id) -> Zarpe:
    require_role(user, *LECTORES_ZARPES)
    pk = entero(zarpe_id)
    zarpe = zarpes_visibles(user, Zarpe.objects.select_related("nave", "capitania", "cupo")).filter(pk=pk).first()
    if zarpe is None:
        raise NoEncontrado("No existe ese zarpe.")
    return zarpe


def zarpe_access_para_escribir(user, zarpe_id: int) -> Zarpe:
    """The zarpe locked for a write (inside the caller's transaction), if it is in the officer's capitanía."""
    bloqueados = Zarpe.objects.select_for_update(of=("self",)).select_related("capitania", "cupo")
    zarpe = bloqueados.filter(pk=zarpe_id).first()
    if zarpe is None:
        raise NoEncontrado("No existe ese zarpe.")
    if es_oficial(user) and user.capitania_id != zarpe.capitania_id:
        raise NoEncontrado("No existe ese zarpe en su capitanía.")  # another capitanía's zarpe: out of scope
    return zarpe


def nave_access(user, nave_id) -> Beneficiario:
    """A vessel the user may see: only vessels clear a port (R-13)."""
    try:
        beneficiario = beneficiario_access(user, nave_id)
    except NoEncontrado:
        beneficiario = None  # an officer does not see acuicultoras or the Armada: the same answer
    if beneficiario is None or not beneficiario.es_nave:
        raise NoEncontrado("No existe una nave con ese id.")
    return beneficiario


def capitania_del_oficial(user):
    """Certificates are issued at the officer's own capitanía (an administrator has none)."""
    if user.capitania is None:
        raise PermisoDenegado("Solo un oficial con capitanía asignada expide certificados de cupo de exención.")
    return user.capitania


def codigo_normalizado(codigo: str | None) -> str:
    """The verification code as typed, read aloud or scanned: the QR's URL (…/verificar/<código>/) or the
    code itself, in any case, with or without its dashes and spaces."""
    texto = str(codigo or "").strip()
    if "/verificar/" in texto:
        texto = texto.rstrip("/").rsplit("/", 1)[-1]
    return "".join(c for c in texto.upper() if c.isalnum())


def certificado_presentado(certificado: Certificado, codigo: str | None) -> bool:
    """Whether `codigo` is the certificate's verification code: the proof, printed under its QR, that the
    vessel handed the paper over (API.md "Wholesalers"). Compared in constant time."""
    dado = codigo_normalizado(codigo)
    return bool(dado) and hmac.compare_digest(dado, codigo_normalizado(certificado.codigo_verificacion))


def lee_con_codigo(user) -> bool:
    """A wholesaler reads a certificate only with its verification code, and never receives the code."""
    return not user.es_administrador and user.rol == Rol.DISTRIBUIDOR


def certificado_access(user, numero: str, *, codigo: str | None = None) -> Certificado:
    require_role(user, *LECTORES_CERTIFICADOS)
    qs = Certificado.objects.select_related("zarpe", "nave", "capitania", "cupo__resolucion")
    # Officers read certificates of every capitanía: a vessel presents its last one at any port.
    if not user.es_administrador and es_beneficiario(user):
        qs = qs.filter(nave_id=user.beneficiario_id)
    certificado = qs.filter(numero=str(numero).strip().upper()).first()
    if certificado is None or (lee_con_codigo(user) and not certificado_presentado(certificado, codigo)):
        # A wholesaler without the paper's code learns nothing, not even that the number exists.
        raise NoEncontrado("No existe ese certificado, o el código de verificación no es el suyo.")
    return certificado


def certificado_access_para_anular(user, numero: str) -> Certificado:
    """A certificate issued at the officer's own capitanía (another capitanía's is out of scope: 404)."""
    require_role(user, *ROLES_ANULACION)
    certificado = Certificado.objects.filter(numero=str(numero).strip().upper()).first()
    if certificado is None:
        raise NoEncontrado("No existe ese certificado.")
    if es_oficial(user) and user.capitania_id != certificado.capitania_id:
        raise NoEncontrado("No existe ese certificado en su capitanía.")
    return certificado


def capitania_para_designar(user, codigo: str | None) -> Capitania:
    """R-13: the capitanía whose inspectors `user` designates: an officer only its own (another's is a
    403 that says so); Dimar or an administrator any, by its code."""
    require_role(user, *ROLES_DESIGNACION)
    if es_oficial(user) and not user.es_administrador:
        propia = user.capitania
        if propia is None:
            raise PermisoDenegado("Solo un oficial con capitanía asignada designa inspectores.")
        if codigo and str(codigo).strip().upper() != propia.codigo:
            raise PermisoDenegado(f"Usted solo puede designar inspectores de su capitanía ({propia.codigo}).")
        return propia
    capitania = Capitania.objects.filter(codigo=str(codigo or "").strip().upper()).first()
    if capitania is None:
        raise NoEncontrado(f"No existe la capitanía «{codigo}».")
    return capitania


def inspectores_visibles(user, queryset):
    """An officer sees its capitanía's register; Dimar, UPME, auditors and administrators every one."""
    if es_oficial(user) and not user.es_administrador:
        return queryset.filter(capitania_id=user.capitania_id)
    return queryset


def inspector_access_para_escribir(user, inspector_id) -> InspectorDesignado:
    """A designation locked for a write (inside the caller's transaction), in the user's scope."""
    require_role(user, *ROLES_DESIGNACION)
    pk = entero(inspector_id)
    bloqueados = InspectorDesignado.objects.select_for_update(of=("self",)).select_related("capitania")
    inspector = inspectores_visibles(user, bloqueados).filter(pk=pk).first() if pk is not None else None
    if inspector is None:
        raise NoEncontrado("No existe esa designación de inspector en su capitanía.")
    return inspector


def mostrador_access(user, mostrador_id):
    """Issue 43: a counter of the officer's own capitanía (any other is not found)."""
    from zarpes.models import Mostrador

    require_role(user, *ROLES_ZARPE)
    numero = entero(mostrador_id)
    mostrador = (
        Mostrador.objects.select_related("capitania").filter(pk=numero, capitania_id=user.capitania_id).first()
        if numero is not None and user.capitania_id
        else None
    )
    if mostrador is None:
        raise NoEncontrado("No existe un mostrador con ese id en su capitanía.")
    return mostrador
