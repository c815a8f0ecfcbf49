from .base import *  # noqa: F403
from .base import env

DEBUG = env.bool("DJANGO_DEBUG", default=True)

WHITENOISE_USE_FINDERS = True
WHITENOISE_AUTOREFRESH = True
