from tests.bot.conftest import clock, db_path, service, store

__all__ = ["clock", "db_path", "service", "store"]
