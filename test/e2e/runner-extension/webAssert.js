// The part of node:assert/strict that suites.js uses, for the web build of the runner (a Worker
// has no node:assert; the harness bundles this in its place). Same semantics for the values the
// suites compare: primitives, and arrays and plain objects of them.
"use strict";

class AssertionError extends Error {}

function fail(message, fallback) {
  throw new AssertionError(message === undefined ? fallback : message instanceof Error ? message.message : String(message));
}

function ok(value, message) {
  if (!value) fail(message, `${JSON.stringify(value)} is not truthy`);
}

function equal(actual, expected, message) {
  if (!Object.is(actual, expected)) fail(message, `${JSON.stringify(actual)} !== ${JSON.stringify(expected)}`);
}

function notEqual(actual, expected, message) {
  if (Object.is(actual, expected)) fail(message, `${JSON.stringify(actual)} === ${JSON.stringify(expected)}`);
}

function same(a, b) {
  if (Object.is(a, b)) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b) || Object.getPrototypeOf(a) !== Object.getPrototypeOf(b)) return false;
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => Object.hasOwn(b, key) && same(a[key], b[key]));
}

function deepEqual(actual, expected, message) {
  if (!same(actual, expected)) fail(message, `${JSON.stringify(actual)} does not deep-equal ${JSON.stringify(expected)}`);
}

function match(text, pattern, message) {
  if (!pattern.test(text)) fail(message, `${JSON.stringify(text)} does not match ${pattern}`);
}

async function rejects(promise, message) {
  const rejected = await Promise.resolve(promise).then(
    () => false,
    () => true,
  );
  if (!rejected) fail(message, "the promise resolved");
}

module.exports = { ok, equal, notEqual, deepEqual, match, rejects, AssertionError };
