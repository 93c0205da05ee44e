from django.apps import AppConfig


class I18nConfig(AppConfig):
    name = "cardavia.i18n"
    label = "i18n"
    verbose_name = "Translations"
    default_auto_field = "django.db.models.BigAutoField"
