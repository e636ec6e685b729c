-- Refuses a REST request whose JSON body names a field its message does not have (Envoy's
-- transcoder drops such fields silently, and a typo would then pass for a zero value).
-- ROUTES and MESSAGES are generated from the contract by cosmodrome.edge.unknown_fields.
-- Anything else (bad JSON, wrong types) is left to the transcoder, which reports it.
local ROUTES = __ROUTES__
local MESSAGES = __MESSAGES__

local Unknown = {}

local function skip(s, i)
  return s:find("[^ \t\r\n]", i) or #s + 1
end

local function read_string(s, i)  -- s:sub(i, i) == '"'; returns the raw text and the next index
  local j = i + 1
  while true do
    local k = s:find('["\\]', j)
    if not k then error("unterminated string") end
    if s:sub(k, k) == "\\" then
      j = k + 2
    else
      return s:sub(i + 1, k - 1), k + 1
    end
  end
end

local walk

local function walk_object(s, i, kind)
  local fields = kind and MESSAGES[kind]
  local values = kind and kind:match("^map:(.*)$")
  i = skip(s, i + 1)
  if s:sub(i, i) == "}" then return i + 1 end
  while true do
    i = skip(s, i)
    if s:sub(i, i) ~= '"' then error("expected a name") end
    local name
    name, i = read_string(s, i)
    local sub
    if values then
      sub = values ~= "" and values or nil
    elseif fields then
      sub = fields[name]
      if sub == nil then error({unknown = name, message = kind}) end
      if sub == "" then sub = nil end
    end
    i = skip(s, i)
    if s:sub(i, i) ~= ":" then error("expected ':'") end
    i = skip(s, walk(s, i + 1, sub))
    local c = s:sub(i, i)
    if c == "}" then return i + 1 end
    if c ~= "," then error("expected ',' or '}'") end
    i = i + 1
  end
end

local function walk_array(s, i, kind)
  i = skip(s, i + 1)
  if s:sub(i, i) == "]" then return i + 1 end
  while true do
    i = skip(s, walk(s, i, kind))
    local c = s:sub(i, i)
    if c == "]" then return i + 1 end
    if c ~= "," then error("expected ',' or ']'") end
    i = i + 1
  end
end

-- kind: a message name (its fields are checked), "map:<kind>", or nil (not checked)
walk = function(s, i, kind)
  i = skip(s, i)
  local c = s:sub(i, i)
  if c == "{" then return walk_object(s, i, kind) end
  if c == "[" then return walk_array(s, i, kind) end
  if c == '"' then
    local _, j = read_string(s, i)
    return j
  end
  return s:find("[,%]}%s]", i) or #s + 1
end

local function message_of(method, path)
  for _, route in ipairs(ROUTES) do
    if route[1] == method and path:match(route[2]) then return route[3] end
  end
end

local function quoted(text)
  return '"' .. text:sub(1, 64):gsub("[^%w_%-%.%$@]", "?") .. '"'
end

function envoy_on_request(handle)
  local headers = handle:headers()
  local content_type = headers:get("content-type") or ""
  if content_type:find("grpc", 1, true) then return end
  local path = (headers:get(":path") or ""):gsub("%?.*$", "")
  local message = message_of(headers:get(":method"), path)
  if not message then return end
  local body = handle:body()
  if not body or body:length() == 0 then return end
  local ok, err = pcall(walk, body:getBytes(0, body:length()), 1, message)
  if not ok and type(err) == "table" and err.unknown then
    -- the edge's local reply mapper puts this text in its google.rpc.Status
    handle:respond({[":status"] = "400"},
      "unknown field " .. quoted(err.unknown) .. " in " .. err.message)
  end
end
