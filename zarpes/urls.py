from django.urls import path

from zarpes import views

urlpatterns = [
    path("verificar/<str:codigo>/", views.verificar, name="verificar"),
]
