// The generator's SQL: rows exactly as the services write them, made by the database server itself
// (generate_series) so that a million actions take minutes, not hours. Every value comes from
// hashes of row numbers, so each run makes the same data. Schema names are the services' defaults.

export const SCHEMAS = {
  auth: 'auth',
  subscription: 'subscription',
  meetings: 'meetings',
  actions: 'actions',
};

/**
 * Bumped when the generated data or the services' migrations change, so an old data set is made
 * again (services would not start on tables their migration history does not know).
 */
export const GENERATOR_VERSION = 7;

const TITLES = [
  'Weekly sync',
  'Sprint planning',
  'Retro',
  'Design review',
  'Customer call',
  'Budget review',
  'Hiring panel',
  'Roadmap',
  'Standup',
  'Incident review',
];
const PROJECTS = [
  'Apollo',
  'Borealis',
  'Cobalt',
  'Delta',
  'Ember',
  'Falcon',
  'Granite',
  'Harbor',
  'Iris',
  'Juniper',
  'Kestrel',
  'Lumen',
  'Meridian',
  'Nimbus',
  'Onyx',
  'Pioneer',
  'Quartz',
  'Redwood',
  'Summit',
  'Tundra',
  'Umbra',
  'Vertex',
  'Willow',
  'Xenon',
  'Yarrow',
  'Zephyr',
  'Atlas',
  'Beacon',
  'Cascade',
  'Drift',
  'Echo',
  'Fjord',
  'Glacier',
  'Horizon',
  'Inlet',
  'Jade',
  'Keystone',
  'Lagoon',
  'Mosaic',
  'Nova',
];
const AGENDA = [
  'Review last actions',
  'Status updates',
  'Risks and blockers',
  'Any other business',
];
/** Common words (30 % of words): a search for one matches about 9 % of actions. */
export const COMMON_WORDS = [
  'budget',
  'review',
  'deploy',
  'customer',
  'design',
  'report',
  'follow',
  'update',
  'draft',
  'contract',
  'invoice',
  'hiring',
  'roadmap',
  'release',
  'testing',
  'meeting',
  'agenda',
  'client',
  'server',
  'backlog',
];
const SYLLABLES = [
  'ka',
  'lo',
  'mi',
  'ne',
  'ru',
  'sa',
  'to',
  'vi',
  'ze',
  'po',
  'di',
  'fu',
  'ga',
  'he',
  'ji',
  'ko',
  'nu',
  'ri',
  'ta',
  'zo',
];
/** 8,000 rare words (70 % of words): one matches about 0.05 % of actions. */
const RARE_WORDS = SYLLABLES.flatMap((a) =>
  SYLLABLES.flatMap((b) => SYLLABLES.map((c) => a + b + c)),
);
/** 300 tags, the first ones far more popular (popularity falls with the square of the rank). */
export const TAGS = [
  'release',
  'urgent',
  'backend',
  'frontend',
  'Design',
  'qa',
  'ops',
  'finance',
  'legal',
  'hr',
  ...Array.from({ length: 290 }, (_, i) => `tag${i + 10}`),
];

/**
 * Who owes an action and by when: 70 % of actions have an assignee, 60 % a due date, spread evenly
 * from 90 days before the day the data set is generated to 30 days after it (three quarters past,
 * so about 0.7 x 0.6 x 0.75 x 0.4 open = 13 % of all actions are someone's overdue ones, and the
 * "today" and "this week" filters find some too). The dates move with the generation day, not with
 * the meetings' fixed dates (all in the past), so that a new data set has future ones; a data set
 * kept for a few days has a few more overdue.
 */
export const ACCOUNTABILITY = {
  assignedPercent: 70,
  datedPercent: 60,
  daysBefore: 90,
  daysAfter: 30,
};

export const BENCH_UUID_FUNCTION = `
CREATE OR REPLACE FUNCTION public.bench_uuid(t text) RETURNS uuid LANGUAGE sql IMMUTABLE AS $$
  SELECT (substr(h, 1, 8) || '-' || substr(h, 9, 4) || '-4' || substr(h, 14, 3) || '-'
          || substr('89ab', get_byte(decode(substr(h, 17, 2), 'hex'), 0) % 4 + 1, 1) || substr(h, 18, 3)
          || '-' || substr(h, 21, 12))::uuid
  FROM md5(t) AS h
$$`;

/** svc-auth: users who accepted the privacy statement, and one live session each. */
export function usersSql(users, sessions) {
  const { auth } = SCHEMAS;
  return [
    {
      text: `INSERT INTO ${auth}.app_user (id, email, created_at, privacy_accepted_at)
             SELECT public.bench_uuid('user' || u), 'user' || u || '@example.com',
                    now() - interval '400 days' + u * interval '1 minute', now() - interval '399 days'
             FROM generate_series(0, $1::int - 1) u`,
      values: [users],
    },
    {
      text: `INSERT INTO ${auth}.session (id, user_id, token_hash, expires_at)
             SELECT public.bench_uuid('session' || s.n), public.bench_uuid('user' || s.n), decode(s.hash, 'hex'),
                    now() + interval '30 days'
             FROM unnest($1::int[], $2::text[]) AS s(n, hash)`,
      values: [sessions.map((s) => s.n), sessions.map((s) => s.hash)],
    },
  ];
}

/** svc-subscription: 60 % paid, 20 % on a running trial, 20 % free (every 10th user's last digit). */
export function subscriptionsSql(users) {
  return {
    text: `INSERT INTO ${SCHEMAS.subscription}.subscription
             (user_id, email, status, trial_started_at, trial_expires_at, has_seen_trial_notice, last_change_at, version)
           SELECT public.bench_uuid('user' || u), 'user' || u || '@example.com', p.status, p.started,
                  p.started + interval '30 days', true,
                  CASE WHEN p.status = 'trial' THEN NULL ELSE p.started + interval '30 days' END,
                  CASE WHEN p.status = 'trial' THEN 1 ELSE 2 END
           FROM generate_series(0, $1::int - 1) u,
                LATERAL (SELECT CASE WHEN u % 10 < 6 THEN 'paid' WHEN u % 10 < 8 THEN 'trial' ELSE 'free' END AS status,
                                CASE WHEN u % 10 IN (6, 7) THEN now() - interval '10 days' ELSE now() - interval '400 days' END AS started) p`,
    values: [users],
  };
}

/**
 * svc-meetings, meetings numbered from..to: owner m % users, or the steady user where `steady`
 * (config's steadyMeetings) says it owns m; a series per owner and kind of meeting (what
 * duplicating a recurring meeting makes); 0-3 colleagues on the shared list, every tenth meeting
 * also shared with user 0 (the heavy user), every 17th with an outside guest, and those `steady`
 * names with the steady user.
 */
export function meetingsSql(from, to, users, steady) {
  const { meetings } = SCHEMAS;
  return [
    {
      text: `INSERT INTO ${meetings}.meeting
               (id, owner_id, owner_email, title, date, notes, shared_with, series_id, version, created_at, updated_at)
             SELECT public.bench_uuid('meeting' || m), public.bench_uuid('user' || o.n), 'user' || o.n || '@example.com',
                    t.title, d.date,
                    repeat('<p>' || t.title || ': notes taken during the meeting.</p>', 1 + m % 4)
                      || '<p><strong>Decisions</strong></p><ul><li>Agreed the next steps for ' || t.project || '.</li></ul>',
                    ARRAY(SELECT 'user' || ((m + s * 37) % $3) || '@example.com' FROM generate_series(1, m % 4) s)
                      || CASE WHEN m % 10 = 0 AND m % $3 <> 0 THEN ARRAY['user0@example.com'] ELSE '{}'::text[] END
                      || CASE WHEN m % 17 = 0 THEN ARRAY['guest' || (m % 300) || '@partner.example'] ELSE '{}'::text[] END
                      || CASE WHEN m % $9 = $10 THEN ARRAY['user' || $6::int || '@example.com'] ELSE '{}'::text[] END,
                    public.bench_uuid('series' || o.n || '-' || k.k), 1, d.date - interval '3 days', d.date - interval '1 day'
             FROM generate_series($1::int, $2::int) m,
                  LATERAL (SELECT CASE WHEN m % $7 = $8 THEN $6::int ELSE m % $3 END AS n) o,
                  LATERAL (SELECT abs(hashtext('k' || m)) % 10 AS k) k,
                  LATERAL (SELECT ($4::text[])[1 + k.k] || ' ' || ($5::text[])[1 + abs(hashtext('p' || o.n || '-' || k.k)) % array_length($5::text[], 1)] AS title,
                                  ($5::text[])[1 + abs(hashtext('p' || o.n || '-' || k.k)) % array_length($5::text[], 1)] AS project) t,
                  LATERAL (SELECT timestamptz '2023-01-02 08:00Z' + (abs(hashtext('d' || m)) % 1100) * interval '1 day'
                                  + (abs(hashtext('t' || m)) % 40) * interval '15 minutes' AS date) d`,
      values: [
        from,
        to,
        users,
        TITLES,
        PROJECTS,
        steady.user,
        steady.ownedEvery,
        steady.ownedAt,
        steady.sharedEvery,
        steady.sharedAt,
      ],
    },
    {
      text: `INSERT INTO ${meetings}.agenda_item (id, meeting_id, text, completed, position)
             SELECT public.bench_uuid('agenda' || m || '-' || n), public.bench_uuid('meeting' || m), ($3::text[])[n],
                    abs(hashtext('ag' || m || ':' || n)) % 2 = 0, n
             FROM generate_series($1::int, $2::int) m, generate_series(1, 3) n`,
      values: [from, to, AGENDA],
    },
    {
      // Hashtags are the text's tags in order, without # and repeats (what parseHashtags makes).
      // The assignee is one of the meeting's people (its owner or someone on its shared list, as
      // assigning an outsider shares with them), so each person is assigned about as many actions
      // as the meetings they take part in: the steady user the same number at every size.
      text: `INSERT INTO ${meetings}.action_item (id, meeting_id, text, completed, position, hashtags, assignee, due_date)
             SELECT public.bench_uuid('action' || m || '-' || n), mt.id,
                    w.words || (SELECT coalesce(string_agg(' #' || x.t, '' ORDER BY x.o), '') FROM unnest(tg.tags) WITH ORDINALITY x(t, o)),
                    abs(hashtext('done' || m || ':' || n)) % 10 < 6, n, tg.tags,
                    CASE WHEN abs(hashtext('as' || m || ':' || n)) % 100 < $6::int
                         THEN p.people[1 + abs(hashtext('who' || m || ':' || n)) % cardinality(p.people)] END,
                    CASE WHEN abs(hashtext('due' || m || ':' || n)) % 100 < $7::int
                         THEN current_date + (abs(hashtext('day' || m || ':' || n)) % ($8::int + $9::int + 1) - $8::int) END
             FROM generate_series($1::int, $2::int) m
                  JOIN ${meetings}.meeting mt ON mt.id = public.bench_uuid('meeting' || m),
                  LATERAL (SELECT ARRAY[mt.owner_email] || mt.shared_with AS people) p,
                  generate_series(1, 4 + (m * 7) % 13) n,
                  LATERAL (SELECT array_to_string(ARRAY(
                    SELECT CASE WHEN abs(hashtext(m || ':' || n || ':' || j)) % 10 < 3
                                THEN ($3::text[])[1 + abs(hashtext('c' || m || ':' || n || ':' || j)) % array_length($3::text[], 1)]
                                ELSE ($4::text[])[1 + abs(hashtext('r' || m || ':' || n || ':' || j)) % array_length($4::text[], 1)] END
                    FROM generate_series(1, 6) j), ' ') AS words) w,
                  LATERAL (SELECT ARRAY(
                    SELECT y.t FROM (
                      SELECT x.t, min(x.j) AS j FROM (
                        SELECT ($5::text[])[1 + floor(array_length($5::text[], 1) * power((abs(hashtext('t' || m || ':' || n || ':' || j)) % 10000) / 10000.0, 2))::int] AS t, j
                        FROM generate_series(1, abs(hashtext('tc' || m || ':' || n)) % 3) j) x
                      GROUP BY x.t) y ORDER BY y.j) AS tags) tg`,
      values: [
        from,
        to,
        COMMON_WORDS,
        RARE_WORDS,
        TAGS,
        ACCOUNTABILITY.assignedPercent,
        ACCOUNTABILITY.datedPercent,
        ACCOUNTABILITY.daysBefore,
        ACCOUNTABILITY.daysAfter,
      ],
    },
  ];
}

const ORDERED_DISTINCT_LOWER = (column, trim) => `ARRAY(
  SELECT z.key FROM (SELECT ${trim ? 'lower(btrim(x.v))' : 'lower(x.v)'} AS key, min(x.o) AS o
                     FROM unnest(${column}) WITH ORDINALITY x(v, o) ${trim ? `WHERE btrim(x.v) <> ''` : ''} GROUP BY 1) z
  ORDER BY z.o)`;

/**
 * svc-actions' index of meetings from..to, as its event handler writes it from a snapshot:
 * shared e-mails trimmed, lower-cased and distinct; hashtag keys lower-cased and distinct; the
 * assignee (lower-cased by svc-meetings) and due date as the action has them; each
 * action row carrying its meeting's title, date, owner and shared list; one reader row per owner
 * and shared e-mail.
 */
export function indexSql(from, to) {
  const { meetings, actions } = SCHEMAS;
  return [
    {
      text: `INSERT INTO ${actions}.indexed_meeting (id, version, title, date, owner_id, owner_email, shared_with, deleted_at, indexed_at)
             SELECT mt.id, mt.version, mt.title, mt.date, mt.owner_id, mt.owner_email, ${ORDERED_DISTINCT_LOWER('mt.shared_with', true)}, NULL, now()
             FROM generate_series($1::int, $2::int) m JOIN ${meetings}.meeting mt ON mt.id = public.bench_uuid('meeting' || m)`,
      values: [from, to],
    },
    {
      text: `INSERT INTO ${actions}.indexed_action (meeting_id, id, text, completed, "order", hashtags, hashtag_keys,
                                                  assignee, due_date, meeting_title, meeting_date, owner_id, owner_email, shared_with)
             SELECT a.meeting_id, a.id, a.text, a.completed, a.position, a.hashtags, ${ORDERED_DISTINCT_LOWER('a.hashtags', false)},
                    a.assignee, a.due_date, im.title, im.date, im.owner_id, im.owner_email, im.shared_with
             FROM generate_series($1::int, $2::int) m
                  JOIN ${actions}.indexed_meeting im ON im.id = public.bench_uuid('meeting' || m)
                  JOIN ${meetings}.action_item a ON a.meeting_id = im.id`,
      values: [from, to],
    },
    {
      text: `INSERT INTO ${actions}.meeting_reader (meeting_id, reader, meeting_date, owner_id)
             SELECT im.id, r.reader, im.date, im.owner_id
             FROM generate_series($1::int, $2::int) m
                  JOIN ${actions}.indexed_meeting im ON im.id = public.bench_uuid('meeting' || m)
                  CROSS JOIN LATERAL unnest(ARRAY[im.owner_id::text] || im.shared_with) AS r(reader)
             ON CONFLICT DO NOTHING`,
      values: [from, to],
    },
  ];
}

/** Tables whose secondary indexes are dropped for the bulk load and made again after it. */
export const LOADED_TABLES = [
  [SCHEMAS.meetings, ['meeting', 'agenda_item', 'action_item']],
  [SCHEMAS.actions, ['indexed_meeting', 'indexed_action', 'meeting_reader']],
];
