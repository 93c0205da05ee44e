"""The translation catalog: languages, messages (key, note, English ICU source), translations.

Served to the client by :mod:`cardavia.i18n.api`, edited in the admin, loaded from
``fixtures/i18n/`` by ``manage.py load_catalog``.
"""
