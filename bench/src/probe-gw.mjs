// Paired probe: one request through the gateway, then the same kind directly, alternating.
import { request } from 'undici';
import { BENCH_USERS } from './config.mjs';
import { scenarios } from './api.mjs';
import { startDistributed, internalToken } from './stack.mjs';

const ids = (process.argv[2] ?? 'notes-update,get-meeting,action-status').split(',');
const N = Number(process.argv[3] ?? 1500);
const stack = await startDistributed({ size: '10k', label: 'probegw' });
try {
  for (const id of ids) {
    const s = scenarios('10k').find((x) => x.id === id);
    const tokens = new Map();
    for (const who of BENCH_USERS) tokens.set(who.n, await internalToken(stack, who));
    const call = async (origin, auth, i) => {
      const who = BENCH_USERS[i % BENCH_USERS.length];
      const extra = s.body?.(who, i) ?? {};
      const t = process.hrtime.bigint();
      const res = await request(origin + s.path(who, i), { method: s.method ?? 'GET', headers: { ...auth(who), ...extra.headers }, body: extra.body });
      await res.body.arrayBuffer();
      if (res.statusCode >= 400) throw new Error(`${res.statusCode}`);
      return Number(process.hrtime.bigint() - t) / 1e6;
    };
    const gw = (i) => call(stack.urls.gateway, (who) => ({ cookie: `session=${who.sessionToken}` }), i);
    const direct = (i) => call(stack.urls[s.service], (who) => ({ authorization: `Bearer ${tokens.get(who.n)}` }), i);
    for (let i = 0; i < 200; i++) { await gw(i); await direct(i); }
    const g = [], d = [], diff = [];
    for (let i = 0; i < N; i++) {
      const [a, b] = i % 2 ? [await gw(1000 + i), await direct(1000 + i)] : [null, null];
      if (i % 2) { g.push(a); d.push(b); diff.push(a - b); }
      else { const bb = await direct(1000 + i); const aa = await gw(1000 + i); g.push(aa); d.push(bb); diff.push(aa - bb); }
    }
    const med = (xs) => { const y = [...xs].sort((p, q) => p - q); return y[Math.floor(y.length / 2)]; };
    console.log(`${id}: p50 gw ${med(g).toFixed(2)} direct ${med(d).toFixed(2)} diff-of-p50 ${(med(g) - med(d)).toFixed(2)} p50-of-paired-diff ${med(diff).toFixed(2)} ms`);
  }
} finally {
  await stack.stop();
}
