from cosmodrome.games.crafting.rules import Crafting

__all__ = ["Crafting"]
