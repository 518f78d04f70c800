import { jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';

export interface StreamState {
  stream: string;
  messages: number;
  consumers: { name: string; pending: number; ackPending: number; redelivered: number }[];
}

/**
 * The streams of one namespace (all streams without one) and their consumers' backlogs: messages
 * not yet delivered (num_pending) and delivered but not yet acknowledged (num_ack_pending).
 */
export async function jetStreamState(url: string, namespace?: string): Promise<StreamState[]> {
  const nc = await connect({ servers: url, timeout: 3_000 });
  try {
    const jsm = await jetstreamManager(nc, { timeout: 3_000 });
    const states: StreamState[] = [];
    for await (const stream of jsm.streams.list()) {
      const name = stream.config.name;
      if (namespace && !name.startsWith(`${namespace}_`)) continue;
      const consumers: StreamState['consumers'] = [];
      for await (const consumer of jsm.consumers.list(name)) {
        consumers.push({
          name: consumer.name,
          pending: consumer.num_pending,
          ackPending: consumer.num_ack_pending,
          redelivered: consumer.num_redelivered,
        });
      }
      states.push({ stream: name, messages: stream.state.messages, consumers });
    }
    return states;
  } finally {
    await nc.close();
  }
}

/** Messages waiting for any consumer (pending + unacknowledged). */
export function backlog(states: readonly StreamState[]): number {
  return states.reduce(
    (sum, s) => sum + s.consumers.reduce((n, c) => n + c.pending + c.ackPending, 0),
    0,
  );
}

/** Dead letters stored (the DLQ stream's messages). */
export function deadLetters(states: readonly StreamState[]): number {
  return states.filter((s) => /(^|_)DLQ$/.test(s.stream)).reduce((n, s) => n + s.messages, 0);
}

/**
 * Polls until every consumer's backlog is zero; returns how long that took (ms), or throws with
 * the last state after `timeoutMs`.
 */
export async function waitForDrain(
  url: string,
  namespace: string | undefined,
  timeoutMs: number,
): Promise<{ ms: number; states: StreamState[] }> {
  const started = Date.now();
  let states: StreamState[] = [];
  for (;;) {
    try {
      states = await jetStreamState(url, namespace);
      if (backlog(states) === 0) return { ms: Date.now() - started, states };
    } catch {
      // NATS still coming back
    }
    if (Date.now() - started > timeoutMs)
      throw new Error(
        `JetStream backlog not drained within ${timeoutMs} ms: ${JSON.stringify(states)}`,
      );
    await new Promise((r) => setTimeout(r, 250));
  }
}
