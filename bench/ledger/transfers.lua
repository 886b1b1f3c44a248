-- wrk script for bench/ledger: POST asset/transfersave with a fresh idempotency key each time, rotating over the
-- members' sessions (BENCH_TOKENS, comma separated; the token at index i belongs to member bench<i>);
-- BENCH_HOT, when set, is the one member every request sends to.
local threads = {}
local next_id = 0

function setup(thread)
  thread:set("id", next_id)
  next_id = next_id + 1
  table.insert(threads, thread)
end

function init(args)
  tokens = {}
  for t in string.gmatch(os.getenv("BENCH_TOKENS"), "[^,]+") do table.insert(tokens, t) end
  members = tonumber(os.getenv("BENCH_MEMBERS"))
  hot = tonumber(os.getenv("BENCH_HOT") or "")
  counter = 0
  errors = 0
  math.randomseed(os.time() * 1000 + id)
end

function request()
  counter = counter + 1
  local from = (counter + id) % #tokens
  local to = hot or math.random(0, members - 1)
  if to == from then to = (to + 1) % members end
  local body = string.format(
    '{"to_userid":"bench%d","amount":"1.25","wallet":"funds","tx_password":"654321","idempotency_key":"w%d-%d-%d"}',
    to, id, counter, os.time())
  return wrk.format("POST", "/api/asset/transfersave",
    { ["Content-Type"] = "application/json", ["Authorization"] = "Bearer " .. tokens[from + 1] }, body)
end

function response(status, headers, body)
  if status ~= 200 or not string.find(body, '"status":1', 1, true) then errors = errors + 1 end
end

function done(summary, latency, requests)
  local errs = 0
  for _, thread in ipairs(threads) do errs = errs + thread:get("errors") end
  io.write(string.format('{"count":%d,"errors":%d,"elapsed":%f,"p50":%f,"p99":%f,"socket_errors":%d}\n',
    summary.requests, errs, summary.duration / 1e6, latency:percentile(50) / 1000,
    latency:percentile(99) / 1000, summary.errors.connect + summary.errors.read + summary.errors.write + summary.errors.timeout + summary.errors.status))
end
