"""API of the platform: token login, users, the public registries, and the audit trail."""

from django.contrib.auth import authenticate
from drf_spectacular.utils import OpenApiParameter, extend_schema, extend_schema_view, inline_serializer
from rest_framework import serializers, status
from rest_framework.permissions import AllowAny, IsAuthenticated
from rest_framework.response import Response
from rest_framework.views import APIView

from core import selectors, services
from core.api.auth import TokenConAlcance
from core.api.componentes import INSTANTANEA, json_tipado
from core.api.fields import Clave
from core.api.filtros import filtros, filtros_conocidos
from core.api.idempotency import idempotente
from core.api.pagination import Paginacion
from core.api.permissions import PorRol
from core.comun.errors import ErrorCore, NoEncontrado, PermisoDenegado
from core.identidad import segundo_factor
from core.identidad.access import alertas_visibles
from core.identidad.auth import LOCKOUT_DETALLE, con_reintento
from core.identidad.roles import ENTIDADES_INTEGRACION, Rol
from core.models import Alerta, Capitania, Distribuidor, RegistroAuditoria, Usuario

TODOS = tuple(Rol.values)


class ApiBase(APIView):
    permission_classes = [PorRol]
    # Declared (not only used by paginate) so the OpenAPI schema documents a list answer as the
    # {"count","next","previous","results"} envelope it is, with ?page= and ?page_size=.
    pagination_class = Paginacion
    roles_lectura: tuple = ()
    roles_escritura: tuple = ()
    # A GET that takes query parameters declares them here (what the schema documents): any other is a
    # 400 filtro_desconocido, after the credentials and the role are checked and before the object is
    # looked up (API.md "Conventions"). None: the view takes none it would read.
    parametros: list | None = None

    def initial(self, request, *args, **kwargs):
        super().initial(request, *args, **kwargs)
        if request.method == "GET" and self.parametros is not None:
            filtros_conocidos(request, self)  # an unknown ?filter= is a 400, never the whole answer

    def paginate(self, queryset, serializer_class):
        paginator = self.pagination_class()
        page = paginator.paginate_queryset(queryset, self.request, view=self)
        return paginator.get_paginated_response(serializer_class(page, many=True).data)

    def entrada(self, request) -> dict:
        """The body validated by the view's InputSerializer (a 400 with the field map otherwise)."""
        entrada = self.InputSerializer(data=request.data)
        entrada.is_valid(raise_exception=True)
        return entrada.validated_data


class ListaApi(ApiBase):
    # A list (the URL's arguments passed along): GET answers a page of `listar()`, rendered by
    # `Output`, which is what the OpenAPI schema documents (with `parametros`, GET's query
    # parameters). These base classes explain themselves in comments: a docstring would be every
    # subclass's description in the schema.

    Output = None
    parametros: list = []

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        if cls.Output is not None:
            esquema = extend_schema(parameters=cls.parametros or None, responses=cls.Output(many=True))
            extend_schema_view(get=esquema)(cls)

    def listar(self, request, **kwargs):
        raise NotImplementedError

    def get(self, request, **kwargs):
        return self.paginate(self.listar(request, **kwargs), self.Output)


class ColeccionApi(ListaApi):
    # A collection: GET as a ListaApi; POST validates the body with InputSerializer, `crear()` runs
    # the one service (`accion`), and the new object rendered by `Output` is the 201 answer, as the
    # OpenAPI schema documents.

    accion = None  # the service that creates: (*, actor, **body) -> object

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        if cls.Output is not None and hasattr(cls, "InputSerializer"):
            extend_schema_view(post=extend_schema(request=cls.InputSerializer, responses={201: cls.Output}))(cls)

    def crear(self, request, datos: dict, **kwargs):
        return type(self).accion(actor=request.user, **datos)

    @idempotente
    def post(self, request, **kwargs):
        objeto = self.crear(request, self.entrada(request), **kwargs)
        return Response(self.Output(objeto).data, status=status.HTTP_201_CREATED)


class DetalleApi(ApiBase):
    # GET …/<id>/: one object, reached through its access helper `acceso` (user, id) -> object (not
    # found outside the caller's scope), rendered by `Output`, as the OpenAPI schema documents.

    Output = None
    acceso = None

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        if cls.Output is not None:
            extend_schema_view(get=extend_schema(responses=cls.Output))(cls)

    def objeto(self, request, **kwargs):
        return type(self).acceso(request.user, *kwargs.values())

    def get(self, request, **kwargs):
        return Response(self.Output(self.objeto(request, **kwargs)).data)


class AccionApi(ApiBase):
    # POST …/<id>/<act>/: one act on one object. `objeto()` reaches the object through its access
    # helper `acceso` (not found outside the caller's scope), the body is validated by
    # InputSerializer, the service `accion` runs as accion(actor=…, <parametro>=object, **body), and
    # `Output` renders what it returns, as the OpenAPI schema documents. The object is reached first
    # (its 404 wins over a 400) unless `validar_antes`.

    Output = None
    acceso = None
    accion = None
    parametro = ""
    validar_antes = False

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        if cls.Output is not None and hasattr(cls, "InputSerializer"):
            extend_schema_view(post=extend_schema(request=cls.InputSerializer, responses=cls.Output))(cls)

    def objeto(self, request, **kwargs):
        return type(self).acceso(request.user, *kwargs.values())

    def post(self, request, **kwargs):
        if self.validar_antes:
            datos = self.entrada(request)
            objeto = self.objeto(request, **kwargs)
        else:
            objeto = self.objeto(request, **kwargs)
            datos = self.entrada(request)
        objeto = type(self).accion(actor=request.user, **{self.parametro: objeto}, **datos)
        return Response(self.Output(objeto).data)


class TokenApi(APIView):
    """POST {"username","password","codigo"?} → {"token","expira"}; DELETE revokes the token that
    authenticates it.

    A user who signs or decides acts (analysts, Dimar, MinMinas, administrators) gets a token only with
    `codigo`, a fresh 6-digit code of their authenticator app (else 401 segundo_factor_requerido), and it
    lasts at most 12 hours. Other tokens expire after API_TOKEN_DIAS (30 days by default). Only a token's
    hash is stored. Failed logins and wrong codes are throttled (django-axes, per username and address,
    and per address).
    """

    class InputSerializer(serializers.Serializer):
        # Bounded: the failed-login record (django-axes) stores the username in 255 characters, and
        # hashing a megabyte-long password would be a cheap way to burn the server's CPU.
        username = serializers.CharField(max_length=150)
        password = Clave(max_length=4096)
        codigo = serializers.CharField(
            max_length=20, required=False, allow_blank=True,
            help_text="Código de 6 dígitos del segundo factor: obligatorio para quien firma o decide actos.",
        )

    def initialize_request(self, request, *args, **kwargs):
        # Logging in reads no credentials (a stale token sent along must not refuse the login);
        # revoking needs the token itself, never a session.
        self.authentication_classes = [TokenConAlcance] if request.method == "DELETE" else []
        return super().initialize_request(request, *args, **kwargs)

    def get_permissions(self):
        return [IsAuthenticated()] if self.request.method == "DELETE" else [AllowAny()]

    @extend_schema(
        request=InputSerializer,
        responses=inline_serializer("Token", {"token": serializers.CharField(), "expira": serializers.DateTimeField()}),
    )
    def post(self, request):
        entrada = self.InputSerializer(data=request.data)
        entrada.is_valid(raise_exception=True)
        codigo = entrada.validated_data.pop("codigo", "")
        usuario = authenticate(request._request, **entrada.validated_data)
        if getattr(request._request, "axes_locked_out", False):
            return self._bloqueo(request)
        if usuario is None or not usuario.is_active:
            return Response(
                {"non_field_errors": ["Usuario o contraseña incorrectos."]}, status=status.HTTP_400_BAD_REQUEST
            )
        if segundo_factor.requiere(usuario):
            error = self._segundo_factor_error(request, usuario, codigo)
            if getattr(request._request, "axes_locked_out", False):
                return self._bloqueo(request)
            if error:
                return Response({"codigo": ErrorCore.SEGUNDO_FACTOR_REQUERIDO, "detalle": error}, status=401)
        token, clave = services.usuario_token(usuario=usuario)
        expira = serializers.DateTimeField().to_representation(token.expiry) if token.expiry else None
        return Response({"token": clave, "expira": expira})

    @staticmethod
    def _bloqueo(request):
        bloqueo = Response({"codigo": ErrorCore.DEMASIADOS_INTENTOS, "detalle": LOCKOUT_DETALLE}, status=429)
        return con_reintento(bloqueo, request._request)

    @staticmethod
    def _segundo_factor_error(request, usuario, codigo: str) -> str:
        """"" when `codigo` is a fresh code of the user's authenticator app; else what to do, in Spanish.
        A wrong code counts as a failed login (django-axes), as on the login page."""
        if not str(codigo or "").strip():
            return (
                "Su rol firma o decide actos: para obtener un token envíe también «codigo», el código de 6 "
                "dígitos que muestra ahora su aplicación autenticadora."
            )
        if segundo_factor.dispositivo(usuario) is None:
            return (
                "Su cuenta no tiene una aplicación autenticadora inscrita: inscríbala al ingresar al portal, "
                "o pida a un administrador que la inscriba (manage.py segundo_factor)."
            )
        _, error = segundo_factor.verificar(request._request, usuario, codigo)
        return error

    @extend_schema(request=None, responses={204: None})
    def delete(self, request):
        request.auth.delete()
        return Response(status=status.HTTP_204_NO_CONTENT)


class UsuarioOutput(serializers.ModelSerializer):
    # Django's username rule takes any Unicode letter (\w in Python); the ASCII pattern the model's
    # validator would put in the schema (\w in JSON Schema) would call a valid "Éliana" invalid.
    username = serializers.CharField(read_only=True)
    capitania = serializers.SlugRelatedField(slug_field="codigo", read_only=True, allow_null=True)
    distribuidor_nit = serializers.CharField(source="distribuidor.nit", default=None, read_only=True, allow_null=True)
    beneficiario = serializers.PrimaryKeyRelatedField(read_only=True, allow_null=True)

    class Meta:
        model = Usuario
        fields = [
            "id",
            "username",
            "email",
            "rol",
            "capitania",
            "distribuidor_nit",
            "beneficiario",
            "agencia_nit",
            "nit",
            "conferencia",
            "entidad",
            "is_active",
        ]


class UsuarioApi(ColeccionApi):
    """Administrators create users with a role and its scope."""

    Output = UsuarioOutput
    accion = services.usuario_create

    class InputSerializer(serializers.Serializer):
        username = serializers.CharField(max_length=150)
        password = Clave(max_length=4096)
        rol = serializers.ChoiceField(choices=Rol.choices)
        email = serializers.EmailField(required=False, allow_blank=True)  # a default "" is no e-mail: invalid OpenAPI
        capitania = serializers.CharField(required=False, allow_null=True, allow_blank=True)
        distribuidor_nit = serializers.CharField(required=False, allow_null=True, allow_blank=True)
        beneficiario = serializers.IntegerField(required=False, allow_null=True)
        agencia_nit = serializers.CharField(max_length=20, required=False, allow_null=True, allow_blank=True)
        nit = serializers.CharField(max_length=20, required=False, allow_null=True, allow_blank=True)
        conferencia = serializers.CharField(max_length=40, required=False, allow_null=True, allow_blank=True)
        entidad = serializers.ChoiceField(
            choices=sorted(ENTIDADES_INTEGRACION.items()), required=False, allow_null=True, allow_blank=True,
            help_text="Rol integracion: la entidad por la que habla el sistema.",
        )

    def crear(self, request, datos: dict, **kwargs):
        if datos.get("rol") == Rol.ADMINISTRADOR:
            # A stolen token must never mint the administrator who then acts without a second factor.
            raise PermisoDenegado(
                "Un administrador no se crea por la API: créelo en el servidor con «manage.py createsuperuser» "
                "e inscriba su segundo factor con «manage.py segundo_factor»."
            )
        return super().crear(request, datos, **kwargs)

    def listar(self, request):
        return Usuario.objects.select_related("capitania", "distribuidor").order_by("id")


class UsuarioTokensApi(ApiBase):
    """DELETE: an administrator revokes every API token of a user → {"tokens_revocados": n}."""

    @extend_schema(
        request=None,
        responses=inline_serializer("TokensRevocados", {"tokens_revocados": serializers.IntegerField()}),
    )
    def delete(self, request, pk):
        usuario = Usuario.objects.filter(pk=pk).first()
        if usuario is None:
            raise NoEncontrado("No existe ese usuario.")
        revocados = services.usuario_tokens_revocar(actor=request.user, usuario=usuario)
        return Response({"tokens_revocados": revocados})


class YoApi(ApiBase):
    """Who am I: the caller's role and scope."""

    roles_lectura = TODOS

    @extend_schema(responses=UsuarioOutput)
    def get(self, request):
        return Response(UsuarioOutput(request.user).data)


class CapitaniaOutput(serializers.ModelSerializer):
    class Meta:
        model = Capitania
        fields = ["id", "codigo", "nombre", "activa"]


class CapitaniaApi(ColeccionApi):
    """The registry of Capitanías de Puerto: readable by every role, kept by UPME."""

    Output = CapitaniaOutput
    parametros = filtros("q")
    accion = services.capitania_create

    roles_lectura = TODOS
    roles_escritura = services.ROLES_REGISTRO

    class InputSerializer(serializers.Serializer):
        codigo = serializers.CharField(max_length=10)
        nombre = serializers.CharField(max_length=120)

    def listar(self, request):
        return selectors.capitania_list(q=request.query_params.get("q", ""))


class DistribuidorOutput(serializers.ModelSerializer):
    class Meta:
        model = Distribuidor
        fields = [
            "id",
            "nit",
            "razon_social",
            "tipo",
            "activo",
            "habilitacion_numero",
            "habilitacion_fecha",
            "habilitacion_vigente_hasta",
        ]


class DistribuidorApi(ColeccionApi):
    """The registry of wholesalers and maritime stations: readable by every role, kept by UPME."""

    Output = DistribuidorOutput
    parametros = filtros("q", "tipo")
    accion = services.distribuidor_create

    roles_lectura = TODOS
    roles_escritura = services.ROLES_REGISTRO

    class InputSerializer(serializers.Serializer):
        nit = serializers.CharField(max_length=20)
        razon_social = serializers.CharField(max_length=200)
        tipo = serializers.ChoiceField(choices=Distribuidor.Tipo.choices, default=Distribuidor.Tipo.MAYORISTA)
        # a maritime service station's habilitation (all three, or none)
        habilitacion_numero = serializers.CharField(max_length=60, required=False, allow_blank=True, default="")
        habilitacion_fecha = serializers.DateField(required=False, allow_null=True, default=None)
        habilitacion_vigente_hasta = serializers.DateField(required=False, allow_null=True, default=None)

    def listar(self, request):
        p = request.query_params
        return selectors.distribuidor_list(q=p.get("q", ""), tipo=p.get("tipo", ""))


class AuditoriaOutput(serializers.ModelSerializer):
    antes = json_tipado(INSTANTANEA, read_only=True)
    despues = json_tipado(INSTANTANEA, read_only=True)

    class Meta:
        model = RegistroAuditoria
        fields = [
            "id",
            "fecha",
            "actor_nombre",
            "accion",
            "objeto_tipo",
            "objeto_id",
            "objeto_repr",
            "antes",
            "despues",
        ]


class AuditoriaApi(ListaApi):
    """The audit trail, for administrators and auditors. Filters: objeto_tipo, objeto_id, accion, actor."""

    Output = AuditoriaOutput
    parametros = filtros("objeto_tipo", "objeto_id", "accion", "actor")
    roles_lectura = (Rol.AUDITOR,)

    def listar(self, request):
        p = request.query_params
        return selectors.auditoria_list(
            objeto_tipo=p.get("objeto_tipo", ""),
            objeto_id=p.get("objeto_id", ""),
            accion=p.get("accion", ""),
            actor=p.get("actor", ""),
        )


class AlertaOutput(serializers.ModelSerializer):
    class Meta:
        model = Alerta
        fields = ["id", "tipo", "referencia", "vence", "creada", "detalle", "resuelta"]


class AlertaApi(ListaApi):
    """R-25 alerts in the caller's scope; ?tipo=… and ?abiertas=1."""

    Output = AlertaOutput
    parametros = [OpenApiParameter("tipo", str), OpenApiParameter("abiertas", bool)]
    roles_lectura = TODOS

    def listar(self, request):
        qs = alertas_visibles(request.user)
        if request.query_params.get("tipo"):
            qs = qs.filter(tipo=request.query_params["tipo"])
        if request.query_params.get("abiertas") in ("1", "true"):
            qs = qs.filter(resuelta__isnull=True)
        return qs.order_by("-creada", "-id")
