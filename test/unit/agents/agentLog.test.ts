/**
 * The agent log through the engine: answers given to agents, the first file each agent went on to,
 * and the rules that decide which answer a read belongs to (order, not clock; one folder; a window).
 */
import * as assert from 'node:assert/strict';
import { join, resolve } from 'node:path';
import { Engine } from '../../../src/engine';
import { AGENT_READ_WINDOW_MS } from '../../../src/core/agentAnswer';

const ROOT = resolve(__dirname, '../../fixtures/agents-small');
const at = (rel: string) => join(ROOT, rel);
const START = Date.UTC(2026, 0, 15, 12);

describe('agents: the agent log in the engine', () => {
  let engine: Engine;
  let time: number;

  beforeEach(async () => {
    time = START;
    engine = await Engine.create({ roots: [ROOT], historyEnabled: false, now: () => time });
    await engine.index();
  });
  afterEach(() => engine.dispose());

  /** Answers as the MCP server does: what the engine ranked for `rel`, logged in that order. */
  function answer(rel: string, source: 'mcp' | 'lm-tool' = 'mcp'): string[] {
    const returned = engine.rank({ file: at(rel), limit: 5 }).files.map((f) => f.path);
    engine.logAgentAnswer({ source, query: at(rel), returned });
    return returned;
  }

  it('logs an answer with its time, query, task, preset and files in order, and the first file read after it', () => {
    const returned = answer('src/auth/login.ts');
    time += 30_000;
    engine.logAgentRead(at(returned[1]), 'asked');
    time += 30_000;
    engine.logAgentRead(at(returned[0]), 'explored');
    const [row, ...rest] = engine.agentLog();
    assert.deepEqual(rest, []);
    assert.deepEqual(
      { ...row, id: 0 },
      {
        id: 0,
        time: START,
        root: ROOT,
        source: 'mcp',
        queryPath: 'src/auth/login.ts',
        taskId: engine.activeTask().id,
        preset: 'default',
        returned,
        readPath: returned[1],
        readAt: START + 30_000,
        readKind: 'asked',
      },
    );
  });

  it('gives a read to the most recent answer only, and skips its own query file', () => {
    answer('src/auth/login.ts');
    const second = answer('src/ui/button.tsx', 'lm-tool');
    engine.logAgentRead(at('src/ui/button.tsx'), 'opened');
    engine.logAgentRead(at(second[0]), 'edited');
    const [first, latest] = engine.agentLog();
    assert.equal(first.readPath, undefined, 'an older answer takes no read');
    assert.equal(latest.source, 'lm-tool');
    assert.equal(latest.readPath, second[0]);
    assert.equal(latest.readKind, 'edited');
  });

  it('counts a read within the window, and none after it', () => {
    answer('src/auth/login.ts');
    time += AGENT_READ_WINDOW_MS + 1;
    engine.logAgentRead(at('src/auth/token.ts'), 'asked');
    answer('src/auth/token.ts');
    time += AGENT_READ_WINDOW_MS;
    engine.logAgentRead(at('src/auth/login.ts'), 'asked');
    assert.deepEqual(
      engine.agentLog().map((r) => r.readPath),
      [undefined, 'src/auth/login.ts'],
    );
  });

  it('matches by order when the clock goes backwards, and never logs a read before its answer', () => {
    answer('src/auth/login.ts');
    time -= 60 * 60_000;
    engine.logAgentRead(at('src/auth/token.ts'), 'asked');
    answer('src/auth/token.ts');
    time -= 60_000;
    engine.logAgentRead(at('src/auth/session.ts'), 'changed');
    const [first, second] = engine.agentLog();
    assert.equal(first.readPath, 'src/auth/token.ts');
    assert.equal(first.readAt, first.time);
    assert.equal(second.time, START - 60 * 60_000);
    assert.equal(second.readPath, 'src/auth/session.ts');
    assert.ok(second.readAt! >= second.time);
  });

  it('ignores reads outside the folder, keeping the answer open for the next one', () => {
    answer('src/auth/login.ts');
    engine.logAgentRead('/etc/passwd', 'opened');
    engine.logAgentRead(join(ROOT, '..', 'outside.ts'), 'opened');
    assert.equal(engine.agentLog()[0].readPath, undefined);
    engine.logAgentRead(at('src/util/strings.ts'), 'opened');
    assert.equal(engine.agentLog()[0].readPath, 'src/util/strings.ts');
  });

  it('logs no empty answer and no answer about a file outside the folder', () => {
    engine.logAgentAnswer({ source: 'mcp', query: at('src/auth/login.ts'), returned: [] });
    engine.logAgentAnswer({ source: 'mcp', query: '/etc/passwd', returned: ['src/auth/login.ts'] });
    assert.deepEqual(engine.agentLog(), []);
  });

  it('names the preset ranked with, marking overridden weights', () => {
    engine.logAgentAnswer({ source: 'mcp', query: at('src/auth/login.ts'), preset: 'debugging', returned: ['src/auth/token.ts'] });
    engine.configure({ preset: 'refactoring', weights: { recency: 0 } });
    answer('src/auth/login.ts');
    assert.deepEqual(
      engine.agentLog().map((r) => r.preset),
      ['debugging', 'refactoring+custom'],
    );
  });

  it('logs nothing while logAgents is off', () => {
    engine.configure({ logAgents: false });
    answer('src/auth/login.ts');
    assert.deepEqual(engine.agentLog(), []);
    engine.configure({ logAgents: true });
    answer('src/auth/login.ts');
    engine.configure({ logAgents: false });
    engine.logAgentRead(at('src/auth/token.ts'), 'asked');
    engine.configure({ logAgents: true });
    engine.logAgentRead(at('src/auth/token.ts'), 'asked');
    assert.equal(engine.agentLog().length, 1);
    assert.equal(engine.agentLog()[0].readPath, undefined, 'a read while off does not count, nor does the answer wait past it');
  });
});
