# Production image: gunicorn serves the portal; the same image runs the Celery worker and beat
# (see docker-compose.yml). Settings come from the environment (config/settings/production.py).
FROM python:3.11-slim-bookworm

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1 \
    DJANGO_SETTINGS_MODULE=config.settings.production \
    DJANGO_MEDIA_ROOT=/app/var/media \
    XDG_CACHE_HOME=/tmp/cache

# WeasyPrint (PDFs) needs Pango and HarfBuzz at run time; same list as APT_RUN in the Makefile.
# postgresql-client (15 on bookworm, as the postgres:15 service) gives `manage.py respaldo` its pg_dump.
RUN apt-get update \
    && apt-get install -y --no-install-recommends \
        libpango-1.0-0 libpangoft2-1.0-0 libharfbuzz-subset0 fonts-dejavu-core postgresql-client \
    && rm -rf /var/lib/apt/lists/*

RUN groupadd --system --gid 1000 portal \
    && useradd --system --uid 1000 --gid portal --home-dir /app --shell /usr/sbin/nologin portal

WORKDIR /app

# Dependencies first, so a code change does not reinstall them. The project wheel carries
# only the pinned dependencies (pyproject.toml: py-modules = []); the code runs from /app.
COPY pyproject.toml ./
RUN pip install .

# The code stays owned by root: the app user can write only var/ (uploaded media).
COPY . .

# collectstatic needs the production settings to import, not to reach any service:
# these values exist only for this build step and are not kept in the image.
RUN DJANGO_SECRET_KEY=build-only-collectstatic \
    DJANGO_ALLOWED_HOSTS=localhost \
    DATABASE_URL=postgres://build@localhost:5432/build \
    python manage.py collectstatic --noinput \
    && mkdir -p /app/var/media \
    && chown -R portal:portal /app/var

USER portal

EXPOSE 8000

# /salud/ behind production settings: send an allowed Host and the proxy's HTTPS header,
# otherwise ALLOWED_HOSTS answers 400 and SECURE_SSL_REDIRECT answers 301. It answers 503 (unhealthy)
# when the database is down, 200 when only Redis is (the portal still serves; JSON says "degradado").
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
    CMD python -c "import os, urllib.request as r; h = os.environ.get('DJANGO_ALLOWED_HOSTS', '').split(',')[0].strip().lstrip('.'); h = 'localhost' if h in ('', '*') else h; r.urlopen(r.Request('http://127.0.0.1:8000/salud/', headers={'Host': h, 'X-Forwarded-Proto': 'https'}), timeout=4)"

# config/gunicorn.py: worker class, WEB_CONCURRENCY workers, GUNICORN_THREADS, GUNICORN_TIMEOUT (issue 44).
CMD ["gunicorn", "-c", "config/gunicorn.py", "config.wsgi:application"]
