-- gRPC or gRPC-Web sent to a REST route (/v1/...): the wrong content type, answered at once
-- (passed on, a replica could only refuse it, and the edge would retry). gRPC-Web (and any
-- other application/grpc-*) gets HTTP 415. A gRPC request gets what gRPC says of an unknown
-- method, UNIMPLEMENTED: Envoy shapes its own replies to gRPC requests as gRPC ones (HTTP
-- 200 and a grpc-status, mapped from the HTTP status: 404 is UNIMPLEMENTED).
local MESSAGE = "a REST route takes application/json; gRPC and gRPC-Web call " ..
  "/cosmodrome.v1.<Service>/<Method>"

local function is_grpc(kind)
  return kind == "application/grpc" or kind:sub(1, 17) == "application/grpc+"
end

function envoy_on_request(handle)
  local headers = handle:headers()
  local path, kind = headers:get(":path") or "", (headers:get("content-type") or ""):lower()
  if path:sub(1, 4) ~= "/v1/" or kind:sub(1, 16) ~= "application/grpc" then return end
  handle:respond({[":status"] = is_grpc(kind) and "404" or "415"}, MESSAGE)
end
