"""Writes on the shared registries and on users. Each checks the actor, audits, and is atomic."""

from django.contrib.auth.password_validation import validate_password
from django.core.exceptions import ValidationError
from django.db import transaction

from core.api.auth import token_emitir, tokens_revocar
from core.auditoria.audit import audit_record, guardar_auditado, snapshot
from core.comun.errors import ApplicationError, DatosInvalidos, ErrorCore, unico, validar_modelo
from core.comun.numeros import entero
from core.identidad.access import require_admin, require_role
from core.identidad.roles import ENTIDADES_INTEGRACION, Rol
from core.models import Capitania, Distribuidor, Usuario

ROLES_REGISTRO = (Rol.UPME_ANALISTA,)


def capitania_create(*, actor: Usuario, codigo: str, nombre: str) -> Capitania:
    require_role(actor, *ROLES_REGISTRO)
    capitania = Capitania(codigo=(codigo or "").strip().upper(), nombre=(nombre or "").strip())
    with transaction.atomic():
        return guardar_auditado(capitania, actor=actor, accion="capitania.crear")


def distribuidor_create(
    *, actor: Usuario, nit: str, razon_social: str, tipo: str, habilitacion_numero: str = "",
    habilitacion_fecha=None, habilitacion_vigente_hasta=None,
) -> Distribuidor:
    """A wholesaler, maritime service station (with its habilitation, R-18) or border tercero."""
    require_role(actor, *ROLES_REGISTRO)
    distribuidor = Distribuidor(
        nit=(nit or "").strip(), razon_social=(razon_social or "").strip(), tipo=tipo,
        habilitacion_numero=(habilitacion_numero or "").strip(), habilitacion_fecha=habilitacion_fecha,
        habilitacion_vigente_hasta=habilitacion_vigente_hasta,
    )
    with transaction.atomic():
        return guardar_auditado(distribuidor, actor=actor, accion="distribuidor.crear")


def usuario_create(
    *, actor: Usuario, username: str, password: str, rol: str, email: str = "",
    capitania: str | None = None, distribuidor_nit: str | None = None, beneficiario: int | None = None,
    agencia_nit: str | None = None, nit: str | None = None, conferencia: str | None = None,
    entidad: str | None = None, first_name: str = "", last_name: str = "",
) -> Usuario:
    """Create a user with one role and the scope that role needs (API.md "Users and roles")."""
    require_admin(actor)
    errores: dict[str, list[str]] = {}
    if rol not in Rol.values:
        errores["rol"] = [f"«{rol}» no es un rol válido. Opciones: {', '.join(Rol.values)}."]
    usuario = Usuario(
        username=(username or "").strip(), email=email or "", rol=rol, first_name=first_name, last_name=last_name
    )
    if rol == Rol.CAPITANIA_OFICIAL:
        usuario.capitania = Capitania.objects.filter(codigo=str(capitania or "").strip().upper()).first()
        if usuario.capitania is None:
            errores["capitania"] = ["Un oficial de capitanía necesita el código de una capitanía existente."]
    if rol == Rol.DISTRIBUIDOR:
        usuario.distribuidor = Distribuidor.objects.filter(nit=str(distribuidor_nit or "").strip()).first()
        if usuario.distribuidor is None:
            errores["distribuidor_nit"] = ["Un usuario distribuidor necesita el NIT de un distribuidor registrado."]
    if rol == Rol.BENEFICIARIO:
        beneficiarios = Usuario._meta.get_field("beneficiario").related_model.objects
        pk = entero(beneficiario)
        usuario.beneficiario = beneficiarios.filter(pk=pk).first() if pk is not None else None
        if usuario.beneficiario is None:
            errores["beneficiario"] = ["Un usuario beneficiario necesita el id de un beneficiario existente."]
    # Cargo reservation scopes (reserva/): the NIT or code is the scope; the registry may come later.
    alcances = (
        (Rol.AGENTE_MARITIMO, "agencia_nit", agencia_nit, "Un agente marítimo necesita el NIT de su agencia."),
        (Rol.USUARIO_CARGA, "nit", nit, "Un importador o exportador necesita su NIT."),
        (Rol.CONFERENCIA, "conferencia", conferencia, "El representante de una conferencia necesita su código."),
    )
    for rol_alcance, campo, valor, mensaje in alcances:
        if rol == rol_alcance:
            setattr(usuario, campo, str(valor or "").strip()[:40])
            if not getattr(usuario, campo):
                errores[campo] = [mensaje]
    if rol == Rol.INTEGRACION:
        usuario.entidad = str(entidad or "").strip()
        if usuario.entidad not in ENTIDADES_INTEGRACION:
            opciones = ", ".join(f"{codigo} ({nombre})" for codigo, nombre in ENTIDADES_INTEGRACION.items())
            errores["entidad"] = [f"Una cuenta de integración necesita la entidad por la que habla: {opciones}."]
    try:
        validate_password(password or "", user=usuario)
    except ValidationError as exc:
        errores["password"] = list(exc.messages)
    try:
        usuario.full_clean(exclude=["password"])
    except ValidationError as exc:
        for campo, mensajes in exc.message_dict.items():
            errores.setdefault(campo, []).extend(mensajes)
    if errores:
        raise DatosInvalidos(errores)
    usuario.set_password(password)
    if rol == Rol.ADMINISTRADOR:
        usuario.is_staff = True
    elif rol in (Rol.UPME_ANALISTA, Rol.AUDITOR, Rol.DIMAR):
        usuario.is_staff = True  # back-office admin, limited by model permissions (Dimar: C-01's shares)
    with unico(ApplicationError(ErrorCore.USUARIO_DUPLICADO, f"Ya existe un usuario «{usuario.username}».")):
        usuario.save()
        audit_record(actor=actor, accion="usuario.crear", obj=usuario)
    return usuario


def usuario_token(*, usuario: Usuario):
    """A new API token for the user: (the stored row with its expiry, the key, shown only this once)."""
    return token_emitir(usuario)


def usuario_tokens_revocar(*, actor: Usuario, usuario: Usuario) -> int:
    """An administrator revokes every API token of a user (e.g. a lost device); audited."""
    require_admin(actor)
    with transaction.atomic():
        revocados = tokens_revocar(usuario)
        audit_record(actor=actor, accion="usuario.revocar_tokens", obj=usuario, despues={"tokens_revocados": revocados})
    return revocados


def usuario_update(*, actor: Usuario, usuario: Usuario, **campos) -> Usuario:
    """Change a user's role, scope or activity (administrators only)."""
    require_admin(actor)
    antes = snapshot(usuario)
    for campo, valor in campos.items():
        setattr(usuario, campo, valor)
    validar_modelo(usuario, exclude=["password"])
    with transaction.atomic():
        usuario.save()
        audit_record(actor=actor, accion="usuario.actualizar", obj=usuario, antes=antes)
    return usuario
