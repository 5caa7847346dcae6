import * as assert from 'node:assert/strict';
import { configuredRoots, createPython } from '../../../../src/workspace/languages/python';
import { fixtureEdges, specifiers } from './helpers';

describe('Python references', () => {
  const python = createPython();

  it('resolves absolute, relative and submodule imports against the package roots (src/ layout, per-app roots, script folders), circular imports and __init__ re-exports included', () => {
    assert.deepEqual(fixtureEdges(python, 'python'), [
      'broken.py -> src/shop/cart.py (module)',
      'broken.py -> src/shop/pricing.py (module)',
      'docs/app1/app/main.py -> docs/app1/app/routers.py (module)',
      'docs/app2/app/main.py -> docs/app2/app/routers.py (module)',
      'scripts/tool.py -> src/shop/__init__.py (module)',
      'src/shop/__init__.py -> src/shop/cart.py (module)',
      'src/shop/__init__.py -> src/shop/checkout.py (module)',
      'src/shop/__init__.py -> src/shop/pricing.py (module)',
      'src/shop/cart.py -> src/shop/checkout.py (module)',
      'src/shop/cart.py -> src/shop/constants.py (module)',
      'src/shop/cart.py -> src/shop/models/__init__.py (module)',
      'src/shop/cart.py -> src/shop/models/item.py (module)',
      'src/shop/cart.py -> src/shop/pricing.py (module)',
      'src/shop/checkout.py -> src/shop/cart.py (module)',
      'src/shop/models/__init__.py -> src/shop/models/item.py (module)',
      'src/shop/models/item.py -> src/shop/constants.py (module)',
      'src/shop/models/item.py -> src/shop/models/__init__.py (module)',
      'src/shop/models/item.py -> src/shop/pricing.py (module)',
      'src/shop/pricing.py -> src/shop/models/__init__.py (module)',
      'src/shop/pricing.py -> src/shop/models/item.py (module)',
      'tests/test_cart.py -> src/shop/__init__.py (module)',
      'tests/test_cart.py -> src/shop/cart.py (module)',
      'tests/test_cart.py -> tests/helpers.py (module)',
    ]);
  });

  it('reads every import form and skips comments and strings', () => {
    const text = [
      'import a.b as c, d',
      'from . import x, y as z',
      'from ..pkg.mod import (',
      '    one,  # comment',
      '    two as t,',
      ')',
      'from m import *',
      '# import fake_comment',
      "s = 'import fake_string'",
      'doc = """',
      'from fake import docstring',
      '"""',
      'if flag: import cond',
      'x = 1; from semi import colon',
      'def f():',
      '    import inner',
      'yield_ = "from"',
      'raise Error from cause',
      'import back, \\',
      '    slash',
    ].join('\n');
    assert.deepEqual(specifiers(python, text), [
      'a.b',
      'd',
      '.x',
      '.y',
      '..pkg.mod.one',
      '..pkg.mod.two',
      'm',
      'cond',
      'semi.colon',
      'inner',
      'back',
      'slash',
    ]);
  });

  it('gives each reference the offsets of what it names', () => {
    const text = 'from pkg import mod\nimport a.b\n';
    const refs = python.scan(text, 'x.py');
    assert.deepEqual(
      refs.map((r) => text.slice(r.start, r.end)),
      ['mod', 'a.b'],
    );
  });

  it('recovers at an import that starts a line after an unclosed bracket', () => {
    assert.deepEqual(specifiers(python, 'import a\ndef f(:\nfrom b import c\n'), ['a', 'b.c']);
  });

  it('reads package roots from pyproject.toml and setup.cfg', () => {
    assert.deepEqual(configuredRoots('pyproject.toml', '[tool.setuptools.package-dir]\n"" = "src"\n'), ['src']);
    assert.deepEqual(configuredRoots('pkg/pyproject.toml', '[tool.setuptools.packages.find]\nwhere = ["lib"]\n'), ['pkg/lib']);
    assert.deepEqual(configuredRoots('setup.cfg', '[options]\npackage_dir =\n    =src\n'), ['src']);
    assert.deepEqual(configuredRoots('pyproject.toml', 'packages = [{ include = "app", from = "source" }]\n'), ['source']);
  });
});
