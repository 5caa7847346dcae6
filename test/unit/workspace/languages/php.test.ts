import * as assert from 'node:assert/strict';
import { createPhp, psr4Entries } from '../../../../src/workspace/languages/php';
import { fixtureEdges, specifiers } from './helpers';

describe('PHP references', () => {
  const php = createPhp();

  it('resolves class imports through composer PSR-4 and includes relative to __DIR__, then the file folder and root', () => {
    assert.deepEqual(fixtureEdges(php, 'php'), [
      'src/Http/Kernel.php -> config.php (module)',
      'src/Http/Kernel.php -> src/Models/Comment.php (module)',
      'src/Http/Kernel.php -> src/Models/Post.php (module)',
      'src/Http/Kernel.php -> src/Models/User.php (module)',
      'src/Http/Kernel.php -> src/Support/Str.php (module)',
      'src/Http/Kernel.php -> src/Support/functions.php (module)',
      'src/Http/Kernel.php -> src/bootstrap.php (module)',
      'tests/KernelTest.php -> src/Http/Kernel.php (module)',
      'tests/KernelTest.php -> tests/Helpers.php (module)',
    ]);
  });

  it('reads class imports and literal includes, not traits, closures, functions or text outside PHP', () => {
    const text = [
      '<p>use Fake\\Html;</p>',
      '<?php',
      'namespace App { use A\\B; use C\\{D, E\\F as G}; }',
      'use function H\\i;',
      'use \\J\\K;',
      "require_once __DIR__ . '/x.php';",
      "include('y.php');",
      "require $computed . '/z.php';",
      'class L { use M; function n() { return function () use ($o) {}; } }',
      "$s = 'use Fake\\String;';",
      '?>',
      '<?php use P\\Q;',
    ].join('\n');
    assert.deepEqual(specifiers(php, text), ['A\\B', 'C\\D', 'C\\E\\F', 'J\\K', '__DIR__/x.php', 'y.php', 'P\\Q']);
  });

  it('reads PSR-4 maps from composer.json, and nothing from a broken one', () => {
    assert.deepEqual(psr4Entries('pkg/composer.json', '{"autoload":{"psr-4":{"Acme\\\\":["src/","lib/"]}}}'), [
      { prefix: 'Acme\\', dirs: ['pkg/src', 'pkg/lib'] },
    ]);
    assert.deepEqual(psr4Entries('composer.json', '{ not json'), []);
  });
});
