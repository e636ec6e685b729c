"""Write the contract's descriptor set (every proto/ file, its imports and
google.rpc's ErrorInfo) for `buf generate`.

buf reads it as its input image, so the TypeScript code is generated from the same files,
with the same include paths (googleapis from the Python package), as the server's code.
Usage: python scripts/descriptor_set.py OUT.binpb (run by `make ts`).
"""

from __future__ import annotations

import sys
from importlib import resources
from pathlib import Path

from google.api import annotations_pb2
from grpc_tools import protoc

ROOT = Path(__file__).resolve().parents[3]


def main(out: str) -> int:
    proto_dir = ROOT / "proto"
    googleapis = Path(annotations_pb2.__file__).parents[2]
    well_known = Path(resources.files("grpc_tools")) / "_proto"
    files = sorted(str(p.relative_to(proto_dir)) for p in proto_dir.rglob("*.proto"))
    files.append("google/rpc/error_details.proto")  # ErrorInfo: how errors name the rule
    Path(out).parent.mkdir(parents=True, exist_ok=True)
    return protoc.main(["protoc", f"-I{proto_dir}", f"-I{googleapis}", f"-I{well_known}",
                        "--include_imports", "--include_source_info",
                        f"--descriptor_set_out={out}", *files])


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1]))
