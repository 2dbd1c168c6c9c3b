-- wrk script: POST the payload file named by PAYLOAD (default message-1k.json beside this
-- script) to the URL given on wrk's command line, over kept-alive connections.
local path = os.getenv("PAYLOAD") or "Benchmarks/serve/message-1k.json"
local file = assert(io.open(path, "rb"))
wrk.method = "POST"
wrk.body = file:read("*a")
file:close()
wrk.headers["Content-Type"] = "application/json"
