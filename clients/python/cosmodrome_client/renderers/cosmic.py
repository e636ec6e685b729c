"""Cosmic Encounter: each player's colour, bases and tokens, power, hand, the encounter in
progress, the black hole (the warp), in words.

Only what the View says is drawn: another seat's hand is a number, its power is shown once
disclosed, a face-down card is "face down". Card and power names come from the game's
content as the server publishes it (`ctx.content`, a cosmic_pb2.Content from
Client.game_content); without it cards and powers are shown by number. Moves, events, notes,
tasks, steps, outcomes and edict names are the game's words from the same catalog
(`ctx.words`, server/cosmodrome/games/cosmic/words.py), as the web page's are: this module picks
each case's variant and draws the values the templates name (`FORMATS`).

Board encoding (cosmic.proto): seat s owns home system s, planet p = system * 5 + i. A
planet is named by its system's colour and its number: "blue 3" is planet 3 of seat 1's home
system.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

from google.protobuf.message import Message

from cosmodrome.games.cosmic.v1 import cosmic_pb2 as pb
from cosmodrome_client.renderers.words import (
    enum_words,
    fill,
    first_variant,
    phrase,
    proper_name,
    template,
    worded,
)


def seen(msg: Message, field: str) -> int:
    """An optional seat or planet of the View (`viewer`, `enc.defense`, ...); -1 if unset."""
    return getattr(msg, field) if msg.HasField(field) else -1


if TYPE_CHECKING:
    from cosmodrome_client.renderers import Context

PLANETS_PER_SYSTEM = 5


def words_of(enum: str, value: int, ctx: Context, message: Message | None = None) -> str:
    """A value of one of the contract's enums (Step, NoteKind, Outcome...) in the game's
    words from the catalog (games/cosmic/words.py), filled from `message` where it has fields."""
    return enum_words(ctx, pb.DESCRIPTOR.enum_types_by_name[enum], value, message, FORMATS)


def edict_name(edict: str, ctx: Context) -> str:
    """An edict by the seed's French name (the catalog's), else by its id."""
    name = proper_name(ctx, f"edict.{edict}")
    return name.french if name is not None and name.french else edict
# the colour of each seat's system, as docs/rules/cosmic.md names them (the View numbers seats)
COLOURS = ("red", "blue", "green", "black", "white", "silver", "gold", "brown")


def _cards(ctx: Context) -> Sequence[pb.CardInfo]:
    """The cards of the game's content (from the catalog), by id; none without it."""
    return ctx.content.cards if isinstance(ctx.content, pb.Content) else ()


def _powers(ctx: Context) -> Sequence[pb.PowerInfo]:
    return ctx.content.powers if isinstance(ctx.content, pb.Content) else ()


def card(c: int, ctx: Context) -> str:
    """A card in words: "attack 12", "compromise", "edict La Peste", "flare (Clone)"."""
    cards = _cards(ctx)
    if not 0 <= c < len(cards):
        return f"card #{c}"
    k = cards[c]
    if k.kind == pb.CardInfo.KIND_ATTACK:
        return f"attack {k.value}"
    if k.kind == pb.CardInfo.KIND_EDICT:
        return f"edict {edict_name(k.edict, ctx)}"
    if k.kind == pb.CardInfo.KIND_EXTENSION:
        return f"extension {k.value}"
    if k.kind == pb.CardInfo.KIND_FLARE:
        named = [i for i, p in enumerate(_powers(ctx)) if p.name == k.power]
        return f"flare ({power(named[0], ctx) if named else k.power})"
    return "compromise"


def card_list(cs: Iterable[int], ctx: Context) -> str:
    return ", ".join(card(c, ctx) for c in cs) or "none"


def power(p: int, ctx: Context) -> str:
    """A power in words: its English name, and the French one of the rules where it differs."""
    powers = _powers(ctx)
    if not 0 <= p < len(powers):
        return f"power #{p}"
    en, fr = powers[p].english, powers[p].name
    return en if en.lower() == fr else f"{en} ({fr.capitalize()})"


def colour(seat: int) -> str:
    return COLOURS[seat] if 0 <= seat < len(COLOURS) else f"colour {seat}"


def planet(p: int) -> str:
    """A planet by its system's colour and its number: "blue 3"."""
    if p < 0:
        return "no planet"
    return f"{colour(p // PLANETS_PER_SYSTEM)} {p % PLANETS_PER_SYSTEM + 1}"


def _moons(ctx: Context) -> Sequence[pb.MoonInfo]:
    return ctx.content.moons if isinstance(ctx.content, pb.Content) else ()


def moon_number(n: int, ctx: Context) -> str:
    """A moon of the annex by its number, with its name where the seed gives one:
    "n°9 Alien"."""
    moons = _moons(ctx)
    name = moons[n - 1].name if 0 < n <= len(moons) else ""
    return f"n°{n}" + (f" {name}" if name else "")


def moon(view: Message, m: int) -> str:
    """Moon m of the View (body players * 5 + m) by where it lies: "moon 2 (blue system)"."""
    system = view.moons[m].system if 0 <= m < len(view.moons) else -1
    return f"moon {m + 1}" + (f" ({colour(system)} system)" if system >= 0 else "")


def body(p: int, view: Message | None) -> str:
    """A planet, or (seed 000) a moon: bodies past the planets are the View's moons."""
    n = len(view.planets) if view is not None else 0
    return moon(view, p - n) if view is not None and n <= p < n + len(view.moons) \
        else planet(p)


def _tokens(view: Message, p: int, seat: int) -> int:
    """`seat`'s tokens on body p: a planet, or a moon past the planets."""
    n = len(view.planets)
    counts = view.planets[p].count if 0 <= p < n else \
        view.moons[p - n].count if n <= p < n + len(view.moons) else ()
    return counts[seat] if 0 <= seat < len(counts) else 0


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def _seat_tokens(view: Message, seat: int) -> str:
    """Tokens per planet, compactly: "home 4 4 4 - 3; green 2:1, blue 5:2"."""
    home = range(seat * PLANETS_PER_SYSTEM, (seat + 1) * PLANETS_PER_SYSTEM)
    parts = ["home " + " ".join(str(_tokens(view, p, seat) or "-") for p in home)]
    foreign = [f"{planet(p)}:{n}" for p in range(view.players * PLANETS_PER_SYSTEM)
               if p not in home and (n := _tokens(view, p, seat))]
    if foreign:
        parts.append("abroad " + ", ".join(foreign))
    moons = [f"{moon(view, m)}:{mv.count[seat]}" for m, mv in enumerate(view.moons)
             if seat < len(mv.count) and mv.count[seat]]
    if moons:
        parts.append("on " + ", ".join(moons))
    return "; ".join(parts)


# ------------------------------------------------------------------------------- the board

def board(view: Message, ctx: Context) -> list[str]:
    e = view.enc
    me = seen(view, "viewer")
    lines = [f"Turn {view.turn + 1}" + (f", encounter {e.number}" if e.number else "")
             + f" - {words_of('Step', view.step, ctx)}"]
    top = f" (top: {card(view.discard[-1], ctx)})" if view.discard else ""
    piles = f" in four piles ({', '.join(map(str, view.piles))})" if view.piles else ""
    lines.append(f"Deck: {_plural(view.deck_size, 'card')}{piles}; discard: "
                 f"{_plural(len(view.discard), 'card')}{top}")
    lines.append("Players (tokens per home planet 1-5, then abroad):")
    for s in range(view.players):
        sv = view.seats[s] if s < len(view.seats) else pb.SeatView()
        role = ""
        if view.step != pb.STEP_OVER and e.offense >= 0:
            de = seen(e, "defense")
            role = " - offence" if s == e.offense else " - defence" if s == de else ""
        out = " (eliminated)" if sv.eliminated else ""
        lines.append(f"  {ctx.label(s)} [{colour(s)}]{role}{out}: "
                     f"{sv.home_bases} home + {sv.foreign_bases} foreign bases")
        held = list(view.my_powers) if s == me and view.my_powers else list(sv.powers)
        if held:
            active = list(sv.power_active)
            shown = []
            for i, p in enumerate(held):
                state = ""
                if i < len(active) and p in sv.powers:
                    state = "" if active[i] else " (inactive)"
                if any(z.seat == s and z.power == p for z in e.zapped_powers):
                    state += " (zapped)"
                shown.append(power(p, ctx) + state)
            powers = ", ".join(shown)
        else:
            powers = "none" if s == me else "secret"
        warp = f"; black hole {sv.black_hole}" if sv.black_hole else ""
        removed = f"; removed {sv.removed}" if sv.removed else ""
        hand = f"hand {_plural(sv.hand_size, 'card')}"
        lucres = f"; {_plural(sv.lucres, 'lucre')}" if sv.lucres else ""
        lines.append(f"    power: {powers}; {hand}{lucres}{warp}{removed}")
        lines.append(f"    tokens: {_seat_tokens(view, s)}")
    if me >= 0:
        hand = sorted(view.my_hand, key=lambda c: _card_order(c, ctx))
        lines.append(f"Your hand: {card_list(hand, ctx)}")
    for k in view.knowledge:
        why = _reason(k, ctx)
        lines.append(f"You know {ctx.whose(k.target)} cards ({why}): {card_list(k.cards, ctx)}")
    lines += moons(view, ctx)
    warped = [f"{ctx.who(s)} {sv.black_hole}" for s, sv in enumerate(view.seats)
              if sv.black_hole]
    lines.append(f"Black hole (the warp): {', '.join(warped) or 'empty'}")
    if view.cup:
        counts = {}
        for c in view.cup:
            counts[c] = counts.get(c, 0) + 1
        lines.append("Destiny discs: " + ", ".join(f"{colour(c)} x{n}"
                                                   for c, n in sorted(counts.items())))
    lines += moon_marks(view)
    if e.offense >= 0 and not view.finished:
        lines += encounter(view, ctx)
    if view.step == pb.STEP_DEAL:
        lines += deal(view, ctx)
    if view.tasks:
        t = view.tasks[0]
        lines.append(f"Now: {ctx.who(t.seat)} to {task(t, ctx) or 'answer'}")
    if view.finished:
        lines.append("Winners: " + (", ".join(ctx.who(w) for w in view.winners) or "none"))
    return lines


def moons(view: Message, ctx: Context) -> list[str]:
    """Seed 000: each moon face down (its number only to whom may know it) or revealed, with
    what it does where known, and who stands on it."""
    if not view.moons:
        return []
    lines = [f"Moons ({_plural(view.moon_deck_size, 'moon')} left in the moon deck):"]
    moons_info = _moons(ctx)
    for m, mv in enumerate(view.moons):
        if mv.gone:
            lines.append(f"  {moon(view, m)}: gone")
            continue
        known = mv.HasField("number")
        state = "revealed" if mv.face_up else "face down"
        what = moon_number(mv.number, ctx) if known else "unknown"
        if known and not mv.face_up:
            what += " (known to you)"
        text = moons_info[mv.number - 1].english.rstrip(".") if known and \
            0 < mv.number <= len(moons_info) else ""
        on = [f"{ctx.who(s)} {n}" for s, n in enumerate(mv.count) if n]
        lines.append(f"  {moon(view, m)}: {state}, {what}"
                     + (f": {text}" if text else "")
                     + f"; {'tokens: ' + ', '.join(on) if on else 'nobody on it'}")
    return lines


def _card_order(c: int, ctx: Context) -> tuple:
    cards = _cards(ctx)
    if not 0 <= c < len(cards):
        return (3, c)
    k = cards[c]
    return (CARD_ORDER.get(k.kind, 3), k.value, c)


CARD_ORDER = {pb.CardInfo.KIND_ATTACK: 0, pb.CardInfo.KIND_COMPROMISE: 1,
              pb.CardInfo.KIND_EXTENSION: 2, pb.CardInfo.KIND_EDICT: 3}


def _shown(c: int, ctx: Context) -> str:
    return card(c, ctx) if c >= 0 else "no card"


def _face(c: Message, mine: bool, ctx: Context) -> str:
    if c.face == pb.CARD_FACE_DOWN:
        return "face down"
    if c.face == pb.CARD_FACE_NONE:
        return "no card"
    if c.face != pb.CARD_FACE_KNOWN:
        return "not yet chosen"
    return card(c.card, ctx) + (" (yours)" if mine else "")


def _extension(x: Message, ctx: Context) -> str:
    """Seed 000: the extension card and the attack cards added to the encounter card."""
    if not x.extension.face:
        return ""
    added = "".join(f" + {_face(c, False, ctx)}" for c in x.extra)
    ext = _face(x.extension, False, ctx)
    ext = "extension face down" if x.extension.face == pb.CARD_FACE_DOWN else ext
    choosing = " (still choosing)" if x.choosing else ""
    return f"{added} + {ext}{choosing}"


def encounter(view: Message, ctx: Context) -> list[str]:
    e = view.enc
    off, de = e.offense, seen(e, "defense")
    system, aimed = seen(e, "system"), seen(e, "planet")
    lines = [f"Encounter {e.number or 1}: {ctx.who(off)} [{colour(off)}] on the offence"]
    if system >= 0 and aimed < 0:
        lines[0] += f"; destiny: the {colour(system)} system"
    if aimed >= 0:
        lines[0] += f", attacking {body(aimed, view)}"
        if de >= 0:
            lines[0] += f" defended by {ctx.who(de)} [{colour(de)}]"

    def side(cone, main: int, invited) -> str:
        allies = [f"{ctx.who(s)} {n}" for s, n in enumerate(cone) if n and s != main]
        asked = [ctx.who(s) for s, yes in enumerate(invited) if yes and not
                 (s < len(cone) and cone[s])]
        text = ("allies " + ", ".join(allies)) if allies else "no allies"
        if asked and view.step in (pb.STEP_INVITE_OFF, pb.STEP_INVITE_DEF, pb.STEP_ALLIES):
            text += "; invited " + ", ".join(asked)
        return text

    if off < len(e.cone_off) and (aimed >= 0 or e.cone_off[off]):
        lines.append(f"  offence: {_plural(e.cone_off[off], 'token')} on the cone; "
                     f"{side(e.cone_off, off, e.invited_off)}")
    if de >= 0 and aimed >= 0:
        lines.append(f"  defence: {_plural(_tokens(view, aimed, de), 'token')} on "
                     f"{body(aimed, view)}; {side(e.cone_def, de, e.invited_def)}")
    if e.answer_order:
        lines.append("  still to answer: " + ", ".join(ctx.who(s) for s in e.answer_order))
    if e.card_off.face or e.card_def.face or view.step == pb.STEP_CARDS:
        me = seen(view, "viewer")
        mine_off = me == off and not e.swapped or me == de and e.swapped
        mine_def = me == de and not e.swapped or me == off and e.swapped
        state = "revealed" if e.revealed else "cards"
        lines.append(f"  {state}: offence {_face(e.card_off, mine_off and me >= 0, ctx)}"
                     f"{_extension(e.ext_off, ctx)}, "
                     f"defence {_face(e.card_def, mine_def and me >= 0, ctx)}"
                     f"{_extension(e.ext_def, ctx)}")
    if e.auto_win:
        lines.append("  no defending tokens: the offence wins automatically")
    if e.zapped_powers:
        lines.append("  zapped: " + ", ".join(f"{ctx.whose(z.seat)} {power(z.power, ctx)}"
                                              for z in e.zapped_powers))
    if e.winner:
        lines.append(f"  outcome: {words_of('Outcome', e.winner, ctx)}"
                     + (" (a success)" if e.success else ""))
    return lines


def terms(t: Message, view: Message, ctx: Context) -> str:
    """Deal terms in words, from the offence's and the defence's sides."""
    off, de = _subject(view.enc.offense, ctx), _subject(seen(view.enc, "defense"), ctx)
    out = []
    if t.HasField("off_base"):
        out.append(f"{de} settles on {planet(t.off_base)}")
    if t.HasField("def_base"):
        out.append(f"{off} settles on {planet(t.def_base)}")
    if t.off_cards:
        out.append(f"{off} gives {card_list(t.off_cards, ctx)}")
    if t.def_cards:
        out.append(f"{de} gives {card_list(t.def_cards, ctx)}")
    if t.off_random:
        out.append(f"{de} draws {_plural(t.off_random, 'card')} at random from {off}")
    if t.def_random:
        out.append(f"{off} draws {_plural(t.def_random, 'card')} at random from {de}")
    if t.frees:
        out.append(f"the Zombie frees {_plural(t.frees, 'token')} from the black hole")
    return "; ".join(out) or "nothing"


def deal(view: Message, ctx: Context) -> list[str]:
    d = view.deal
    lines = []
    by = seen(d, "offer_by")
    if by >= 0:
        lines.append(f"Deal on the table, by {ctx.who(by)}: {terms(d.offer, view, ctx)}")
    else:
        lines.append("Deal: no offer yet")
    me = seen(view, "viewer")
    if me >= 0 and me in (view.enc.offense, seen(view.enc, "defense")):
        lines.append(f"  your draft: {terms(d.my_draft, view, ctx)}")
    return lines


# ------------------------------------------------------------------------------- moves

def moon_marks(view: Message) -> list[str]:
    """Seed 000's public board marks: destroyed planets, the planet each moon lies beside,
    X-Doz's crown ("moon #2 beside red 4")."""
    n = len(view.planets)
    marks = [f"{planet(p)} destroyed" for p, pt in enumerate(view.planets) if pt.destroyed]
    for m, mo in enumerate(view.moons):
        if mo.gone:
            continue
        where = f"moon #{m + 1} beside {planet(mo.system * PLANETS_PER_SYSTEM + mo.slot)}"
        if mo.HasField("guarded"):
            g = mo.guarded
            where += f", +100 to the defence of {planet(g) if g < n else f'moon #{g - n + 1}'}"
        marks.append(where)
    return [f"Moons: {'; '.join(marks)}"] if marks else []


def _power_variant(u: Message, ctx: Context) -> str:
    """A power's use: worded by the power where the catalog has its words."""
    powers = _powers(ctx)
    name = powers[u.power].name if 0 <= u.power < len(powers) else ""
    return first_variant(ctx, "move.power", name, "target" if u.HasField("target") else "")


def _edict_variant(ed: Message, ctx: Context) -> str:
    """An edict played: worded by the edict (the card's, or the one it is played as)."""
    cards = _cards(ctx)
    name = ed.as_edict or (cards[ed.card].edict if 0 <= ed.card < len(cards) else "")
    flag = "target" if name == "champ" and ed.HasField("target") else \
        "moon" if name == "moon_zap" and ed.HasField("moon") else \
        "secondary" if name == "zap_sauvage" and ed.powers == pb.POWER_SCOPE_SECONDARY else ""
    return first_variant(ctx, "move.edict", f"{name}.{flag}" if flag else "", name,
                         "target" if ed.HasField("target") else "")


def _move_variant(m: Message, ctx: Context) -> str:
    """Which words a move takes: by the decision it answers, the piece it plays, a field."""
    kind = m.WhichOneof("kind")
    v, k = getattr(m, kind), ctx.kind
    if kind in ("done", "planet", "card", "pick"):
        return k
    variants = {
        "moon_use": lambda: "power" if v.HasField("power") else k,
        "aim": lambda: "" if v.HasField("defense") else "nobody",
        "join": lambda: pb.Side.Name(v.side),
        "power": lambda: _power_variant(v, ctx),
        "deal_edit": lambda: pb.DealTerm.Name(v.what),
        "deal_accept": lambda: "offer" if ctx.view is not None and
        seen(ctx.view.deal, "offer_by") >= 0 else "",
        "edict": lambda: _edict_variant(v, ctx),
        "answer": lambda: first_variant(ctx, "move.answer", f"{k}{'.yes' if v.yes else ''}",
                                        "yes" if v.yes else ""),
        "system": lambda: "own" if v.seat == ctx.viewer else "",
        "auto_pass": lambda: "on" if v.on else "",
        "consolation": lambda: pb.CardSource.Name(v.source),
        "draw": lambda: "seat" if v.HasField("seat") else "",
        "moon_choice": lambda: pb.PowersPassed.Name(v.powers),
        "flare": lambda: "use" if v.HasField("use") else "",
        "flares_kept": lambda: "" if v.cards else "none",
    }
    return variants[kind]() if kind in variants else ""


def move(m: Message, ctx: Context) -> str | None:
    """A Move in the catalog's words (games/cosmic/words.py)."""
    return worded(m, "move", ctx, FORMATS, _move_variant(m, ctx))


def _played(ed: Message, ctx: Context) -> str:
    """An edict card as played: "play edict Zap Cosmique", "... as Un-Zap"."""
    return fill(template(ctx, "move.edict", "played.as" if ed.as_edict else "played") or "",
                ed, ctx, FORMATS)


def _power_use(u: Message, ctx: Context) -> str:
    return fill(template(ctx, "move.power", _power_variant(u, ctx)) or "", u, ctx, FORMATS)


def _offer(_accept: Message, ctx: Context) -> str:
    return terms(ctx.view.deal.offer, ctx.view, ctx) if ctx.view is not None else ""


def _beside(mm: Message, ctx: Context) -> str:
    """Where a moved moon now lies: the planet it is beside."""
    view = ctx.view
    if view is None or not 0 <= mm.moon < len(view.moons):
        return f"planet {mm.slot + 1} of its system"
    return planet(view.moons[mm.moon].system * PLANETS_PER_SYSTEM + mm.slot)


# ------------------------------------------------------------------------------- events



def _subject(seat: int, ctx: Context) -> str:
    """A seat heading an engine note: "bob", "ada (you)"."""
    return ctx.name(seat) + (" (you)" if seat == ctx.viewer and seat >= 0 else "")


def _reason(r: Message, ctx: Context) -> str:
    """A Reason (of CardsSeen or Knowledge) as a short key: "deal", "esprit", "peste"."""
    if r.why == pb.REASON_POWER:
        powers = _powers(ctx)
        return powers[r.power].name if 0 <= r.power < len(powers) else f"power #{r.power}"
    if r.why == pb.REASON_EDICT:
        return r.edict
    if r.why == pb.REASON_MOON:
        return f"moon {moon_number(r.moon, ctx)}"
    return words_of("Reason", r.why, ctx) if r.why else ""


def task(t: Message, ctx: Context) -> str | None:
    """What a queued task asks (TaskView), in the catalog's words."""
    take = t.take if t.WhichOneof("kind") == "take" else None
    variant = ""
    if take is not None and take.dest == pb.DEST_BLACK_HOLE:
        variant = "black_hole"
    elif take is not None and take.dest == pb.DEST_PLANET and take.HasField("planet"):
        variant = "planet"
    return worded(t, "task", ctx, FORMATS, variant)


# How Cosmic's words draw the values their templates name (games/cosmic/words.py lists them).
FORMATS = {
    "who": lambda seat, ctx: ctx.who(seat),
    "whose": lambda seat, ctx: ctx.whose(seat),
    "subject": lambda seat, ctx: _subject(seat, ctx),
    "who_list": lambda seats, ctx: ", ".join(ctx.who(s) for s in seats) or "nobody",
    "other": lambda seat, ctx: "the deck" if seat is None else ctx.who(seat),
    "hand": lambda seat, ctx: "the deck" if seat is None else f"{ctx.whose(seat)} hand",
    "card": lambda c, ctx: "a card" if c is None else card(c, ctx),
    "cards": lambda cs, ctx: card_list(cs, ctx),
    "shown": lambda c, ctx: "no card" if c is None else card(c, ctx),
    "power": lambda p, ctx: power(p, ctx),
    "colour": lambda seat, ctx: colour(seat),
    "moon_number": lambda n, ctx: moon_number(n, ctx),
    "index": lambda i, ctx: str(i + 1),
    "edict": lambda edict, ctx: edict_name(edict, ctx),
    "reason": lambda c, ctx: _reason(c, ctx),
    "others": lambda seat, ctx: "every other player" if seat is None else ctx.who(seat),
    "yes_no": lambda yes, ctx: "yes" if yes else "no",
    "planet": lambda p, ctx: planet(p),
    "moon": lambda m, ctx: moon(ctx.view, m) if ctx.view is not None else f"moon {m + 1}",
    "body": lambda p, ctx: body(p, ctx.view),
    "card_count": lambda n, ctx: _plural(n, "card"),
    "played": _played,
    "power_use": _power_use,
    "offer": _offer,
    "beside": _beside,
    "tokens": lambda n, ctx: _plural(n, "token"),
}


CARDS_SEEN_BY_REASON = (pb.REASON_NEW_HAND, pb.REASON_REWARD, pb.REASON_CONSOLATION,
                        pb.REASON_DEAL)


def _seen_variant(c: Message, ctx: Context) -> str:
    """Which words a CardsSeen takes: by its reason, by the piece that showed the cards where
    the catalog words it, else whether they were shown, whence and why."""
    if c.why in CARDS_SEEN_BY_REASON:
        return pb.Reason.Name(c.why)
    why = _reason(c, ctx)
    if why and phrase(ctx, f"event.cards_seen#{why}") is not None:
        return why
    how = "shown" if seen(c, "from_seat") == c.seat else \
        "from" if c.HasField("from_seat") else ""
    return ".".join(part for part in (how, "why" if why else "") if part)


def _event_variant(e: Message, ctx: Context) -> str:
    kind = e.WhichOneof("kind")
    m = getattr(e, kind) if kind else None
    flags: tuple[tuple[str, bool], ...] = ()
    if kind == "note":
        flags = (("seat", m.HasField("seat")),)
    elif kind == "cards_seen":
        return _seen_variant(m, ctx)
    elif kind == "encounter_over":
        flags = (("winner", bool(m.winner)), ("success", m.success))
    elif kind == "game_over":
        flags = (("why", bool(m.why)),)
    elif kind == "edict_played":
        flags = (("as", bool(m.as_edict)), ("target", m.HasField("target")))
    elif kind == "flare_played":
        flags = (("sauvage", m.sauvage),)
    return ".".join(name for name, on in flags if on)


def event(e: Message, ctx: Context) -> str | None:
    """An Event in the catalog's words (games/cosmic/words.py)."""
    return worded(e, "event", ctx, FORMATS, _event_variant(e, ctx))
