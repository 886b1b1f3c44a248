-- wrk script for bench/reads: one read call (BENCH_PATH with a GET's query, BENCH_METHOD GET or POST with the JSON
-- body BENCH_BODY), rotating over the members' sessions (BENCH_TOKENS, comma separated; empty for an anonymous call).
-- Prints one JSON line with the results.
local threads = {}
local next_id = 0

function setup(thread)
  thread:set("id", next_id)
  next_id = next_id + 1
  table.insert(threads, thread)
end

function init(args)
  tokens = {}
  for t in string.gmatch(os.getenv("BENCH_TOKENS") or "", "[^,]+") do table.insert(tokens, t) end
  path = os.getenv("BENCH_PATH")
  method = os.getenv("BENCH_METHOD") or "GET"
  body = os.getenv("BENCH_BODY")
  if body == nil or body == "" then body = "{}" end
  counter = id
  errors = 0
end

function request()
  counter = counter + 1
  local headers = {}
  local sent = nil
  if method == "POST" then
    headers["Content-Type"] = "application/json"
    sent = body
  end
  if #tokens > 0 then headers["Authorization"] = "Bearer " .. tokens[(counter % #tokens) + 1] end
  return wrk.format(method, path, headers, sent)
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
