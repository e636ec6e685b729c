"""Generate the protobuf and gRPC code from proto/ into server/ (run by `make proto`).

Files land beside the code that uses them: proto/cosmodrome/v1/x.proto becomes the module
cosmodrome.v1.x_pb2, and a game's proto becomes cosmodrome.games.<game>.v1.<game>_pb2.
The client's build (clients/python/setup.py) runs `generate` too, into its wheel.
"""

from __future__ import annotations

import sys
from importlib import resources
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def generate(proto_dir: Path, out: Path) -> int:
    """protoc over every .proto under `proto_dir`, Python, typing stubs and gRPC into `out`."""
    from google.api import annotations_pb2
    from grpc_tools import protoc

    googleapis = Path(annotations_pb2.__file__).parents[2]  # holds google/api/*.proto
    well_known = Path(resources.files("grpc_tools")) / "_proto"
    files = sorted(str(p.relative_to(proto_dir)) for p in proto_dir.rglob("*.proto"))
    args = ["protoc", f"-I{proto_dir}", f"-I{googleapis}", f"-I{well_known}",
            f"--python_out={out}", f"--pyi_out={out}", f"--grpc_python_out={out}", *files]
    code = protoc.main(args)
    if code:
        print("protoc failed", file=sys.stderr)
    return code


def main() -> int:
    return generate(ROOT / "proto", ROOT / "server")


if __name__ == "__main__":
    raise SystemExit(main())
