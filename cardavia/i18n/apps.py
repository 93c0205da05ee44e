from django.apps import AppConfig


class I18nConfig(AppConfig):
    name = "cardavia.i18n"
    label = "i18n"
    verbose_name = "Translations"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        """Keep accounts' languages for ``games``' session and account views, through the hook
        ``games`` owns (``games`` never imports the catalog)."""
        from cardavia.i18n import accounts
        from games import hooks

        hooks.provide_account_languages(accounts.ACCOUNT_LANGUAGES)
