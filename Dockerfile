# Cardavia's image: the web app (gunicorn), and the Celery worker and beat from the same code.
FROM python:3.13-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1

WORKDIR /app

# Dependencies first, so a code change does not reinstall them.
COPY pyproject.toml ./
RUN mkdir -p cardavia games bots frontend \
    && touch cardavia/__init__.py games/__init__.py bots/__init__.py frontend/__init__.py \
    && pip install . \
    && pip uninstall -y cardavia \
    && rm -rf cardavia games bots frontend build *.egg-info

COPY . .
RUN pip install --no-deps . \
    && DEBUG=false SECRET_KEY=collectstatic-only python manage.py collectstatic --noinput \
    && useradd --system --uid 1000 --home-dir /app cardavia

USER cardavia
EXPOSE 8000
CMD ["gunicorn", "cardavia.asgi", "--worker-class", "cardavia.workers.StreamWorker", "--bind", "0.0.0.0:8000", "--workers", "3", "--access-logfile", "-"]
