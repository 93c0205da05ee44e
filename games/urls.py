from django.urls import path, re_path

from games.api import errors, events, hands, imports, matches, sessions, shares, stats

urlpatterns = [
    path("session/", sessions.SessionView.as_view(), name="api-session"),
    path("session/language/", sessions.AccountLanguageView.as_view(), name="api-session-language"),
    path("auth/signup/", sessions.SignUpView.as_view(), name="api-signup"),
    path("auth/login/", sessions.LogInView.as_view(), name="api-login"),
    path("auth/logout/", sessions.LogOutView.as_view(), name="api-logout"),
    path("errors/", errors.ErrorCatalogView.as_view(), name="api-errors"),
    path("stats/", stats.StatsView.as_view(), name="api-stats"),
    path("matches/", matches.MatchListView.as_view(), name="api-matches"),
    path("matches/<str:match_id>/", matches.MatchDetailView.as_view(), name="api-match"),
    path(
        "matches/<str:match_id>/actions/", matches.MatchActionView.as_view(), name="api-match-act"
    ),
    path(
        "matches/<str:match_id>/restart/",
        matches.MatchRestartView.as_view(),
        name="api-match-restart",
    ),
    path("matches/<str:match_id>/watch/", matches.MatchWatchView.as_view(), name="api-match-watch"),
    path(
        "matches/<str:match_id>/events/",
        events.MatchEventsView.as_view(),
        name="api-match-events",
    ),
    path(
        "matches/<str:match_id>/stream/",
        events.MatchStreamView.as_view(),
        name="api-match-stream",
    ),
    path("matches/<str:match_id>/hands/", hands.MatchHandsView.as_view(), name="api-match-hands"),
    path(
        "matches/<str:match_id>/hands/<int:hand_number>/",
        hands.HandReplayView.as_view(),
        name="api-hand-replay",
    ),
    path(
        "matches/<str:match_id>/hands/<int:hand_number>/export/",
        hands.HandExportView.as_view(),
        name="api-hand-export",
    ),
    path(
        "matches/<str:match_id>/hands/<int:hand_number>/analysis/",
        hands.HandAnalysisView.as_view(),
        name="api-hand-analysis",
    ),
    path(
        "matches/<str:match_id>/hands/<int:hand_number>/share/",
        shares.HandShareView.as_view(),
        name="api-hand-share",
    ),
    path("imports/", imports.ImportListView.as_view(), name="api-imports"),
    path("imports/<str:import_id>/", imports.ImportDetailView.as_view(), name="api-import"),
    path("imported-hands/", imports.ImportedHandListView.as_view(), name="api-imported-hands"),
    path(
        "imported-hands/rooms/",
        imports.ImportedRoomsView.as_view(),
        name="api-imported-rooms",
    ),
    path("shares/", shares.ShareListView.as_view(), name="api-shares"),
    path("shares/<str:token>/", shares.ShareDetailView.as_view(), name="api-share"),
    path("shared/<str:token>/", shares.SharedHandView.as_view(), name="api-shared"),
    path(
        "matches/<str:match_id>/export/", hands.MatchExportView.as_view(), name="api-match-export"
    ),
    re_path(r"^.*$", errors.NotFoundView.as_view(), name="api-not-found"),
]
