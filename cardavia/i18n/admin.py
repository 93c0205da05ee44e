"""The catalog in the admin: languages, messages, and every language's translations.

- Languages: add one (its empty translations appear at once, listed as missing), enable or
  disable it, and per language the links to edit all of it on one page, to list what is missing,
  to export it as PO or XLIFF and to import a file back.
- Translations: filter by language, missing, reviewed, outdated; search key, text, English and
  note; the English source, the translator's note and the termbase's words for the terms it uses
  beside each entry (for an outdated one, the English it was made for beside today's, the
  changes marked); ``text`` and ``reviewed`` editable right in the list, so a whole language is
  one page (``?language__id__exact=N&all``). Saving a translation (or ticking it reviewed) makes
  it current again.
- Every save goes through the models' checks (ICU syntax, placeholders, plural categories, the
  termbase's words), is refused with the reason when one fails, is recorded by
  django-simple-history with its user and time, and can be reverted from the "History" page.
  Editing needs the ``i18n.change_translation`` permission (``change_message`` for the English
  sources); staff with only ``view_translation`` see, export, and cannot edit.
- Account languages: the language each signed-in account reads the site in (its players choose
  it in the picker), listed by language and searchable by username.
"""

from __future__ import annotations

import difflib
import re
from typing import Any

from django import forms
from django.contrib import admin, messages
from django.core.exceptions import PermissionDenied
from django.db.models import Count, F, Q, QuerySet
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404
from django.template.response import TemplateResponse
from django.urls import path, reverse
from django.utils import timezone
from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString, mark_safe
from simple_history.admin import SimpleHistoryAdmin

from cardavia.i18n import exchange, termbase
from cardavia.i18n.loader import ensure_translation_rows, source_changed
from cardavia.i18n.models import (
    AccountLanguage,
    Language,
    Message,
    Translation,
    outdated_translations,
)

TEXT_WIDGET = forms.Textarea(attrs={"rows": 2, "cols": 48, "dir": "auto"})


def _translations_url(**filters: Any) -> str:
    query = "&".join(f"{name}={value}" for name, value in filters.items())
    return f"{reverse('admin:i18n_translation_changelist')}?{query}"


def _stamp(obj: Message | Translation, request: HttpRequest, form: Any) -> None:
    """Mark a row as a person's edit (a change, or a revert to an earlier version): the fixture
    loader never overwrites it. A translator who changes a translation, or ticks it reviewed,
    has made it fit today's English: it is no longer outdated."""
    reverting = getattr(request, "reverting_catalog_history", False)
    if form.changed_data or reverting:
        obj.edited_by = request.user  # type: ignore[assignment]
        obj.edited_at = timezone.now()
    if isinstance(obj, Translation) and not reverting:
        changed = form.changed_data
        if "text" in changed or ("reviewed" in changed and obj.reviewed):
            obj.fits_current_english()


class CatalogHistoryAdmin(SimpleHistoryAdmin):  # type: ignore[misc]  # untyped library
    """django-simple-history's admin (history list, revert), with reverting kept to editors.

    Its revert page saves on POST for anyone allowed to *view* the history: the historical
    version is the form's instance, so even a form without fields would revert the row. A revert
    is an edit, so it needs the change permission like any other.
    """

    def history_form_view(
        self, request: HttpRequest, object_id: str, version_id: str, extra_context: Any = None
    ) -> HttpResponse:
        if request.method == "POST":
            if not self.has_change_permission(request):
                raise PermissionDenied
            request.reverting_catalog_history = True  # type: ignore[attr-defined]
        # django-simple-history is untyped: its view answers an HttpResponse.
        response: HttpResponse = super().history_form_view(
            request, object_id, version_id, extra_context
        )
        return response


# --- Languages ------------------------------------------------------------------------------


@admin.register(Language)
class LanguageAdmin(CatalogHistoryAdmin):
    list_display = (
        "name",
        "code",
        "direction",
        "enabled",
        "order",
        "progress",
        "work_links",
    )
    list_editable = ("enabled", "order")
    list_display_links = ("name",)
    search_fields = ("code", "name")
    fields = ("code", "name", "direction", "enabled", "plural_categories", "order")

    def get_queryset(self, request: HttpRequest) -> QuerySet[Language]:
        languages: QuerySet[Language] = super().get_queryset(request)  # an untyped base's
        return languages.annotate(
            translated=Count(
                "translations",
                filter=Q(translations__message__translatable=True) & ~Q(translations__text=""),
            ),
            total=Count("translations", filter=Q(translations__message__translatable=True)),
            outdated=Count(
                "translations",
                filter=~Q(translations__text="")
                & ~Q(translations__source_text=F("translations__message__text")),
            ),
            unreviewed=Count(
                "translations",
                filter=Q(translations__message__translatable=True)
                & ~Q(translations__text="")
                & Q(translations__reviewed=False),
            ),
        )

    @admin.display(description="translated")
    def progress(self, language: Language) -> str:
        if language.is_source:
            return "source"
        return f"{language.translated} / {language.total}"  # type: ignore[attr-defined]

    @admin.display(description="work on it")
    def work_links(self, language: Language) -> str:
        if language.is_source:
            return format_html('<a href="{}">edit the English sources</a>', _message_list())
        outdated = language.outdated  # type: ignore[attr-defined]
        unreviewed = language.unreviewed  # type: ignore[attr-defined]
        links = [
            (_translations_url(language__id__exact=language.pk, all=""), "edit all"),
            (_translations_url(language__id__exact=language.pk, missing="yes"), "missing"),
            (
                _translations_url(language__id__exact=language.pk, outdated="yes"),
                f"outdated ({outdated})",
            ),
            (
                _translations_url(language__id__exact=language.pk, reviewed__exact=0),
                f"not reviewed ({unreviewed})",
            ),
            (reverse("admin:i18n_language_export", args=[language.pk, "po"]), "export PO"),
            (reverse("admin:i18n_language_export", args=[language.pk, "xliff"]), "export XLIFF"),
            (reverse("admin:i18n_language_import", args=[language.pk]), "import"),
        ]
        return format_html_join(" · ", '<a href="{}">{}</a>', links)

    def save_model(self, request: HttpRequest, obj: Language, form: Any, change: bool) -> None:
        super().save_model(request, obj, form, change)
        ensure_translation_rows(obj)

    def get_urls(self) -> list[Any]:
        wrap = self.admin_site.admin_view
        return [
            path(
                "<int:language_id>/export/<str:file_format>/",
                wrap(self.export_view),
                name="i18n_language_export",
            ),
            path(
                "<int:language_id>/import/",
                wrap(self.import_view),
                name="i18n_language_import",
            ),
            *super().get_urls(),
        ]

    def export_view(self, request: HttpRequest, language_id: int, file_format: str) -> HttpResponse:
        if not request.user.has_perm("i18n.view_translation"):
            raise PermissionDenied
        language = get_object_or_404(Language, pk=language_id)
        if file_format not in EXPORTS:
            raise Http404(f"No export format {file_format!r}.")
        write, kind, extension = EXPORTS[file_format]
        content = write(language)
        response = HttpResponse(content, content_type=f"{kind}; charset=utf-8")
        filename = f"cardavia-{language.code}.{extension}"
        response["Content-Disposition"] = f'attachment; filename="{filename}"'
        return response

    def import_view(self, request: HttpRequest, language_id: int) -> HttpResponse:
        if not request.user.has_perm("i18n.change_translation"):
            raise PermissionDenied
        language = get_object_or_404(Language, pk=language_id)
        form = ImportForm(request.POST or None, request.FILES or None)
        report = None
        if request.method == "POST" and form.is_valid():
            upload = form.cleaned_data["file"]
            try:
                entries = exchange.read_file(upload.name, upload.read())
            except exchange.UnreadableFile as error:
                form.add_error("file", str(error))
            else:
                report = exchange.import_entries(language, entries, request.user)
                messages.info(
                    request,
                    f"{len(report.changed)} changed, {len(report.refused)} refused, "
                    f"{report.unchanged} unchanged.",
                )
        context = {
            **self.admin_site.each_context(request),
            "opts": self.opts,
            "title": f"Import translations: {language}",
            "language": language,
            "form": form,
            "report": report,
        }
        return TemplateResponse(request, "admin/i18n/language/import.html", context)


EXPORTS = {
    "po": (exchange.export_po, "text/x-gettext", "po"),
    "xliff": (exchange.export_xliff, "application/xliff+xml", "xlf"),
}


class ImportForm(forms.Form):
    file = forms.FileField(help_text="A PO (.po) or XLIFF 1.2 (.xlf, .xliff) file.")


def _message_list() -> str:
    return reverse("admin:i18n_message_changelist")


# --- Messages (the English sources) ---------------------------------------------------------


class TranslationInline(admin.TabularInline[Translation, Message]):
    model = Translation
    fields = ("language", "text", "reviewed", "edited_by", "edited_at")
    readonly_fields = ("language", "edited_by", "edited_at")
    extra = 0
    can_delete = False
    show_change_link = True

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False  # every language already has its row (empty when missing)

    def formfield_for_dbfield(self, db_field: Any, request: HttpRequest, **kwargs: Any) -> Any:
        if db_field.name == "text":
            kwargs["widget"] = TEXT_WIDGET
        return super().formfield_for_dbfield(db_field, request, **kwargs)


@admin.register(Message)
class MessageAdmin(CatalogHistoryAdmin):
    list_display = ("key", "text", "note", "translatable", "edited_by", "edited_at")
    list_filter = ("translatable",)
    search_fields = ("key", "text", "note")
    readonly_fields = ("edited_by", "edited_at", "updated_at")
    fields = ("key", "text", "note", "translatable", "edited_by", "edited_at", "updated_at")
    inlines = [TranslationInline]

    def formfield_for_dbfield(self, db_field: Any, request: HttpRequest, **kwargs: Any) -> Any:
        if db_field.name == "text":
            kwargs["widget"] = TEXT_WIDGET
        return super().formfield_for_dbfield(db_field, request, **kwargs)

    def save_model(self, request: HttpRequest, obj: Message, form: Any, change: bool) -> None:
        _stamp(obj, request, form)
        super().save_model(request, obj, form, change)
        if not change:
            ensure_translation_rows()
        elif "text" in form.changed_data:
            for line in source_changed([obj], reason="The English source changed"):
                messages.warning(request, f"Translation no longer fits the new source: {line}")

    def save_formset(self, request: HttpRequest, form: Any, formset: Any, change: bool) -> None:
        for inline_form in formset.forms:
            if inline_form.has_changed():
                _stamp(inline_form.instance, request, inline_form)
        super().save_formset(request, form, formset, change)


# --- Translations ---------------------------------------------------------------------------


class MissingFilter(admin.SimpleListFilter):
    title = "translated"
    parameter_name = "missing"

    def lookups(self, request: HttpRequest, model_admin: Any) -> list[tuple[str, str]]:
        return [("yes", "missing"), ("no", "translated")]

    def queryset(self, request: HttpRequest, queryset: QuerySet[Translation]) -> Any:
        if self.value() == "yes":
            return queryset.filter(text="")
        if self.value() == "no":
            return queryset.exclude(text="")
        return queryset


class OutdatedFilter(admin.SimpleListFilter):
    title = "English changed since"
    parameter_name = "outdated"

    def lookups(self, request: HttpRequest, model_admin: Any) -> list[tuple[str, str]]:
        return [("yes", "outdated"), ("no", "current")]

    def queryset(self, request: HttpRequest, queryset: QuerySet[Translation]) -> Any:
        if self.value() == "yes":
            return queryset.filter(outdated_translations())
        if self.value() == "no":
            return queryset.exclude(outdated_translations())
        return queryset


class TranslationForm(forms.ModelForm[Translation]):
    class Meta:
        model = Translation
        fields = ("text", "reviewed")
        widgets = {"text": TEXT_WIDGET}


@admin.register(Translation)
class TranslationAdmin(CatalogHistoryAdmin):
    form = TranslationForm
    list_display = ("key", "english", "text", "reviewed", "language", "edited_by", "edited_at")
    list_display_links = ("key",)
    list_editable = ("text", "reviewed")
    list_filter = ("language", MissingFilter, OutdatedFilter, "reviewed")
    list_select_related = ("message", "language", "edited_by")
    search_fields = ("message__key", "text", "message__text", "message__note")
    list_per_page = 100
    list_max_show_all = 5000
    fields = ("key", "language", "english", "text", "reviewed", "edited_by", "edited_at")
    readonly_fields = ("key", "language", "english", "edited_by", "edited_at")

    class Media:
        css = {"all": ["i18n/admin.css"]}

    def get_queryset(self, request: HttpRequest) -> QuerySet[Translation]:
        translations: QuerySet[Translation] = super().get_queryset(request)  # an untyped base's
        return translations.filter(message__translatable=True)

    def get_changelist_form(self, request: HttpRequest, **kwargs: Any) -> Any:
        kwargs.setdefault("widgets", {"text": TEXT_WIDGET})
        return super().get_changelist_form(request, **kwargs)

    @admin.display(description="key", ordering="message__key")
    def key(self, translation: Translation) -> str:
        return translation.message.key

    @admin.display(description="English source, note and terms")
    def english(self, translation: Translation) -> str:
        message = translation.message
        if translation.outdated:
            source = format_html(
                '<table class="i18n-outdated" dir="ltr"><tr><th>Outdated: translated from</th>'
                "<th>English now</th></tr><tr><td>{}</td><td>{}</td></tr></table>",
                _marked(translation.source_text, message.text, "del"),
                _marked(translation.source_text, message.text, "ins"),
            )
        else:
            source = format_html('<div dir="ltr">{}</div>', message.text)
        return format_html(
            '{}<div class="help">{}</div>{}',
            source,
            message.note,
            _terms(message, translation.language),
        )

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False  # rows come with their message and language (empty when missing)

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False  # clear the text instead: the row stays, listed as missing

    def save_model(self, request: HttpRequest, obj: Translation, form: Any, change: bool) -> None:
        _stamp(obj, request, form)
        super().save_model(request, obj, form, change)


def _terms(message: Message, language: Language) -> SafeString:
    """The termbase's words for the terms the English uses, as the translator must write them."""
    found = termbase.current().renderings_for(message.key, message.text, language.code)
    if not found:
        return mark_safe("")
    items = format_html_join(
        "",
        '<li><span dir="ltr">{}</span> → <strong dir="auto">{}</strong>{}{}</li>',
        (
            (
                term.english,
                rendering.term,
                format_html(" (not: {})", ", ".join(rendering.forbidden + rendering.confusable))
                if rendering.forbidden or rendering.confusable
                else "",
                format_html(' <span class="help">{}</span>', rendering.note)
                if rendering.note
                else "",
            )
            for term, rendering in found
        ),
    )
    return format_html('<div class="i18n-terms">Termbase: <ul>{}</ul></div>', items)


def _marked(before: str, after: str, side: str) -> SafeString:
    """``before`` (side ``del``) or ``after`` (``ins``) with the words that differ marked."""
    old, new = re.split(r"(\s+)", before), re.split(r"(\s+)", after)
    matcher = difflib.SequenceMatcher(a=old, b=new, autojunk=False)
    parts = []
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        words = "".join(old[i1:i2] if side == "del" else new[j1:j2])
        if tag == "equal" or not words:
            parts.append(format_html("{}", words))
        else:
            parts.append(format_html("<{}>{}</{}>", side, words, side))
    return mark_safe("".join(parts))


@admin.register(AccountLanguage)
class AccountLanguageAdmin(admin.ModelAdmin[AccountLanguage]):
    list_display = ("user", "language", "updated_at")
    list_filter = ("language",)
    list_select_related = ("user", "language")
    search_fields = ("user__username",)
    raw_id_fields = ("user",)
    readonly_fields = ("updated_at",)
