"""handler500: an unavailable database is a 503 (see core.web.middleware), anything else the 500 page."""

import sys

from django.views.defaults import server_error

from core.web.middleware import base_no_disponible, no_disponible


def error_servidor(request):
    if base_no_disponible(sys.exc_info()[1]):
        return no_disponible(request)
    return server_error(request)


def csrf_fallido(request, reason: str = ""):
    """CSRF_FAILURE_VIEW: Django's own page is in English with an inline style the CSP refuses; this one says
    in Spanish what happened (a form from a page opened before the session changed) and that nothing was saved."""
    from django.shortcuts import render

    return render(request, "403_csrf.html", status=403)
