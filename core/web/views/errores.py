"""handler500: an unavailable database is a 503 (see core.web.middleware), anything else the 500 page."""

import sys

from django.views.defaults import server_error

from core.web.middleware import base_no_disponible, no_disponible


def error_servidor(request):
    if base_no_disponible(sys.exc_info()[1]):
        return no_disponible(request)
    return server_error(request)
