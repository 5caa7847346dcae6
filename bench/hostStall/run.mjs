#!/usr/bin/env node
// bench/hostStall: how long Related Files keeps the extension-host thread busy, in a real VS Code.
//
//   npm run build && VSCODE_CI_DIR=... node bench/hostStall/run.mjs --folder DIR --open REL [--baseline EXT_DIR] [--idle-ms N] [--typing | --reopen] [--restore] [--log FILE]
//
// Runs VS Code on the same folder, one after the other: with an extension of no code (the control: the
// workbench's own start-up stalls the host too), with Related Files, and with the control again. The
// control runs before and after because one VS Code start's stalls differ from the next's about as much
// as the extension's differ from either (docs/ARCHITECTURE.md, "Engine process"); the extension's figures
// are set against both. In each, a 10 ms timer on the extension-host thread (probe.cjs) records how late
// each tick fires. With the extension it measures the cold start (fresh storage: index, history, database) up to the first
// complete ranking of --open (and when the first partial one, shown while indexing, came), then a warm start (the engine restarted on the database it just wrote). Prints
// p50/p99/max lateness, stalls over 50/200 ms, blocked time and the time to the first ranking, the
// extension's next to the control's. --baseline runs another build of the extension as well (a
// checkout of an earlier commit, built), measured the same way. Figures only; never pass/fail.
//
// --typing: after the warm ranking (the control: after as long), an edit every 20 ms for 10 s into
// the open file, timed on its own. The edits go through the VS Code API (a WorkspaceEdit from the
// probe: nothing types into an editor), are never saved and are reverted at the end, and each VS Code
// run gets a throwaway copy of the folder, so the folder itself is never touched.
//
// Each VS Code run gets an empty NODE_COMPILE_CACHE folder: the cold start parses the engine bundle
// as a first-ever start does, the warm restart reads the compiled code it left (as a second window).
// The extension's handler durations (host thread, per handler: calls, p99, max) are printed too, and the host's
// garbage collections over the cold stretch, ours against the control's (the probe observes 'gc' entries), and
// (Linux) the CPU time of the machine's processes over the cold and typing stretches by role, with how long the host
// thread ran and how long it waited for a core: a late beat is the thread's work or the machine's other processes.
// HOST_STALL_PROFILE=DIR in the environment: the probe also writes a CPU profile and an allocation sampling of the
// host thread over the cold stretch, ours and the control's (probe.cjs).
// --restore: the workbench opens --open itself as it starts (a window restoring its editors), so the
// file is open when the extension activates; without it the probe opens it once it runs (seconds after
// activation on a busy machine: the first ranking cannot come before the file is open).
// --reopen: then a second window, a new VS Code on the first run's data (its database, its compiled
// code, its browser profile) and the same folder, its first ranking counted from activation: the warm
// start as a person reopening the folder gets it, bundle load included, and when the view showed
// the list the first window closed on (kept in the workspace's storage); the control gets a second
// window too, sampled over the same stretch. Not with --typing (whose runs each get a copy of the
// folder, so their storage differs).
// --log FILE keeps the extension's own log (its output channel, with the engine's phase times) of that run,
// and FILE.json the probe's result, with a timeline of the extension's log lines and view updates.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { summary } from './lateness.cjs';

/** CPU seconds per role over a stretch (the probe's cpuBetween), and how many of the machine's cores that kept busy. */
function cpuShare(cpu) {
  if (!cpu) return 'not measured (no /proc)';
  const roles = ['extension host', 'Related Files engine', 'TypeScript server', 'browser (workbench)', 'VS Code server', 'other'];
  const total = Object.values(cpu.byRole).reduce((sum, ms) => sum + ms, 0);
  const parts = roles.filter((r) => cpu.byRole[r] > 0).map((r) => `${r} ${(cpu.byRole[r] / 1000).toFixed(1)}`);
  const thread =
    cpu.hostThreadWaitMs === undefined
      ? ''
      : `; the host thread ran ${(cpu.hostThreadRunMs / 1000).toFixed(2)} s and waited ${(cpu.hostThreadWaitMs / 1000).toFixed(2)} s for a core`;
  return `${parts.join(', ')}; ${(total / 1000).toFixed(1)} s of CPU in ${(cpu.wallMs / 1000).toFixed(1)} s, ${(total / cpu.wallMs).toFixed(2)} of ${availableParallelism()} cores busy${thread}`;
}

/** A run's lateness summary between two times (ms from its probe's start); undefined when its probe kept no beats. */
function within(run, from, to) {
  return run.lates ? summary(run.lates.filter(([t]) => t >= from && t <= to)) : undefined;
}

/** `a` as a multiple of `b` (at least 1 ms, so a quiet control divides nothing by zero). */
function times(a, b) {
  return `${(a / Math.max(1, b)).toFixed(2)}x`;
}

/** The host's collections of a stretch ([ms, pause ms, major] from the probe), in words. */
function gcPauses(gcs) {
  const total = gcs.reduce((sum, [, ms]) => sum + ms, 0);
  const major = gcs.filter(([, , isMajor]) => isMajor);
  const longest = gcs.reduce((max, [, ms]) => Math.max(max, ms), 0);
  return `${gcs.length} pauses, ${Math.round(total)} ms in all (${major.length} major, ${Math.round(major.reduce((sum, [, ms]) => sum + ms, 0))} ms), longest ${Math.round(longest)} ms`;
}

const here = dirname(fileURLToPath(import.meta.url));
const repo = resolve(here, '../..');
const argv = process.argv.slice(2);
const opt = (name, fallback) => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? argv[i + 1] : fallback;
};
const folder = opt('folder') && resolve(opt('folder'));
const open = opt('open');
if (!folder || !open) {
  console.error(
    'usage: node bench/hostStall/run.mjs --folder DIR --open REL [--baseline EXT_DIR] [--idle-ms N] [--typing | --reopen] [--restore] [--log FILE]',
  );
  process.exit(2);
}

const TYPING_MS = 10_000;
/** How long the control that runs before the extension samples after its file opens. */
const CONTROL_BEFORE_IDLE_MS = 15_000;
const typing = argv.includes('--typing');
const restore = argv.includes('--restore');
const reopen = argv.includes('--reopen');
if (typing && reopen) {
  console.error(
    'hostStall: --reopen cannot be combined with --typing (a typing run edits a copy of the folder, whose storage a second window would not find)',
  );
  process.exit(2);
}

/**
 * One VS Code run of the probe with `extension`. `second`: the run folder (server data, browser
 * profile) and compile cache to keep for a second window, or to start it from.
 */
/** activate()'s wall time, and the host thread's CPU time in it where the runtime can read it. */
function activation(run) {
  const cpu = run.activationCpuMs === undefined ? '' : ` (${run.activationCpuMs.toFixed(1)} ms of the thread's CPU)`;
  return `${run.activationMs?.toFixed(1)} ms${cpu}`;
}

function runVsCode(extension, out, idleMs, log, second, coldMs) {
  const copy = typing ? [] : ['--no-copy'];
  // --restore: the workbench opens the file as it starts, as a window that restores its editors does.
  if (restore) copy.push('--open-at-start', open);
  if (second) copy.push('--run-dir', second.runDir, '--port', String(second.port));
  const r = spawnSync(
    process.execPath,
    [join(repo, 'scripts/run-vscode.cjs'), 'test', '--ext', extension, '--tests', join(here, 'probe.cjs'), '--folder', folder, ...copy],
    {
      stdio: ['ignore', 'ignore', 'inherit'],
      env: {
        ...process.env,
        HOST_STALL_OPEN: open,
        HOST_STALL_OUT: out,
        HOST_STALL_IDLE_MS: String(idleMs),
        HOST_STALL_TYPING_MS: String(typing ? TYPING_MS : 0),
        ...(log ? { HOST_STALL_LOG: log } : {}),
        ...(second?.reopened ? { HOST_STALL_RESTART: '0' } : {}),
        ...(coldMs ? { HOST_STALL_COLD_MS: String(coldMs) } : {}),
        NODE_COMPILE_CACHE: second?.compileCache ?? mkdtempSync(join(scratch, 'compile-cache-')),
      },
    },
  );
  try {
    return JSON.parse(readFileSync(out, 'utf8'));
  } catch {
    throw new Error(`no probe result from ${extension} (run-vscode exit ${r.status}); see the VS Code logs`);
  }
}

const scratch = mkdtempSync(join(tmpdir(), 'host-stall-'));
try {
  console.log(
    `host stall on ${folder} (ranking ${open})${typing ? `; typing: an edit every 20 ms for ${TYPING_MS / 1000} s through the VS Code API into a throwaway copy, never saved, reverted` : ''}`,
  );
  /** A first window's data, kept for its second window (--reopen). */
  const firstWindow = (name) =>
    reopen
      ? { runDir: join(scratch, name), compileCache: mkdtempSync(join(scratch, 'compile-cache-')), port: 20000 + Math.floor(Math.random() * 20000) }
      : undefined;
  const second = firstWindow('first-window');
  // Sampled long enough to cover the extension's cold stretch (its first complete ranking, seconds in), cut to it below.
  const controlBefore = runVsCode(join(here, 'empty-ext'), join(scratch, 'control-before.json'), CONTROL_BEFORE_IDLE_MS);
  const extension = runVsCode(repo, join(scratch, 'extension.json'), 0, opt('log') && resolve(opt('log')), second);
  // Next to the log: the probe's result, with its timeline (each step from activation to the rankings).
  if (opt('log')) writeFileSync(`${resolve(opt('log'))}.json`, JSON.stringify(extension, null, 1));
  if (extension.error) throw new Error(`extension run: ${extension.error}`);
  const reopenLog = second && opt('log') && `${resolve(opt('log'))}.reopen`;
  const reopened = second && runVsCode(repo, join(scratch, 'reopened.json'), 0, reopenLog, { ...second, reopened: true });
  if (reopenLog) writeFileSync(`${reopenLog}.json`, JSON.stringify(reopened, null, 1));
  if (reopened?.error) throw new Error(`reopened run: ${reopened.error}`);
  const baselineDir = opt('baseline');
  const baseline = baselineDir && runVsCode(resolve(baselineDir), join(scratch, 'baseline.json'), 0);
  if (baseline?.error) throw new Error(`baseline run: ${baseline.error}`);
  // The control samples as long as the extension's run took, so both cover the same stretch of workbench life.
  const controlSecond = firstWindow('control-first-window');
  const control = runVsCode(
    join(here, 'empty-ext'),
    join(scratch, 'control.json'),
    Number(opt('idle-ms', extension.events.warmRanked ?? extension.events.coldRanked)),
    undefined,
    controlSecond,
    extension.events.coldRanked,
  );
  // Its second window, over the stretch the extension's second window took to its first ranking.
  const controlReopened =
    reopened &&
    runVsCode(join(here, 'empty-ext'), join(scratch, 'control-reopened.json'), reopened.events.coldRanked, undefined, {
      ...controlSecond,
      reopened: true,
    });
  const row = (name, s, ranked) =>
    `${name.padEnd(31)} ${String(s.p50).padStart(4)} ${String(s.p99).padStart(5)} ${String(s.max).padStart(6)} ${String(s.over50).padStart(6)} ${String(s.over200).padStart(6)} ${String(s.blockedMs).padStart(8)} ${ranked.padStart(14)}`;
  const ev = extension.events;
  console.log('lateness of a 10 ms timer on the extension-host thread, ms');
  console.log(`${''.padEnd(31)}  p50   p99    max  >50ms >200ms  blocked  first ranking`);
  console.log(row('control (no extension)', control.all, '—'));
  // The cold phase is the workbench's busiest stretch; the control's whole run adds as much idle time again.
  const controlCold = within(control, 0, ev.coldRanked) ?? control.all;
  console.log(row("control, cold's stretch", controlCold, '—'));
  const beforeCold = within(controlBefore, 0, ev.coldRanked) ?? controlBefore.all;
  const beforeCovers = controlBefore.lates?.some(([t]) => t >= ev.coldRanked) ?? false;
  console.log(row("control before, cold's stretch", beforeCold, beforeCovers ? '—' : 'shorter stretch'));
  if (baseline) console.log(row('baseline, cold', baseline.cold, `${baseline.events.coldRanked - baseline.events.active} ms`));
  if (baseline?.warm) console.log(row('baseline, warm', baseline.warm, `${baseline.events.warmRanked - baseline.events.restart} ms`));
  console.log(row('Related Files, cold', extension.cold, `${ev.coldRanked - ev.active} ms`));
  if (extension.warm) console.log(row('Related Files, warm', extension.warm, `${ev.warmRanked - ev.restart} ms`));
  if (reopened) {
    const stretch = within(controlReopened, 0, reopened.events.coldRanked) ?? controlReopened.all;
    console.log(row('control, second window', stretch, '—'));
    console.log(row('second window, warm', reopened.cold, `${reopened.events.coldRanked - reopened.events.active} ms`));
  }
  console.log(row('Related Files, whole run', extension.all, ''));
  // Before its activation the extension runs no code: the beats late then are the workbench's start alone, and
  // they differ from one VS Code start to the next. From activation on, every run over the same window.
  const activeStretch = [controlBefore, extension, control].map((r) => within(r, ev.active, ev.coldRanked));
  if (activeStretch.every(Boolean)) {
    console.log(`from the extension's activation to its first complete ranking (${ev.active}–${ev.coldRanked} ms from the probe's start):`);
    console.log(row('control before', activeStretch[0], '—'));
    console.log(row('Related Files, cold', activeStretch[1], `${ev.coldRanked - ev.active} ms`));
    console.log(row('control', activeStretch[2], '—'));
    const bev = baseline?.events;
    const own = bev && within(baseline, bev.active, bev.coldRanked);
    if (own) {
      console.log(row(`baseline (its own, ${bev.active}–${bev.coldRanked})`, own, `${bev.coldRanked - bev.active} ms`));
    }
  }
  if (typing) {
    const typed = (r) => (r.typing ? `${r.typing.applied} edits / ${r.typing.beats} beats` : 'no typing');
    console.log('typing (an edit every 20 ms):');
    console.log(row('control, typing', control.typing.lateness, typed(control)));
    if (controlBefore.typing) console.log(row('control before, typing', controlBefore.typing.lateness, typed(controlBefore)));
    if (baseline?.typing) console.log(row('baseline, typing', baseline.typing.lateness, typed(baseline)));
    console.log(row('Related Files, typing', extension.typing.lateness, typed(extension)));
  }
  const partial = (r, from) => (r.events.coldPartialRanked === undefined ? 'none' : `${r.events.coldPartialRanked - from} ms`);
  // The file may open after activation (the probe opens it): the engine cannot rank it before that.
  const opened = (r) => Math.max(r.events.active, r.events.opened);
  const firsts = (r) =>
    `first partial ranking ${partial(r, r.events.active)}, first complete ranking ${r.events.coldRanked - r.events.active} ms after activation; ` +
    `file open ${r.events.opened - r.events.active} ms after activation, first partial ranking ${partial(r, opened(r))} after both`;
  console.log(`cold start: ${firsts(extension)}${baseline ? ` (baseline: ${firsts(baseline)})` : ''}`);
  if (ev.restartStopped !== undefined) {
    console.log(
      `warm start: first ranking ${ev.warmRanked - ev.restart} ms after the restart command, ${ev.warmRanked - ev.restartStopped} ms after the old engine stopped (${ev.restartStopped - ev.restart} ms; a second window has none to stop)`,
    );
  }
  if (reopened) {
    const rev = reopened.events;
    const restored =
      rev.restoredShown === undefined
        ? 'no list of the last session shown'
        : `the last session's list shown ${rev.restoredShown - rev.active} ms after activation`;
    console.log(
      `second window: ${restored}; first ranking ${rev.coldRanked - rev.active} ms after activation${rev.coldPartialRanked === undefined ? '' : `, a partial one ${rev.coldPartialRanked - rev.active} ms`}; file open ${rev.opened - rev.active} ms after activation, first ranking ${rev.coldRanked - opened(reopened)} ms after both; activation ${activation(reopened)}`,
    );
  }
  console.log(
    `activation ${activation(extension)}${baseline ? ` (baseline ${activation(baseline)})` : ''}; first ranking counted from activation (cold) and from the engine restart (warm)`,
  );
  console.log(
    `ratios to the control: cold p99 ${times(extension.cold.p99, controlCold.p99)}, max ${times(extension.cold.max, controlCold.max)} (over the same stretch from the probe's start); whole run p99 ${times(extension.all.p99, control.all.p99)}`,
  );
  console.log(
    `ratios to the control that ran before: cold p99 ${times(extension.cold.p99, beforeCold.p99)}, max ${times(extension.cold.max, beforeCold.max)}`,
  );
  if (activeStretch.every(Boolean)) {
    const [before, ours, after] = activeStretch;
    const ratio = (key, c) => times(ours[key], c[key]);
    console.log(
      `ratios from activation: cold p99 ${ratio('p99', after)} the control's, ${ratio('p99', before)} the control's before; max ${ratio('max', after)}, ${ratio('max', before)}`,
    );
  }
  if (extension.gcs && control.gcs) {
    const gcIn = (run, end) => gcPauses(run.gcs.filter(([t]) => t <= end));
    console.log(
      `host garbage collection over the cold stretch: Related Files ${gcIn(extension, ev.coldRanked)}; control ${gcIn(control, ev.coldRanked)}`,
    );
  }
  // A host thread that waits for a core is late whatever it runs: how busy the machine was says how much of the lateness that can be.
  console.log(`CPU time over the cold stretch (s): Related Files run: ${cpuShare(extension.cpu?.cold)}`);
  console.log(`  control, the same stretch: ${cpuShare(control.cpu?.cold)}`);
  if (typing) {
    console.log(`CPU time while typing (s): Related Files run: ${cpuShare(extension.cpu?.typing)}`);
    console.log(`  control: ${cpuShare(control.cpu?.typing)}`);
  }
  if (extension.handlers) {
    console.log('handlers of Related Files on the host thread (synchronous part), whole run:');
    // Wall time, and the host thread's CPU time in the handler where the runtime reads it (a wall time
    // far above the CPU time is the OS running something else meanwhile).
    console.log(
      `${'handler'.padEnd(22)} ${'calls'.padStart(7)} ${'p99 ms'.padStart(8)} ${'max ms'.padStart(8)} ${'> 5 ms'.padStart(7)} ${'max CPU ms'.padStart(11)} ${'CPU > 5 ms'.padStart(11)}`,
    );
    for (const [name, h] of Object.entries(extension.handlers).sort()) {
      console.log(
        `${name.padEnd(22)} ${String(h.calls).padStart(7)} ${h.p99Ms.toFixed(2).padStart(8)} ${h.maxMs.toFixed(2).padStart(8)} ${String(h.overBudget).padStart(7)} ${(h.maxCpuMs?.toFixed(2) ?? '—').padStart(11)} ${String(h.overBudgetCpu ?? '—').padStart(11)}`,
      );
    }
  }
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
