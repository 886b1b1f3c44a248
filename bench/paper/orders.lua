-- wrk script for bench/paper: POST Online/SaveOrder, a small market buy or sell of BTC or ETH on the demo account,
-- with a fresh idempotency key each time. The members' sessions (BENCH_TOKENS, comma separated) are shared out among
-- wrk's threads (BENCH_THREADS), and each thread takes its members in turn: like members on their phones, a member
-- rarely has two orders in flight at once. Prints one JSON line with the results.
local threads = {}
local next_id = 0

function setup(thread)
  thread:set("id", next_id)
  next_id = next_id + 1
  table.insert(threads, thread)
end

function init(args)
  local all = {}
  for t in string.gmatch(os.getenv("BENCH_TOKENS"), "[^,]+") do table.insert(all, t) end
  local share = math.floor(#all / tonumber(os.getenv("BENCH_THREADS") or "1"))
  tokens = {}
  for i = id * share + 1, (id + 1) * share do table.insert(tokens, all[i]) end
  counter = 0
  errors = 0
  refused = ""
  math.randomseed(os.time() * 1000 + id)
end

local orders = {
  { symbol = "BTC/USDT", amount = "0.0002" },
  { symbol = "ETH/USDT", amount = "0.005" },
}

function request()
  counter = counter + 1
  local who = (counter % #tokens) + 1
  local o = orders[math.random(1, #orders)]
  local side = "buy"
  if math.random() < 0.5 then side = "sell" end
  local body = string.format(
    '{"account":"demo","symbol":"%s","side":"%s","type":"market","amount":"%s","idempotency_key":"p%d-%d-%d"}',
    o.symbol, side, o.amount, id, counter, os.time())
  return wrk.format("POST", "/api/Online/SaveOrder",
    { ["Content-Type"] = "application/json", ["Authorization"] = "Bearer " .. tokens[who] }, body)
end

function response(status, headers, body)
  if status ~= 200 or not string.find(body, '"status":1', 1, true) then
    errors = errors + 1
    refused = string.sub(body, 1, 200)
  end
end

function done(summary, latency, requests)
  local errs = 0
  local sample = ""
  for _, thread in ipairs(threads) do
    errs = errs + thread:get("errors")
    local r = thread:get("refused")
    if r ~= nil and r ~= "" then sample = r end
  end
  sample = string.gsub(string.gsub(sample, '\\', '\\\\'), '"', '\\"')
  io.write(string.format('{"count":%d,"errors":%d,"elapsed":%f,"p50":%f,"p99":%f,"socket_errors":%d,"sample":"%s"}\n',
    summary.requests, errs, summary.duration / 1e6, latency:percentile(50) / 1000,
    latency:percentile(99) / 1000,
    summary.errors.connect + summary.errors.read + summary.errors.write + summary.errors.timeout + summary.errors.status,
    sample))
end
