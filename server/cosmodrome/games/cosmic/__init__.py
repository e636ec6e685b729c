from cosmodrome.games.cosmic.rules import Cosmic

__all__ = ["Cosmic"]
