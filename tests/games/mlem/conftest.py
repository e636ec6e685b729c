import pytest

from tests.games.mlem.mlem_helpers import DICE


@pytest.fixture(autouse=True)
def no_forced_dice_left_over():
    """A roll one test forced and did not use must not reach the next test."""
    DICE.queue.clear()
    yield
    DICE.queue.clear()
