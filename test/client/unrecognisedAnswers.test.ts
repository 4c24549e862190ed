// A preview told "not an FS document" before the server recognised the document
// (client/src/preview/unrecognisedAnswers.ts): the server's next publication for it makes the
// preview ask again, and an answer that was on its way while one came is asked again at once. A
// document the server never publishes is asked once.

import assert from "node:assert/strict";
import { test } from "node:test";
import { UnrecognisedAnswers } from "../../client/src/preview/unrecognisedAnswers";

/** A server that answers null until it has recognised the document. */
function server(): { recognised: boolean; asked: number; ask: () => Promise<string | null> } {
  const state = {
    recognised: false,
    asked: 0,
    ask: async () => {
      state.asked++;
      return state.recognised ? "model" : null;
    },
  };
  return state;
}

test("a null answer is out of date at the server's next publication, once", async () => {
  const answers = new UnrecognisedAnswers();
  const fake = server();
  assert.equal(await answers.answer(fake.ask), null);
  fake.recognised = true;
  assert.equal(answers.published(), true, "the preview asks again");
  assert.equal(answers.published(), false, "a second publication before the answer asks nothing more");
  assert.equal(await answers.answer(fake.ask), "model");
  assert.equal(answers.published(), false, "a model is brought up to date by the server's updates");
});

test("a publication while a null answer is on its way asks again at once", async () => {
  const answers = new UnrecognisedAnswers();
  const fake = server();
  const answered = answers.answer(async () => {
    const result = await fake.ask();
    // The server recognised the document and published it before this answer arrived.
    if (fake.asked === 1) {
      fake.recognised = true;
      answers.published();
    }
    return result;
  });
  assert.equal(await answered, "model");
  assert.equal(fake.asked, 2);
});

test("a document the server never publishes is asked once, and is not asked again after another document", async () => {
  const answers = new UnrecognisedAnswers();
  const fake = server();
  assert.equal(await answers.answer(fake.ask), null);
  assert.equal(fake.asked, 1);
  answers.reset();
  assert.equal(answers.published(), false, "the null was for the document shown before");
});
