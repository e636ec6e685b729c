from cosmodrome.games.mlem.rules import Mlem

__all__ = ["Mlem"]
