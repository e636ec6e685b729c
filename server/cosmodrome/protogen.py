"""Generate the protobuf and gRPC code from proto/ into server/ (run by `make proto`).

Files land beside the code that uses them: proto/cosmodrome/v1/x.proto becomes the module
cosmodrome.v1.x_pb2, and a game's proto becomes cosmodrome.games.<game>.v1.<game>_pb2.
It also writes what the HTTP edge serves from: the descriptor set of the whole contract
(with google.rpc's error details, so the edge can print them), cosmodrome/v1/contract.pb,
and the OpenAPI document generated from it, cosmodrome/v1/openapi.json.
The client's build (clients/python/setup.py) runs `generate` alone, into its wheel: this
module imports nothing of the server at the top for that reason.
"""

from __future__ import annotations

import sys
from importlib import resources
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DESCRIPTOR_SET = ROOT / "server" / "cosmodrome" / "v1" / "contract.pb"
OPENAPI = DESCRIPTOR_SET.with_name("openapi.json")
ERROR_PROTOS = ("google/rpc/status.proto", "google/rpc/error_details.proto")
THIRD_PARTY = "third_party"  # under proto/: the googleapis files the contract needs


def _protoc_args(proto_dir: Path) -> tuple[list[str], list[str]]:
    """protoc's include flags, and every .proto of the contract under `proto_dir` (the
    googleapis files it imports sit in `proto_dir`/third_party: every language's
    generator reads the same copies; their Python modules come from
    googleapis-common-protos)."""
    well_known = Path(resources.files("grpc_tools")) / "_proto"
    files = sorted(str(p.relative_to(proto_dir))
                   for p in (proto_dir / "cosmodrome").rglob("*.proto"))
    return ["protoc", f"-I{proto_dir}", f"-I{proto_dir / THIRD_PARTY}", f"-I{well_known}"], files


def generate(proto_dir: Path, out: Path) -> int:
    """protoc over every .proto under `proto_dir`: Python, typing stubs and gRPC into `out`."""
    from grpc_tools import protoc

    includes, files = _protoc_args(proto_dir)
    code = protoc.main([*includes, f"--python_out={out}", f"--pyi_out={out}",
                        f"--grpc_python_out={out}", *files])
    if code:
        print("protoc failed", file=sys.stderr)
    return code


def main() -> int:
    from grpc_tools import protoc

    from cosmodrome.edge import openapi

    proto_dir = ROOT / "proto"
    includes, files = _protoc_args(proto_dir)
    code = generate(proto_dir, ROOT / "server") or protoc.main([
        *includes, f"--descriptor_set_out={DESCRIPTOR_SET}", "--include_imports",
        "--include_source_info", *files, *ERROR_PROTOS])
    if code:
        print("protoc failed", file=sys.stderr)
        return code
    return openapi.main([str(DESCRIPTOR_SET), str(OPENAPI)])


if __name__ == "__main__":
    raise SystemExit(main())
