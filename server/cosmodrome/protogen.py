"""Generate the protobuf and gRPC code from proto/ into server/ (run by `make proto`).

Files land beside the code that uses them: proto/cosmodrome/v1/x.proto becomes the module
cosmodrome.v1.x_pb2, and a game's proto becomes cosmodrome.games.<game>.v1.<game>_pb2.
It also writes what the HTTP edge serves from: the descriptor set of the whole contract
(with google.rpc's error details, so the edge can print them), cosmodrome/v1/contract.pb,
and the OpenAPI document generated from it, cosmodrome/v1/openapi.json.
"""

from __future__ import annotations

import sys
from importlib import resources
from pathlib import Path

from google.api import annotations_pb2
from grpc_tools import protoc

from cosmodrome.edge import openapi

ROOT = Path(__file__).resolve().parents[2]
DESCRIPTOR_SET = ROOT / "server" / "cosmodrome" / "v1" / "contract.pb"
OPENAPI = DESCRIPTOR_SET.with_name("openapi.json")
ERROR_PROTOS = ("google/rpc/status.proto", "google/rpc/error_details.proto")


def main() -> int:
    proto_dir = ROOT / "proto"
    out = ROOT / "server"
    googleapis = Path(annotations_pb2.__file__).parents[2]  # holds google/api/*.proto
    well_known = Path(resources.files("grpc_tools")) / "_proto"
    files = sorted(str(p.relative_to(proto_dir)) for p in proto_dir.rglob("*.proto"))
    args = ["protoc", f"-I{proto_dir}", f"-I{googleapis}", f"-I{well_known}",
            f"--python_out={out}", f"--pyi_out={out}", f"--grpc_python_out={out}", *files]
    code = protoc.main(args) or protoc.main([
        *args[:4], f"--descriptor_set_out={DESCRIPTOR_SET}", "--include_imports",
        "--include_source_info", *files, *ERROR_PROTOS])
    if code:
        print("protoc failed", file=sys.stderr)
        return code
    return openapi.main([str(DESCRIPTOR_SET), str(OPENAPI)])


if __name__ == "__main__":
    raise SystemExit(main())
