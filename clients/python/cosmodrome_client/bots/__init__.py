"""Bots: a bot is a small class that picks one of the legal options it is offered.

The same interface serves in process (engine views and decisions) and over gRPC (the client
unwraps the typed oneofs), so a bot written once plays anywhere.
"""

from cosmodrome_client.bots.base import Bot, RandomBot

__all__ = ["Bot", "RandomBot"]
