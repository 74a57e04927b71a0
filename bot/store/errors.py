"""The base of the store's exceptions."""


class StoreError(Exception):
    """A write could not be made; nothing was changed."""
