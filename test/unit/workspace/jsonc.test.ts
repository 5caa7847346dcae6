import * as assert from 'node:assert/strict';
import { ts } from 'ts-morph';
import { parseJsoncObject } from '../../../src/workspace/jsonc';

describe('parseJsoncObject (tsconfig text read with JSON.parse)', () => {
  it("gives TypeScript's object for configs with comments, trailing commas and comment-like strings", () => {
    const texts = [
      '{"compilerOptions":{"strict":true}}',
      '{\n  // line comment\n  "compilerOptions": {\n    "paths": { "@/*": ["./src/*",], }, /* block */\n  },\n}\n',
      '{"a": "http://example.com/*not a comment*/", "b": "quote \\" // still a string",}',
      '{"a": [1, /* gap */ 2, ], "b": {}, // end\n}',
      '/* header */ {"extends": "./base.json"}',
      '{"a": 1 /* , */ }',
    ];
    for (const text of texts) assert.deepEqual(parseJsoncObject(text), ts.parseConfigFileTextToJson('tsconfig.json', text).config, text);
  });

  it('gives undefined where TypeScript reports an error or the text holds no object, so its reader can say why', () => {
    for (const text of ['{"a": 1,, }', '{"a": 1 // unterminated object', '{"a": "open', '{"a": 1 /* open', '[1, 2]', '"text"', '']) {
      assert.equal(parseJsoncObject(text), undefined, text);
    }
  });
});
