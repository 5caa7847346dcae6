// The extension-host stall probe, loaded by VS Code as the extensionTestsPath next to the extension
// under test. A 10 ms timer on the extension-host thread (the one every extension shares) records how
// late each tick fires while Related Files starts, indexes the folder and ranks HOST_STALL_OPEN (cold:
// the first partial ranking, shown while indexing with a note saying so, and the first complete one),
// then while its engine restarts from the database it just wrote and ranks again (warm, as a second
// window would; HOST_STALL_RESTART=0 leaves that out, for a window reopened on the first one's
// database, whose first ranking is the warm one). With the extension absent (the control) it samples for as long. With
// HOST_STALL_TYPING_MS it then types: an edit every TYPING_INTERVAL_MS into the open file through the
// VS Code API (a WorkspaceEdit; nothing is typed into the editor's input, the file is never saved, and
// the edits are reverted at the end; the runner gives VS Code a throwaway copy of the folder), timing
// that stretch on its own. Writes HOST_STALL_OUT. With HOST_STALL_PROFILE (a folder) it also profiles the host
// thread over the cold stretch (the control: as long, HOST_STALL_COLD_MS) through the host's own inspector: where its CPU
// went and what was allocated, sampled, written next to each other as <run>.cpuprofile and <run>.heapprofile. On
// Linux the result also has the CPU time the machine's processes took over the cold and typing stretches, by role
// (the host, the engine, the TypeScript server, the browser, the VS Code server), and the host thread's time on a
// core and waiting for one: how much of its lateness was its own work and how much the machine's.
'use strict';
const fs = require('fs');
const path = require('path');
const vscode = require('vscode');
const { PerformanceObserver, constants: perfConstants, performance } = require('perf_hooks');
const { summary } = require('./lateness.cjs');

/** Who a process is, from its command line, for the CPU table (the host itself is told by its pid). */
function processRole(cmd) {
  if (cmd.includes('/dist/engine.js')) return 'Related Files engine'; // its index workers are threads of it
  if (/tsserver|typingsInstaller/.test(cmd)) return 'TypeScript server';
  if (/chrom/.test(cmd)) return 'browser (workbench)';
  if (/code-server|vscode/.test(cmd)) return 'VS Code server';
  return 'other';
}

/**
 * CPU time (ms, own and that of children it waited for, as a git run) of every process on the machine,
 * by role (processRole; 'extension host' for this process), from Linux's /proc; undefined elsewhere.
 */
function processCpu() {
  const TICK_MS = 10; // USER_HZ is 100 on Linux
  let pids;
  try {
    pids = fs.readdirSync('/proc').filter((d) => /^\d+$/.test(d));
  } catch {
    return undefined;
  }
  const byPid = new Map();
  for (const pid of pids) {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const role = Number(pid) === process.pid ? 'extension host' : processRole(fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8'));
      byPid.set(pid, { role, ms: (Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14])) * TICK_MS });
    } catch {
      // ended meanwhile
    }
  }
  return { at: Date.now(), byPid, hostThread: hostThreadSchedule() };
}

/**
 * The host thread's scheduling so far (Linux schedstat, ns): time on a core and time runnable but waiting for one.
 * A timer is late by both: the second is the machine's doing, not the thread's work.
 */
function hostThreadSchedule() {
  try {
    const [runNs, waitNs] = fs.readFileSync(`/proc/self/task/${process.pid}/schedstat`, 'utf8').split(' ').map(Number);
    return { runNs, waitNs };
  } catch {
    return undefined;
  }
}

/** CPU ms per role between two processCpu readings (a process started meanwhile counts from 0), and the wall ms between them. */
function cpuBetween(before, after) {
  if (!before || !after) return undefined;
  const byRole = {};
  for (const [pid, { role, ms }] of after.byPid) byRole[role] = (byRole[role] ?? 0) + ms - (before.byPid.get(pid)?.ms ?? 0);
  const host = before.hostThread && after.hostThread;
  return {
    wallMs: after.at - before.at,
    byRole,
    ...(host
      ? {
          hostThreadRunMs: (after.hostThread.runNs - before.hostThread.runNs) / 1e6,
          hostThreadWaitMs: (after.hostThread.waitNs - before.hostThread.waitNs) / 1e6,
        }
      : {}),
  };
}

/**
 * Starts a CPU profile and an allocation sampling of this thread (every extension's, VS Code's host code
 * included); the returned function stops both and writes them into `dir`, named after `name`.
 */
function startProfiles(dir, name) {
  const inspector = require('inspector');
  const session = new inspector.Session();
  session.connect();
  const post = (method, params) => new Promise((resolve, reject) => session.post(method, params, (e, r) => (e ? reject(e) : resolve(r))));
  const started = Promise.all([
    post('Profiler.enable')
      .then(() => post('Profiler.setSamplingInterval', { interval: 500 }))
      .then(() => post('Profiler.start')),
    post('HeapProfiler.startSampling', { samplingInterval: 8192 }),
  ]);
  return async () => {
    await started;
    const { profile } = await post('Profiler.stop');
    const { profile: heap } = await post('HeapProfiler.stopSampling');
    session.disconnect();
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, `${name}.cpuprofile`), JSON.stringify(profile));
    fs.writeFileSync(path.join(dir, `${name}.heapprofile`), JSON.stringify(heap));
  };
}

const EXTENSION_ID = 'related-files.related-files';
const INTERVAL_MS = 10;
const GC_MAJOR = perfConstants.NODE_PERFORMANCE_GC_MAJOR;
const POLL_MS = 20;
const TYPING_INTERVAL_MS = 20;
/** Every this many characters the typist starts a new line, as a person would. */
const CHARS_PER_LINE = 40;

/**
 * Edits the open document on a TYPING_INTERVAL_MS beat for `ms`, then reverts it unsaved. An edit is
 * checked against the document version it was made for, so one waits for the previous to land: a
 * beat that finds an edit still in flight is skipped (the count shows how many keys got through).
 */
async function type(uri, ms, sleep) {
  const document = await vscode.workspace.openTextDocument(uri);
  await vscode.window.showTextDocument(document, { preview: false });
  let beats = 0;
  let applied = 0;
  let inFlight;
  const started = Date.now();
  await new Promise((resolve) => {
    const timer = setInterval(() => {
      if (Date.now() - started >= ms) {
        clearInterval(timer);
        resolve();
        return;
      }
      beats++;
      if (inFlight) return;
      const edit = new vscode.WorkspaceEdit();
      const text = applied % CHARS_PER_LINE === 0 ? '\n// ' : 'x';
      edit.insert(uri, document.lineAt(document.lineCount - 1).range.end, text);
      inFlight = vscode.workspace.applyEdit(edit).then(
        (ok) => {
          if (ok) applied++;
          inFlight = undefined;
        },
        () => (inFlight = undefined),
      );
    }, TYPING_INTERVAL_MS);
  });
  await inFlight;
  await sleep(500);
  await vscode.window.showTextDocument(document, { preview: false });
  await vscode.commands.executeCommand('workbench.action.files.revert');
  if (document.isDirty) throw new Error(`could not revert ${uri.fsPath} after typing`);
  return { beats, applied };
}

/**
 * The extension's output channel as VS Code logged it (under the server's data folder, which the runner
 * deletes), of this window only: each window logs into a folder of its own, named by its start time.
 */
function copyExtensionLog(to) {
  const root = path.join(process.env.TMPDIR || '', 'user-data', 'logs');
  const sessions = fs.existsSync(root) ? fs.readdirSync(root).sort() : [];
  const logs = path.join(root, sessions[sessions.length - 1] ?? '');
  const found = [];
  const walk = (dir) => {
    for (const entry of fs.existsSync(dir) ? fs.readdirSync(dir, { withFileTypes: true }) : []) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.includes('Related Files')) found.push(full);
    }
  };
  walk(logs);
  fs.writeFileSync(to, found.map((f) => fs.readFileSync(f, 'utf8')).join('\n'));
}

module.exports.run = async function run() {
  const t0 = Date.now();
  const open = process.env.HOST_STALL_OPEN;
  const idleMs = Number(process.env.HOST_STALL_IDLE_MS || 20000);
  const tailMs = Number(process.env.HOST_STALL_TAIL_MS || 2000);
  const timeoutMs = Number(process.env.HOST_STALL_TIMEOUT_MS || 600000);
  const lates = [];
  let last = Date.now();
  const timer = setInterval(() => {
    const now = Date.now();
    lates.push([now - t0, Math.max(0, now - last - INTERVAL_MS)]);
    last = now;
  }, INTERVAL_MS);
  // The host's garbage collections ([ms from the probe's start, pause ms, major]): a pause holds the thread as
  // any work does, and what an extension's messages allocate the host collects.
  const gcs = [];
  const gcObserver = new PerformanceObserver((list) => {
    for (const e of list.getEntries()) gcs.push([Math.round(performance.timeOrigin + e.startTime - t0), e.duration, e.detail?.kind === GC_MAJOR]);
  });
  gcObserver.observe({ entryTypes: ['gc'] });
  const cpuStart = processCpu();
  const profileDir = process.env.HOST_STALL_PROFILE;
  const stopProfiles = profileDir ? startProfiles(profileDir, path.basename(process.env.HOST_STALL_OUT || 'probe', '.json')) : undefined;
  let cpuCold;
  let coldEnded;
  /** The cold stretch is over: the CPU reading and the profiles end here (once). */
  const endCold = () => {
    if (coldEnded) return coldEnded;
    cpuCold = processCpu();
    coldEnded = stopProfiles ? stopProfiles() : Promise.resolve();
    return coldEnded;
  };
  // The control's cold stretch ends when the extension's run ranked (HOST_STALL_COLD_MS from the probe's start).
  const coldMs = Number(process.env.HOST_STALL_COLD_MS || 0);
  const coldTimer = coldMs > 0 ? setTimeout(endCold, coldMs) : undefined;
  const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
  const result = { open, events: {} };
  const mark = (name) => (result.events[name] = Date.now() - t0);
  try {
    const uri = vscode.Uri.joinPath(vscode.workspace.workspaceFolders[0].uri, open);
    const extension = vscode.extensions.getExtension(EXTENSION_ID);
    // When each step between activation and the first ranking happened (ms from the probe's start).
    result.timeline = [];
    const note = (what) => result.timeline.length < 300 && result.timeline.push([Date.now() - t0, what]);
    const watch = (api) => {
      // The extension's log lines, timed when the host thread writes them (the output channel's own times come later).
      const log = api.host.log;
      if (log && typeof log.info === 'function') {
        const info = log.info.bind(log);
        log.info = (message, ...rest) => {
          note(`log: ${String(message).slice(0, 160)}`);
          return info(message, ...rest);
        };
      }
      api.host.onDidChangeState((s) => {
        note(`state ${s.kind}${s.progress ? ` ${s.progress.phase} ${s.progress.done}/${s.progress.total}` : ''}`);
        // The restart's old engine has stopped and the new one starts: a second window starts from here.
        if (s.kind === 'starting' && result.events.restart !== undefined && result.events.restartStopped === undefined) mark('restartStopped');
      });
      api.host.onDidChangeRankings(() => note('engine changed'));
      // The last session's list of the open file (a second window shows it while its engine starts):
      // timed when shown, or when first seen if it was shown before this probe watched (then later than it was).
      const restored = (ranking, message) => {
        if (result.events.restoredShown !== undefined || !ranking || ranking.query !== uri.fsPath) return;
        if (typeof message === 'string' && message.includes('last session')) mark('restoredShown');
      };
      restored(api.view.shown, api.view.message);
      const show = api.view.show.bind(api.view);
      api.view.show = (ranking, message) => {
        restored(ranking, message);
        note(
          `view shows ${ranking ? `${ranking.files.length} files of ${path.basename(ranking.query)}` : 'no list'}${message ? `: ${message}` : ''}`,
        );
        const kind = api.host.state.kind;
        const partial = kind === 'indexing' && typeof message === 'string' && message.includes('results are partial');
        if (ranking && (kind === 'ready' || partial) && !shownAt.has(ranking)) shownAt.set(ranking, Date.now() - t0);
        return show(ranking, message);
      };
    };
    /** When each ranking was put on screen (complete, or partial with its note): it counts from then, not from the poll that saw it. */
    const shownAt = new WeakMap();
    const early = extension?.isActive === true;
    if (early) watch(extension.exports);
    note(`opening ${open}${extension ? ` (extension ${early ? 'active' : 'not active yet'})` : ''}`);
    // Watched from its activation on, while the file opens: a window that restores its editors may
    // activate it and show its ranking before the open returns.
    let opening = true;
    const watching = (async () => {
      while (opening && extension && !extension.isActive) await sleep(POLL_MS);
      if (early || !extension?.isActive) return early;
      watch(extension.exports);
      return true;
    })();
    await vscode.window.showTextDocument(uri, { preview: false });
    opening = false;
    const watched = await watching;
    mark('opened');
    note('opened');
    if (!extension) {
      await sleep(idleMs);
      mark('idleEnd');
      await endCold();
    } else {
      const api = extension.isActive ? extension.exports : await extension.activate();
      // VS Code may have activated it (for its view) before this probe got here: count from activate() itself.
      result.events.active = typeof api.activatedAt === 'number' ? api.activatedAt - t0 : Date.now() - t0;
      result.activationMs = api.activationMs;
      result.activationCpuMs = api.activationCpuMs;
      if (!watched) watch(api);
      // A list of the open file shown while indexing, under a note that says it is partial (marked once).
      const partial = (name) => {
        const shown = api.view.shown;
        const note = api.view.message;
        if (result.events[name] !== undefined || api.host.state.kind !== 'indexing' || !shown || shown.query !== uri.fsPath) return;
        if (shown.files.length > 0 && typeof note === 'string' && note.includes('results are partial'))
          result.events[name] = shownAt.get(shown) ?? Date.now() - t0;
      };
      const ranked = async (name, since, partialName) => {
        const deadline = Date.now() + timeoutMs;
        while (Date.now() < deadline) {
          const state = api.host.state;
          if (state.kind === 'failed') throw new Error(state.message);
          if (partialName) partial(partialName);
          const shown = api.view.shown;
          if (state.kind === 'ready' && shown && shown.query === uri.fsPath && api.view.message === undefined && shown !== since) {
            result.events[name] = shownAt.get(shown) ?? Date.now() - t0;
            return;
          }
          await sleep(POLL_MS);
        }
        throw new Error(`no ranking of ${open} within ${timeoutMs} ms`);
      };
      await ranked('coldRanked', undefined, 'coldPartialRanked');
      await endCold();
      result.cold = summary(lates.filter((x) => x[0] <= result.events.coldRanked));
      // An older build (a baseline) may have no engine restart: then there is no warm phase.
      // HOST_STALL_RESTART=0: a reopened window, whose first ranking is already the warm one.
      if (process.env.HOST_STALL_RESTART !== '0' && (await vscode.commands.getCommands(true)).includes('relatedFiles.restartEngine')) {
        const coldEnd = lates.length;
        const before = api.view.shown;
        mark('restart');
        await vscode.commands.executeCommand('relatedFiles.restartEngine');
        await ranked('warmRanked', before);
        result.warm = summary(lates.slice(coldEnd));
      }
    }
    const typingMs = Number(process.env.HOST_STALL_TYPING_MS || 0);
    if (typingMs > 0) {
      await sleep(tailMs); // let the warm ranking's own work settle first
      const from = lates.length;
      mark('typing');
      const cpuTyping = processCpu();
      result.typing = await type(uri, typingMs, sleep);
      result.cpu = { ...result.cpu, typing: cpuBetween(cpuTyping, processCpu()) };
      mark('typed');
      result.typing.lateness = summary(lates.slice(from));
    }
    await sleep(tailMs);
  } catch (error) {
    result.error = String((error && error.message) || error);
  } finally {
    clearInterval(timer);
    clearTimeout(coldTimer);
    gcObserver.disconnect();
  }
  result.cpu = { ...result.cpu, cold: cpuBetween(cpuStart, cpuCold) };
  result.all = summary(lates);
  result.gcs = gcs;
  result.lates = lates; // [ms from the probe's start, lateness]: the runner compares stretches of runs
  const extension = vscode.extensions.getExtension(EXTENSION_ID);
  if (extension?.isActive && extension.exports.handlerTimes) result.handlers = extension.exports.handlerTimes.summary();
  if (process.env.HOST_STALL_OUT) fs.writeFileSync(process.env.HOST_STALL_OUT, JSON.stringify(result, null, 1));
  if (process.env.HOST_STALL_LOG) copyExtensionLog(process.env.HOST_STALL_LOG);
  if (process.env.RELATED_FILES_TEST_RESULTS) {
    fs.writeFileSync(process.env.RELATED_FILES_TEST_RESULTS, JSON.stringify({ passed: result.error ? 0 : 1, failed: result.error ? 1 : 0 }));
  }
};
