// Lateness figures of a 10 ms timer's ticks, shared by the probe (in VS Code) and the runner.
'use strict';

/** p50/p99/max of `lates` ([ms from the probe's start, lateness ms] pairs), stalls over 50 and 200 ms, time blocked in stalls. */
function summary(lates) {
  const sorted = lates.map((x) => x[1]).sort((a, b) => a - b);
  const q = (p) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] || 0;
  const stalls = sorted.filter((x) => x > 50);
  return {
    samples: sorted.length,
    p50: q(0.5),
    p99: q(0.99),
    max: sorted[sorted.length - 1] || 0,
    over50: stalls.length,
    over200: sorted.filter((x) => x > 200).length,
    blockedMs: stalls.reduce((a, b) => a + b, 0),
  };
}

module.exports = { summary };
