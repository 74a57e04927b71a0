"""The Discord adapter: slash commands, persistent buttons and autocomplete on the service."""

from .app import COGS, MeepleBot, create_bot

__all__ = ["COGS", "MeepleBot", "create_bot"]
