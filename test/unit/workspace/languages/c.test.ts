import * as assert from 'node:assert/strict';
import { createC } from '../../../../src/workspace/languages/c';
import { fixtureEdges, specifiers } from './helpers';

describe('C/C++ references', () => {
  const c = createC();

  it('resolves includes relative to the file, then through include folders and folders holding the included header', () => {
    assert.deepEqual(fixtureEdges(c, 'c'), [
      'include/net/socket.h -> include/acme/api.h (include)',
      'src/main.c -> include/acme/api.h (include)',
      'src/main.c -> include/net/socket.h (include)',
      'src/main.c -> lib/deep/thing.h (include)',
      'src/main.c -> src/util.h (include)',
      'src/raw.cpp -> include/net/socket.h (include)',
      'src/raw.cpp -> src/util.h (include)',
      'src/util.h -> src/util_impl.h (include)',
    ]);
  });

  it('reads include directives only, outside comments, strings and raw strings', () => {
    const text = [
      '#include "a.h"',
      '  #  include <b/c.h>',
      '#import "objc.h"',
      '#include_next <next.h>',
      '/* #include "fake1.h" */',
      '// #include "fake2.h"',
      'const char *s = "\\n#include \\"fake3.h\\"";',
      'const char *r = R"d(',
      '#include "fake4.h"',
      ')d";',
      '#define X "#include"',
      '#include MACRO_HEADER',
      '#include "last.h"',
    ].join('\n');
    assert.deepEqual(specifiers(c, text), ['a.h', '<b/c.h>', 'objc.h', '<next.h>', 'last.h']);
  });
});
