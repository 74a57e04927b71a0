"""Injected REST failures: the next N requests to a route answer 429 (rate limited) or 5xx.

discord.py's handling, worth knowing when writing a test (2.7.1):
- 429 is retried after the body's ``retry_after`` only if the response carries a ``Via`` header;
  without it discord.py assumes a Cloudflare ban and raises ``HTTPException`` at once.
- The bot's REST client retries 500/502/504 (sleeping 1 s, 3 s, …) but raises
  ``DiscordServerError`` on 503 at once; the interaction/webhook client retries every 5xx.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from aiohttp import web

from .http_io import json_response

RATE_LIMIT_BUCKET = "loopback-bucket"


@dataclass
class FaultRule:
    method: str
    route: str
    status: int
    remaining: int
    retry_after: float
    served: int = 0


def rate_limited_response(retry_after: float) -> web.Response:
    """A per-route 429 exactly as discord.py reads it (headers plus JSON body)."""
    headers = {
        "Retry-After": f"{retry_after:.3f}",
        "X-RateLimit-Limit": "5",
        "X-RateLimit-Remaining": "0",
        "X-RateLimit-Reset": f"{time.time() + retry_after:.3f}",
        "X-RateLimit-Reset-After": f"{retry_after:.3f}",
        "X-RateLimit-Bucket": RATE_LIMIT_BUCKET,
        "X-RateLimit-Scope": "user",
        "Via": "1.1 google",
    }
    body = {"message": "You are being rate limited.", "retry_after": retry_after, "global": False}
    return json_response(body, status=429, headers=headers)


def server_error_response(status: int) -> web.Response:
    return json_response({"message": f"{status}: Server Error", "code": 0}, status=status)


class FaultInjector:
    """Holds the planned failures; the server asks it before handling every REST request."""

    def __init__(self, known_routes: set[tuple[str, str]]) -> None:
        self._known_routes = known_routes
        self._rules: list[FaultRule] = []

    def fail_next(
        self,
        method: str,
        route: str,
        *,
        times: int = 1,
        status: int = 429,
        retry_after: float = 0.05,
    ) -> FaultRule:
        """Make the next ``times`` requests to ``method route`` fail with ``status``.

        ``route`` is a template as registered, e.g. ``"/channels/{channel_id}/messages"``.
        The returned rule counts how often it fired (``served``).
        """
        key = (method.upper(), route)
        if key not in self._known_routes:
            known = "\n  ".join(f"{m} {r}" for m, r in sorted(self._known_routes))
            raise ValueError(f"unknown route {method} {route}; the stand-in serves:\n  {known}")
        if status != 429 and status < 500:
            raise ValueError(f"fault status must be 429 or 5xx, got {status}")
        rule = FaultRule(key[0], route, status, times, retry_after)
        self._rules.append(rule)
        return rule

    def take(self, method: str, route: str) -> web.Response | None:
        """The failure to serve for this request instead of the real answer, if one is planned."""
        for rule in self._rules:
            if rule.method == method and rule.route == route and rule.remaining > 0:
                rule.remaining -= 1
                rule.served += 1
                if rule.status == 429:
                    return rate_limited_response(rule.retry_after)
                return server_error_response(rule.status)
        return None
