"""`cosmodrome-gateway`: the REST/JSON face of the gRPC API, for clients that can't speak gRPC.

Routes come from the `google.api.http` annotations of the services, so the contract has one
source. Each HTTP request becomes one gRPC call to a server (any replica); JSON follows the
protobuf JSON mapping (lowerCamelCase names). Credentials: the `Authorization: Bearer ...`
header is passed on as gRPC metadata. Errors come back as
`{"error": {"code": 409, "status": "ABORTED", "message": ..., "details": [...]}}`.
The watch stream is newline-delimited JSON (`application/x-ndjson`), one update a line.

    cosmodrome-gateway --grpc 127.0.0.1:50051 --port 8080
    curl -s localhost:8080/v1/games
    curl -s -X POST localhost:8080/v1/matches -d '{"game": "tictactoe"}'
"""

from __future__ import annotations

import argparse
import asyncio
import json
import re
from dataclasses import dataclass

import grpc
from aiohttp import web
from google.api import annotations_pb2
from google.protobuf import json_format, message_factory
from google.protobuf.descriptor import MethodDescriptor
from grpc_status import rpc_status

from cosmodrome.v1 import admin_pb2, catalog_pb2, lobby_pb2, play_pb2

SERVICE_FILES = (catalog_pb2, lobby_pb2, play_pb2, admin_pb2)
MAX_BODY = 256 * 1024

# google.rpc.Code -> HTTP status, as Google's APIs map them
HTTP_STATUS = {
    grpc.StatusCode.OK: 200, grpc.StatusCode.CANCELLED: 499, grpc.StatusCode.UNKNOWN: 500,
    grpc.StatusCode.INVALID_ARGUMENT: 400, grpc.StatusCode.DEADLINE_EXCEEDED: 504,
    grpc.StatusCode.NOT_FOUND: 404, grpc.StatusCode.ALREADY_EXISTS: 409,
    grpc.StatusCode.PERMISSION_DENIED: 403, grpc.StatusCode.UNAUTHENTICATED: 401,
    grpc.StatusCode.RESOURCE_EXHAUSTED: 429, grpc.StatusCode.FAILED_PRECONDITION: 400,
    grpc.StatusCode.ABORTED: 409, grpc.StatusCode.OUT_OF_RANGE: 400,
    grpc.StatusCode.UNIMPLEMENTED: 501, grpc.StatusCode.INTERNAL: 500,
    grpc.StatusCode.UNAVAILABLE: 503, grpc.StatusCode.DATA_LOSS: 500,
}


@dataclass(frozen=True)
class Route:
    verb: str
    pattern: re.Pattern
    body: str  # "*": the JSON body is the request; "": none
    method: MethodDescriptor

    @property
    def path(self) -> str:
        return f"/{self.method.containing_service.full_name}/{self.method.name}"


def routes() -> list[Route]:
    """Every annotated RPC of the services, as an HTTP route."""
    found = []
    for module in SERVICE_FILES:
        for service in module.DESCRIPTOR.services_by_name.values():
            for method in service.methods:
                rule = method.GetOptions().Extensions[annotations_pb2.http]
                verb = rule.WhichOneof("pattern")
                if verb:
                    found.append(Route(verb.upper(), _compile(getattr(rule, verb)), rule.body,
                                       method))
    return found


def _compile(template: str) -> re.Pattern:
    """/v1/matches/{match_id}:join -> a regex with a named group per field."""
    parts = re.split(r"(\{[a-z_]+\})", template)
    regex = "".join(f"(?P<{p[1:-1]}>[^/:]+)" if p.startswith("{") else re.escape(p)
                    for p in parts)
    return re.compile(f"^{regex}$")


class Gateway:
    def __init__(self, target: str) -> None:
        self.channel = grpc.aio.insecure_channel(target)
        self.routes = routes()

    async def close(self) -> None:
        await self.channel.close()

    def app(self) -> web.Application:
        app = web.Application(client_max_size=MAX_BODY)
        app.router.add_route("*", "/{tail:.*}", self.handle)
        return app

    async def handle(self, request: web.Request) -> web.StreamResponse:
        route, params = self._match(request.method, request.path)
        if route is None:
            return _error(404, "NOT_FOUND", f"no route for {request.method} {request.path}")
        try:
            message = await self._request_message(route, params, request)
        except (json_format.ParseError, ValueError) as exc:
            return _error(400, "INVALID_ARGUMENT", f"bad request: {exc}")
        metadata = _metadata(request)
        output = message_factory.GetMessageClass(route.method.output_type)
        if route.method.server_streaming:
            return await self._stream(request, route, message, metadata, output)
        call = self.channel.unary_unary(route.path, request_serializer=_serialize,
                                        response_deserializer=output.FromString)
        try:
            reply = await call(message, metadata=metadata)
        except grpc.aio.AioRpcError as exc:
            return _rpc_error(exc)
        return web.json_response(text=json_format.MessageToJson(reply, indent=None))

    def _match(self, verb: str, path: str) -> tuple[Route | None, dict[str, str]]:
        for route in self.routes:
            found = route.pattern.match(path)
            if found and route.verb == verb:
                return route, found.groupdict()
        return None, {}

    @staticmethod
    async def _request_message(route: Route, params: dict[str, str], request: web.Request):
        message = message_factory.GetMessageClass(route.method.input_type)()
        if route.body == "*":
            raw = await request.text()
            if raw.strip():
                json_format.Parse(raw, message)
        else:
            query = {k: _scalar(v) for k, v in request.query.items()}
            json_format.ParseDict(query, message)
        json_format.ParseDict(params, message)  # path parameters win
        return message

    async def _stream(self, request: web.Request, route: Route, message, metadata, output):
        call = self.channel.unary_stream(route.path, request_serializer=_serialize,
                                         response_deserializer=output.FromString)(
            message, metadata=metadata)
        response = web.StreamResponse(headers={"Content-Type": "application/x-ndjson"})
        try:
            async for update in call:
                if not response.prepared:
                    await response.prepare(request)
                line = json_format.MessageToJson(update, indent=None) + "\n"
                await response.write(line.encode())
        except grpc.aio.AioRpcError as exc:
            if not response.prepared:
                return _rpc_error(exc)
            await response.write((json.dumps(_error_body(exc)) + "\n").encode())
        finally:
            call.cancel()
        if not response.prepared:
            await response.prepare(request)
        await response.write_eof()
        return response


def _serialize(message) -> bytes:
    return message.SerializeToString()


def _scalar(value: str):
    return {"true": True, "false": False}.get(value, value)


def _metadata(request: web.Request) -> tuple[tuple[str, str], ...]:
    auth = request.headers.get("Authorization")
    return (("authorization", auth),) if auth else ()


def _error_body(exc: grpc.aio.AioRpcError) -> dict:
    details = []
    status = rpc_status.from_call(exc)
    if status is not None:
        details = [json.loads(json_format.MessageToJson(_unpack(d))) for d in status.details]
    return {"error": {"code": HTTP_STATUS.get(exc.code(), 500), "status": exc.code().name,
                      "message": exc.details(), "details": details}}


def _unpack(detail):
    from google.rpc import error_details_pb2
    info = error_details_pb2.ErrorInfo()
    return info if detail.Unpack(info) else detail


def _rpc_error(exc: grpc.aio.AioRpcError) -> web.Response:
    body = _error_body(exc)
    return web.json_response(body, status=body["error"]["code"])


def _error(status: int, name: str, message: str) -> web.Response:
    return web.json_response({"error": {"code": status, "status": name, "message": message,
                                        "details": []}}, status=status)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="cosmodrome-gateway", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--grpc", default="127.0.0.1:50051", help="server to forward to")
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8080)
    args = parser.parse_args(argv)

    async def serve() -> None:
        gateway = Gateway(args.grpc)
        runner = web.AppRunner(gateway.app())
        await runner.setup()
        await web.TCPSite(runner, args.host, args.port).start()
        print(f"cosmodrome gateway on http://{args.host}:{args.port} -> {args.grpc}",
              flush=True)
        try:
            await asyncio.Event().wait()
        finally:
            await runner.cleanup()
            await gateway.close()

    try:
        asyncio.run(serve())
    except KeyboardInterrupt:
        pass


if __name__ == "__main__":
    main()
