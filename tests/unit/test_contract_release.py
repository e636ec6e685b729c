"""`make contract`'s release artifacts: the contract's descriptor set, whole and for gRPC
clients without the REST routes (protogen.release)."""

from __future__ import annotations

from importlib.metadata import version

from google.api import annotations_pb2
from google.protobuf import descriptor_pb2

from cosmodrome import protogen


def _read(path) -> descriptor_pb2.FileDescriptorSet:
    return descriptor_pb2.FileDescriptorSet.FromString(path.read_bytes())


def _methods(contract: descriptor_pb2.FileDescriptorSet) -> dict:
    return {f"{s.name}.{m.name}": (m.input_type, m.output_type, m.server_streaming)
            for f in contract.file for s in f.service for m in s.method}


def _messages(contract: descriptor_pb2.FileDescriptorSet) -> dict:
    return {f"{f.package}.{m.name}": m for f in contract.file for m in f.message_type
            if f.package != "google.api"}


def test_the_release_is_the_contract_whole_and_without_its_rest_routes(tmp_path):
    whole, grpc_only = protogen.release(tmp_path)
    assert whole.name == f"cosmodrome-contract-{version('cosmodrome')}.binpb"
    assert grpc_only.name == whole.name.replace(".binpb", "-grpc.binpb")
    assert whole.read_bytes() == protogen.DESCRIPTOR_SET.read_bytes()
    full, lean = _read(whole), _read(grpc_only)
    assert any(m.options.HasExtension(annotations_pb2.http)
               for f in full.file for s in f.service for m in s.method)
    assert not [f.name for f in lean.file if f.name.startswith("google/api/")]
    assert not [f.name for f in lean.file if protogen.GOOGLE_API_HTTP in f.dependency]
    assert not [m.name for f in lean.file for s in f.service for m in s.method
                if m.HasField("options")]
    # the same services and messages, comments kept
    assert _methods(lean) == _methods(full) and len(_methods(lean)) >= 20
    assert _messages(lean) == _messages(full)
    assert {f.name for f in lean.file} >= {"google/rpc/status.proto",
                                           "google/rpc/error_details.proto"}
    play = next(f for f in lean.file if f.name == "cosmodrome/v1/play.proto")
    assert any("idempotency key" in loc.leading_comments
               for loc in play.source_code_info.location)
