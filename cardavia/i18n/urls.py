from django.urls import path

from cardavia.i18n import api

urlpatterns = [
    path("languages/", api.LanguagesView.as_view(), name="api-i18n-languages"),
    path("<str:code>/", api.CatalogView.as_view(), name="api-i18n-catalog"),
]
