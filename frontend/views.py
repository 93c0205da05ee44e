from django.http import HttpRequest, HttpResponse
from django.shortcuts import render


def index(request: HttpRequest) -> HttpResponse:
    """The web client's page (a placeholder until the client is written)."""
    return render(request, "frontend/index.html")
