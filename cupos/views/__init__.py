"""Server-rendered pages of the quota regime: beneficiaries, resolutions, the analyst's dashboard.

Every page goes through an access helper of cupos.access and writes only through the services.
"""
