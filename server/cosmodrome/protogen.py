"""Generate the protobuf and gRPC code from proto/ into server/ (run by `make proto`).

Files land beside the code that uses them: proto/cosmodrome/v1/x.proto becomes the module
cosmodrome.v1.x_pb2, and a game's proto becomes cosmodrome.games.<game>.v1.<game>_pb2.
It also writes what the HTTP edge serves from: the descriptor set of the whole contract
(with google.rpc's error details, so the edge can print them), cosmodrome/v1/contract.pb,
and the OpenAPI document generated from it, cosmodrome/v1/openapi.json.
The client's build (clients/python/setup.py) runs `generate` alone, into its wheel: this
module imports nothing of the server at the top for that reason.

`--release DIR` (run by `make contract`) writes the contract's release artifacts from that
descriptor set, for clients in any language (docs/clients-other-languages.md):
cosmodrome-contract-<version>.binpb, the whole contract, and cosmodrome-contract-<version>-
grpc.binpb, the same without the REST routes, so that code generated from it depends on no
google.api package.
"""

from __future__ import annotations

import sys
from importlib import resources
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DESCRIPTOR_SET = ROOT / "server" / "cosmodrome" / "v1" / "contract.pb"
OPENAPI = DESCRIPTOR_SET.with_name("openapi.json")
ERROR_PROTOS = ("google/rpc/status.proto", "google/rpc/error_details.proto")
GOOGLE_API_HTTP = "google/api/annotations.proto"
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


def without_rest_routes(contract: bytes) -> bytes:
    """The descriptor set `contract` without its `google.api.http` options, nor the
    google/api files they came from: the messages and services a gRPC client needs."""
    from google.api import annotations_pb2
    from google.protobuf import descriptor_pb2

    full = descriptor_pb2.FileDescriptorSet.FromString(contract)
    kept = descriptor_pb2.FileDescriptorSet()
    for file in full.file:
        if file.name.startswith("google/api/"):
            continue
        file = _copy_into(kept, file)
        if GOOGLE_API_HTTP in file.dependency:
            file.dependency.remove(GOOGLE_API_HTTP)
        for service in file.service:
            for method in service.method:
                method.options.ClearExtension(annotations_pb2.http)
                if not method.options.ListFields():
                    method.ClearField("options")
        _drop_method_option_comments(file)
    return kept.SerializeToString(deterministic=True)


def _copy_into(kept, file):
    copy = kept.file.add()
    copy.CopyFrom(file)
    return copy


def _drop_method_option_comments(file) -> None:
    """Source locations under a method's options (path service 6, method 2, options 4)
    point at nothing once the options are gone."""
    locations = [loc for loc in file.source_code_info.location
                 if not (len(loc.path) >= 5 and loc.path[0] == 6 and loc.path[2] == 2
                         and loc.path[4] == 4)]
    del file.source_code_info.location[:]
    file.source_code_info.location.extend(locations)


def release(out: Path) -> list[Path]:
    """The contract's release artifacts in `out` (see the module's docstring)."""
    from importlib.metadata import version

    contract = DESCRIPTOR_SET.read_bytes()
    out.mkdir(parents=True, exist_ok=True)
    name = f"cosmodrome-contract-{version('cosmodrome')}"
    whole, grpc_only = out / f"{name}.binpb", out / f"{name}-grpc.binpb"
    whole.write_bytes(contract)
    grpc_only.write_bytes(without_rest_routes(contract))
    return [whole, grpc_only]


def main() -> int:
    from grpc_tools import protoc

    if sys.argv[1:2] == ["--release"]:
        for path in release(Path(sys.argv[2])):
            print(f"wrote {path}")
        return 0

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
