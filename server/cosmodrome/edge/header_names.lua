-- Drops request headers whose names gRPC metadata cannot carry (HTTP allows `~`, `!`, `*`,
-- ...; gRPC only lower-case letters, digits, `-`, `_` and `.`): passed on, the replica
-- would fail the whole call with INTERNAL. Envoy has already lower-cased the names.
function envoy_on_request(handle)
  local headers, bad = handle:headers(), {}
  for name, _ in pairs(headers) do
    if name:sub(1, 1) ~= ":" and not name:match("^[0-9a-z_.%-]+$") then bad[#bad + 1] = name end
  end
  for _, name in ipairs(bad) do headers:remove(name) end
end
