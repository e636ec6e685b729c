"""The server's identity setup: the issuers it accepts, its guest keys, and the loop that
keeps both current (guest keys roll over; a JWKS URL is fetched again)."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field

import structlog

from cosmodrome.auth import jwks
from cosmodrome.auth.guest import DEFAULT_AUDIENCE, GuestKeys, derived_keys
from cosmodrome.auth.verify import Issuer, TokenVerifier
from cosmodrome.core.periodic import Periodic
from cosmodrome.store.players import PlayerStore

log = structlog.get_logger("cosmodrome.auth")
REFRESH_S = 60.0


@dataclass
class IdentitySettings:
    jwks_file: str = ""
    jwks_url: str = ""
    jwt_issuer: str = ""
    jwt_audiences: tuple[str, ...] = ()
    guest_issuer: str = "cosmodrome-guest"
    guest_audience: str = DEFAULT_AUDIENCE
    guest_key_secret: str = field(default="", repr=False)  # never logged
    guest_rotate_s: int = 7 * 86_400
    guest_lifetime_s: int = 30 * 86_400


class Identity:
    def __init__(self, settings: IdentitySettings, players: PlayerStore) -> None:
        self.settings = settings
        self.players = players
        source = (derived_keys(settings.guest_key_secret) if settings.guest_key_secret
                  else players.guest_key)
        self.guests = GuestKeys(source, settings.guest_issuer, settings.guest_audience,
                                settings.guest_rotate_s, settings.guest_lifetime_s)
        self.host_keys: dict[str, jwks.Key] = {}
        issuers = [Issuer(settings.guest_issuer, (settings.guest_audience,),
                          self.guests.public)]
        if settings.jwt_issuer:
            issuers.append(Issuer(settings.jwt_issuer, settings.jwt_audiences, self.host_keys))
        self.verifier = TokenVerifier(issuers)
        self._refreshes = Periodic(self._refresh, REFRESH_S, log, "identity keys not refreshed")

    async def start(self) -> None:
        """Load every key now (a key set that cannot be read stops the start)."""
        await self.guests.refresh()
        await self._load_host_keys()
        self._refreshes.start()

    async def stop(self) -> None:
        await self._refreshes.stop()

    async def _load_host_keys(self) -> None:
        s = self.settings
        if not (s.jwks_file or s.jwks_url):
            return
        keys = await asyncio.to_thread(jwks.load, s.jwks_file, s.jwks_url)
        if keys.keys() != self.host_keys.keys():
            self.verifier.forget()  # a key dropped: tokens it signed are no longer good
        self.host_keys.clear()
        self.host_keys.update(keys)

    async def _refresh(self) -> None:
        try:
            await self.guests.refresh()
            if not self.settings.guest_key_secret:
                await self.players.drop_guest_keys_before(self.guests.kept().start)
            if self.settings.jwks_url:
                await self._load_host_keys()
        except Exception as exc:  # the store or the URL away a while: keep the old keys
            log.warning("identity keys not refreshed", error=type(exc).__name__)
