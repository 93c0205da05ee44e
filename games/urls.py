from django.urls import path, re_path

from games import api

urlpatterns = [
    path("session/", api.SessionView.as_view(), name="api-session"),
    path("auth/signup/", api.SignUpView.as_view(), name="api-signup"),
    path("auth/login/", api.LogInView.as_view(), name="api-login"),
    path("auth/logout/", api.LogOutView.as_view(), name="api-logout"),
    path("matches/", api.MatchListView.as_view(), name="api-matches"),
    path("matches/<str:match_id>/", api.MatchDetailView.as_view(), name="api-match"),
    path("matches/<str:match_id>/actions/", api.MatchActionView.as_view(), name="api-match-act"),
    path(
        "matches/<str:match_id>/restart/", api.MatchRestartView.as_view(), name="api-match-restart"
    ),
    path("matches/<str:match_id>/watch/", api.MatchWatchView.as_view(), name="api-match-watch"),
    path("matches/<str:match_id>/events/", api.MatchEventsView.as_view(), name="api-match-events"),
    path("matches/<str:match_id>/hands/", api.MatchHandsView.as_view(), name="api-match-hands"),
    path(
        "matches/<str:match_id>/hands/<int:hand_number>/",
        api.HandReplayView.as_view(),
        name="api-hand-replay",
    ),
    re_path(r"^.*$", api.NotFoundView.as_view(), name="api-not-found"),
]
