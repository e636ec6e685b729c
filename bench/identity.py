"""The cost of the identity check per call (issue 23): a micro-benchmark of the verify step,
in process, beside a move's server CPU measured in the same `make bench` run.

    python -m bench.identity [--seconds 1]

Three costs: a call with a seat token (the move path: the bearer is told from a JWT, no
check), a call with a player token already verified (the verifier remembers good tokens
until they expire: what every later call of a client costs), and the first sight of a token
(the signature check: RS256 and ES256 of a host, EdDSA of a guest).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import time

from cosmodrome.auth import jwks, looks_like_jwt
from cosmodrome.auth.guest import GuestKeys, derived_keys
from cosmodrome.auth.verify import Issuer, TokenVerifier
from tests.players import AUDIENCE, ISSUER, IdentityProvider

BUDGET = 0.05  # of the move path's CPU


def per_call_us(step, seconds: float) -> float:
    calls, start = 0, time.perf_counter()
    deadline = start + seconds
    while time.perf_counter() < deadline:
        for _ in range(100):
            step()
        calls += 100
    return (time.perf_counter() - start) / calls * 1e6


def measure(seconds: float) -> dict[str, float]:
    provider = IdentityProvider()
    guests = GuestKeys(derived_keys("bench"))
    asyncio.run(guests.refresh())
    verifier = TokenVerifier([
        Issuer(ISSUER, (AUDIENCE,), jwks.parse(json.dumps(provider.jwks()), "bench")),
        Issuer(guests.issuer, (guests.audience,), guests.public)])
    tokens = {"RS256": provider.token("bench"), "ES256": provider.es256("bench"),
              "EdDSA (guest)": asyncio.run(guests.issue())[0]}
    seat_token = "kiT08FBSs1FDUvQDiA1nx3MuEiz5bA-R"
    figures = {"seat token (the move path)": per_call_us(lambda: looks_like_jwt(seat_token),
                                                          seconds)}
    token = tokens["RS256"]
    verifier.verify(token)
    figures["player token, remembered"] = per_call_us(
        lambda: looks_like_jwt(token) and verifier.verify(token), seconds)
    for name, token in tokens.items():
        def first_sight(token=token):
            verifier.forget()
            verifier.verify(token)
        figures[f"player token, first sight, {name}"] = per_call_us(first_sight, seconds)
    return figures


def run(seconds: float = 1.0, move_cpu_ms: float | None = None) -> None:
    print("\n== identity check per call (in process; the machine is shared: figures are "
          "indicative)", flush=True)
    for name, us in measure(seconds).items():
        share = (f"   {us / (move_cpu_ms * 1000):6.2%} of a move's server CPU "
                 f"({move_cpu_ms:.2f} ms)" if move_cpu_ms else "")
        print(f"  {name:40s} {us:8.2f} us{share}", flush=True)
    if move_cpu_ms:
        print(f"  budget: under {BUDGET:.0%} of the move path's CPU per call", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=1.0)
    parser.add_argument("--move-cpu-ms", type=float, default=None,
                        help="a move's server CPU (from make bench), to print the share")
    args = parser.parse_args()
    run(args.seconds, args.move_cpu_ms)


if __name__ == "__main__":
    main()
