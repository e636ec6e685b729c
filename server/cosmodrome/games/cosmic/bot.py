"""The Cosmic Encounter heuristic bot: plays from its own View only, like any client, with the
game's content as the server publishes it (`await client.game_content("cosmic")`: what each
card, power and moon number means). It is the game's one bot: its record (games/cosmic) gives
it to the server for BOT_KIND_GAME seats, and the Python client carries this same module
(`cosmodrome_client.bots`), so it imports nothing but the contract.

Plays its highest attack card (seed 000: an extension card when its best attack cards summed
beat its best single one, never extension 0 or 1), aims at the weakest planet (tokens plus
the defender's lucres; first, one base short of the win, a moon the winner must hold),
lands on moons it knows to be beneficial and keeps away from those it knows to be harmful (a
face-down moon it does not know is a gamble it takes only when nothing better is offered),
takes consolation from the opponent's hand, launches four tokens from its fullest bases,
invites everybody, joins the offence for bases while it is the stronger side (else the
defence, for its reward), takes black-hole tokens back, uses its power
when the power only helps, plays an edict where it plainly helps (a Zap on its opponent's
power, the Force Field against more allies, La Peste on the leader), accepts deals that give
it a base, and proposes base-for-base otherwise. A decision it has no rule for (a
moon or flare added later) gets a safe choice: never a standing auto-pass, never an error.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from cosmodrome.games.cosmic.v1 import cosmic_pb2 as pb

PLANETS_PER_SYSTEM = 5
WIN_BASES = 5


def seen(msg, field: str) -> int:
    """An optional seat or planet of the View (`viewer`, `enc.defense`, ...); -1 if unset."""
    return getattr(msg, field) if msg.HasField(field) else -1


HELPFUL = ("mutant", "clone", "voleur", "esprit", "laser", "machine")  # powers that only help
# How an aim at a moon compares with an aim at a planet, in defending tokens: a known
# beneficial moon is worth a few more, a face-down one nobody told us of a few fewer.
BENEFICIAL_MOON_BONUS = 3
UNKNOWN_MOON_PENALTY = 2
YES = pb.Move(answer=pb.Answer(yes=True))


class CosmicBot:
    def __init__(self, content: pb.Content, seed: int | None = None) -> None:
        self._random = random.Random(seed)
        self._cards = content.cards
        power_id = {p.name: p.id for p in content.powers}
        self._helpful = {power_id[n] for n in HELPFUL if n in power_id}
        self._beneficial = {m.number: m.beneficial for m in content.moons}
        self._must_hold = {m.number for m in content.moons if m.winner_must_hold}

    def choose(self, view: pb.View, kind: str, options: Sequence[pb.Move]) -> pb.Move:
        options = list(options)
        pick = getattr(self, "_" + kind, None)
        try:
            move = pick(view, options) if pick else None
        except (IndexError, ValueError):  # options shaped anew: no rule applies
            move = None
        return move if move is not None else self._safe(options)

    def _safe(self, options: list[pb.Move]) -> pb.Move:
        """A decision it has no rule for: anything but a standing auto-pass (which would
        silence it for the rest of the encounter), at random."""
        kept = [o for o in options if o.WhichOneof("kind") != "auto_pass"]
        return self._random.choice(kept or options)

    # -- helpers
    @staticmethod
    def _tok(view: pb.View, planet: int, seat: int) -> int:
        n = len(view.planets)  # bodies past the planets are moons (seed 000)
        return (view.planets[planet] if planet < n else view.moons[planet - n]).count[seat]

    def _moon_worth(self, view: pb.View, body: int) -> int:
        """+2: a moon its win needs now (one base short, no token on a moon the winner must
        hold); +1: a moon it knows to be beneficial; -1: known harmful; 0: unknown (or a
        planet)."""
        n = len(view.planets)
        if body < n or body - n >= len(view.moons):
            return 0
        moon = view.moons[body - n]
        if not moon.HasField("number"):
            return 0
        me = seen(view, "viewer")
        if moon.number in self._must_hold and not moon.count[me] \
                and view.seats[me].foreign_bases >= WIN_BASES - 1:
            return 2
        return 1 if self._beneficial.get(moon.number, False) else -1

    @staticmethod
    def _of(options: list[pb.Move], field: str) -> list[pb.Move]:
        return [o for o in options if o.WhichOneof("kind") == field]

    def _done(self, options: list[pb.Move]) -> pb.Move | None:
        done = self._of(options, "done")
        return done[0] if done else None

    # -- decisions
    def _tokens_lost(self, view: pb.View, options: list[pb.Move]) -> pb.Move | None:
        """Saving tokens is worth disclosing the Zombie."""
        return next((o for o in options if o.answer.yes), options[-1])

    _new_hand = _tokens_lost  # kept edicts are worth disclosing the Vulch

    def _card(self, o: pb.Move) -> pb.CardInfo | None:
        c = o.card.card
        return self._cards[c] if o.WhichOneof("kind") == "card" and 0 <= c < len(self._cards) \
            else None

    def _attack_value(self, o: pb.Move) -> int:
        c = self._card(o)
        return c.value if c is not None and c.kind == pb.CardInfo.KIND_ATTACK else -1

    def _encounter_card(self, view: pb.View, options: list[pb.Move]) -> pb.Move:
        attacks = sorted((self._attack_value(o) for o in options if self._attack_value(o) >= 0),
                         reverse=True)
        mine = view.enc.ext_off if seen(view, "viewer") == view.enc.offense else view.enc.ext_def
        if mine.choosing:  # seed 000, under an extension: the best attack card left, or stop
            best = max(options, key=self._attack_value)
            return best if self._attack_value(best) >= 0 else self._done(options) or best
        extensions = [o for o in options if (c := self._card(o)) is not None
                      and c.kind == pb.CardInfo.KIND_EXTENSION and c.value >= 2]
        if extensions and len(attacks) >= 2:
            ext = max(extensions, key=lambda o: self._card(o).value)
            if sum(attacks[:self._card(ext).value]) > attacks[0]:
                return ext

        def value(o: pb.Move) -> int:
            c = self._card(o)
            if c is None or c.kind == pb.CardInfo.KIND_EXTENSION:
                return -1
            return c.value if c.kind == pb.CardInfo.KIND_ATTACK else 3
        return max(options, key=value)

    def _consolation_source(self, view: pb.View, options: list[pb.Move]) -> pb.Move:
        """Seed 000: a card from the opponent's hand also weakens him."""
        hand = [o for o in options if o.consolation.source == pb.CARD_SOURCE_HAND]
        return hand[0] if hand else self._safe(options)

    def _aim(self, view: pb.View, options: list[pb.Move]) -> pb.Move:
        me = seen(view, "viewer")

        def strength(o: pb.Move) -> tuple[bool, bool, bool, int, int]:
            d, p = seen(o.aim, "defense"), o.aim.planet
            held = self._tok(view, p, me) > 0  # a planet already held gains nothing
            guard = self._tok(view, p, d) + view.seats[d].lucres if d >= 0 else 0
            worth = self._moon_worth(view, p)  # seed 000: a defender adds his lucres
            if p >= len(view.planets):
                guard -= BENEFICIAL_MOON_BONUS if worth > 0 else 0
                guard += UNKNOWN_MOON_PENALTY if worth == 0 else 0
            return (worth < 0, worth < 2, held, guard, p)  # a moon the win needs first
        return min(self._of(options, "aim") or options, key=strength)

    def _take_token(self, view: pb.View, options: list[pb.Move]) -> pb.Move:
        me = seen(view, "viewer")
        planets = self._of(options, "planet")
        # keep at least one token on each base where possible: take from the fullest
        best = max(planets, key=lambda o: self._tok(view, o.planet.planet, me), default=None)
        if best is None:
            return self._done(options) or self._safe(options)
        on_cone = view.enc.cone_off[me] + view.enc.cone_def[me] if view.enc.cone_off else 0
        done = self._done(options)
        if done is not None and view.step == pb.STEP_ALLIES and on_cone >= 2:
            return done
        if done is not None and self._tok(view, best.planet.planet, me) <= 1:
            return done
        return best

    def _place_token(self, view: pb.View, options: list[pb.Move]) -> pb.Move:
        me = seen(view, "viewer")
        return min(self._of(options, "planet") or options,
                   key=lambda o: self._tok(view, o.planet.planet, me))

    def _retrieve(self, view: pb.View, options: list[pb.Move]) -> pb.Move:
        return self._place_token(view, self._of(options, "planet")) if len(options) > 1 \
            else self._safe(options)

    def _system(self, view: pb.View, options: list[pb.Move]) -> pb.Move:
        other = [o for o in self._of(options, "system") if o.system.seat != seen(view, "viewer")]
        return other[0] if other else self._safe(options)

    def _invite(self, view: pb.View, options: list[pb.Move]) -> pb.Move:
        invites = self._of(options, "invite")
        return invites[0] if invites else self._done(options) or self._safe(options)

    def _join(self, view: pb.View, options: list[pb.Move]) -> pb.Move:
        """The offence for a base while the offence is the stronger side; else the defence
        (its reward brings tokens back from the black hole); never onto a moon it knows to
        be harmful."""
        sides = {o.join.side: o for o in self._of(options, "join")}
        if self._moon_worth(view, seen(view.enc, "planet")) < 0:
            sides.pop(pb.SIDE_OFFENCE, None)
        elif pb.SIDE_DEFENCE in sides and not self._offence_leads(view):
            sides.pop(pb.SIDE_OFFENCE, None)
        return sides.get(pb.SIDE_OFFENCE) or sides.get(pb.SIDE_DEFENCE) or \
            self._done(options) or self._safe(options)

    def _offence_leads(self, view: pb.View) -> bool:
        """Tokens committed so far: the offence's in the cone against the defender's on the
        planet, his allies' and his lucres."""
        e, planet, d = view.enc, seen(view.enc, "planet"), seen(view.enc, "defense")
        if planet < 0 or d < 0:
            return True
        defence = self._tok(view, planet, d) + sum(e.cone_def) + view.seats[d].lucres
        return sum(e.cone_off) >= defence

    def _reward(self, view: pb.View, options: list[pb.Move]) -> pb.Move:
        return min(self._of(options, "reward") or options, key=lambda o: o.reward.cards)

    def _another(self, view: pb.View, options: list[pb.Move]) -> pb.Move:
        another = self._of(options, "another")
        return another[0] if another else self._done(options) or self._safe(options)

    def _moon(self, view: pb.View, options: list[pb.Move]) -> pb.Move | None:
        """A moon's question, told apart by the answers offered: yes (use the moon, draw,
        take an opponent's card, show the card that saves the tokens), a body (a new base
        where it has none, taken from its fullest base; an opponent's token removed where he
        has fewest), or a choice it has no preference for."""
        if YES in options:
            return YES
        me = seen(view, "viewer")
        bodies = self._of(options, "planet")
        if not bodies:
            return None
        if all(self._tok(view, o.planet.planet, me) > 0 for o in bodies):  # from its bases
            return max(bodies, key=lambda o: self._tok(view, o.planet.planet, me))
        home = range(me * PLANETS_PER_SYSTEM, (me + 1) * PLANETS_PER_SYSTEM)

        def where(o: pb.Move) -> tuple[bool, bool, int, int]:
            p = o.planet.planet
            others = sum(self._tok(view, p, s) for s in range(view.players) if s != me)
            return (p >= len(view.planets), p in home, others, p)
        return min(bodies, key=where)

    def _window(self, view: pb.View, options: list[pb.Move]) -> pb.Move:
        for o in self._of(options, "power"):
            if o.power.power in self._helpful:
                return o
        return self._edict(view, options) or self._done(options) or self._safe(options)

    def _edict(self, view: pb.View, options: list[pb.Move]) -> pb.Move | None:
        """An edict where it plainly helps: as a main player, a Zap on the opponent's
        power (not yet zapped) before the cards, and the Force Field when the other side
        has more allied tokens; La Peste on the leader at the start of the encounter."""
        me, e = seen(view, "viewer"), view.enc
        de = seen(e, "defense")
        them = de if me == e.offense else e.offense if me == de else -1
        for o in self._of(options, "edict"):
            c, target = self._cards[o.edict.card], seen(o.edict, "target")
            if c.edict == "zap" and them >= 0 and target == them and \
                    view.step == pb.STEP_PRE_CARDS and \
                    not any(z.seat == them for z in e.zapped_powers):
                return o
            if c.edict == "champ" and them >= 0 and target < 0 and \
                    self._allies(view, them) > self._allies(view, me):
                return o
            if c.edict == "peste" and view.step == pb.STEP_START_WINDOW and target >= 0 and \
                    target == self._leader(view):
                return o
        return None

    @staticmethod
    def _allies(view: pb.View, main: int) -> int:
        """Allied tokens on `main`'s side of the encounter."""
        e = view.enc
        cone = e.cone_off if main == e.offense else e.cone_def
        return sum(n for s, n in enumerate(cone) if s != main)

    @staticmethod
    def _leader(view: pb.View) -> int:
        """The other player with most foreign bases (-1: none has any)."""
        me = seen(view, "viewer")
        others = [(sv.foreign_bases, s) for s, sv in enumerate(view.seats)
                  if s != me and not sv.eliminated and sv.foreign_bases]
        return max(others)[1] if others else -1

    def _window_wait(self, view: pb.View, options: list[pb.Move]) -> pb.Move:
        """A window held open to its minimum time: a bot cannot wait unasked, so it uses a
        helpful power or sets a standing auto-pass (public; cleared at a later decision)."""
        for o in self._of(options, "power"):
            if o.power.power in self._helpful:
                return o
        return self._of(options, "auto_pass")[0]

    def _edict_response(self, view: pb.View, options: list[pb.Move]) -> pb.Move:
        me = seen(view, "viewer")
        takes = self._of(options, "power")  # a free edict is worth disclosing the Vulch
        if takes:
            return takes[0]
        edicts = self._of(options, "edict")
        e = view.enc
        if edicts and me in (e.offense, seen(e, "defense")):
            return edicts[0]
        return self._done(options) or self._safe(options)

    def _amoeba(self, view: pb.View, options: list[pb.Move]) -> pb.Move:
        me = seen(view, "viewer")
        engaged = view.enc.cone_off[me] if me == view.enc.offense else \
            self._tok(view, seen(view.enc, "planet"), me)
        adds = self._of(options, "planet")
        if engaged < 6 and adds:
            return max(adds, key=lambda o: self._tok(view, o.planet.planet, me))
        return self._done(options) or self._safe(options)

    def _deal(self, view: pb.View, options: list[pb.Move]) -> pb.Move:
        me = seen(view, "viewer")
        d = view.deal
        accept = self._of(options, "deal_accept")
        if accept:
            t = d.offer
            gets_base = t.HasField("def_base" if me == view.enc.offense else "off_base")
            if gets_base or t.off_cards or t.def_cards:
                return accept[0]
        draft = d.my_draft
        edits = {o.deal_edit.what: o for o in self._of(options, "deal_edit")}
        offence = me == view.enc.offense
        mine = draft.HasField("off_base" if offence else "def_base")
        theirs = draft.HasField("def_base" if offence else "off_base")
        if not theirs and pb.DEAL_TERM_ASK_BASE in edits:
            return edits[pb.DEAL_TERM_ASK_BASE]
        if not mine and pb.DEAL_TERM_OFFER_BASE in edits:
            return edits[pb.DEAL_TERM_OFFER_BASE]
        propose = self._of(options, "deal_propose")
        if propose:
            return propose[0]
        return self._of(options, "deal_abandon")[0]
