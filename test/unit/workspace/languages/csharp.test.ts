import * as assert from 'node:assert/strict';
import { createCSharp } from '../../../../src/workspace/languages/csharp';
import { fixtureEdges, specifiers } from './helpers';

describe('C# references', () => {
  const csharp = createCSharp();

  it('links the files of one folder that declare a namespace, and nothing from using directives', () => {
    assert.deepEqual(fixtureEdges(csharp, 'csharp'), ['Shop/Cart.cs -> Shop/Order.cs (package)', 'Shop/Order.cs -> Shop/Cart.cs (package)']);
  });

  it('reads block and file-scoped namespaces, not usings, comments or strings', () => {
    const text =
      '\ufeffusing A.B;\n// namespace Fake1;\nnamespace C.D;\nvar s = "namespace Fake2";\nvar v = @"namespace ""Fake3""";\nnamespace E { }\n';
    assert.deepEqual(specifiers(csharp, text), ['C.D', 'E']);
  });
});
