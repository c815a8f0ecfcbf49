"""Role checks for API views: a view names who may read and who may write."""

from rest_framework.permissions import SAFE_METHODS, BasePermission

from core.identidad.roles import Rol


class PorRol(BasePermission):
    """Allows `roles_lectura` on safe methods and `roles_escritura` on the rest.

    Administrators pass everything. Scope (own capitanía, own NIT, own beneficiary) is the job
    of the access helpers, called by the view for the object it touches.
    """

    message = "Su rol no permite esta operación."

    def has_permission(self, request, view):
        user = request.user
        if not (user and user.is_authenticated):
            return False
        if user.es_administrador:
            return True
        if request.method in SAFE_METHODS:
            roles = getattr(view, "roles_lectura", ())
        else:
            roles = getattr(view, "roles_escritura", ())
        if user.rol == Rol.INTEGRACION:
            # An agency's system reads what its agency reads, and writes only the data a view opens to it
            # (`integracion`: the agencies whose systems send that data); it never signs nor decides.
            if request.method not in SAFE_METHODS:
                roles = getattr(view, "integracion", ())
            return user.entidad in roles
        return user.tiene_rol(*roles)
