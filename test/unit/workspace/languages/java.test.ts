import * as assert from 'node:assert/strict';
import { createJava } from '../../../../src/workspace/languages/java';
import { fixtureEdges, specifiers } from './helpers';

describe('Java/Kotlin references', () => {
  const java = createJava();

  it('resolves class, static, nested and wildcard imports to files under any source root, and links same-package files', () => {
    assert.deepEqual(fixtureEdges(java, 'java'), [
      'src/main/java/com/acme/shop/Cart.java -> src/main/java/com/acme/shop/Order.java (package)',
      'src/main/java/com/acme/shop/Cart.java -> src/main/java/com/acme/shop/model/Item.java (module)',
      'src/main/java/com/acme/shop/Cart.java -> src/main/java/com/acme/shop/util/Money.java (module)',
      'src/main/java/com/acme/shop/Cart.java -> src/main/java/com/acme/shop/util/Prices.java (module)',
      'src/main/java/com/acme/shop/Order.java -> src/main/java/com/acme/shop/Cart.java (package)',
      'src/main/java/com/acme/shop/util/Money.java -> src/main/java/com/acme/shop/util/Prices.java (package)',
      'src/main/java/com/acme/shop/util/Prices.java -> src/main/java/com/acme/shop/util/Money.java (module)',
      'src/main/java/com/acme/shop/util/Prices.java -> src/main/java/com/acme/shop/util/Money.java (package)',
      'src/main/kotlin/com/acme/shop/Checkout.kt -> src/main/java/com/acme/shop/model/Item.java (module)',
      'src/main/kotlin/com/acme/shop/Checkout.kt -> src/main/java/com/acme/shop/util/Prices.java (module)',
      'src/test/java/com/acme/shop/CartTest.java -> src/main/java/com/acme/shop/Cart.java (module)',
    ]);
  });

  it('reads the header: package, plain, static, wildcard and aliased imports, after annotations and comments', () => {
    const text = [
      '/* import fake.Comment; */',
      '@file:JvmName("X")',
      'package a.b',
      'import c.D',
      'import static e.F.g;',
      'import h.*;',
      'import i.J as K',
      'import `l`.M',
      'class N { String s = "import fake.String;"; }',
      'import after.Class;',
    ].join('\n');
    assert.deepEqual(specifiers(java, text), ['a.b', 'c.D', 'e.F.g', 'h.*', 'i.J', 'l.M']);
  });
});
