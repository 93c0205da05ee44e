"""The web client's one page. Everything on it is drawn by the ES modules in
``frontend/static/frontend/js/`` from the API and the translation catalog: the page itself carries
no words."""

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.csp import csp_override


@csp_override(settings.CLIENT_CSP)
def index(request: HttpRequest) -> HttpResponse:
    return render(request, "frontend/index.html")
