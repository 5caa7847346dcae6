import * as assert from 'node:assert/strict';
import { createRuby } from '../../../../src/workspace/languages/ruby';
import { fixtureEdges, specifiers } from './helpers';

describe('Ruby references', () => {
  const ruby = createRuby();

  it('resolves require_relative from the file and require under lib/', () => {
    assert.deepEqual(fixtureEdges(ruby, 'ruby'), [
      'lib/acme.rb -> lib/acme/cart.rb (module)',
      'lib/acme.rb -> lib/acme/checkout.rb (module)',
      'lib/acme.rb -> lib/acme/version.rb (module)',
      'lib/acme/cart.rb -> lib/acme.rb (module)',
      'lib/acme/cart.rb -> lib/acme/checkout.rb (module)',
      'test/test_cart.rb -> lib/acme/cart.rb (module)',
      'test/test_cart.rb -> lib/acme/version.rb (module)',
    ]);
  });

  it('reads require, require_relative and autoload with literal paths', () => {
    const text = [
      "require 'a'",
      'require_relative "b/c"',
      "require('d')",
      "autoload :E, 'e/f'",
      "x = 1; require 'g'",
      'require "h/#{x}"',
      "# require 'fake1'",
      '=begin',
      "require 'fake2'",
      '=end',
      'text = <<-EOS',
      "require 'fake3'",
      '  EOS',
      "require 'last'",
    ].join('\n');
    assert.deepEqual(specifiers(ruby, text), ['a', './b/c', 'd', 'e/f', 'g', 'last']);
  });
});
