#!/usr/bin/env python3
"""A small chat payload decoder for the interop tests: faithful by default, or with one defect.

usage: decoder.py [--batch] [--defect NAME] [FILE]
  FILE or standard input: one payload (kind from CHATPAYLOADS_KIND); prints its re-encoding, or
  exits 1 with the reason on standard error.
  --batch: NDJSON requests {"id","kind","payload"} on standard input, answers {"id","payload"}
  or {"id","error"} on standard output.
Defects: float-timetoken, millis, lowercase-ids, drop-custom, strict-content-type, accept-all, hang, crash.
It judges payloads as the standard profile does (required members, flat custom, RFC 3339 dates).
"""
import datetime, json, os, re, sys, time

DATE = re.compile(r"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)$")
TIMETOKENS = ("timetoken", "actionTimetoken", "parentTimetoken")
IDS = ("id", "pubnubUserId", "pubnubChannelId")
KNOWN_CUSTOM = ("description", "profileUrl")
KNOWN_CONTENT_TYPES = ("text", "imageUrl", "externalUrl")
HANG_ON, CRASH_ON = "message-unicode", "action-heart-mixed-case-ids"

def need(ok, why):
    if not ok:
        raise ValueError(why)

def string(obj, key, required=True):
    need(key in obj or not required, "missing " + key)
    need(key not in obj or isinstance(obj[key], str), key + " is not a string")

def date(obj, key, required):
    string(obj, key, required)
    if key in obj:
        need(DATE.match(obj[key]) is not None, key + " is not a date")
        datetime.datetime.fromisoformat(obj[key].replace("Z", "+00:00"))

def flat(obj):
    custom = obj.get("custom", {})
    need(isinstance(custom, dict), "custom is not an object")
    need(all(isinstance(v, (str, int, float)) for v in custom.values()), "custom is not flat")

def check(kind, p):
    need(isinstance(p, dict), "not an object")
    if kind in ("user", "channel"):
        string(p, "id"); string(p, "type"); flat(p); date(p, "updated", False)
    elif kind == "member":
        check("user", p.get("uuid")); check("channel", p.get("channel")); flat(p); date(p, "updated", False)
    elif kind == "message":
        string(p, "id"); string(p, "text"); date(p, "createdAt", True); string(p, "contentType", False)
    elif kind == "message-action":
        for key in ("actionTimetoken", "parentTimetoken"):
            need(type(p.get(key)) is int, key + " is not an integer")
        for key in ("sourceType", "value", "pubnubUserId", "pubnubChannelId"):
            string(p, key)
        if "userModel" in p:
            check("user", p["userModel"])

def millis(text):
    t = datetime.datetime.fromisoformat(text.replace("Z", "+00:00")).astimezone(datetime.timezone.utc)
    return t.strftime("%Y-%m-%dT%H:%M:%S.") + "%03dZ" % (t.microsecond // 1000)

def damage(value, defect, key=None, in_data=False):
    if isinstance(value, dict):
        out = {}
        for k, v in value.items():
            if defect == "drop-custom" and key == "custom" and not in_data and k not in KNOWN_CUSTOM:
                continue
            out[k] = damage(v, defect, k, in_data or key in ("custom", "content"))
        return out
    if isinstance(value, list):
        return [damage(v, defect, None, in_data) for v in value]
    if in_data:
        return value
    if defect == "float-timetoken" and key in TIMETOKENS and type(value) is int:
        return int(float(value))
    if defect == "millis" and key in ("createdAt", "updated"):
        return millis(value)
    if defect == "lowercase-ids" and key in IDS and isinstance(value, str):
        return value.lower()
    return value

def decode(vector_id, kind, payload, defect):
    if defect == "hang" and vector_id == HANG_ON:
        time.sleep(3600)
    if defect == "crash" and vector_id == CRASH_ON:
        os.abort()
    if defect != "accept-all":
        check(kind, payload)
    if defect == "strict-content-type" and kind == "message" and "contentType" in payload:
        need(payload["contentType"] in KNOWN_CONTENT_TYPES, "unknown contentType " + payload["contentType"])
    return damage(payload, defect)

def main():
    args = sys.argv[1:]
    batch = "--batch" in args
    defect = args[args.index("--defect") + 1] if "--defect" in args else None
    files = [a for a in args if not a.startswith("--") and a != defect]
    if batch:
        for line in sys.stdin:
            request = json.loads(line)
            try:
                answer = {"id": request["id"], "payload": decode(request["id"], request["kind"], request["payload"], defect)}
            except Exception as error:
                answer = {"id": request["id"], "error": str(error)}
            print(json.dumps(answer, ensure_ascii=False), flush=True)
        return
    text = open(files[0], encoding="utf-8").read() if files else sys.stdin.read()
    try:
        payload = decode(os.environ["CHATPAYLOADS_VECTOR"], os.environ["CHATPAYLOADS_KIND"], json.loads(text), defect)
    except ValueError as error:
        print("rejected: %s" % error, file=sys.stderr)
        sys.exit(1)
    print(json.dumps(payload, ensure_ascii=False))

main()
