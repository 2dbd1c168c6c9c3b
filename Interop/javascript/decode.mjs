#!/usr/bin/env node
// A reference chat payload decoder for `chatpayloads interop check`, as the JavaScript SDKs
// decode: JSON.parse into plain objects, the members a chat app reads checked as the standard
// profile requires them, JSON.stringify back. No npm packages.
//
//   node decode.mjs FILE               one payload (kind from CHATPAYLOADS_KIND, or --kind KIND);
//                                      prints its re-encoding, or exits 1 with the reason
//   node decode.mjs --batch            NDJSON requests {"id","kind","payload"} on standard input,
//                                      answers {"id","payload"} or {"id","error"}, one per line
//
//   chatpayloads interop check --run 'node Interop/javascript/decode.mjs {file}'
//   chatpayloads interop check --batch --run 'node Interop/javascript/decode.mjs --batch'
//
// What JSON.parse does to numbers is the point: every number is a double, so an integer above
// 2^53 (a 17-digit timetoken, a big custom value) comes back as the nearest double.
import { readFileSync } from "node:fs";
import { createInterface } from "node:readline";

const RFC3339 = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)$/i;

class Rejected extends Error {}

function need(ok, why) {
  if (!ok) throw new Rejected(why);
}

function isObject(value) {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function string(object, key, required = true) {
  need(key in object || !required, `missing ${key}`);
  need(!(key in object) || typeof object[key] === "string", `${key} is not a string`);
}

function date(object, key, required) {
  string(object, key, required);
  if (key in object) {
    need(RFC3339.test(object[key]) && !Number.isNaN(Date.parse(object[key])), `${key} is not an RFC 3339 date`);
  }
}

function flatCustom(object) {
  const custom = object.custom ?? {};
  need(isObject(custom), "custom is not an object");
  for (const [key, value] of Object.entries(custom)) {
    need(["string", "number", "boolean"].includes(typeof value), `custom.${key} is not a string, number or boolean`);
  }
}

function integer(object, key) {
  need(Number.isInteger(object[key]), `${key} is not an integer`);
}

/** Checks one payload of `kind` as a chat app's models would, throwing `Rejected`. */
function check(kind, payload) {
  need(isObject(payload), `${kind} is not an object`);
  switch (kind) {
    case "user":
    case "channel":
      string(payload, "id");
      string(payload, "type");
      flatCustom(payload);
      date(payload, "updated", false);
      break;
    case "member":
      check("user", payload.uuid);
      check("channel", payload.channel);
      flatCustom(payload);
      date(payload, "updated", false);
      break;
    case "message":
      string(payload, "id");
      string(payload, "text");
      string(payload, "contentType", false);
      date(payload, "createdAt", true);
      break;
    case "message-action":
      integer(payload, "actionTimetoken");
      integer(payload, "parentTimetoken");
      for (const key of ["sourceType", "value", "pubnubUserId", "pubnubChannelId"]) string(payload, key);
      if ("userModel" in payload) check("user", payload.userModel);
      break;
    default:
      throw new Rejected(`unknown kind ${kind}`);
  }
  return payload;
}

function argument(name) {
  const index = process.argv.indexOf(name);
  return index >= 0 ? process.argv[index + 1] : undefined;
}

async function batch() {
  const lines = createInterface({ input: process.stdin, crlfDelay: Infinity });
  for await (const line of lines) {
    if (line.trim() === "") continue;
    const request = JSON.parse(line);
    let answer;
    try {
      answer = { id: request.id, payload: check(request.kind, request.payload) };
    } catch (error) {
      answer = { id: request.id, error: String(error.message ?? error) };
    }
    process.stdout.write(JSON.stringify(answer) + "\n");
  }
}

function single() {
  const kind = argument("--kind") ?? process.env.CHATPAYLOADS_KIND;
  const files = process.argv.slice(2).filter((a, i, all) => !a.startsWith("--") && all[i - 1] !== "--kind");
  const text = readFileSync(files.length > 0 ? files[0] : 0, "utf8");
  try {
    process.stdout.write(JSON.stringify(check(kind, JSON.parse(text))) + "\n");
  } catch (error) {
    process.stderr.write(`rejected: ${error.message ?? error}\n`);
    process.exitCode = 1;
  }
}

if (process.argv.includes("--batch")) {
  await batch();
} else {
  single();
}
