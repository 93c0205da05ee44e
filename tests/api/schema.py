"""Validate real API replies against the server's own OpenAPI schema (``/api/schema/``).

Every object of the schema is closed first (``additionalProperties: false`` wherever the schema
names the properties and says nothing else), so a reply passes only if the schema describes
exactly what was sent: a field the schema does not know fails as surely as a missing one.
"""

from __future__ import annotations

import copy
import json
import re
from dataclasses import dataclass, field
from typing import Any

import jsonschema
from jsonschema import Draft202012Validator

from tests.api.client import ApiClient, Reply


def _closed(node: Any) -> Any:
    if isinstance(node, dict):
        closed = {key: _closed(value) for key, value in node.items()}
        if "properties" in closed and "additionalProperties" not in closed:
            closed["additionalProperties"] = False
        return closed
    if isinstance(node, list):
        return [_closed(item) for item in node]
    return node


def _explain(error: jsonschema.ValidationError) -> str:
    """Where and why; for a union no member accepts, why each member refused (briefly)."""
    location = "/" + "/".join(str(part) for part in error.absolute_path)
    if not error.context:
        return f"at {location}: {error.message[:300]}"
    reasons = sorted(
        {
            f"{'/'.join(str(p) for p in sub.absolute_path)}: {sub.message[:160]}"
            for sub in error.context
            if sub.validator != "const"
        }
    )
    return f"at {location}: no member of the union accepts it:\n  " + "\n  ".join(reasons[:12])


@dataclass
class SchemaChecker:
    """The schema of one server, and which (method, path, status) replies were checked."""

    document: dict[str, Any]
    checked: set[tuple[str, str, int]] = field(default_factory=set)
    _validators: dict[str, Draft202012Validator] = field(default_factory=dict, repr=False)

    def __post_init__(self) -> None:
        self._components = _closed(self.document["components"])

    @classmethod
    def fetch(cls, client: ApiClient) -> SchemaChecker:
        reply = client.get("/api/schema/", format="json").ok()
        document = reply.body
        assert document["openapi"].startswith("3.1"), document["openapi"]
        return cls(document=copy.deepcopy(document))

    def _operation(self, method: str, path: str) -> tuple[str, dict[str, Any]]:
        # Literal paths before templated ones: /api/i18n/languages/ is not /api/i18n/{code}/.
        paths = sorted(self.document["paths"].items(), key=lambda item: "{" in item[0])
        for template, operations in paths:
            pattern = "^" + re.sub(r"\{[^/]+\}", "[^/]+", template) + "$"
            if re.match(pattern, path) and method.lower() in operations:
                return template, operations[method.lower()]
        raise AssertionError(f"{method} {path} is not in the schema")

    def operations(self) -> set[tuple[str, str]]:
        return {
            (method.upper(), template)
            for template, operations in self.document["paths"].items()
            for method in operations
            if template.startswith("/api/") and template != "/api/schema/"
        }

    def check(self, reply: Reply) -> None:
        """Assert ``reply`` is exactly what the schema says this operation answers."""
        path = reply.path.split("?")[0]
        template, operation = self._operation(reply.method, path)
        responses = operation["responses"]
        assert str(reply.status) in responses, (
            f"{reply.method} {path} answered {reply.status}, which the schema does not list "
            f"({sorted(responses)}): {reply.body}"
        )
        response = responses[str(reply.status)]
        content = response.get("content")
        if content is None:
            assert not reply.text, f"{reply.method} {path} {reply.status} has a body"
        elif "application/json" not in content:  # a file (hand-history exports)
            media = reply.headers.get("Content-Type", "").split(";")[0]
            assert media in content, f"{reply.method} {path} {reply.status} sent {media}"
        else:
            schema = content["application/json"]["schema"]
            self.validate(schema, reply.body, f"{reply.method} {path} {reply.status}")
        self.checked.add((reply.method, template, reply.status))

    def validate(self, schema: dict[str, Any], body: Any, where: str) -> None:
        key = json.dumps(schema, sort_keys=True)
        validator = self._validators.get(key)
        if validator is None:
            root = {
                "$schema": "https://json-schema.org/draft/2020-12/schema",
                "components": self._components,
                **_closed(schema),
            }
            validator = Draft202012Validator(
                root, format_checker=Draft202012Validator.FORMAT_CHECKER
            )
            self._validators[key] = validator
        errors = sorted(validator.iter_errors(body), key=lambda error: list(error.path))
        if errors:
            best = jsonschema.exceptions.best_match(errors)
            raise AssertionError(f"{where}: {_explain(best)}")

    def check_all(self, client: ApiClient) -> int:
        """Check every reply ``client`` received (but the schema itself); how many were."""
        count = 0
        for reply in client.replies:
            if reply.path.startswith("/api/schema/"):
                continue
            self.check(reply)
            count += 1
        return count
