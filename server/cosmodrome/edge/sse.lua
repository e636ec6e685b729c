-- Server-sent events that resume, on the watch routes that Envoy's transcoder streams as
-- `data: <JSON>` events: each event gets `id:` = its version (`entry.version`), a reconnect's
-- Last-Event-ID becomes `fromVersion` (the server then sends what follows it: nothing missed,
-- nothing repeated), a watch with nothing more to send (its match finished) answers 204 so an
-- EventSource stops reconnecting, and the first event carries a `retry:` hint.
-- ROUTES and RETRY_MS are filled in by cosmodrome.edge.sse.
local ROUTES = __ROUTES__
local RETRY_MS = __RETRY_MS__
local KEY = "cosmodrome.sse"
local MAX_VERSION_DIGITS = 18  -- an int64 version, and never more

local function is_watch(path)
  local bare = path:match("^[^?]*")
  for _, pattern in ipairs(ROUTES) do
    if bare:match(pattern) then return true end
  end
  return false
end

-- The path with `fromVersion` set to `version`: Last-Event-ID wins over the URL's own
-- fromVersion, which an EventSource sends again on every reconnect.
local function resumed(path, version)
  local bare, query = path:match("^([^?]*)%??(.*)$")
  local kept = {}
  for pair in query:gmatch("[^&]+") do
    local name = pair:match("^[^=]*")
    if name ~= "fromVersion" and name ~= "from_version" then kept[#kept + 1] = pair end
  end
  kept[#kept + 1] = "fromVersion=" .. version
  return bare .. "?" .. table.concat(kept, "&")
end

function envoy_on_request(handle)
  local headers = handle:headers()
  if headers:get(":method") ~= "GET" or not is_watch(headers:get(":path")) then return end
  handle:streamInfo():dynamicMetadata():set(KEY, "watch", "1")
  local last = headers:get("last-event-id")
  if last and last:match("^%d+$") and #last <= MAX_VERSION_DIGITS then
    headers:replace(":path", resumed(headers:get(":path"), last))
  end
end

-- The complete events of `text` with their ids (and the retry hint before the first one),
-- and what is left of an event not yet complete.
local function with_ids(text, state)
  local out, start = {}, 1
  while true do
    local stop = text:find("\n\n", start, true)
    if not stop then break end
    local event = text:sub(start, stop - 1)
    if not state.hinted then
      out[#out + 1] = "retry: " .. RETRY_MS .. "\n"
      state.hinted = true
    end
    -- the transcoder prints fields in order: a MatchUpdate's entry, then its version
    local version = event:match('^data: {"entry":{"version":"(%d+)"')
    if version then out[#out + 1] = "id: " .. version .. "\n" end
    out[#out + 1] = event .. "\n\n"
    start = stop + 2
  end
  return table.concat(out), text:sub(start)
end

function envoy_on_response(handle)
  if not handle:streamInfo():dynamicMetadata():get(KEY) then return end
  local headers = handle:headers()
  -- a gRPC status in the headers is a trailers-only reply: OK there means no message at all
  if headers:get(":status") == "200" and headers:get("grpc-status") == "0" then
    headers:replace(":status", "204")
    headers:remove("content-length")
    headers:remove("content-type")
    return
  end
  if headers:get("content-type") ~= "text/event-stream" then return end
  local state, rest = {}, ""
  for chunk in handle:bodyChunks() do
    local text
    text, rest = with_ids(rest .. chunk:getBytes(0, chunk:length()), state)
    chunk:setBytes(text)
  end
end
