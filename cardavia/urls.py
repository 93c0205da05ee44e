"""URL map: the web client at /, the REST API under /api/, the admin at /admin/."""

from django.contrib import admin
from django.http import HttpRequest, HttpResponsePermanentRedirect
from django.templatetags.static import static
from django.urls import include, path
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerView

from cardavia.shared_page import shared_page
from frontend import views as frontend_views


def favicon(request: HttpRequest) -> HttpResponsePermanentRedirect:
    """Pages without an icon of their own (the admin's) make browsers ask for /favicon.ico.
    The static file's name is read per request: it is hashed once collectstatic has run."""
    return HttpResponsePermanentRedirect(static("frontend/favicon.svg"))


urlpatterns = [
    path("admin/", admin.site.urls),
    path("api/schema/", SpectacularAPIView.as_view(), name="schema"),
    path("api/docs/", SpectacularSwaggerView.as_view(url_name="schema"), name="docs"),
    path("api/i18n/", include("cardavia.i18n.urls")),
    path("api/", include("games.urls")),
    path("shared/<str:token>", shared_page, name="shared-page"),
    path("", frontend_views.index, name="index"),
    path("favicon.ico", favicon),
]

# An error outside any view (e.g. saving the session) while the database is down is a 503 too.
handler500 = "cardavia.outages.server_error"
