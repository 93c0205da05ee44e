from django.apps import AppConfig


class CardaviaConfig(AppConfig):
    """The project itself as an app, for its own management commands (``runserver``)."""

    name = "cardavia"
    verbose_name = "Cardavia"
