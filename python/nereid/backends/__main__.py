"""`python -m nereid.backends`: the registered backends, and whether each can run here."""

from . import list as list_backends

for status in list_backends():
    print(status)
