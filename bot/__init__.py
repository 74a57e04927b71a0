"""The bot: settings, the SQLite store, the transport-independent service, the shared
slash commands and the local console table (`python -m bot`)."""
