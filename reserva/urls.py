app_name = "reserva"
urlpatterns = []
