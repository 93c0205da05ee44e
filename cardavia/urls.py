"""URL map: the web client at /, the REST API under /api/, the admin at /admin/."""

from django.contrib import admin
from django.templatetags.static import static
from django.urls import include, path
from django.views.generic import RedirectView
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerView

from frontend import views as frontend_views

urlpatterns = [
    path("admin/", admin.site.urls),
    path("api/schema/", SpectacularAPIView.as_view(), name="schema"),
    path("api/docs/", SpectacularSwaggerView.as_view(url_name="schema"), name="docs"),
    path("api/i18n/", include("cardavia.i18n.urls")),
    path("api/", include("games.urls")),
    path("", frontend_views.index, name="index"),
    # Pages without an icon of their own (the admin's) make browsers ask for /favicon.ico.
    path("favicon.ico", RedirectView.as_view(url=static("frontend/favicon.svg"), permanent=True)),
]

# An error outside any view (e.g. saving the session) while the database is down is a 503 too.
handler500 = "cardavia.outages.server_error"
