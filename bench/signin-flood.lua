-- wrk script of bench/signin-flood: failed sign-ins, each for a name and from an address of its
-- own (the server believes X-Forwarded-For from loopback with --trust-proxy), so every one is a
-- password check or is turned away; the answers are counted by status and printed at the end as
-- "statuses: 401=… 503=…".
local threads = {}
local sent = 0
statuses = {}

function setup(thread)
  table.insert(threads, thread)
  thread:set("id", #threads)
end

function request()
  sent = sent + 1
  local body = "name=flood-" .. id .. "-" .. sent .. "&password=wrong&csrf=" .. os.getenv("FLOOD_CSRF")
  local address = "10." .. (id % 250) .. "." .. (math.floor(sent / 250) % 250) .. "." .. (sent % 250 + 1)
  return wrk.format("POST", nil, {
    ["Content-Type"] = "application/x-www-form-urlencoded",
    ["Origin"] = os.getenv("FLOOD_ORIGIN"),
    ["Cookie"] = os.getenv("FLOOD_COOKIE"),
    ["X-Forwarded-For"] = address,
  }, body)
end

function response(status, headers, body)
  statuses[status] = (statuses[status] or 0) + 1
end

function done(summary, latency, requests)
  local total = {}
  for _, thread in ipairs(threads) do
    for status, count in pairs(thread:get("statuses")) do total[status] = (total[status] or 0) + count end
  end
  local words = {}
  for status, count in pairs(total) do table.insert(words, status .. "=" .. count) end
  table.sort(words)
  io.write("statuses: " .. table.concat(words, " ") .. "\n")
end
