import * as assert from 'node:assert/strict';
import { hashBytes, hashText } from '../../../src/workspace/contentHash';

describe('hashText', () => {
  it("is the text's SHA-1 in base64, as the stored records of earlier versions hold it", () => {
    // Records stored by a build that hashed with createHash('sha1').update(text).digest('base64').
    assert.equal(hashText(''), '2jmj7l5rSw0yVb/vlWAYkK/YBwk=');
    assert.equal(hashText("import x from './é';"), 'jSxvYTJ7jOjtb6RPjglavzZdEBs=');
  });
});

describe('hashBytes', () => {
  it('is hashText of the text the bytes decode to when they are UTF-8 (a byte order mark and multibyte characters too), and differs when they are not', () => {
    for (const text of ['', "import x from './é';", '\uFEFFexport const 𝒳 = "中";\n'])
      assert.equal(hashBytes(Buffer.from(text, 'utf8')), hashText(text), text);
    const latin1 = Buffer.from("import x from './\xe9';", 'latin1'); // é as one byte: not UTF-8
    assert.notEqual(hashBytes(latin1), hashText(latin1.toString('utf8')));
  });
});
