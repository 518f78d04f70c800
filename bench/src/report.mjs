// Writes bench/results/report.md and its SVG charts from a run's summary.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  ACTIONS_PER_MEETING,
  BENCH_DIR,
  RESULTS_DIR,
  STEADY_OWNED,
  STEADY_SHARED,
} from './config.mjs';

export const TARGETS = {
  gatewayAddedP50Ms: 1,
  gatewayThroughputRatio: 0.7,
  minimalThroughputRatio: 0.75,
  scaleP50Ratio: 2,
  entitlementLagP99Ms: 100,
  indexLagP99Ms: 500,
  landingKb: 200,
  meetingsKb: 350,
  singleBundleRatio: 1.15,
  lcpMs: 1_500,
  tbtMs: 200,
  keystrokeP95Ms: 150,
};

const COLORS = ['#3366cc', '#ff9900', '#109618', '#990099', '#dc3912'];
const esc = (text) =>
  String(text).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const f = (value, digits = 1) => (Number.isFinite(value) ? value.toFixed(digits) : '–');
const ok = (pass) => (pass === null || pass === undefined ? '–' : pass ? '✅ holds' : '❌ misses');

/** A horizontal grouped bar chart; `target` draws a dashed line at that value. */
export function barChart({ title, unit, categories, series, target, log = false }) {
  const rowHeight = 14 * series.length + 10;
  const left = 230;
  const width = 820;
  const plotWidth = width - left - 60;
  const top = 40;
  const height = top + categories.length * rowHeight + 40 + 16 * Math.ceil(series.length / 3);
  const values = series.flatMap((s) => s.values).filter((v) => Number.isFinite(v) && v > 0);
  const max = Math.max(...values, target ?? 0) * 1.05 || 1;
  const min = log ? Math.max(Math.min(...values, target ?? Infinity) / 1.5, 0.01) : 0;
  const x = (v) =>
    log
      ? ((Math.log10(Math.max(v, min)) - Math.log10(min)) / (Math.log10(max) - Math.log10(min))) *
        plotWidth
      : (v / max) * plotWidth;
  const parts = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" font-family="sans-serif" font-size="11">`,
    `<rect width="100%" height="100%" fill="white"/>`,
    `<text x="${width / 2}" y="20" text-anchor="middle" font-size="14" font-weight="bold">${esc(title)}</text>`,
  ];
  categories.forEach((category, i) => {
    const y0 = top + i * rowHeight;
    parts.push(
      `<text x="${left - 6}" y="${y0 + rowHeight / 2 + 2}" text-anchor="end">${esc(category)}</text>`,
    );
    series.forEach((s, k) => {
      const v = s.values[i];
      if (!Number.isFinite(v)) return;
      const y = y0 + 4 + k * 14;
      parts.push(
        `<rect x="${left}" y="${y}" width="${Math.max(1, x(v)).toFixed(1)}" height="12" fill="${s.color ?? COLORS[k]}"/>`,
      );
      parts.push(
        `<text x="${left + Math.max(1, x(v)) + 3}" y="${y + 10}" font-size="10">${f(v, v < 10 ? 2 : 0)}</text>`,
      );
    });
  });
  const axisY = top + categories.length * rowHeight;
  parts.push(`<line x1="${left}" y1="${top - 4}" x2="${left}" y2="${axisY}" stroke="#333"/>`);
  parts.push(
    `<text x="${left + plotWidth / 2}" y="${axisY + 16}" text-anchor="middle">${esc(unit)}${log ? ' (log scale)' : ''}</text>`,
  );
  if (target !== undefined) {
    parts.push(
      `<line x1="${left + x(target)}" y1="${top - 4}" x2="${left + x(target)}" y2="${axisY}" stroke="#d00" stroke-dasharray="4 3"/>`,
    );
    parts.push(
      `<text x="${left + x(target) + 3}" y="${top - 6}" fill="#d00">target ${target}</text>`,
    );
  }
  series.forEach((s, k) => {
    const lx = left + (k % 3) * 190;
    const ly = axisY + 32 + Math.floor(k / 3) * 16;
    parts.push(
      `<rect x="${lx}" y="${ly - 9}" width="10" height="10" fill="${s.color ?? COLORS[k]}"/>`,
    );
    parts.push(`<text x="${lx + 14}" y="${ly}">${esc(s.name)}</text>`);
  });
  parts.push('</svg>');
  return parts.join('\n');
}

/** Figures derived from a summary: each with its target and whether it holds. */
export function figures(summary) {
  const rows = [];
  const api = summary.api ?? [];
  for (const row of api) {
    const { gateway: g, direct: d, minimal: m } = row.summary;
    if (g && d) {
      const added = g.p50 - d.p50;
      rows.push({
        figure: `${row.label}: gateway adds to p50 (ms)`,
        value: added,
        target: `≤ ${TARGETS.gatewayAddedP50Ms}`,
        pass: added <= TARGETS.gatewayAddedP50Ms,
      });
      const ratio = g.rps / d.rps;
      rows.push({
        figure: `${row.label}: gateway throughput / direct`,
        value: ratio,
        target: `≥ ${TARGETS.gatewayThroughputRatio}`,
        pass: ratio >= TARGETS.gatewayThroughputRatio,
        digits: 2,
      });
    }
    if (d && m) {
      const ratio = d.rps / m.rps;
      rows.push({
        figure: `${row.label}: service throughput / minimal handler`,
        value: ratio,
        target: `≥ ${TARGETS.minimalThroughputRatio}`,
        pass: ratio >= TARGETS.minimalThroughputRatio,
        digits: 2,
      });
    }
  }
  const scale = summary.scale ?? {};
  const sizes = Object.keys(scale);
  if (sizes.length > 1) {
    const small = scale[sizes[0]];
    const large = scale[sizes.at(-1)];
    for (const row of large) {
      const base = small.find((r) => r.id === row.id);
      if (!base) continue;
      const ratio = row.p50 / base.p50;
      rows.push({
        figure: `${row.label}${row.who === 'steady' ? ' (steady user)' : ''}: p50 at ${sizes.at(-1)} / at ${sizes[0]}`,
        value: ratio,
        target: `≤ ${TARGETS.scaleP50Ratio}`,
        pass: ratio <= TARGETS.scaleP50Ratio,
        digits: 2,
      });
    }
  }
  for (const [mode, lag] of Object.entries(summary.events ?? {})) {
    for (const phase of ['idle', 'loaded']) {
      if (!lag?.[phase]) continue;
      const e = lag[phase].entitlement.p99;
      rows.push({
        figure: `Entitlement invalidation lag p99, ${mode}, ${phase} (ms)`,
        value: e,
        target: `< ${TARGETS.entitlementLagP99Ms}`,
        pass: e < TARGETS.entitlementLagP99Ms,
      });
      const i = lag[phase].index.p99;
      rows.push({
        figure: `Meeting change → actions index lag p99, ${mode}, ${phase} (ms)`,
        value: i,
        target: `< ${TARGETS.indexLagP99Ms}`,
        pass: phase === 'loaded' ? i < TARGETS.indexLagP99Ms : i < TARGETS.indexLagP99Ms,
      });
    }
  }
  for (const [mode, live] of Object.entries(summary.live ?? {})) {
    rows.push({
      figure: `Live notes: keystroke in one page → text in the other, p95, ${mode} (ms)`,
      value: live.keystroke.p95,
      target: `< ${TARGETS.keystrokeP95Ms}`,
      pass: live.keystroke.p95 < TARGETS.keystrokeP95Ms,
    });
    rows.push({
      figure: `Live notes: words lost in a room of ${live.room.people}, ${live.room.typing} typing, ${mode}`,
      value: live.room.lost,
      digits: 0,
      target: '0',
      pass: live.room.lost === 0,
    });
  }
  const fe = summary.frontend;
  if (fe) {
    for (const route of fe.routes) {
      const kb = route.gzip / 1024;
      const budget =
        route.id === 'landing'
          ? TARGETS.landingKb
          : route.id === 'meetings'
            ? TARGETS.meetingsKb
            : null;
      if (budget)
        rows.push({
          figure: `First-load JS, ${route.id} (KB gzip)`,
          value: kb,
          target: `≤ ${budget}`,
          pass: kb <= budget,
          digits: 0,
        });
      rows.push({
        figure: `Duplicate modules of shared packages, ${route.id}`,
        value: route.sharedDuplicates,
        target: '0',
        pass: route.sharedDuplicates === 0,
        digits: 0,
      });
      const editorWanted = route.id === 'meeting';
      rows.push({
        figure: `Notes editor loaded on ${route.id}`,
        value: route.editorLoaded ? 'yes' : 'no',
        target: editorWanted ? 'yes' : 'no',
        pass: route.editorLoaded === editorWanted,
      });
      const ratio = route.gzip / route.singleGzip;
      rows.push({
        figure: `Federated / single-bundle JS, ${route.id}`,
        value: ratio,
        target: `≤ ${TARGETS.singleBundleRatio}`,
        pass: ratio <= TARGETS.singleBundleRatio,
        digits: 2,
      });
      const vitals = [
        ['LCP', 'lcp', '', TARGETS.lcpMs],
        ['TBT', 'tbt', '', TARGETS.tbtMs],
        ['LCP', 'lcpCpuOnly', ', CPU slow-down only, no network throttling', TARGETS.lcpMs],
        ['TBT', 'tbtCpuOnly', ', CPU slow-down only, no network throttling', TARGETS.tbtMs],
      ];
      for (const [name, key, condition, limit] of vitals)
        if (Number.isFinite(route[key]))
          rows.push({
            figure: `${name}, ${route.id}${condition} (ms)`,
            value: route[key],
            target: `< ${limit}`,
            pass: route[key] < limit,
            digits: 0,
          });
    }
  }
  return rows;
}

function table(headers, rows) {
  return [
    `| ${headers.join(' | ')} |`,
    `| ${headers.map(() => '---').join(' | ')} |`,
    ...rows.map((r) => `| ${r.join(' | ')} |`),
  ].join('\n');
}

export function writeReport(summary, { dir = RESULTS_DIR } = {}) {
  const charts = [];
  const chart = (name, svg) => {
    writeFileSync(join(dir, name), svg);
    charts.push(name);
    return `![${name}](${name})`;
  };
  const lines = [];
  const m = summary.machine;
  lines.push(`# Benchmark report`, '');
  lines.push(
    `Run ${summary.startedAt} – ${summary.finishedAt}${summary.ci ? ' (**CI short run**: tiny durations, figures only prove the harness)' : ''}. Generated by \`npm run bench\` (bench/README.md says what each figure measures).`,
    '',
  );
  // Sections measured in an earlier run of the same code, kept when only some were run again.
  for (const earlier of summary.earlierSections ?? [])
    lines.push(
      `- ${earlier.sections.join(', ')}: from the run ${earlier.startedAt} – ${earlier.finishedAt}${earlier.note ? ` (${earlier.note})` : ''}.`,
    );
  if (summary.earlierSections?.length) lines.push('');
  lines.push(`## Machine and load`, '');
  lines.push(
    `${m.cpus} cores (${m.cpuModel}), ${m.memoryGb} GB, Node ${m.node}, PostgreSQL ${m.postgres}. Load average at start ${m.loadStart.join(' / ')}, at end ${m.loadEnd.join(' / ')}; the CPUs were ${f(m.busyPercent, 0)} % busy on average during the run, ${f(m.othersPercent, 0)} % of it from processes other than this benchmark's (other engineers' builds and tests share the machine). Every ratio below compares contenders measured side by side in the same minutes; the spread column shows the lowest and highest of the rounds.`,
    '',
  );
  const rows = figures(summary);
  lines.push(`## Figures against targets`, '');
  lines.push(
    table(
      ['Figure', 'Measured', 'Target', ''],
      rows.map((r) => [
        r.figure,
        typeof r.value === 'number' ? f(r.value, r.digits ?? 1) : r.value,
        r.target,
        ok(r.pass),
      ]),
    ),
  );
  lines.push('');
  const held = rows.filter((r) => r.pass).length;
  lines.push(`${held} of ${rows.length} hold.`, '');

  if (summary.api?.length) {
    const size = summary.fullSize;
    lines.push(`## API at ${size} actions`, '');
    lines.push(
      `One caller (p50, p99: the latency a user feels) and ${summary.options.connections} callers (throughput at saturation, and its p50). Gateway = through the gateway with a session cookie; direct = the service with a valid internal token; minimal = bare Fastify + pg running the same SQL. ${summary.options.rounds} rounds of ${summary.options.latencyMs / 1000} s + ${summary.options.loadMs / 1000} s per contender, medians.${summary.options.settleBefore === false ? '' : ' Each phase starts once the processes and PostgreSQL are quiet (under a tenth of a core for 250 ms), so the events a write left behind drain before the next contender is measured.'}`,
      '',
    );
    const api = summary.api;
    lines.push(
      table(
        [
          'Scenario',
          'p50 gw / direct / min (ms)',
          'p99 gw / direct / min (ms)',
          'req/s gw / direct / min',
          'spread of req/s (direct)',
          'loaded p50 gw / direct (ms)',
          'CPU ms/req gateway, service, postgres',
        ],
        api.map((r) => {
          const { gateway: g, direct: d, minimal: mm } = r.summary;
          const cpu = g?.cpuMsPerRequest;
          return [
            r.label,
            `${f(g?.p50, 2)} / ${f(d?.p50, 2)} / ${f(mm?.p50, 2)}`,
            `${f(g?.p99, 1)} / ${f(d?.p99, 1)} / ${f(mm?.p99, 1)}`,
            `${f(g?.rps, 0)} / ${f(d?.rps, 0)} / ${f(mm?.rps, 0)}`,
            d?.rpsSpread ? `${f(d.rpsSpread[0], 0)}–${f(d.rpsSpread[1], 0)}` : '–',
            `${f(g?.loadedP50, 1)} / ${f(d?.loadedP50, 1)}`,
            cpu ? `${f(cpu.gateway, 2)}, ${f(cpu[r.service], 2)}, ${f(cpu.postgres, 2)}` : '–',
          ];
        }),
      ),
    );
    lines.push('');
    const labels = api.map((r) => r.label);
    const pick = (target, key) => api.map((r) => r.summary[target]?.[key]);
    lines.push(
      chart(
        'api-p50.svg',
        barChart({
          title: `p50 latency, one caller, ${size} actions`,
          unit: 'ms',
          categories: labels,
          series: [
            { name: 'gateway + service', values: pick('gateway', 'p50') },
            { name: 'service direct', values: pick('direct', 'p50') },
            { name: 'minimal Fastify + pg', values: pick('minimal', 'p50') },
          ],
          log: true,
        }),
      ),
      '',
      chart(
        'api-throughput.svg',
        barChart({
          title: `Throughput, ${summary.options.connections} callers, ${size} actions`,
          unit: 'requests per second',
          categories: labels,
          series: [
            { name: 'gateway + service', values: pick('gateway', 'rps') },
            { name: 'service direct', values: pick('direct', 'rps') },
            { name: 'minimal Fastify + pg', values: pick('minimal', 'rps') },
          ],
        }),
      ),
      '',
    );
  }

  const scale = summary.scale ?? {};
  const sizes = Object.keys(scale);
  if (sizes.length) {
    lines.push(
      `## Latency by data size (through the gateway, one caller)`,
      '',
      `The stacks of every size run at once; each round measures the sizes in turn, in a rotating order, so the ratios compare the same minutes. Medians of ${summary.scaleOptions?.rounds ?? 3} rounds of ${(summary.scaleOptions?.latencyMs ?? 1_500) / 1000} s each. Lists and searches are asked by the steady user, who sees the same ${STEADY_OWNED + STEADY_SHARED} meetings (${STEADY_OWNED} owned, ${STEADY_SHARED} shared; about ${((STEADY_OWNED + STEADY_SHARED) * ACTIONS_PER_MEETING).toLocaleString('en')} actions) in every data set, so that the answers are alike and the ratio shows what the data set's size costs; the last two columns give the same query asked by the typical users, who see 2-3 meetings at 10k and about 250 at 1M (their page 8 is empty at 10k). Get meeting and the writes touch one meeting, the same size everywhere, and are asked by the typical users.`,
      '',
    );
    const ids = scale[sizes[0]].map((r) => r.id);
    const last = sizes.length > 1;
    lines.push(
      table(
        [
          'Scenario',
          'Asked by',
          ...sizes.map((s) => `p50 at ${s} (ms)`),
          ...sizes.map((s) => `p99 at ${s}`),
          `answer bytes ${sizes.join(' / ')}`,
          ...(last ? [`p50 ${sizes.at(-1)} / ${sizes[0]}`] : []),
          `typical users: answer bytes ${sizes.join(' / ')}`,
          ...(last ? [`typical users: p50 ${sizes.at(-1)} / ${sizes[0]}`] : []),
        ],
        ids.map((id) => {
          const at = sizes.map((s) => scale[s].find((r) => r.id === id));
          const typical = at.map((r) => r?.typical);
          return [
            at[0].label,
            at[0].who === 'steady' ? 'steady user' : 'typical users',
            ...at.map((r) => f(r?.p50, 2)),
            ...at.map((r) => f(r?.p99, 1)),
            at.map((r) => f(r?.bytesPerAnswer, 0)).join(' / '),
            ...(last ? [f(at.at(-1)?.p50 / at[0]?.p50, 2)] : []),
            typical[0] ? typical.map((t) => f(t?.bytesPerAnswer, 0)).join(' / ') : '',
            ...(last ? [typical[0] ? f(typical.at(-1)?.p50 / typical[0]?.p50, 2) : ''] : []),
          ];
        }),
      ),
    );
    lines.push('');
    lines.push(
      chart(
        'scale-p50.svg',
        barChart({
          title: 'p50 by data size (gateway, one caller)',
          unit: 'ms',
          categories: ids.map((id) => scale[sizes[0]].find((r) => r.id === id).label),
          series: sizes.map((s) => ({
            name: `${s} actions`,
            values: ids.map((id) => scale[s].find((r) => r.id === id)?.p50),
          })),
          log: true,
        }),
      ),
      '',
    );
  }

  if (summary.events && Object.keys(summary.events).length) {
    lines.push(`## Event lag`, '');
    lines.push(
      'From sending the change through the gateway until the other service shows its effect (polled every millisecond), after three unrecorded warm-up rounds per condition.',
      '',
    );
    const rowsLag = [];
    for (const [mode, lag] of Object.entries(summary.events))
      for (const phase of ['idle', 'loaded'])
        if (lag?.[phase])
          rowsLag.push([
            mode,
            phase === 'loaded'
              ? `under load (${f(lag[phase].background?.rps, 0)} req/s beside it)`
              : 'idle',
            `${f(lag[phase].entitlement.p50)} / ${f(lag[phase].entitlement.p99)} (${lag[phase].entitlement.samples})`,
            `${f(lag[phase].index.p50)} / ${f(lag[phase].index.p99)} (${lag[phase].index.samples})`,
          ]);
    lines.push(
      table(
        [
          'Mode',
          'Condition',
          'Entitlement dropped p50 / p99 ms (samples)',
          'Index updated p50 / p99 ms (samples)',
        ],
        rowsLag,
      ),
    );
    lines.push('');
  }

  if (summary.live && Object.keys(summary.live).length) {
    lines.push(`## Live notes`, '');
    lines.push(
      "Keystroke: two Chromium pages, two people on one meeting's notes through the gateway, taking turns; each key is timed from its keydown in one page to the other page's editor showing it. Room: Node clients in one meeting's room through the gateway, some typing words between each other's at once; memory is the growth of the process that holds the room (svc-meetings, or the embedded process) while everyone is in it.",
      '',
    );
    lines.push(
      table(
        [
          'Mode',
          'Keystroke p50 / p95 / max ms (keys)',
          'Room: people, typing, words',
          'Lost',
          'Joined / agreed after typing (ms)',
          'Document (bytes)',
          'Server memory for the room (kB)',
        ],
        Object.entries(summary.live).map(([mode, live]) => [
          mode,
          `${f(live.keystroke.p50)} / ${f(live.keystroke.p95)} / ${f(live.keystroke.max)} (${live.keystroke.n})`,
          `${live.room.people}, ${live.room.typing}, ${live.room.wordsTyped}`,
          String(live.room.lost),
          `${f(live.room.joinMs, 0)} / ${f(live.room.convergedAfterTypingMs, 0)}`,
          String(live.room.documentBytes),
          String(live.room.serverMemoryForRoomKb),
        ]),
      ),
    );
    lines.push('');
  }

  if (summary.frontend) {
    const fe = summary.frontend;
    lines.push(`## Front end`, '');
    if (summary.frontendRun)
      lines.push(
        `Measured again ${summary.frontendRun.startedAt} – ${summary.frontendRun.finishedAt} (\`npm run bench -- --sections frontend\`): ${summary.frontendRun.note}.`,
        '',
      );
    lines.push(
      `First load of each route in Chromium (a fresh profile), every JavaScript file it fetches (the sign-in row is the landing page and then its Get Started, each file counted once, without LCP and TBT as it is not a cold load): gzip = each file gzipped (level 9), sent = bytes on the wire from the gateway. Single bundle = the same routes built as one rspack build without Module Federation (bench/single-bundle). LCP and TBT: ${fe.cpuSlowdown}× CPU slow-down, network ${fe.network.latency} ms round trip, ${fe.network.downloadKbps} kbit/s down, ${fe.network.uploadKbps} kbit/s up, cache off; median of ${fe.routes[0]?.vitalsRuns?.length ?? 0} cold loads per route. CPU only: the same ${fe.cpuSlowdown}× CPU slow-down on the machine's own loopback, no network throttling; single bundle, CPU only: the single bundle loaded the same way, beside it (information: what the first load costs without Module Federation).`,
      '',
    );
    lines.push(
      table(
        [
          'Route',
          'Files',
          'JS raw KB',
          'JS gzip KB',
          'Sent KB',
          'Single bundle gzip KB',
          'Ratio',
          'Duplicates (shared)',
          'Editor',
          'LCP ms',
          'TBT ms',
          'LCP ms, CPU only',
          'TBT ms, CPU only',
          'LCP / TBT ms, single bundle, CPU only',
        ],
        fe.routes.map((r) => [
          `${r.id} (${r.finalPath && r.finalPath !== r.path ? `${r.path} → ${r.finalPath}` : r.path})`,
          r.files,
          f(r.raw / 1024, 0),
          f(r.gzip / 1024, 0),
          f(r.transferred / 1024, 0),
          f(r.singleGzip / 1024, 0),
          f(r.gzip / r.singleGzip, 2),
          `${r.duplicates.length} (${r.sharedDuplicates})`,
          r.editorLoaded ? 'loaded' : 'not loaded',
          f(r.lcp, 0),
          f(r.tbt, 0),
          f(r.lcpCpuOnly, 0),
          f(r.tbtCpuOnly, 0),
          Number.isFinite(r.singleLcpCpuOnly)
            ? `${f(r.singleLcpCpuOnly, 0)} / ${f(r.singleTbtCpuOnly, 0)}`
            : '–',
        ]),
      ),
    );
    lines.push('');
    const dup = fe.routes.flatMap((r) => r.duplicates.map((d) => ({ ...d, route: r.id })));
    if (dup.length) {
      const byPackage = new Map();
      for (const d of dup) {
        const key = d.path.includes('node_modules/')
          ? d.path
              .split('node_modules/')
              .at(-1)
              .split('/')
              .slice(0, d.path.split('node_modules/').at(-1).startsWith('@') ? 2 : 1)
              .join('/')
          : d.path.split('/').slice(0, 2).join('/');
        const entry = byPackage.get(key) ?? { modules: new Set(), bytes: 0, apps: new Set() };
        if (!entry.modules.has(d.path)) entry.bytes += d.size;
        entry.modules.add(d.path);
        d.apps.forEach((a) => entry.apps.add(a));
        byPackage.set(key, entry);
      }
      lines.push(
        "Modules loaded from more than one app on some route (the federation's bundler runtime and its runtime wrapper are one per container by design: they hold that container's own federation state, so they cannot be shared):",
        '',
      );
      lines.push(
        table(
          ['Package', 'Modules', 'Bytes (raw)', 'Apps'],
          [...byPackage].map(([k, v]) => [k, v.modules.size, v.bytes, [...v.apps].join(', ')]),
        ),
      );
      lines.push('');
    }
    lines.push(
      chart(
        'frontend-js.svg',
        barChart({
          title: 'First-load JavaScript per route (KB gzip)',
          unit: 'KB gzip',
          categories: fe.routes.map((r) => r.id),
          series: [
            { name: 'federated (as served)', values: fe.routes.map((r) => r.gzip / 1024) },
            { name: 'single bundle', values: fe.routes.map((r) => r.singleGzip / 1024) },
            { name: 'sent over the wire', values: fe.routes.map((r) => r.transferred / 1024) },
          ],
          target: TARGETS.landingKb,
        }),
      ),
      '',
    );
  }

  if (summary.embedded) {
    const e = summary.embedded;
    lines.push(`## Embedded mode (${e.size} data set)`, '');
    lines.push(
      table(
        [
          'Start cold (s)',
          'Start warm (s)',
          'RSS idle (MB)',
          'RSS after use (MB)',
          'RSS peak (MB)',
          'Use: req/s, p50, p99 (ms)',
        ],
        [
          [
            `${f(e.coldMs / 1000, 2)} (${e.cold.map((v) => f(v / 1000, 1)).join(', ')})`,
            `${f(e.warmMs / 1000, 2)} (${e.warm.map((v) => f(v / 1000, 1)).join(', ')})`,
            f(e.rssIdleMb, 0),
            f(e.rssAfterUseMb, 0),
            f(e.rssPeakMb, 0),
            `${f(e.use.rps, 0)}, ${f(e.use.p50, 1)}, ${f(e.use.p99, 1)}`,
          ],
        ],
      ),
    );
    lines.push(
      '',
      'Cold: the data folder and the product code evicted from the page cache first (posix_fadvise), a new process; warm: started again at once. Time until the gateway answers /healthz. Use: 4 callers of lists, searches, meeting pages and notes saves.',
      '',
    );
  }

  const notes = join(BENCH_DIR, 'OPTIMISATIONS.md');
  if (existsSync(notes)) lines.push(readFileSync(notes, 'utf8'));
  writeFileSync(join(dir, 'report.md'), `${lines.join('\n')}\n`);
  return { charts, figures: rows };
}
