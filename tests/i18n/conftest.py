"""The edge's catalogues take part as the bot registers them: importing the service adds
`bot/locales` (`add_catalogues("bot")`), as it does in every process that runs the bot."""

import bot.service  # noqa: F401  (registers the service's catalogue)
