from django.apps import AppConfig


class I18nConfig(AppConfig):
    name = "cardavia.i18n"
    label = "i18n"
    verbose_name = "Translations"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        """Keep accounts' languages for ``games``' session and account views, and give the
        admin's pages the catalog in a staff member's language, through the hooks ``games``
        owns (``games`` never imports the catalog)."""
        from cardavia.i18n import accounts, staff
        from games import hooks

        hooks.provide_account_languages(accounts.ACCOUNT_LANGUAGES)
        hooks.provide_staff_words(staff.staff_words)
