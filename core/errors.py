"""The ApplicationError family: domain refusals with a stable code and a Spanish message."""


class ApplicationError(Exception):
    """A refusal the user can act on. The API renders it as ``{"codigo", "detalle"}``."""

    status_code = 409

    def __init__(self, codigo: str, detalle: str, *, status_code: int | None = None, extra=None):
        super().__init__(detalle)
        self.codigo = codigo
        self.detalle = detalle
        self.extra = extra or {}
        if status_code is not None:
            self.status_code = status_code


class NoEncontrado(ApplicationError):
    """The object does not exist or lies outside the caller's scope (both look the same: 404)."""

    status_code = 404

    def __init__(self, detalle: str = "No encontrado."):
        super().__init__("no_encontrado", detalle)


class PermisoDenegado(ApplicationError):
    status_code = 403

    def __init__(self, detalle: str = "Su rol no permite esta operación."):
        super().__init__("permiso_denegado", detalle)


class DatosInvalidos(ApplicationError):
    """Bad input found by a service: rendered as a 400 field → messages map."""

    status_code = 400

    def __init__(self, errores: dict[str, list[str] | str]):
        self.errores = {k: v if isinstance(v, list) else [v] for k, v in errores.items()}
        detalle = "; ".join(f"{k}: {' '.join(v)}" for k, v in self.errores.items())
        super().__init__("datos_invalidos", detalle)
