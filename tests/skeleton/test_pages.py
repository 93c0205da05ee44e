"""The addresses the design promises: /, /api/schema/, /api/docs/, /admin/."""

import json
import re

import pytest
import yaml


def test_index_is_the_cardavia_page(client):
    response = client.get("/")
    assert response.status_code == 200
    assert "<title>CARDAVIA</title>" in response.text


def test_schema_is_an_openapi_document(client):
    response = client.get("/api/schema/")
    assert response.status_code == 200
    assert response["Content-Type"].startswith("application/vnd.oai.openapi")
    schema = yaml.safe_load(response.content)
    assert schema["openapi"].startswith("3.")
    assert schema["info"]["title"] == "Cardavia API"


def test_schema_is_also_served_as_json(client):
    response = client.get("/api/schema/", {"format": "json"})
    assert response.status_code == 200
    assert json.loads(response.content)["openapi"].startswith("3.")


# django_db: closing the streamed asset fires request_finished, which checks the DB connection.
@pytest.mark.django_db
def test_docs_are_swagger_ui_served_without_a_cdn(client):
    response = client.get("/api/docs/")
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/html")
    page = response.text
    assert "swagger-ui" in page
    assert "cdn.jsdelivr.net" not in page
    bundle = re.search(r'src="([^"]*swagger-ui-bundle\.js)"', page)
    assert bundle, "the docs page loads no swagger-ui-bundle.js"
    asset = client.get(bundle.group(1))
    assert asset.status_code == 200
    asset.close()


@pytest.mark.django_db
def test_admin_sends_visitors_to_the_login_page(client):
    response = client.get("/admin/")
    assert response.status_code == 302
    assert response["Location"].startswith("/admin/login/")
    assert client.get(response["Location"]).status_code == 200


@pytest.mark.django_db
def test_a_staff_user_reaches_the_admin(admin_client):
    assert admin_client.get("/admin/").status_code == 200
