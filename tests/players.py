"""A host's identity provider for the tests: its keys, its JWKS file, and tokens of every
kind a hostile or careless client may send (tests/api/test_identity.py, the edge's)."""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import time
from pathlib import Path

import jwt
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec, rsa
from jwt.algorithms import ECAlgorithm, RSAAlgorithm

ISSUER = "https://login.example.test"
AUDIENCE = "cosmodrome-tests"


class IdentityProvider:
    """An RSA key (kid "rsa-1") and an EC key (kid "ec-1"), both published in `jwks`."""

    def __init__(self) -> None:
        self.rsa = rsa.generate_private_key(public_exponent=65537, key_size=2048)
        self.ec = ec.generate_private_key(ec.SECP256R1())
        self.stranger = rsa.generate_private_key(public_exponent=65537, key_size=2048)

    def jwks(self) -> dict:
        rsa_jwk = json.loads(RSAAlgorithm.to_jwk(self.rsa.public_key()))
        ec_jwk = json.loads(ECAlgorithm.to_jwk(self.ec.public_key()))
        return {"keys": [{**rsa_jwk, "kid": "rsa-1", "alg": "RS256", "use": "sig"},
                         {**ec_jwk, "kid": "ec-1", "alg": "ES256", "use": "sig"}]}

    def write_jwks(self, folder: Path) -> str:
        path = folder / "jwks.json"
        path.write_text(json.dumps(self.jwks()))
        return str(path)

    def token(self, subject: str = "ada", *, issuer: str = ISSUER, audience: str = AUDIENCE,
              expires_in: float = 600, not_before: float | None = None, key=None,
              kid: str = "rsa-1", algorithm: str = "RS256") -> str:
        now = int(time.time())
        claims = {"iss": issuer, "sub": subject, "aud": audience, "iat": now,
                  "exp": int(now + expires_in)}
        if not_before is not None:
            claims["nbf"] = int(now + not_before)
        return jwt.encode(claims, key or self.rsa, algorithm=algorithm, headers={"kid": kid})

    def es256(self, subject: str = "ada") -> str:
        return self.token(subject, key=self.ec, kid="ec-1", algorithm="ES256")

    def alg_none(self, subject: str = "ada") -> str:
        header = {"alg": "none", "typ": "JWT", "kid": "rsa-1"}
        return f"{_part(header)}.{_part(self._claims(subject))}."

    def hmac_with_public_key(self, subject: str = "ada") -> str:
        """HS256 whose secret is the published RSA public key (the classic confusion)."""
        secret = self.rsa.public_key().public_bytes(
            serialization.Encoding.PEM, serialization.PublicFormat.SubjectPublicKeyInfo)
        signing = f"{_part({'alg': 'HS256', 'typ': 'JWT', 'kid': 'rsa-1'})}." \
                  f"{_part(self._claims(subject))}"
        mac = hmac.new(secret, signing.encode(), hashlib.sha256).digest()
        return f"{signing}.{_b64(mac)}"

    def _claims(self, subject: str) -> dict:
        now = int(time.time())
        return {"iss": ISSUER, "sub": subject, "aud": AUDIENCE, "iat": now, "exp": now + 600}

    def refused(self) -> dict[str, str]:
        """Tokens a server must refuse, each UNAUTHENTICATED, by what is wrong with it."""
        return {
            "another issuer": self.token(issuer="https://evil.example.test"),
            "expired": self.token(expires_in=-3600),
            "not yet valid": self.token(not_before=3600),
            "alg none": self.alg_none(),
            "hmac with the public key": self.hmac_with_public_key(),
            "wrong audience": self.token(audience="someone-else"),
            "wrong key": self.token(key=self.stranger),
            "unknown kid": self.token(kid="rsa-9"),
        }


def server_flags(jwks_file: str) -> list[str]:
    return ["--jwks-file", jwks_file, "--jwt-issuer", ISSUER, "--jwt-audience", AUDIENCE]


def _b64(raw: bytes) -> str:
    return base64.urlsafe_b64encode(raw).rstrip(b"=").decode()


def _part(value: dict) -> str:
    return _b64(json.dumps(value).encode())


class JwksServer:
    """The provider's JWKS over HTTP on loopback (what --jwks-url fetches)."""

    def __init__(self, provider: IdentityProvider) -> None:
        import http.server
        import threading
        body = json.dumps(provider.jwks()).encode()

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_GET(self) -> None:  # noqa: N802 (the standard library's name)
                self.send_response(200)
                self.send_header("content-type", "application/json")
                self.send_header("content-length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def log_message(self, *args) -> None:
                pass

        self.httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.httpd.server_port}/.well-known/jwks.json"
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()

    def close(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()
