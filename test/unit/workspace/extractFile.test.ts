import * as assert from 'node:assert/strict';
import { hashText } from '../../../src/workspace/extractFile';

describe('hashText', () => {
  it("is the text's SHA-1 in base64, as the stored records of earlier versions hold it", () => {
    // Records stored by a build that hashed with createHash('sha1').update(text).digest('base64').
    assert.equal(hashText(''), '2jmj7l5rSw0yVb/vlWAYkK/YBwk=');
    assert.equal(hashText("import x from './é';"), 'jSxvYTJ7jOjtb6RPjglavzZdEBs=');
  });
});
