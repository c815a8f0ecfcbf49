"""Messages out of the portal: to other agencies and to beneficiaries (R-06's notice to Dimar, F-05's to Ecopetrol).

`outbox` delivers each message until acknowledged; `avisos` tells a beneficiary of every act in its name and
takes its «no fui yo»; `notificaciones` sends the daily e-mail digest of alerts; `sms` names the SMS gateways."""
